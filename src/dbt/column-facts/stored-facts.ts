/**
 * Column facts as the snapshot stores them (src/state/snapshot.ts,
 * `storedColumnFactsSchema`): only known facts are stored; each parent id
 * once, and each column read as its place in the reads, flattened. A stored
 * document of another facts version reads as unknown.
 */
import type { StoredColumnFacts } from "../../state/snapshot.js";
import {
  COLUMN_FACTS_VERSION,
  type ColumnFacts,
  DIGEST_LENGTH,
  type ParentColumns,
  unknownFacts,
} from "./facts.js";

/** What to store with a build: null when the facts are unknown (nothing is stored). */
export function storedFacts(facts: ColumnFacts): StoredColumnFacts | null {
  if (facts.unknown) return null;
  const parents = Object.keys(facts.reads).sort();
  const reads: string[][] = [];
  const place = new Map<string, number>();
  for (const parent of parents) {
    const columns = facts.reads[parent];
    if (columns === "*" || columns === undefined) return null;
    const sorted = [...columns].sort();
    for (const column of sorted) place.set(`${parent}\u0000${column}`, place.size);
    reads.push(sorted);
  }
  const places = (from: ParentColumns): number[] | null => {
    const out: number[] = [];
    for (const [parent, columns] of Object.entries(from)) {
      for (const column of columns) {
        const at = place.get(`${parent}\u0000${column}`);
        if (at === undefined) return null;
        out.push(at);
      }
    }
    return out.sort((a, b) => a - b);
  };
  const from: number[][] = [];
  for (const column of facts.columns) {
    const places_ = places(column.from);
    if (places_ === null || column.digest.length !== DIGEST_LENGTH) return null;
    from.push(places_);
  }
  const rowSetFrom = places(facts.row_set_from);
  const starFrom = facts.star_from.map((parent) => parents.indexOf(parent));
  if (rowSetFrom === null || starFrom.some((at) => at < 0)) return null;
  return {
    version: facts.version,
    parents,
    reads,
    columns: facts.columns.map((column) => column.name),
    digests: facts.columns.map((column) => column.digest).join(""),
    from,
    row_set: facts.row_set,
    row_set_from: rowSetFrom,
    star_from: starFrom,
  };
}

/** The facts a build recorded; unknown when none were stored, they are of another version, or they don't hold together. */
export function factsFromStored(stored: StoredColumnFacts | undefined): ColumnFacts {
  if (stored === undefined)
    return unknownFacts("not_recorded", "no column facts were recorded with the build");
  if (stored.version !== COLUMN_FACTS_VERSION)
    return unknownFacts("not_recorded", `the build recorded column facts of version ${stored.version}`);
  const flat: Array<[string, string]> = [];
  const reads: Record<string, string[]> = {};
  stored.parents.forEach((parent, i) => {
    const columns = stored.reads[i] ?? [];
    reads[parent] = [...columns];
    for (const column of columns) flat.push([parent, column]);
  });
  let broken =
    stored.reads.length !== stored.parents.length ||
    stored.from.length !== stored.columns.length ||
    stored.digests.length !== stored.columns.length * DIGEST_LENGTH;
  const columnsOf = (places: readonly number[]): ParentColumns => {
    const out: Record<string, string[]> = {};
    for (const at of places) {
      const read = flat[at];
      if (read === undefined) {
        broken = true;
        continue;
      }
      const columns = out[read[0]] ?? [];
      columns.push(read[1]);
      out[read[0]] = columns;
    }
    return out;
  };
  const facts: ColumnFacts = {
    version: COLUMN_FACTS_VERSION,
    columns: stored.columns.map((name, i) => ({
      name,
      digest: stored.digests.slice(i * DIGEST_LENGTH, (i + 1) * DIGEST_LENGTH),
      from: columnsOf(stored.from[i] ?? []),
    })),
    row_set: stored.row_set,
    row_set_from: columnsOf(stored.row_set_from),
    reads,
    star_from: stored.star_from.map((at) => {
      const parent = stored.parents[at];
      if (parent === undefined) broken = true;
      return parent ?? "";
    }),
    unknown: null,
  };
  return broken ? unknownFacts("not_recorded", "the recorded column facts do not hold together") : facts;
}
