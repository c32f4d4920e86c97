/**
 * What a direct change did to a node's columns and rows, from its facts
 * before and after; and whether a child's recorded reads reach it.
 */
import type { ColumnFacts, ParentReads } from "./facts.js";

export type ChangeClassification =
  | { readonly kind: "unknown"; readonly reason: string }
  | {
      readonly kind: "classified";
      readonly columns_added: readonly string[];
      readonly columns_removed: readonly string[];
      /** Columns present before and after whose expression (through its lineage) changed. */
      readonly expressions_changed: readonly string[];
      readonly row_set_changed: boolean;
    };

export function classifyChange(before: ColumnFacts, after: ColumnFacts): ChangeClassification {
  if (before.unknown)
    return { kind: "unknown", reason: `before: ${before.unknown.reason} (${before.unknown.detail})` };
  if (after.unknown)
    return { kind: "unknown", reason: `after: ${after.unknown.reason} (${after.unknown.detail})` };
  if (before.version !== after.version)
    return { kind: "unknown", reason: `facts of versions ${before.version} and ${after.version}` };
  const digestsBefore = digestsByName(before);
  const digestsAfter = digestsByName(after);
  if (digestsBefore === null || digestsAfter === null)
    return { kind: "unknown", reason: "two output columns share a name" };
  const added = [...digestsAfter.keys()].filter((name) => !digestsBefore.has(name));
  const removed = [...digestsBefore.keys()].filter((name) => !digestsAfter.has(name));
  const changed = [...digestsAfter]
    .filter(([name, digest]) => digestsBefore.has(name) && digestsBefore.get(name) !== digest)
    .map(([name]) => name);
  return {
    kind: "classified",
    columns_added: added.sort(),
    columns_removed: removed.sort(),
    expressions_changed: changed.sort(),
    row_set_changed: before.row_set !== after.row_set,
  };
}

function digestsByName(facts: ColumnFacts): Map<string, string> | null {
  const digests = new Map<string, string>();
  for (const column of facts.columns) {
    if (digests.has(column.name)) return null;
    digests.set(column.name, column.digest);
  }
  return digests;
}

export type ChangeReach =
  | {
      readonly kind: "reads_change";
      readonly why: "unknown" | "row_set_changed" | "reads_star" | "reads_columns";
      readonly columns: readonly string[];
    }
  | { readonly kind: "does_not_read"; readonly columns: readonly string[] };

/**
 * Whether a child whose recorded build read `reads` of the parent can see the
 * parent's change. Added columns count as touched too: a child that names a
 * column the parent just added (as an unqualified name it resolved elsewhere)
 * may now resolve it differently. `does_not_read` names the changed columns
 * the child does not read.
 */
export function changeReach(
  change: ChangeClassification,
  reads: ParentReads | undefined,
  /** The child's output lists the parent's columns through a `select *`. */
  star = false,
): ChangeReach {
  if (change.kind === "unknown" || reads === undefined)
    return { kind: "reads_change", why: "unknown", columns: [] };
  const touched = [
    ...new Set([...change.expressions_changed, ...change.columns_removed, ...change.columns_added]),
  ].sort();
  if (change.row_set_changed) return { kind: "reads_change", why: "row_set_changed", columns: touched };
  if (touched.length === 0) return { kind: "does_not_read", columns: [] };
  if (reads === "*") return { kind: "reads_change", why: "reads_star", columns: touched };
  const shape = [...change.columns_added, ...change.columns_removed].sort();
  if (star && shape.length > 0) return { kind: "reads_change", why: "reads_star", columns: shape };
  const read = new Set(reads.map((column) => column.toLowerCase()));
  const reached = touched.filter((column) => read.has(column));
  if (reached.length > 0) return { kind: "reads_change", why: "reads_columns", columns: reached };
  return { kind: "does_not_read", columns: touched };
}
