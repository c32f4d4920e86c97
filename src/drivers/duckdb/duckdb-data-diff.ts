/**
 * DuckDB's part of the data diff's statements (src/drivers/data-diff/): columns
 * from information_schema.columns (tables and views, in table order, the
 * catalog's type names), names matched case-insensitively as DuckDB does,
 * and the sample over `hash(key…)`.
 */
import type { DiffColumn } from "../../warehouse/data-diff-requests.js";
import type { DiffDialect } from "../data-diff/sql-data-diff.js";

export const DUCKDB_DIFF_DIALECT: DiffDialect = {
  columnsQuery: (relation) => ({
    sql: `SELECT column_name AS name, data_type AS type FROM information_schema.columns
          WHERE table_catalog = current_database() AND lower(table_schema) = lower($1) AND lower(table_name) = lower($2)
          ORDER BY ordinal_position`,
    params: [relation.schema, relation.identifier],
  }),
  // A DuckDB table or view has at least one column: no rows, no relation.
  columnsFrom: (rows): DiffColumn[] | null =>
    rows.length === 0 ? null : rows.map((row) => ({ name: String(row.name), type: String(row.type) })),
  // Every DuckDB type has equality (lists, structs and maps included).
  comparable: () => true,
  // hash() of the key's values (a UBIGINT); its low 32 bits against the threshold.
  samplePredicate: (keys, threshold) =>
    `hash(${keys.join(", ")}) % 4294967296 < CAST(${threshold} AS UBIGINT)`,
};
