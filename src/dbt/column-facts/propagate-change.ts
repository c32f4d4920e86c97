/**
 * A node's change as its readers see it: its own direct change (its facts
 * before and after) together with what its parents' changes do to its
 * columns through its lineage. A column computed from a changed parent
 * column is changed; a changed parent column that decides its rows (a join
 * key, a filter, a grouping) changes its row set, and so does a parent whose
 * row set changed. Anything unknown makes the whole change unknown. Pure.
 */
import type { ChangeClassification } from "./classify-change.js";
import type { ColumnFacts, ParentColumns } from "./facts.js";

/** A classified change that changes nothing. */
export const NO_CHANGE: ChangeClassification = {
  kind: "classified",
  columns_added: [],
  columns_removed: [],
  expressions_changed: [],
  row_set_changed: false,
};

/** Columns whose value or presence differs: changed, removed and added. */
export function touchedColumns(change: ChangeClassification): string[] {
  if (change.kind === "unknown") return [];
  return [
    ...new Set([...change.expressions_changed, ...change.columns_removed, ...change.columns_added]),
  ].sort();
}

/**
 * The change of a node rebuilt with facts `after`: `own` is its direct change
 * (null when its code did not change), `parents` the changes of the parents
 * rebuilt with it (the others are unchanged).
 */
export function propagateChange(
  own: ChangeClassification | null,
  after: ColumnFacts,
  parents: ReadonlyMap<string, ChangeClassification>,
): ChangeClassification {
  if (own?.kind === "unknown") return own;
  if (after.unknown) return { kind: "unknown", reason: `${after.unknown.reason} (${after.unknown.detail})` };
  const start = own ?? NO_CHANGE;
  if (start.kind === "unknown") return start;
  const changed = new Set(start.expressions_changed);
  const added = new Set(start.columns_added);
  const removed = new Set(start.columns_removed);
  let rowSetChanged = start.row_set_changed;
  for (const [parent, change] of parents) {
    if (change.kind === "unknown") return { kind: "unknown", reason: `parent ${parent}: ${change.reason}` };
    const reads = after.reads[parent];
    if (reads === "*") return { kind: "unknown", reason: `reads ${parent} through select *` };
    if (reads === undefined) continue; // a dependency whose columns it does not read
    if (change.row_set_changed) {
      rowSetChanged = true;
      continue;
    }
    const touched = new Set(touchedColumns(change));
    if (touched.size === 0) continue;
    if (after.star_from.includes(parent)) {
      // Its `select *` lists the parent's columns: theirs come and go with the parent's.
      for (const column of change.columns_added) added.add(column);
      for (const column of change.columns_removed) removed.add(column);
    }
    if (meets(after.row_set_from, parent, touched)) rowSetChanged = true;
    for (const column of after.columns) if (meets(column.from, parent, touched)) changed.add(column.name);
  }
  return {
    kind: "classified",
    columns_added: [...added].sort(),
    columns_removed: [...removed].sort(),
    expressions_changed: [...changed].filter((column) => !added.has(column)).sort(),
    row_set_changed: rowSetChanged,
  };
}

function meets(from: ParentColumns, parent: string, touched: ReadonlySet<string>): boolean {
  return (Object.hasOwn(from, parent) ? (from[parent] ?? []) : []).some((column) => touched.has(column));
}
