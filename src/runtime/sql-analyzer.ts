/**
 * The SQL parser for column-level impact (issue 24,
 * docs/decisions/column-impact-parser.md): @polyglot-sql/sdk, a Rust port of
 * sqlglot compiled to WebAssembly, through its `manual` entry, loaded once
 * per process by polyglot-sdk.ts (which says why the manual entry and where
 * the WebAssembly file is).
 *
 * `analyze` never throws: a parse failure, a dialect the SDK lacks, or a
 * query past the guard below is `{ ok: false }`, which the planner reads as
 * "unknown" (BUILD).
 */
import { blankSqlComments } from "./blank-sql-comments.js";
import { loadPolyglotSdk, loadPolyglotSdkFrom, type PolyglotSdk, polyglotWasmFile } from "./polyglot-sdk.js";

type Sdk = PolyglotSdk;
/** The SDK's compact analysis: projections (names, upstream columns), base tables, `*` projections, set operations, column uses. */
export type SqlAnalysis = import("@polyglot-sql/sdk").QueryAnalysis;
export type SqlAnalyzeResult = { ok: true; analysis: SqlAnalysis } | { ok: false; error: string };
/**
 * The parents' columns, so that `select *` expands: each table named as the
 * SQL names it (dbt's relation name, `database.schema.identifier`, unquoted).
 */
export type SqlSchema = { tables: { name: string; columns: { name: string; type: string }[] }[] };
export type SqlAnalyzer = {
  /** `adapterType`: dbt's `metadata.adapter_type` (duckdb, postgres, snowflake, bigquery, …). */
  analyze(sql: string, adapterType: string, schema?: SqlSchema): SqlAnalyzeResult;
};
export type LoadSqlAnalyzerResult = { ok: true; analyzer: SqlAnalyzer } | { ok: false; error: string };

/**
 * Set-operation branches past which a query is not analysed: the SDK's
 * analysis grows about as the cube of the branches (measured with 7 columns:
 * 8 branches 0.16 s, 16 branches 0.9 s, 32 branches 5 s; parsing alone stays
 * under 20 ms), and tuva's 24- and 30-branch unions took 5–8 s each.
 * Counted on the comment-free text as UNION / INTERSECT / EXCEPT words (a
 * word inside a string counts too: that only gives up more often).
 */
export const MAX_SET_OPERATIONS = 12;

/** UNION / INTERSECT / EXCEPT words in comment-free SQL, for the MAX_SET_OPERATIONS guard. */
export function setOperationsIn(text: string): number {
  return text.match(/\b(union|intersect|except)\b/gi)?.length ?? 0;
}

/** dbt adapter types the SDK has a dialect for; any other adapter is not analysed. */
const DIALECTS: Record<string, string> = {
  athena: "athena",
  bigquery: "bigquery",
  clickhouse: "clickhouse",
  databricks: "databricks",
  doris: "doris",
  duckdb: "duckdb",
  fabric: "fabric",
  materialize: "materialize",
  mysql: "mysql",
  oracle: "oracle",
  postgres: "postgresql",
  redshift: "redshift",
  risingwave: "risingwave",
  singlestore: "singlestore",
  snowflake: "snowflake",
  spark: "spark",
  sqlite: "sqlite",
  sqlserver: "tsql",
  starrocks: "starrocks",
  teradata: "teradata",
  trino: "trino",
};

/** The SDK's dialect for a dbt adapter type, or undefined when it has none. */
export function sqlDialectOf(adapterType: string): string | undefined {
  return DIALECTS[adapterType.toLowerCase()];
}

/** Where the WebAssembly file is: next to the bundle, else the installed package's. */
export const sqlAnalyzerWasmFile = polyglotWasmFile;

/** Loads the parser from polyglotWasmFile() once per process (shared with every other user of the SDK). */
export async function loadSqlAnalyzer(): Promise<LoadSqlAnalyzerResult> {
  return analyzerOf(await loadPolyglotSdk());
}

/** Loads the parser from `givenWasmFile` (default polyglotWasmFile()); the SDK itself initialises once per process. */
export async function loadSqlAnalyzerFrom(givenWasmFile: string | undefined): Promise<LoadSqlAnalyzerResult> {
  return analyzerOf(await loadPolyglotSdkFrom(givenWasmFile));
}

function analyzerOf(loaded: Awaited<ReturnType<typeof loadPolyglotSdk>>): LoadSqlAnalyzerResult {
  if (!loaded.ok) return loaded;
  const sdk = loaded.sdk;
  return {
    ok: true,
    analyzer: { analyze: (sql, adapterType, schema) => analyzeWith(sdk, sql, adapterType, schema) },
  };
}

function analyzeWith(
  sdk: Sdk,
  sql: string,
  adapterType: string,
  schema: SqlSchema | undefined,
): SqlAnalyzeResult {
  const dialect = sqlDialectOf(adapterType);
  if (dialect === undefined) return { ok: false, error: `no SQL dialect for the adapter ${adapterType}` };
  const text = blankSqlComments(sql);
  const setOperations = setOperationsIn(text);
  if (setOperations > MAX_SET_OPERATIONS) {
    return {
      ok: false,
      error: `${setOperations} set operations (more than ${MAX_SET_OPERATIONS}): not analysed`,
    };
  }
  try {
    // strict: false: a column the schema lacks is a warning, not a failure (catalogs lag behind the SQL).
    const options = { dialect, ...(schema ? { schema: { strict: false, tables: schema.tables } } : {}) };
    const result = sdk.analyzeQuery(text, options as Parameters<Sdk["analyzeQuery"]>[1]);
    if (result.success && result.analysis) return { ok: true, analysis: result.analysis };
    return { ok: false, error: result.error ?? "the SQL parser gave no analysis" };
  } catch (error) {
    return { ok: false, error: String((error as Error).message ?? error) };
  }
}
