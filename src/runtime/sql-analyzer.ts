/**
 * The SQL parser for column-level impact (issue 24,
 * docs/decisions/column-impact-parser.md): @polyglot-sql/sdk, a Rust port of
 * sqlglot compiled to WebAssembly, through its `manual` entry.
 *
 * Why the manual entry: the default entry finds its 22.8 MB
 * `polyglot_sql.wasm` through `new URL(…, import.meta.url)`, which ncc
 * copies into the bundle re-encoded as UTF-8 (corrupt: "section was shorter
 * than expected"), and it replaces `globalThis.fetch` on Node. Here the bytes
 * are read from a file and handed to `init`:
 * - inside a bundle (`dist/<entry>/index.js`): `dist/wasm/polyglot_sql.wasm`,
 *   which scripts/bundle.mjs must copy there;
 * - from the sources (tests, bench): the package's own file.
 *
 * Loading costs ≈ 0.3–0.4 s (WebAssembly compile) and the first analysis
 * ≈ 0.15 s more: load once, only when a plan has SQL to analyse.
 *
 * `analyze` never throws: a parse failure, a dialect the SDK lacks, or a
 * query past the guard below is `{ ok: false }`, which the planner reads as
 * "unknown" (BUILD).
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { blankSqlComments } from "./blank-sql-comments.js";

type Sdk = typeof import("@polyglot-sql/sdk");
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
export function sqlAnalyzerWasmFile(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const bundled = path.join(here, "..", "wasm", "polyglot_sql.wasm");
  if (existsSync(bundled)) return bundled;
  return createRequire(import.meta.url).resolve("@polyglot-sql/sdk/polyglot_sql.wasm");
}

let loaded: Promise<LoadSqlAnalyzerResult> | undefined;

/** Loads the parser from sqlAnalyzerWasmFile() once per process (later calls share the first load; a failed load is tried again). */
export function loadSqlAnalyzer(): Promise<LoadSqlAnalyzerResult> {
  loaded ??= loadSqlAnalyzerFrom(undefined).then((result) => {
    if (!result.ok) loaded = undefined;
    return result;
  });
  return loaded;
}

/** Loads the parser from `givenWasmFile` (default sqlAnalyzerWasmFile()); the SDK itself initialises once per process. */
export async function loadSqlAnalyzerFrom(givenWasmFile: string | undefined): Promise<LoadSqlAnalyzerResult> {
  let wasmFile = givenWasmFile ?? "polyglot_sql.wasm";
  try {
    wasmFile = givenWasmFile ?? sqlAnalyzerWasmFile();
    // manual.d.ts re-exports './index' without an extension, which NodeNext does not resolve: typed through the main entry.
    const sdk = (await import("@polyglot-sql/sdk/manual")) as unknown as Sdk & {
      init(options: { wasmUrl: unknown }): Promise<void>;
    };
    const bytes = readFileSync(wasmFile);
    // A string or URL would go to fetch(), which has no file: URLs on Node; a Response goes straight to WebAssembly.
    await sdk.init({ wasmUrl: new Response(bytes, { headers: { "Content-Type": "application/wasm" } }) });
    return {
      ok: true,
      analyzer: { analyze: (sql, adapterType, schema) => analyzeWith(sdk, sql, adapterType, schema) },
    };
  } catch (error) {
    return { ok: false, error: `the SQL parser did not load from ${wasmFile}: ${(error as Error).message}` };
  }
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
  const setOperations = text.match(/\b(union|intersect|except)\b/gi)?.length ?? 0;
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
