/**
 * PostgreSQL's part of the data diff's statements (src/drivers/data-diff/):
 * columns from pg_attribute with `format_type` (tables, views, materialized
 * views, foreign tables; in table order), the types without an equality
 * operator (compared as text), the sample over `hashtextextended` of the
 * key's row, and the READ ONLY transaction each statement runs in, with its
 * statement timeout.
 */
import type { DiffColumn } from "../../warehouse/data-diff-requests.js";
import type { DiffDialect } from "../data-diff/sql-data-diff.js";
import type { Run } from "./postgres-keep.js";

/** Types whose values have no `=` (geometry, json, xml): compared as text. */
const WITHOUT_EQUALITY = new Set([
  "json",
  "xml",
  "point",
  "line",
  "lseg",
  "box",
  "path",
  "polygon",
  "circle",
]);

export const POSTGRES_DIFF_DIALECT: DiffDialect = {
  columnsQuery: (relation) => ({
    sql: `SELECT a.attname AS name, pg_catalog.format_type(a.atttypid, a.atttypmod) AS type
            FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
            LEFT JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
           WHERE n.nspname = $1 AND c.relname = $2 AND c.relkind IN ('r', 'p', 'v', 'm', 'f')
           ORDER BY a.attnum`,
    params: [relation.schema, relation.identifier],
  }),
  // A relation without columns (PostgreSQL allows it) is one row of NULLs.
  columnsFrom: (rows): DiffColumn[] | null =>
    rows.length === 0
      ? null
      : rows
          .filter((row) => row.name !== null && row.name !== undefined)
          .map((row) => ({ name: String(row.name), type: String(row.type) })),
  comparable: (type) => !WITHOUT_EQUALITY.has(type.replace(/(\[\])+$/, "")),
  // The key's row as text, hashed to 64 bits; its low 32 bits against the threshold.
  samplePredicate: (keys, threshold) =>
    `(pg_catalog.hashtextextended(ROW(${keys.join(", ")})::text, 0) & 4294967295) < ${threshold}::bigint`,
};

/**
 * BEGIN READ ONLY, then the statement timeout (0: none) for this
 * transaction only (SET LOCAL). The server's work_mem is left as it is: a
 * larger one (64 MB, 256 MB) made no measurable difference on the
 * 1,000,000-row bench (bench/DATA-DIFF.md).
 */
export async function beginReadOnly(run: Run, timeoutMs: number): Promise<void> {
  await run("BEGIN READ ONLY");
  await run("SELECT pg_catalog.set_config('statement_timeout', $1, true)", [
    String(Math.max(0, Math.round(timeoutMs))),
  ]);
}
