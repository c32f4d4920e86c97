/**
 * The compact description of a dbt project that the artifact writers take
 * (models, sources, seeds, tests, macros, docs, the target). The writers
 * (manifest.ts, run-results.ts, source-freshness.ts, catalog.ts) produce
 * dbt-core 1.10's artifacts (manifest v12, run_results v6, sources.json v3,
 * catalog v1) for dbt-duckdb from it, in the exact shape dbt writes them:
 * every key, in dbt's order, with dbt's defaults, relation names quoted as
 * DuckDB quotes them, generic tests named and hashed the way dbt names and
 * hashes them.
 *
 * Deterministic: the same description and options give the same bytes. Times
 * and invocation ids are inputs; nothing reads the clock or the environment.
 */
import type { JinjaValue } from "./jinja-lite.js";

export type Scalar = string | number | boolean | null;

export interface ColumnSpec {
  name: string;
  /** The column's type as DuckDB reports it (catalog.json, unit-test fixture casts). */
  type: string;
  /** Documented in a properties file. Only documented columns appear in the manifest. */
  description?: string;
  /** Declared `data_type` (what contracts compare). */
  dataType?: string;
  /** doc() blocks the description was rendered from, e.g. `doc.shop.order_status`. */
  docBlocks?: string[];
}

export type FreshnessPeriod = "minute" | "hour" | "day";

export interface FreshnessSpec {
  warnAfter: { count: number; period: FreshnessPeriod };
  errorAfter: { count: number; period: FreshnessPeriod };
  filter?: string | null;
}

export interface SourceTableSpec {
  name: string;
  identifier?: string;
  description?: string;
  columns: ColumnSpec[];
  /** The raw data as CSV (header row first); used for sources.json's max_loaded_at. */
  csv?: string;
}

export interface SourceSpec {
  sourceName: string;
  /** The schema the raw tables live in (`schema:` in the sources file). */
  schema: string;
  /** The sources file, relative to the project root (`models/staging/_sources.yml`). */
  ymlPath: string;
  description?: string;
  loader?: string;
  loadedAtField?: string;
  freshness?: FreshnessSpec;
  tables: SourceTableSpec[];
}

export interface SeedSpec {
  name: string;
  /** Relative to `seeds/`. */
  path: string;
  ymlPath?: string;
  description?: string;
  columns: ColumnSpec[];
  csv: string;
  /** The package the seed belongs to (a package's seeds); default: the project. */
  packageName?: string;
}

export interface HookSpec {
  sql: string;
  transaction?: boolean;
}

export type Materialization = "view" | "table" | "incremental" | "ephemeral";

/** Config as the project writes it (dbt_project.yml, the file's config(), properties). */
export interface ModelConfigSpec {
  materialized: Materialization;
  schema?: string;
  alias?: string;
  tags?: string[];
  meta?: Record<string, Scalar>;
  incrementalStrategy?: string;
  uniqueKey?: string | string[];
  onSchemaChange?: "ignore" | "fail" | "append_new_columns" | "sync_all_columns";
  preHook?: HookSpec[];
  postHook?: HookSpec[];
  contract?: { enforced: boolean };
  grants?: Record<string, string[]>;
  access?: "private" | "protected" | "public";
}

export interface ModelSpec {
  name: string;
  /** Relative to `models/`, e.g. `staging/stg_orders.sql`. */
  path: string;
  /** The properties file that documents it, relative to the project root. */
  ymlPath?: string;
  description?: string;
  /** The file's contents: SQL with Jinja. */
  rawCode: string;
  /** Every output column (the catalog lists them all; the manifest lists the documented ones). */
  columns: ColumnSpec[];
  config: ModelConfigSpec;
  /** The package the model belongs to (a package's models, e.g. dbt_packages/…); default: the project. */
  packageName?: string;
}

export type TestTarget = { model: string } | { source: [sourceName: string, table: string] };

export type DataTestSpec = {
  on: TestTarget;
  column: string;
  ymlPath: string;
  /** The package whose properties file defines the test; default: the project. */
  packageName?: string;
} & (
  | { kind: "not_null" | "unique" }
  | { kind: "accepted_values"; values: string[] }
  | { kind: "relationships"; to: string; field: string }
);

export interface UnitTestSpec {
  name: string;
  model: string;
  ymlPath: string;
  description?: string;
  /** `input` as written: `ref('stg_payments')` or `source('raw', 'orders')`. */
  given: { input: string; rows: Record<string, Scalar>[] }[];
  expect: { rows: Record<string, Scalar>[] };
}

export interface MacroSpec {
  name: string;
  packageName: string;
  /** Relative to the package root. */
  path: string;
  macroSql: string;
  /** Unique ids of the macros this one calls. */
  dependsOn: string[];
  supportedLanguages?: string[] | null;
  description?: string;
  arguments?: { name: string; type: string | null; description: string }[];
  /** The properties file that documents it (`shop://macros/_macros.yml`). */
  patchPath?: string | null;
  /** What a call renders to, for macros called from models (`{{ cents_to_dollars('x') }}`). */
  expand?: (args: JinjaValue[], kwargs: Record<string, JinjaValue>) => string;
}

export interface DocSpec {
  name: string;
  /** Relative to `models/`. */
  path: string;
  contents: string;
}

export interface ProjectSpec {
  name: string;
  sources: SourceSpec[];
  seeds: SeedSpec[];
  models: ModelSpec[];
  tests: DataTestSpec[];
  unitTests: UnitTestSpec[];
  /** The project's own macros. */
  macros: MacroSpec[];
  /** dbt's and the adapter's macros, in the order dbt lists them. */
  builtinMacros: readonly MacroSpec[];
  docs: DocSpec[];
  /** `vars:` of dbt_project.yml, for `{{ var('name') }}` (a call with a default falls back to it). */
  vars?: Record<string, JinjaValue>;
}

export interface TargetSpec {
  name: string;
  schema: string;
  database: string;
  threads: number;
}
