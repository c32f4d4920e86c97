/**
 * What a node's data diff amounts to, for the renderers to phrase and order:
 * whether it differs, shows no difference, could only be compared in
 * columns and row counts, or was not compared; and the facts the sentences
 * need (the key columns whose type changed). Pure.
 */
import type { ComparedRows, NodeDataDiff, RowDiff, SchemaDiff, SkippedRows } from "../../state/data-diff.js";

/**
 * - `differs`: a table only on one side, a column added, removed or retyped,
 *   another row count, or rows that differ by key;
 * - `same`: the same columns and row count, and no row differs by key;
 * - `rows_unknown`: the same columns and row count, rows not compared by key;
 * - `not_compared`: nothing was read.
 */
export type DiffVerdict = "differs" | "same" | "rows_unknown" | "not_compared";

export function schemaChanged(schema: SchemaDiff | undefined): boolean {
  return !!schema && schema.added.length + schema.removed.length + schema.retyped.length > 0;
}

export function isCompared(rows: RowDiff | undefined): rows is ComparedRows {
  return rows?.status === "compared";
}

export function isSkipped(rows: RowDiff | undefined): rows is SkippedRows {
  return rows !== undefined && rows.status !== "compared";
}

export function rowsDiffer(rows: ComparedRows): boolean {
  return rows.only_prod + rows.only_pr + rows.changed > 0;
}

export function verdictOf(node: NodeDataDiff): DiffVerdict {
  if (node.status === "not_compared") return "not_compared";
  if (node.status !== "compared") return "differs";
  const counts = node.counts;
  if (schemaChanged(node.schema) || (counts && counts.prod !== counts.pr)) return "differs";
  if (isCompared(node.rows)) return rowsDiffer(node.rows) ? "differs" : "same";
  return "rows_unknown";
}

/**
 * A node with nothing to say but "no difference": every row compared (no
 * sample) and none with a NULL key. Those are listed together on one line
 * rather than one fold each.
 */
export function isPlainlySame(node: NodeDataDiff): boolean {
  const rows = node.rows;
  return (
    verdictOf(node) === "same" &&
    isCompared(rows) &&
    rows.sample === null &&
    rows.null_keys.prod + rows.null_keys.pr === 0 &&
    !node.message
  );
}

/** The retyped columns that are key columns (names compared without regard to case, as warehouses fold them). */
export function retypedKeyColumns(node: NodeDataDiff, key: readonly string[]): SchemaDiff["retyped"] {
  const wanted = new Set(key.map((c) => c.toLowerCase()));
  return (node.schema?.retyped ?? []).filter((r) => wanted.has(r.name.toLowerCase()));
}

/** How many rows matched by key: what a column's changed count is a share of. */
export function matchedRows(rows: ComparedRows): number {
  return rows.changed + rows.unchanged;
}

/**
 * The compared columns that differ in some row, most changed first (prod's
 * order among equals), and the names of those that differ in none.
 */
export function columnChanges(rows: ComparedRows): {
  changed: ComparedRows["columns"];
  unchanged: string[];
} {
  const changed = rows.columns
    .map((column, index) => ({ column, index }))
    .filter(({ column }) => column.changed > 0)
    .sort((a, b) => b.column.changed - a.column.changed || a.index - b.index)
    .map(({ column }) => column);
  const unchanged = rows.columns.filter((c) => c.changed === 0).map((c) => c.name);
  return { changed, unchanged };
}

/** Schema changes as rows of a table: a column, its type in prod, its type in the PR (null: absent). */
export function schemaRows(schema: SchemaDiff): { name: string; prod: string | null; pr: string | null }[] {
  return [
    ...schema.added.map((c) => ({ name: c.name, prod: null, pr: c.type })),
    ...schema.removed.map((c) => ({ name: c.name, prod: c.type, pr: null })),
    ...schema.retyped.map((r) => ({ name: r.name, prod: r.prod, pr: r.pr })),
  ];
}
