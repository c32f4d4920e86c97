/**
 * The unique key a data diff matches rows on (issue 23), read from what the
 * project declares about a node, never guessed from column names:
 *
 * 1. `meta: {ods: {key: col | [cols]}}` in the node's config: the project's
 *    own word, first.
 * 2. A snapshot: `dbt_scd_id` (or the name `snapshot_meta_column_names`
 *    gives it), which dbt makes unique per row version. A snapshot's
 *    `unique_key` is not unique in its table: each version of a row is a row.
 * 3. `config.unique_key` (an incremental model's merge key), when it names
 *    columns (dbt also accepts an SQL expression there; that is not a key a
 *    join can use).
 * 4. A `primary_key` constraint, on the model or on a column.
 * 5. A column with both a `unique` and a `not_null` data test on the node,
 *    or dbt_utils' `unique_combination_of_columns`; a test with a `where`
 *    config holds for some rows only and is not a key. When several columns
 *    qualify, the first by name (natural order) is taken.
 *
 * The warehouse checks what is declared: duplicate key values make the diff
 * say the key isn't unique instead of counting rows twice.
 */
import type { DiffKey } from "../state/data-diff.js";
import type { Manifest, ManifestDataTest, ManifestNode } from "./artifacts/manifest.js";

/** A column name as a project writes it: a plain identifier, or one double-quoted (the quotes removed). */
function columnName(text: unknown): string | null {
  if (typeof text !== "string") return null;
  const trimmed = text.trim();
  if (/^[A-Za-z_][A-Za-z0-9_$]*$/.test(trimmed)) return trimmed;
  const quoted = /^"((?:[^"]|"")+)"$/.exec(trimmed) ?? /^`([^`]+)`$/.exec(trimmed);
  return quoted ? quoted[1]!.replaceAll('""', '"') : null;
}

/** One column or a list of them, each a column name; null when any part is not one. */
function columnList(value: unknown): string[] | null {
  const items = typeof value === "string" ? [value] : Array.isArray(value) ? value : null;
  if (!items || items.length === 0) return null;
  const columns: string[] = [];
  for (const item of items) {
    const name = columnName(item);
    if (name === null) return null;
    if (!columns.includes(name)) columns.push(name);
  }
  return columns;
}

function record(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

function metaKey(node: ManifestNode): string[] | null {
  const ods = record(record(record(node.config)?.meta)?.ods);
  return ods ? columnList(ods.key) : null;
}

function snapshotKey(node: ManifestNode): string[] | null {
  if (node.resourceType !== "snapshot") return null;
  const names = record(record(node.config)?.snapshot_meta_column_names);
  return [columnName(names?.dbt_scd_id) ?? "dbt_scd_id"];
}

function uniqueKey(node: ManifestNode): string[] | null {
  return columnList(record(node.config)?.unique_key);
}

function isPrimaryKey(constraint: unknown): boolean {
  return record(constraint)?.type === "primary_key";
}

function primaryKey(node: ManifestNode): string[] | null {
  for (const constraint of node.constraints) {
    if (isPrimaryKey(constraint)) {
      const columns = columnList(record(constraint)?.columns);
      if (columns) return columns;
    }
  }
  const columns = node.contractColumns.filter((c) => c.constraints.some(isPrimaryKey));
  return columns.length > 0 ? columnList(columns.map((c) => c.name)) : null;
}

/** Whether the test holds for every row of the node (no `where` filter). */
function wholeTable(test: ManifestDataTest): boolean {
  const where = record(test.config)?.where;
  return where === undefined || where === null || where === "";
}

/** Columns with both `unique` and `not_null`, and `unique_combination_of_columns`, per node. */
function testedKeys(manifest: Manifest): Map<string, string[][]> {
  const unique = new Map<string, Set<string>>();
  const notNull = new Map<string, Set<string>>();
  const combinations = new Map<string, string[][]>();
  for (const test of manifest.dataTests.values()) {
    const node = test.attachedNode;
    const name = test.testMetadata?.name;
    if (node === null || !name || !wholeTable(test)) continue;
    if (name === "unique_combination_of_columns") {
      const columns = columnList(test.testMetadata?.kwargs.combination_of_columns);
      if (columns) combinations.set(node, [...(combinations.get(node) ?? []), columns]);
      continue;
    }
    const target = name === "unique" ? unique : name === "not_null" ? notNull : null;
    const column = columnName(test.columnName ?? test.testMetadata?.kwargs.column_name);
    if (!target || column === null) continue;
    const columns = target.get(node) ?? new Set<string>();
    columns.add(column);
    target.set(node, columns);
  }
  const keys = new Map<string, string[][]>();
  for (const [node, columns] of unique) {
    const both = [...columns].filter((c) => notNull.get(node)?.has(c)).sort(byName);
    if (both.length > 0)
      keys.set(
        node,
        both.map((c) => [c]),
      );
  }
  for (const [node, lists] of combinations) keys.set(node, [...(keys.get(node) ?? []), ...lists]);
  return keys;
}

function byName(a: string, b: string): number {
  return a.localeCompare(b, "en", { numeric: true });
}

/** The key of every model, seed and snapshot that has one, by unique id. */
export function diffKeys(manifest: Manifest): Map<string, DiffKey> {
  const tested = testedKeys(manifest);
  const keys = new Map<string, DiffKey>();
  for (const node of manifest.nodes.values()) {
    const key = diffKeyOf(node, tested.get(node.uniqueId) ?? []);
    if (key) keys.set(node.uniqueId, key);
  }
  return keys;
}

function diffKeyOf(node: ManifestNode, tested: readonly string[][]): DiffKey | null {
  const meta = metaKey(node);
  if (meta) return { columns: meta, source: "meta" };
  const snapshot = snapshotKey(node);
  if (snapshot) return { columns: snapshot, source: "snapshot" };
  const merge = uniqueKey(node);
  if (merge) return { columns: merge, source: "unique_key" };
  const primary = primaryKey(node);
  if (primary) return { columns: primary, source: "primary_key" };
  const first = tested[0];
  return first ? { columns: [...first], source: "tests" } : null;
}
