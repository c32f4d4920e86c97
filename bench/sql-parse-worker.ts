/**
 * One SQL parser candidate in a worker thread, for bench/sql-parse-bench.ts:
 * the bench sends one model at a time and terminates this worker when a
 * model takes longer than its time box (the parsers' calls are synchronous
 * and have no time-out of their own).
 *
 * workerData: { candidate: "polyglot" | "node-sql-parser" | "duckdb" }
 * message in:  { id, sql, dialect, schema? }   (schema: polyglot's { tables })
 * message out: { id, ok, ms, columns?, unknown?, reads?, error? }
 *   ms       the analysis alone, timed here (no messaging)
 *   columns  the output column names, `*` left where it is not resolved
 *   unknown  true when the output columns are not all known (an unresolved `*`, an unnamed slot)
 *   reads    "relation.column" the query reads from its physical relations (polyglot only)
 */
import { parentPort, workerData } from "node:worker_threads";
import "../tools/ts-hooks.mjs";

type Request = { id: number; sql: string; dialect: string; schema?: unknown };
type Reply = {
  id: number;
  ok: boolean;
  ms: number;
  columns?: string[];
  unknown?: boolean;
  reads?: string[];
  error?: string;
};
type Outcome = Omit<Reply, "id" | "ms">;
type Analyse = (request: Request) => Outcome | Promise<Outcome>;

const candidate: string = workerData.candidate;
const loadStart = performance.now();
const analyse = await load(candidate);
const loadMs = performance.now() - loadStart;
parentPort?.postMessage({ ready: true, loadMs });

parentPort?.on("message", async (request: Request) => {
  const start = performance.now();
  let reply: Outcome;
  try {
    reply = await analyse(request);
  } catch (error) {
    reply = { ok: false, error: String((error as Error)?.message ?? error) };
  }
  const ms = performance.now() - start;
  parentPort?.postMessage({ id: request.id, ms, ...reply });
});

async function load(name: string): Promise<Analyse> {
  if (name === "polyglot") return loadPolyglot();
  if (name === "adapter") {
    // What ships: src/runtime/sql-analyzer.ts (the SDK's manual entry, comments
    // blanked first, queries past its set-operation guard not analysed).
    const { loadSqlAnalyzer } = await import("../src/runtime/sql-analyzer.js");
    const loaded = await loadSqlAnalyzer();
    if (!loaded.ok) throw new Error(loaded.error);
    return ({ sql, dialect, schema }) => {
      const result = loaded.analyzer.analyze(sql, dialect, schema as never);
      return result.ok ? summarise(result.analysis) : { ok: false, error: result.error };
    };
  }
  if (name === "polyglot-parse") {
    // The parse alone (no scopes, no lineage): what the analysis costs on top of it.
    const pg = await import("@polyglot-sql/sdk");
    return ({ sql, dialect }) => {
      const result = pg.parse(sql, polyglotDialect(dialect) as never);
      return result.success
        ? { ok: true, columns: ["*"], unknown: true }
        : { ok: false, error: String(result.error) };
    };
  }
  if (name === "node-sql-parser") return loadNodeSqlParser();
  if (name === "duckdb") return loadDuckDb();
  throw new Error(`unknown candidate ${name}`);
}

/** The SDK's dialect names (its `Dialect` enum's values) for dbt's adapter types. */
const polyglotDialect = (adapter: string): string =>
  ({ bigquery: "bigquery", snowflake: "snowflake", duckdb: "duckdb", postgres: "postgresql" })[adapter] ??
  "generic";

async function loadPolyglot(): Promise<Analyse> {
  const pg = await import("@polyglot-sql/sdk");
  return ({ sql, dialect, schema }) => {
    const options = { dialect: polyglotDialect(dialect), ...(schema ? { schema } : {}) };
    // biome-ignore lint/suspicious/noExplicitAny: the bench reads the SDK's result loosely
    const result: any = pg.analyzeQuery(sql, options as never);
    if (!result.success) return { ok: false, error: String(result.error) };
    return summarise(result.analysis);
  };
}

async function loadNodeSqlParser(): Promise<Analyse> {
  // Not a dependency (the bench skips it when absent): a specifier in a variable keeps tsc from resolving it.
  const name = "node-sql-parser";
  // biome-ignore lint/suspicious/noExplicitAny: an optional package without types here
  const module: any = await import(name);
  const Parser = module.Parser ?? module.default.Parser;
  const parser = new Parser();
  // node-sql-parser has no DuckDB grammar: PostgreSQL's is the nearest.
  const databases: Record<string, string> = {
    bigquery: "bigquery",
    snowflake: "snowflake",
    duckdb: "postgresql",
    postgres: "postgresql",
  };
  const nameOf = (value: unknown): string | undefined => {
    if (typeof value === "string") return value;
    // biome-ignore lint/suspicious/noExplicitAny: AST nodes
    const v = value as any;
    return v?.expr?.value ?? v?.value;
  };
  return ({ sql, dialect }) => {
    // biome-ignore lint/suspicious/noExplicitAny: AST nodes
    let ast: any = parser.astify(sql, { database: databases[dialect] ?? "postgresql" });
    if (Array.isArray(ast)) ast = ast[ast.length - 1];
    if (ast?.type !== "select") return { ok: false, error: `not a select (${ast?.type})` };
    const columns: string[] = (ast.columns ?? []).map(
      (c: { as?: unknown; expr?: { type?: string; column?: unknown } }) => {
        const alias = nameOf(c.as);
        if (alias) return alias;
        if (c.expr?.type === "column_ref") return nameOf(c.expr.column) ?? "*";
        return "*";
      },
    );
    return { ok: true, columns, unknown: columns.includes("*") };
  };
}

async function loadDuckDb(): Promise<Analyse> {
  const { DuckDBInstance } = await import("@duckdb/node-api");
  const instance = await DuckDBInstance.create(":memory:");
  const connection = await instance.connect();
  // json_serialize_sql parses with DuckDB's own parser (SELECT statements only) and returns
  // {"error": true, "error_message": …} instead of raising on a syntax error.
  const prepared = await connection.prepare("SELECT json_serialize_sql($1::VARCHAR)");
  return async ({ sql }) => {
    prepared.bindVarchar(1, sql);
    const reader = await prepared.runAndReadAll();
    const json = JSON.parse(String(reader.getRows()[0]?.[0]));
    if (json.error) return { ok: false, error: String(json.error_message) };
    const node = json.statements?.[0]?.node;
    // biome-ignore lint/suspicious/noExplicitAny: DuckDB's serialized parse tree
    const columns: string[] = (node?.select_list ?? []).map((e: any) => {
      if (e.alias) return e.alias;
      if (e.class === "COLUMN_REF") return e.column_names[e.column_names.length - 1];
      return "*";
    });
    return { ok: true, columns, unknown: columns.length === 0 || columns.includes("*") };
  };
}

/** Output columns and physical reads of one of the SDK's analyses. */
// biome-ignore lint/suspicious/noExplicitAny: the bench reads the SDK's result loosely
function summarise(analysis: any): Outcome {
  const columns: string[] = analysis.projections.map((p: { name?: string; isStar: boolean }) =>
    p.isStar || !p.name ? "*" : p.name,
  );
  const reads = new Set<string>();
  const addRef = (ref: { sourceKind: string; sourceName?: string; table?: string; column: string }) => {
    if (ref.sourceKind === "table") reads.add(`${ref.sourceName ?? ref.table}|${ref.column}`);
  };
  for (const p of analysis.projections) for (const ref of p.upstream) addRef(ref);
  for (const use of analysis.columnUses ?? []) for (const ref of use.references) addRef(ref);
  return { ok: true, columns, unknown: columns.includes("*"), reads: [...reads] };
}
