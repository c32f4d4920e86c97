/**
 * Column facts as the snapshot stores them: only known facts are stored, and
 * a stored document of another facts version reads as unknown.
 */
import type { StoredColumnFacts } from "../../state/snapshot.js";
import { COLUMN_FACTS_VERSION, type ColumnFacts, unknownFacts } from "./facts.js";

/** What to store with a build: null when the facts are unknown (nothing is stored). */
export function storedFacts(facts: ColumnFacts): StoredColumnFacts | null {
  if (facts.unknown) return null;
  const reads: Record<string, string[]> = {};
  for (const [parent, columns] of Object.entries(facts.reads)) {
    if (columns === "*") return null;
    reads[parent] = [...columns];
  }
  return {
    version: facts.version,
    columns: facts.columns.map((column) => ({ name: column.name, digest: column.digest, from: column.from })),
    row_set: facts.row_set,
    row_set_from: facts.row_set_from,
    reads,
    star_from: [...facts.star_from],
  } as StoredColumnFacts;
}

/** The facts a build recorded; unknown when none were stored or they are of another version. */
export function factsFromStored(stored: StoredColumnFacts | undefined): ColumnFacts {
  if (stored === undefined)
    return unknownFacts("not_recorded", "no column facts were recorded with the build");
  if (stored.version !== COLUMN_FACTS_VERSION)
    return unknownFacts("not_recorded", `the build recorded column facts of version ${stored.version}`);
  return { ...stored, version: COLUMN_FACTS_VERSION, unknown: null };
}
