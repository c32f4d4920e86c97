/**
 * The warehouse surface of the input inventory (issue 36): what a build
 * reads from the warehouse besides the relations of its declared inputs,
 * and how a relation's name is compared there.
 */
import type { InventoryRow } from "./row.js";

const WAREHOUSE = "warehouse" as const;

function row(path: string, klass: InventoryRow["class"], how: string, cite: string): InventoryRow {
  return { surface: WAREHOUSE, path, class: klass, how, cite };
}

export const WAREHOUSE_ROWS: readonly InventoryRow[] = [
  row(
    "relations of declared parents and sources",
    "fingerprinted",
    "the parents' recorded builds (parent_build evidence) and the sources' max_loaded_at (source_version evidence)",
    "dbt-core core/dbt/context/providers.py › RuntimeRefResolver, RuntimeSourceResolver",
  ),
  row(
    "relations read by name in compiled SQL",
    "fingerprinted",
    "undeclared_relation_read (src/dbt/undeclared-reads.ts): a qualified `schema.table` / `db.schema.table` after FROM or JOIN that is not the node's own relation, a parent's or a source's (names folded per adapter: relation-identity.ts) builds the node every run, naming the relation",
    "dbt-core core/dbt/compilation.py › Compiler._compile_code (compiled_code is the SQL dbt runs; a hard-coded name is not in depends_on)",
  ),
  row(
    "relations read by name in SQL the normaliser can't read",
    "unknown",
    "the scan reads the SQL normaliser's tokens; where it gives up (backtick names of BigQuery and Databricks, non-ASCII, `$1`, `@stage`) the SQL is not scanned and a name read there is not seen",
    "src/dbt/sql-normaliser.ts (the allow-list)",
  ),
  row(
    "unqualified names in compiled SQL",
    "unknown",
    "a bare name after FROM is a CTE (dbt's own `__dbt__cte__x` included) or a table of the connection's search path: not told apart, not counted",
    "dbt-core core/dbt/compilation.py › Compiler._inject_ctes_into_sql",
  ),
  row(
    "information_schema, pg_catalog",
    "inert",
    "the catalog, not data a build writes from: its changes come with changes of relations that are fingerprinted themselves (a relation's columns are what its build wrote)",
    "dbt-adapters dbt-adapters/src/dbt/adapters/base/relation.py › InformationSchema",
  ),
  row(
    "table functions in FROM (`unnest`, `generate_series`, `flatten`, `table(...)`)",
    "inert",
    "compute rows from their arguments (columns already read, or constants); not relations",
    'PostgreSQL "Table Functions"; Snowflake FLATTEN; BigQuery UNNEST',
  ),
  row(
    "relations read by macros at compile time (`run_query`, `dbt_utils.get_column_values`, `adapter.get_columns_in_relation`)",
    "fingerprinted",
    "what they read is rendered into the compiled SQL (fingerprinted); the node's build is judged on that SQL. Jinja that queries the warehouse makes the file component count too (jinja-purity.ts)",
    "dbt-core core/dbt/context/providers.py › ProviderContext.run_query",
  ),
  row(
    "relation identity: database, schema, identifier",
    "fingerprinted",
    "compared as the warehouse resolves names (relation-identity.ts relationKey): Snowflake folds unquoted to upper, PostgreSQL to lower, quoted keeps case; Redshift, DuckDB, Spark, Databricks, Athena are case-insensitive; BigQuery datasets and tables are case-sensitive. Which parts are quoted is read from dbt's rendering (`relation_name`), which applies the project's `quoting:` and the node's `quoting` config",
    "dbt-adapters dbt-adapters/src/dbt/adapters/base/relation.py › BaseRelation.create_from (quote policy precedence), _is_exactish_match; dbt-snowflake relation.py › SnowflakeRelation.as_case_sensitive",
  ),
  row(
    "the node's own relation, read by its own SQL (`{{ this }}`)",
    "fingerprinted",
    "an incremental model's previous build: the node's recorded build, and relation_overwritten when something else wrote it since",
    "dbt-core core/dbt/context/providers.py › ProviderContext.this",
  ),
];
