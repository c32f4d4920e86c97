/**
 * Writes dbt artifacts (manifest v12, run_results v6, sources.json v3,
 * catalog v1) for a small dbt project described compactly, in the exact shape
 * dbt-core 1.10 writes them for dbt-duckdb: every key, in dbt's order, with
 * dbt's defaults, relation names quoted as DuckDB quotes them, generic tests
 * named and hashed the way dbt names and hashes them.
 *
 * Models are "compiled" from their raw Jinja by a small renderer
 * (./jinja-lite.ts) that knows ref, source, config, this, target,
 * is_incremental and the project's own macros, so raw and compiled code cannot
 * drift apart. Ephemeral models are injected as `__dbt__cte__<name>` CTEs the
 * way dbt injects them.
 *
 * Deterministic: the same description and options give the same bytes. Times
 * and invocation ids are inputs; nothing reads the clock or the environment.
 */
import { createHash } from "node:crypto";
import { type JinjaContext, type JinjaValue, renderJinja } from "./jinja-lite.js";
import { epochSeconds, fromSeconds, isoOffset, isoZ, parseMicros } from "./time.js";

// =================================================================== the description

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

// =================================================================== JSON helpers

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/** Two-space indent and a trailing newline; key order is insertion order. */
export function toJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

export function sha256(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

function md5(text: string): string {
  return createHash("md5").update(text, "utf8").digest("hex");
}

/** Python's repr() of str / list / dict, as dbt's test hashing sees it. */
function pyRepr(value: unknown): string {
  if (typeof value === "string") {
    const quote = value.includes("'") && !value.includes('"') ? '"' : "'";
    let out = quote;
    for (const ch of value) {
      if (ch === "\\") out += "\\\\";
      else if (ch === quote) out += `\\${quote}`;
      else if (ch === "\n") out += "\\n";
      else if (ch === "\r") out += "\\r";
      else if (ch === "\t") out += "\\t";
      else out += ch;
    }
    return out + quote;
  }
  if (Array.isArray(value)) return `[${value.map(pyRepr).join(", ")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value).map(([k, v]) => `${pyRepr(k)}: ${pyRepr(v)}`);
    return `{${entries.join(", ")}}`;
  }
  throw new Error(`pyRepr: unsupported ${String(value)}`);
}

/** dbt's get_hashable_md: dicts with sorted keys, scalars as str(). */
function hashable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(hashable);
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) out[key] = hashable((value as Record<string, unknown>)[key]);
    return out;
  }
  if (value === null) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  return String(value);
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

function relation(database: string, schema: string, identifier: string): string {
  return `${quoteIdent(database)}.${quoteIdent(schema)}.${quoteIdent(identifier)}`;
}

function dirParts(path: string): string[] {
  const parts = path.split("/");
  parts.pop();
  return parts;
}

function stripPrefix(path: string, prefix: string): string {
  return path.startsWith(prefix) ? path.slice(prefix.length) : path;
}

// =================================================================== resolution

export interface ResolveOptions {
  target: TargetSpec;
  /** Render `is_incremental()` as true (a later incremental run). Default: a first / full build. */
  isIncremental?: boolean;
}

interface ResolvedModel {
  spec: ModelSpec;
  uniqueId: string;
  schema: string;
  database: string;
  alias: string;
  relationName: string | null;
  fqn: string[];
  /** Rendered SQL without injected CTEs (what an ephemeral contributes). */
  renderedCode: string;
  compiledCode: string;
  extraCtes: { id: string; sql: string }[];
  refs: string[];
  sources: [string, string][];
  macros: string[];
  dependsOnNodes: string[];
}

interface ResolvedSource {
  source: SourceSpec;
  table: SourceTableSpec;
  uniqueId: string;
  relationName: string;
  database: string;
}

interface ResolvedSeed {
  spec: SeedSpec;
  uniqueId: string;
  schema: string;
  database: string;
  relationName: string;
}

interface ResolvedTest {
  spec: DataTestSpec;
  uniqueId: string;
  name: string;
  alias: string;
  schema: string;
  refs: string[];
  sources: [string, string][];
  dependsOnNodes: string[];
  testMetadata: JsonObject;
  compiledCode: string;
  attachedNode: string | null;
  fileKeyName: string;
}

interface ResolvedUnitTest {
  spec: UnitTestSpec;
  uniqueId: string;
  modelId: string;
  schema: string;
}

export interface ResolvedProject {
  project: ProjectSpec;
  target: TargetSpec;
  models: Map<string, ResolvedModel>;
  seeds: Map<string, ResolvedSeed>;
  sources: Map<string, ResolvedSource>;
  tests: Map<string, ResolvedTest>;
  unitTests: Map<string, ResolvedUnitTest>;
  macros: Map<string, MacroSpec>;
}

function generateSchemaName(target: TargetSpec, custom: string | undefined): string {
  return custom === undefined ? target.schema : `${target.schema}_${custom.trim()}`;
}

function injectCtes(sql: string, ctes: { sql: string }[]): string {
  if (ctes.length === 0) return sql;
  const joined = ctes.map((cte) => cte.sql).join(", ");
  const withMatch = /^(\s*)with\b(\s*)/i.exec(sql);
  if (withMatch) {
    return `${withMatch[1]}with${withMatch[2]}${joined}, ${sql.slice(withMatch[0].length)}`;
  }
  const lead = /^\s*/.exec(sql)![0];
  if (/^(--|\/\*)/.test(sql.slice(lead.length))) {
    throw new Error("injectCtes: SQL starting with a comment is not supported by the generator");
  }
  return `${lead}with${joined} ${sql.slice(lead.length)}`;
}

const resolvedCache = new WeakMap<ProjectSpec, Map<string, ResolvedProject>>();

/**
 * Resolves names, relations and compiled SQL of every node for a target.
 * Memoized per description and target (descriptions are not mutated once
 * built): the manifest, run results and sources.json of one project resolve it
 * once, which matters at 50,000 nodes.
 */
export function resolveProject(project: ProjectSpec, options: ResolveOptions): ResolvedProject {
  const key = JSON.stringify([options.target, options.isIncremental ?? false]);
  let byTarget = resolvedCache.get(project);
  if (!byTarget) {
    byTarget = new Map();
    resolvedCache.set(project, byTarget);
  }
  let resolved = byTarget.get(key);
  if (!resolved) {
    resolved = resolveProjectOnce(project, options);
    byTarget.set(key, resolved);
  }
  return resolved;
}

function resolveProjectOnce(project: ProjectSpec, options: ResolveOptions): ResolvedProject {
  const { target } = options;
  const pkg = project.name;
  const macros = new Map<string, MacroSpec>();
  for (const macro of [...project.builtinMacros, ...project.macros]) {
    macros.set(`macro.${macro.packageName}.${macro.name}`, macro);
  }
  const projectMacrosByName = new Map(project.macros.map((m) => [m.name, m]));

  const sources = new Map<string, ResolvedSource>();
  const sourceIdByName = new Map<string, string>();
  for (const source of project.sources) {
    for (const table of source.tables) {
      const uniqueId = `source.${pkg}.${source.sourceName}.${table.name}`;
      sources.set(uniqueId, {
        source,
        table,
        uniqueId,
        database: target.database,
        relationName: relation(target.database, source.schema, table.identifier ?? table.name),
      });
      sourceIdByName.set(`${source.sourceName}.${table.name}`, uniqueId);
    }
  }

  const seeds = new Map<string, ResolvedSeed>();
  const nodeIdByName = new Map<string, string>();
  for (const seed of project.seeds) {
    const uniqueId = `seed.${seed.packageName ?? pkg}.${seed.name}`;
    const schema = generateSchemaName(target, undefined);
    seeds.set(uniqueId, {
      spec: seed,
      uniqueId,
      schema,
      database: target.database,
      relationName: relation(target.database, schema, seed.name),
    });
    nodeIdByName.set(seed.name, uniqueId);
  }
  const modelSpecs = new Map<string, ModelSpec>();
  for (const model of project.models) {
    const uniqueId = `model.${model.packageName ?? pkg}.${model.name}`;
    if (nodeIdByName.has(model.name)) throw new Error(`duplicate node name ${model.name}`);
    nodeIdByName.set(model.name, uniqueId);
    modelSpecs.set(uniqueId, model);
  }

  const relationOf = (uniqueId: string): string => {
    const seed = seeds.get(uniqueId);
    if (seed) return seed.relationName;
    const spec = modelSpecs.get(uniqueId)!;
    const schema = generateSchemaName(target, spec.config.schema);
    return relation(target.database, schema, spec.config.alias ?? spec.name);
  };

  const models = new Map<string, ResolvedModel>();
  const resolving = new Set<string>();
  const resolveModel = (uniqueId: string): ResolvedModel => {
    const done = models.get(uniqueId);
    if (done) return done;
    if (resolving.has(uniqueId)) throw new Error(`ref cycle through ${uniqueId}`);
    resolving.add(uniqueId);
    const spec = modelSpecs.get(uniqueId)!;
    const schema = generateSchemaName(target, spec.config.schema);
    const alias = spec.config.alias ?? spec.name;
    const ephemeral = spec.config.materialized === "ephemeral";
    const refs: string[] = [];
    const sourceRefs: [string, string][] = [];
    const macroIds: string[] = [];
    const ephemeralParents: ResolvedModel[] = [];
    const useMacro = (id: string): void => {
      if (!macroIds.includes(id)) macroIds.push(id);
    };
    const context: JinjaContext = {
      call(name, args, kwargs) {
        if (name === "ref") {
          const refName = String(args[0]);
          const parentId = nodeIdByName.get(refName);
          if (!parentId) throw new Error(`${spec.name}: ref('${refName}') names no node`);
          if (!refs.includes(refName)) refs.push(refName);
          const parentSpec = modelSpecs.get(parentId);
          if (parentSpec?.config.materialized === "ephemeral") {
            const parent = resolveModel(parentId);
            if (!ephemeralParents.includes(parent)) ephemeralParents.push(parent);
            return `__dbt__cte__${parentSpec.name}`;
          }
          return relationOf(parentId);
        }
        if (name === "source") {
          const key = `${String(args[0])}.${String(args[1])}`;
          const sourceId = sourceIdByName.get(key);
          if (!sourceId) throw new Error(`${spec.name}: source('${args[0]}', '${args[1]}') names no source`);
          if (!sourceRefs.some(([s, t]) => `${s}.${t}` === key)) {
            sourceRefs.push([String(args[0]), String(args[1])]);
          }
          return sources.get(sourceId)!.relationName;
        }
        if (name === "config") return "";
        if (name === "var") {
          const varName = String(args[0]);
          const value = project.vars?.[varName] ?? (args.length > 1 ? args[1] : undefined);
          if (value === undefined) throw new Error(`${spec.name}: var('${varName}') has no value`);
          return value;
        }
        if (name === "is_incremental") {
          useMacro("macro.dbt.is_incremental");
          return options.isIncremental ?? false;
        }
        const projectMacro = projectMacrosByName.get(name);
        if (projectMacro?.expand) {
          useMacro(`macro.${pkg}.${name}`);
          return projectMacro.expand(args, kwargs);
        }
        // `{{ dbt.type_string() }}`, `{{ my_package.star(...) }}`: a macro named by package.
        const qualified = name.includes(".") ? macros.get(`macro.${name}`) : undefined;
        if (qualified?.expand) {
          useMacro(`macro.${name}`);
          return qualified.expand(args, kwargs);
        }
        throw new Error(`${spec.name}: the generator cannot render a call to ${name}()`);
      },
      lookup(path) {
        const [head, attribute] = path;
        if (head === "this" && path.length === 1) return relation(target.database, schema, alias);
        if (head === "target" && path.length === 2) {
          if (attribute === "name") return target.name;
          if (attribute === "schema") return target.schema;
          if (attribute === "database") return target.database;
        }
        throw new Error(`${spec.name}: the generator cannot render ${path.join(".")}`);
      },
    };
    // dbt strips the file's contents before parsing and checksumming it.
    const renderedCode = renderJinja(spec.rawCode.trim(), context);
    const extraCtes: { id: string; sql: string }[] = [];
    for (const parent of ephemeralParents) {
      for (const cte of parent.extraCtes) {
        if (!extraCtes.some((c) => c.id === cte.id)) extraCtes.push(cte);
      }
      if (!extraCtes.some((c) => c.id === parent.uniqueId)) {
        extraCtes.push({
          id: parent.uniqueId,
          sql: ` __dbt__cte__${parent.spec.name} as (\n${parent.renderedCode}\n)`,
        });
      }
    }
    const dependsOnNodes = [
      ...refs.map((name) => nodeIdByName.get(name)!),
      ...sourceRefs.map(([s, t]) => sourceIdByName.get(`${s}.${t}`)!),
    ];
    const resolved: ResolvedModel = {
      spec,
      uniqueId,
      schema,
      database: target.database,
      alias,
      relationName: ephemeral ? null : relation(target.database, schema, alias),
      fqn: [spec.packageName ?? pkg, ...dirParts(spec.path), spec.name],
      renderedCode,
      compiledCode: ephemeral ? renderedCode : injectCtes(renderedCode, extraCtes),
      extraCtes: ephemeral ? [] : extraCtes,
      refs,
      sources: sourceRefs,
      macros: macroIds,
      dependsOnNodes: [...new Set(dependsOnNodes)],
    };
    resolving.delete(uniqueId);
    models.set(uniqueId, resolved);
    return resolved;
  };
  for (const uniqueId of modelSpecs.keys()) resolveModel(uniqueId);
  // Keep the project's order (resolution order follows refs).
  const orderedModels = new Map([...modelSpecs.keys()].map((id) => [id, models.get(id)!]));

  const tests = new Map<string, ResolvedTest>();
  for (const spec of project.tests) {
    const test = resolveTest(spec, spec.packageName ?? pkg, target, nodeIdByName, sourceIdByName, (id) =>
      id.startsWith("source.") ? sources.get(id)!.relationName : relationOf(id),
    );
    if (tests.has(test.uniqueId)) throw new Error(`duplicate test ${test.uniqueId}`);
    tests.set(test.uniqueId, test);
  }

  const unitTests = new Map<string, ResolvedUnitTest>();
  for (const spec of project.unitTests) {
    const modelId = nodeIdByName.get(spec.model);
    if (!modelId || !modelSpecs.has(modelId))
      throw new Error(`unit test ${spec.name}: no model ${spec.model}`);
    const uniqueId = `unit_test.${pkg}.${spec.model}.${spec.name}`;
    unitTests.set(uniqueId, { spec, uniqueId, modelId, schema: orderedModels.get(modelId)!.schema });
  }

  return { project, target, models: orderedModels, seeds, sources, tests, unitTests, macros };
}

function synthesizeTestName(
  testType: string,
  targetName: string,
  args: Record<string, JsonValue>,
): { full: string; short: string } {
  const flat: string[] = [];
  for (const name of Object.keys(args).sort()) {
    if (name === "model") continue;
    const value = args[name]!;
    const parts = Array.isArray(value)
      ? value
      : value !== null && typeof value === "object"
        ? Object.values(value)
        : [value];
    flat.push(...parts.map((part) => String(part)));
  }
  const unique = flat.map((arg) => arg.replace(/[^0-9a-zA-Z_]+/g, "_")).join("__");
  const identifier = `${testType}_${targetName}`;
  const full = `${identifier}_${unique}`;
  const short = full.length >= 64 ? `${identifier.slice(0, 30)}_${md5(full)}` : full;
  return { full, short };
}

function genericTestSql(spec: DataTestSpec, model: string, toRelation: string | null): string {
  const column = spec.column;
  switch (spec.kind) {
    case "not_null":
      return `\n    \n    \n\n\n\nselect ${column}\nfrom ${model}\nwhere ${column} is null\n\n\n`;
    case "unique":
      return `\n    \n    \n\nselect\n    ${column} as unique_field,\n    count(*) as n_records\n\nfrom ${model}\nwhere ${column} is not null\ngroup by ${column}\nhaving count(*) > 1\n\n\n`;
    case "accepted_values": {
      const values = spec.values.map((value) => `'${value}'`).join(",");
      return `\n    \n    \n\nwith all_values as (\n\n    select\n        ${column} as value_field,\n        count(*) as n_records\n\n    from ${model}\n    group by ${column}\n\n)\n\nselect *\nfrom all_values\nwhere value_field not in (\n    ${values}\n)\n\n\n`;
    }
    case "relationships":
      return `\n    \n    \n\nwith child as (\n    select ${column} as from_field\n    from ${model}\n    where ${column} is not null\n),\n\nparent as (\n    select ${spec.field} as to_field\n    from ${toRelation}\n)\n\nselect\n    from_field\n\nfrom child\nleft join parent\n    on child.from_field = parent.to_field\n\nwhere parent.to_field is null\n\n\n`;
  }
}

function resolveTest(
  spec: DataTestSpec,
  pkg: string,
  target: TargetSpec,
  nodeIdByName: Map<string, string>,
  sourceIdByName: Map<string, string>,
  relationOf: (uniqueId: string) => string,
): ResolvedTest {
  const onSource = "source" in spec.on;
  const [sourceName, tableName] = "source" in spec.on ? spec.on.source : ["", ""];
  const modelName = "model" in spec.on ? spec.on.model : "";
  const testedId = onSource ? sourceIdByName.get(`${sourceName}.${tableName}`) : nodeIdByName.get(modelName);
  if (!testedId) throw new Error(`test ${spec.kind} on ${JSON.stringify(spec.on)}: no such node`);
  const modelKwarg = onSource
    ? `{{ get_where_subquery(source('${sourceName}', '${tableName}')) }}`
    : `{{ get_where_subquery(ref('${modelName}')) }}`;
  const kwargs: JsonObject = {};
  if (spec.kind === "accepted_values") kwargs.values = spec.values;
  if (spec.kind === "relationships") {
    kwargs.to = `ref('${spec.to}')`;
    kwargs.field = spec.field;
  }
  kwargs.column_name = spec.column;
  kwargs.model = modelKwarg;
  const testType = onSource ? `source_${spec.kind}` : spec.kind;
  const targetName = onSource ? `${sourceName}_${tableName}` : modelName;
  const { full, short } = synthesizeTestName(testType, targetName, kwargs);
  const testMetadata: JsonObject = { name: spec.kind, kwargs, namespace: null };
  const hash = md5(full + pyRepr(hashable(testMetadata))).slice(-10);
  const refs: string[] = [];
  if (spec.kind === "relationships") refs.push(spec.to);
  if (!onSource) refs.push(modelName);
  const toId = spec.kind === "relationships" ? nodeIdByName.get(spec.to) : undefined;
  if (spec.kind === "relationships" && !toId) throw new Error(`relationships test: no node ${spec.to}`);
  return {
    spec,
    uniqueId: `test.${pkg}.${full}.${hash}`,
    name: full,
    alias: short,
    schema: generateSchemaName(target, "dbt_test__audit"),
    refs,
    sources: onSource ? [[sourceName, tableName]] : [],
    dependsOnNodes: [...refs.map((name) => nodeIdByName.get(name)!), ...(onSource ? [testedId] : [])],
    testMetadata,
    compiledCode: genericTestSql(spec, relationOf(testedId), toId ? relationOf(toId) : null),
    attachedNode: onSource ? null : testedId,
    fileKeyName: onSource ? `sources.${sourceName}` : `models.${modelName}`,
  };
}

// =================================================================== manifest

export type ManifestCommand = "parse" | "compile" | "build";

export interface InvocationSpec {
  id: string;
  /** When the command started (`2026-11-30T08:05:00.000000Z`). */
  startedAt: string;
  /** When the artifact was written. */
  generatedAt: string;
}

export interface ManifestOptions extends ResolveOptions {
  dbtVersion: string;
  invocation: InvocationSpec;
  /**
   * Which command wrote the manifest. `compile`: every model and test has
   * compiled code. `build`: the executed nodes (`executed`, default all) have
   * compiled code and a build path; the others have none, as dbt leaves them.
   * `parse`: nothing is compiled.
   */
  command: ManifestCommand;
  executed?: ReadonlySet<string>;
  /** Where the project was checked out (seeds' root_path). */
  projectRoot: string;
  /** When parsing finished, the base of every `created_at` (default: startedAt + 0.4 s). */
  parsedAt?: string;
}

const DOCS = { show: true, node_color: null };

function columnEntries(columns: ColumnSpec[]): JsonObject {
  const out: JsonObject = {};
  for (const column of columns) {
    if (column.description === undefined && column.dataType === undefined) continue;
    out[column.name] = {
      name: column.name,
      description: column.description ?? "",
      meta: {},
      data_type: column.dataType ?? null,
      constraints: [],
      quote: null,
      config: { meta: {}, tags: [] },
      tags: [],
      granularity: null,
      doc_blocks: column.docBlocks ?? [],
    };
  }
  return out;
}

function hookEntries(hooks: HookSpec[] | undefined): JsonValue[] {
  return (hooks ?? []).map((hook) => ({ sql: hook.sql, transaction: hook.transaction ?? true, index: null }));
}

function modelConfig(config: ModelConfigSpec): JsonObject {
  return {
    enabled: true,
    alias: config.alias ?? null,
    schema: config.schema ?? null,
    database: null,
    tags: config.tags ?? [],
    meta: config.meta ?? {},
    group: null,
    materialized: config.materialized,
    incremental_strategy: config.incrementalStrategy ?? null,
    batch_size: null,
    lookback: 1,
    begin: null,
    persist_docs: {},
    "post-hook": hookEntries(config.postHook),
    "pre-hook": hookEntries(config.preHook),
    quoting: {},
    column_types: {},
    full_refresh: null,
    unique_key: config.uniqueKey ?? null,
    on_schema_change: config.onSchemaChange ?? "ignore",
    on_configuration_change: "apply",
    grants: config.grants ?? {},
    packages: [],
    docs: { ...DOCS },
    contract: { enforced: config.contract?.enforced ?? false, alias_types: true },
    event_time: null,
    concurrent_batches: null,
    access: config.access ?? "protected",
    freshness: null,
  };
}

function unrenderedModelConfig(config: ModelConfigSpec): JsonObject {
  const out: JsonObject = { materialized: config.materialized };
  if (config.schema !== undefined) out.schema = config.schema;
  if (config.alias !== undefined) out.alias = config.alias;
  if (config.tags !== undefined) out.tags = config.tags;
  if (config.meta !== undefined) out.meta = config.meta;
  if (config.incrementalStrategy !== undefined) out.incremental_strategy = config.incrementalStrategy;
  if (config.uniqueKey !== undefined) out.unique_key = config.uniqueKey;
  if (config.onSchemaChange !== undefined) out.on_schema_change = config.onSchemaChange;
  for (const [key, hooks] of [
    ["pre-hook", config.preHook],
    ["post-hook", config.postHook],
  ] as const) {
    if (hooks === undefined) continue;
    out[key] = hooks.length === 1 ? hooks[0]!.sql : hooks.map((hook) => hook.sql);
  }
  if (config.contract !== undefined) out.contract = { enforced: config.contract.enforced };
  if (config.grants !== undefined) out.grants = config.grants;
  if (config.access !== undefined) out.access = config.access;
  return out;
}

/** dbt's ModelNode.build_contract_checksum, for columns without constraints. */
function contractChecksum(spec: ModelSpec): string | null {
  if (!spec.config.contract?.enforced) return null;
  const documented = spec.columns.filter((c) => c.description !== undefined || c.dataType !== undefined);
  let state = "";
  for (const column of [...documented].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    state += `|${column.name}${column.dataType ?? "None"}[]`;
  }
  if (["table", "incremental"].includes(spec.config.materialized)) state += `${spec.config.materialized}[]`;
  return sha256(state);
}

const TEST_RUNTIME_MACROS = [
  "macro.dbt.get_limit_subquery_sql",
  "macro.dbt.should_store_failures",
  "macro.dbt.statement",
];

/** Which nodes a build ran, and which it compiled (ephemeral models its nodes inlined). */
function executionSets(
  resolved: ResolvedProject,
  options: Pick<ManifestOptions, "command" | "executed">,
): { executed: Set<string>; compiled: Set<string> } {
  const executed = new Set<string>();
  const compiled = new Set<string>();
  if (options.command === "parse") return { executed, compiled };
  const all = [...resolved.models.keys(), ...resolved.seeds.keys(), ...resolved.tests.keys()];
  if (options.command === "compile") {
    for (const id of all) if (!id.startsWith("seed.")) compiled.add(id);
    return { executed, compiled };
  }
  for (const id of all) {
    const model = resolved.models.get(id);
    if (model?.spec.config.materialized === "ephemeral") continue;
    if (!options.executed || options.executed.has(id)) executed.add(id);
  }
  for (const id of resolved.unitTests.keys()) {
    if (!options.executed || options.executed.has(id)) executed.add(id);
  }
  for (const id of executed) {
    if (id.startsWith("seed.") || id.startsWith("unit_test.")) continue;
    compiled.add(id);
    for (const cte of resolved.models.get(id)?.extraCtes ?? []) compiled.add(cte.id);
  }
  return { executed, compiled };
}

export function buildManifest(project: ProjectSpec, options: ManifestOptions): JsonObject {
  const resolved = resolveProject(project, options);
  const { target } = options;
  const pkg = project.name;
  const { executed, compiled } = executionSets(resolved, options);
  const started = parseMicros(options.invocation.startedAt);
  let clock = options.parsedAt ? parseMicros(options.parsedAt) : started + fromSeconds(0.4);
  const createdAt = (): number => {
    clock += 1733; // parse order: each node a little after the previous one
    return epochSeconds(clock);
  };
  const testsByNode = new Map<string | null, ResolvedTest[]>();
  for (const test of resolved.tests.values()) {
    const list = testsByNode.get(test.attachedNode);
    if (list) list.push(test);
    else testsByNode.set(test.attachedNode, [test]);
  }
  const testsOf = (nodeId: string): ResolvedTest[] => testsByNode.get(nodeId) ?? [];
  const patchPath = (ymlPath: string | undefined, packageName = pkg): string | null =>
    ymlPath ? `${packageName}://${ymlPath}` : null;

  // Macros first in created_at order: dbt parses macros before nodes.
  const macros: JsonObject = {};
  for (const [uniqueId, macro] of resolved.macros) {
    macros[uniqueId] = {
      name: macro.name,
      resource_type: "macro",
      package_name: macro.packageName,
      path: macro.path,
      original_file_path: macro.path,
      unique_id: uniqueId,
      macro_sql: macro.macroSql,
      depends_on: { macros: macro.dependsOn },
      description: macro.description ?? "",
      meta: {},
      docs: { ...DOCS },
      patch_path: macro.patchPath ?? null,
      arguments: macro.arguments ?? [],
      created_at: createdAt(),
      supported_languages: macro.supportedLanguages ?? null,
    };
  }

  const nodes: JsonObject = {};
  for (const model of resolved.models.values()) {
    const { spec } = model;
    const isCompiled = compiled.has(model.uniqueId);
    const isExecuted = executed.has(model.uniqueId);
    const config = modelConfig(spec.config);
    const modelTests = testsOf(model.uniqueId);
    const testedWith = (column: string, kind: string): boolean =>
      modelTests.some((t) => t.spec.column === column && t.spec.kind === kind);
    const primaryKey = spec.columns
      .map((c) => c.name)
      .filter((name) => testedWith(name, "unique") && testedWith(name, "not_null"));
    const node: JsonObject = {
      database: model.database,
      schema: model.schema,
      name: spec.name,
      resource_type: "model",
      package_name: spec.packageName ?? pkg,
      path: spec.path,
      original_file_path: `models/${spec.path}`,
      unique_id: model.uniqueId,
      fqn: model.fqn,
      alias: model.alias,
      checksum: { name: "sha256", checksum: sha256(spec.rawCode.trim()) },
      config,
      tags: config.tags!,
      description: spec.description ?? "",
      columns: columnEntries(spec.columns),
      meta: config.meta!,
      group: null,
      docs: { ...DOCS },
      patch_path: patchPath(spec.ymlPath, spec.packageName),
      build_path: isExecuted ? `target/run/${spec.packageName ?? pkg}/models/${spec.path}` : null,
      unrendered_config: unrenderedModelConfig(spec.config),
      created_at: createdAt(),
      relation_name: model.relationName,
      raw_code: spec.rawCode.trim(),
      doc_blocks: [],
      language: "sql",
      refs: model.refs.map((name) => ({ name, package: null, version: null })),
      sources: model.sources,
      metrics: [],
      depends_on: { macros: model.macros, nodes: model.dependsOnNodes },
      compiled_path: isCompiled ? `target/compiled/${spec.packageName ?? pkg}/models/${spec.path}` : null,
    };
    if (isCompiled) {
      node.compiled = true;
      node.compiled_code = model.compiledCode;
      node.extra_ctes_injected = true;
      node.extra_ctes = model.extraCtes;
    }
    Object.assign(node, {
      contract: {
        enforced: spec.config.contract?.enforced ?? false,
        alias_types: true,
        checksum: contractChecksum(spec),
      },
      access: spec.config.access ?? "protected",
      constraints: [],
      version: null,
      latest_version: null,
      deprecation_date: null,
      primary_key: primaryKey,
      time_spine: null,
    });
    nodes[model.uniqueId] = node;
  }

  for (const seed of resolved.seeds.values()) {
    const { spec } = seed;
    const base = modelConfig({ materialized: "view" });
    const config: JsonObject = {};
    for (const [key, value] of Object.entries(base)) {
      if (key === "access" || key === "freshness") continue;
      config[key] = key === "materialized" ? "seed" : value;
    }
    config.delimiter = ",";
    config.quote_columns = null;
    nodes[seed.uniqueId] = {
      database: seed.database,
      schema: seed.schema,
      name: spec.name,
      resource_type: "seed",
      package_name: spec.packageName ?? pkg,
      path: spec.path,
      original_file_path: `seeds/${spec.path}`,
      unique_id: seed.uniqueId,
      fqn: [spec.packageName ?? pkg, ...dirParts(spec.path), spec.name],
      alias: spec.name,
      checksum: { name: "sha256", checksum: sha256(spec.csv.trim()) },
      config,
      tags: [],
      description: spec.description ?? "",
      columns: columnEntries(spec.columns),
      meta: {},
      group: null,
      docs: { ...DOCS },
      patch_path: patchPath(spec.ymlPath, spec.packageName),
      build_path: executed.has(seed.uniqueId)
        ? `target/run/${spec.packageName ?? pkg}/seeds/${spec.path}`
        : null,
      unrendered_config: {},
      created_at: createdAt(),
      relation_name: seed.relationName,
      raw_code: "",
      doc_blocks: [],
      root_path: options.projectRoot,
      depends_on: { macros: [] },
    };
  }

  for (const test of resolved.tests.values()) {
    const isCompiled = compiled.has(test.uniqueId);
    const isExecuted = executed.has(test.uniqueId);
    const hasAlias = test.alias !== test.name;
    const fileDir = test.spec.ymlPath;
    const testPkg = test.spec.packageName ?? pkg;
    const node: JsonObject = {
      database: target.database,
      schema: test.schema,
      name: test.name,
      resource_type: "test",
      package_name: testPkg,
      path: `${test.alias}.sql`,
      original_file_path: test.spec.ymlPath,
      unique_id: test.uniqueId,
      fqn: [testPkg, ...dirParts(stripPrefix(test.spec.ymlPath, "models/")), test.name],
      alias: test.alias,
      checksum: { name: "none", checksum: "" },
      config: {
        enabled: true,
        alias: hasAlias ? test.alias : null,
        schema: "dbt_test__audit",
        database: null,
        tags: [],
        meta: {},
        group: null,
        materialized: "test",
        severity: "ERROR",
        store_failures: null,
        store_failures_as: null,
        where: null,
        limit: null,
        fail_calc: "count(*)",
        warn_if: "!= 0",
        error_if: "!= 0",
      },
      tags: [],
      description: "",
      columns: {},
      meta: {},
      group: null,
      docs: { ...DOCS },
      patch_path: null,
      build_path: isExecuted ? `target/run/${testPkg}/${fileDir}/${test.alias}.sql` : null,
      unrendered_config: hasAlias ? { alias: test.alias } : {},
      created_at: createdAt(),
      relation_name: null,
      raw_code:
        `{{ test_${test.spec.kind}(**_dbt_generic_test_kwargs) }}` +
        (hasAlias ? `{{ config(alias="${test.alias}") }}` : ""),
      doc_blocks: [],
      language: "sql",
      refs: test.refs.map((name) => ({ name, package: null, version: null })),
      sources: test.sources,
      metrics: [],
      depends_on: {
        macros: [
          `macro.dbt.test_${test.spec.kind}`,
          "macro.dbt.get_where_subquery",
          ...(isExecuted ? TEST_RUNTIME_MACROS : []),
        ],
        nodes: test.dependsOnNodes,
      },
      compiled_path: isCompiled ? `target/compiled/${testPkg}/${fileDir}/${test.alias}.sql` : null,
    };
    if (isCompiled) {
      node.compiled = true;
      node.compiled_code = test.compiledCode;
      node.extra_ctes_injected = true;
      node.extra_ctes = [];
    }
    Object.assign(node, {
      contract: { enforced: false, alias_types: true, checksum: null },
      column_name: test.spec.column,
      file_key_name: test.fileKeyName,
      attached_node: test.attachedNode,
      test_metadata: test.testMetadata,
    });
    nodes[test.uniqueId] = node;
  }

  const sources: JsonObject = {};
  for (const resolvedSource of resolved.sources.values()) {
    const { source, table } = resolvedSource;
    const freshness = source.freshness
      ? {
          warn_after: { ...source.freshness.warnAfter },
          error_after: { ...source.freshness.errorAfter },
          filter: source.freshness.filter ?? null,
        }
      : {
          warn_after: { count: null, period: null },
          error_after: { count: null, period: null },
          filter: null,
        };
    const unrendered: JsonObject = {};
    if (source.freshness) unrendered.freshness = freshness;
    if (source.loadedAtField) unrendered.loaded_at_field = source.loadedAtField;
    unrendered.loaded_at_query = null;
    unrendered.meta = {};
    unrendered.tags = [];
    sources[resolvedSource.uniqueId] = {
      database: resolvedSource.database,
      schema: source.schema,
      name: table.name,
      resource_type: "source",
      package_name: pkg,
      path: source.ymlPath,
      original_file_path: source.ymlPath,
      unique_id: resolvedSource.uniqueId,
      fqn: [pkg, ...dirParts(stripPrefix(source.ymlPath, "models/")), source.sourceName, table.name],
      source_name: source.sourceName,
      source_description: source.description ?? "",
      loader: source.loader ?? "",
      identifier: table.identifier ?? table.name,
      quoting: { database: null, schema: null, identifier: null, column: null },
      loaded_at_field: source.loadedAtField ?? null,
      loaded_at_query: null,
      freshness,
      external: null,
      description: table.description ?? "",
      columns: columnEntries(table.columns),
      meta: {},
      source_meta: {},
      tags: [],
      config: {
        enabled: true,
        event_time: null,
        freshness,
        loaded_at_field: source.loadedAtField ?? null,
        loaded_at_query: null,
        meta: {},
        tags: [],
      },
      patch_path: null,
      unrendered_config: unrendered,
      relation_name: resolvedSource.relationName,
      created_at: createdAt(),
      unrendered_database: null,
      unrendered_schema: source.schema,
      doc_blocks: [],
    };
  }

  const docs: JsonObject = {};
  docs["doc.dbt.__overview__"] = {
    name: "__overview__",
    resource_type: "doc",
    package_name: "dbt",
    path: "overview.md",
    original_file_path: "docs/overview.md",
    unique_id: "doc.dbt.__overview__",
    block_contents:
      "### Welcome!\n\nThis is the auto-generated documentation of your dbt project: its models, sources, seeds and tests, and the lineage between them.\n\nUse the Project and Database tabs to browse, and the graph button to see the lineage of a node.",
  };
  for (const doc of project.docs) {
    docs[`doc.${pkg}.${doc.name}`] = {
      name: doc.name,
      resource_type: "doc",
      package_name: pkg,
      path: doc.path,
      original_file_path: `models/${doc.path}`,
      unique_id: `doc.${pkg}.${doc.name}`,
      block_contents: doc.contents,
    };
  }

  const unitTests: JsonObject = {};
  for (const unit of resolved.unitTests.values()) {
    const { spec } = unit;
    const relativeYml = stripPrefix(spec.ymlPath, "models/");
    const given = spec.given.map((input) => ({
      input: input.input,
      rows: input.rows,
      format: "dict",
      fixture: null,
    }));
    const expect = { rows: spec.expect.rows, format: "dict", fixture: null };
    unitTests[unit.uniqueId] = {
      model: spec.model,
      given,
      expect,
      name: spec.name,
      resource_type: "unit_test",
      package_name: pkg,
      path: relativeYml,
      original_file_path: spec.ymlPath,
      unique_id: unit.uniqueId,
      fqn: [pkg, ...dirParts(relativeYml), spec.model, spec.name],
      description: spec.description ?? "",
      overrides: null,
      depends_on: { macros: [], nodes: [unit.modelId] },
      config: { tags: [], meta: {}, enabled: true },
      // dbt hashes model, versions, given, expect and overrides; this hashes the same fields as JSON.
      checksum: sha256(JSON.stringify({ model: spec.model, versions: null, given, expect, overrides: null })),
      schema: unit.schema,
      created_at: createdAt(),
      versions: null,
      version: null,
    };
  }

  // parent_map / child_map over nodes, sources and unit tests, values sorted.
  const parentMap: Record<string, string[]> = {};
  const childMap: Record<string, string[]> = {};
  const edgeMembers: [string, string[]][] = [
    ...Object.entries(nodes).map(
      ([id, node]) =>
        [id, ((node as JsonObject).depends_on as { nodes?: string[] }).nodes ?? []] as [string, string[]],
    ),
    ...Object.keys(sources).map((id) => [id, []] as [string, string[]]),
    ...[...resolved.unitTests.values()].map((unit) => [unit.uniqueId, [unit.modelId]] as [string, string[]]),
  ];
  for (const [id] of edgeMembers) childMap[id] = [];
  for (const [id, parents] of edgeMembers) {
    parentMap[id] = [...parents];
    for (const parent of parents) childMap[parent]?.push(id);
  }
  for (const map of [parentMap, childMap]) for (const list of Object.values(map)) list.sort();

  const generatedAt = parseMicros(options.invocation.generatedAt);
  return {
    metadata: {
      dbt_schema_version: "https://schemas.getdbt.com/dbt/manifest/v12.json",
      dbt_version: options.dbtVersion,
      generated_at: isoZ(generatedAt),
      invocation_id: options.invocation.id,
      invocation_started_at: isoOffset(started),
      env: {},
      project_name: pkg,
      project_id: md5(pkg),
      user_id: null,
      send_anonymous_usage_stats: false,
      adapter_type: "duckdb",
      quoting: { database: true, schema: true, identifier: true, column: null },
    },
    nodes,
    sources,
    macros,
    docs,
    exposures: {},
    metrics: {},
    groups: {},
    selectors: {},
    disabled: {},
    parent_map: parentMap,
    child_map: childMap,
    group_map: {},
    saved_queries: {},
    semantic_models: {},
    unit_tests: unitTests,
  };
}

// =================================================================== selection

/**
 * The nodes `dbt build --select <selector>` runs: `name`, `name+`, `+name`,
 * `+name+` or `*`, with dbt's eager indirect selection of tests (a data test
 * runs when any of its parents is selected) and the unit tests of selected
 * models. Ephemeral models are never run.
 */
export function selectBuild(project: ProjectSpec, target: TargetSpec, selector: string): Set<string> {
  const resolved = resolveProject(project, { target });
  const parents = new Map<string, string[]>();
  for (const model of resolved.models.values()) parents.set(model.uniqueId, model.dependsOnNodes);
  for (const seed of resolved.seeds.keys()) parents.set(seed, []);
  const children = new Map<string, string[]>();
  for (const [id, ps] of parents) {
    for (const p of ps) children.set(p, [...(children.get(p) ?? []), id]);
  }
  const nodeIds = [...parents.keys()];
  const walk = (start: string, edges: Map<string, string[]>, into: Set<string>): void => {
    for (const next of edges.get(start) ?? []) {
      if (!parents.has(next) || into.has(next)) continue;
      into.add(next);
      walk(next, edges, into);
    }
  };
  const picked = new Set<string>();
  if (selector === "*") {
    for (const id of nodeIds) picked.add(id);
  } else {
    const match = /^(\+?)([A-Za-z0-9_]+)(\+?)$/.exec(selector);
    if (!match) throw new Error(`selectBuild: unsupported selector ${selector}`);
    const [, up, name, down] = match;
    const root = nodeIds.find((id) => id.split(".").pop() === name);
    if (!root) throw new Error(`selectBuild: no node named ${name}`);
    picked.add(root);
    if (up) walk(root, parents, picked);
    if (down) walk(root, children, picked);
  }
  const selected = new Set<string>();
  for (const id of picked) {
    if (resolved.models.get(id)?.spec.config.materialized !== "ephemeral") selected.add(id);
  }
  // Eager indirect selection looks through ephemeral models too (they are selected, just not run).
  for (const test of resolved.tests.values()) {
    if (test.dependsOnNodes.some((id) => picked.has(id))) selected.add(test.uniqueId);
  }
  for (const unit of resolved.unitTests.values()) {
    if (picked.has(unit.modelId)) selected.add(unit.uniqueId);
  }
  return selected;
}

// =================================================================== run_results

export interface RunResultsOptions extends ResolveOptions {
  dbtVersion: string;
  invocation: Omit<InvocationSpec, "generatedAt">;
  /** `dbt build --target prod --select stg_orders+` */
  invocationCommand: string;
  /** What `--select` said (`args.select`), empty for everything. */
  select: string[];
  /** Unique ids the build ran (from selectBuild); default: everything. */
  executed?: ReadonlySet<string>;
  projectRoot: string;
  profilesDir: string;
  /** Seconds from the start of the invocation to the first node (parsing, connecting). */
  setupSeconds?: number;
}

function durations(uniqueId: string): { compile: number; gap: number; execute: number; tail: number } {
  const digest = createHash("sha256").update(uniqueId).digest();
  const between = (offset: number, low: number, high: number): number =>
    Math.round(low + (digest.readUInt32BE(offset) / 0xffffffff) * (high - low));
  const kind = uniqueId.split(".")[0];
  const execute =
    kind === "seed"
      ? between(8, 180_000, 420_000)
      : kind === "test" || kind === "unit_test"
        ? between(8, 25_000, 140_000)
        : between(8, 60_000, 480_000);
  return {
    compile: between(0, 2_000, 30_000),
    gap: between(4, 400, 9_000),
    execute,
    tail: between(12, 1_500, 12_000),
  };
}

function fixtureLiteral(value: Scalar): string {
  if (value === null) return "null";
  if (typeof value === "string") return `'${value.replaceAll("'", "''")}'`;
  if (typeof value === "boolean") return value ? "True" : "False";
  return String(value);
}

function fixtureType(type: string): string {
  return type === "VARCHAR" ? "character varying(256)" : type;
}

/** The SQL dbt runs for a unit test: the model's SQL with each input replaced by a fixture CTE. */
function unitTestSql(resolved: ResolvedProject, unit: ResolvedUnitTest): string {
  const model = resolved.models.get(unit.modelId)!;
  let sql = model.compiledCode;
  const ctes: { sql: string }[] = [];
  for (const input of unit.spec.given) {
    const sourceMatch = /^source\('([^']+)',\s*'([^']+)'\)$/.exec(input.input);
    const refMatch = /^ref\('([^']+)'\)$/.exec(input.input);
    let relationName: string;
    let name: string;
    let columns: ColumnSpec[];
    if (sourceMatch) {
      const source = resolved.sources.get(
        `source.${resolved.project.name}.${sourceMatch[1]}.${sourceMatch[2]}`,
      );
      if (!source) throw new Error(`unit test ${unit.spec.name}: unknown input ${input.input}`);
      relationName = source.relationName;
      name = source.table.name;
      columns = source.table.columns;
    } else if (refMatch) {
      const parent =
        resolved.models.get(`model.${resolved.project.name}.${refMatch[1]}`) ??
        resolved.seeds.get(`seed.${resolved.project.name}.${refMatch[1]}`);
      if (!parent?.relationName) throw new Error(`unit test ${unit.spec.name}: unknown input ${input.input}`);
      relationName = parent.relationName;
      name = refMatch[1]!;
      columns = parent.spec.columns;
    } else {
      throw new Error(`unit test ${unit.spec.name}: unsupported input ${input.input}`);
    }
    const cteName = `__dbt__cte__${name}`;
    sql = sql.replaceAll(relationName, cteName);
    const rows = input.rows.map(
      (row) =>
        `select ${columns
          .map((column) =>
            column.name in row
              ? `\n    \n    cast(${fixtureLiteral(row[column.name]!)} as ${fixtureType(column.type)})\n as "${column.name}"`
              : `cast(null as ${fixtureType(column.type)}) as "${column.name}"`,
          )
          .join(", ")}`,
    );
    ctes.push({ sql: ` ${cteName} as (\n\n-- Fixture for ${name}\n${rows.join("\nunion all\n")}\n)` });
  }
  return `\n\n${injectCtes(sql, ctes)}`;
}

function runArgs(options: RunResultsOptions): JsonObject {
  return {
    cache_selected_only: false,
    defer: false,
    empty: false,
    exclude: [],
    exclude_resource_types: [],
    export_saved_queries: false,
    favor_state: false,
    include_saved_query: false,
    indirect_selection: "eager",
    introspect: true,
    invocation_command: options.invocationCommand,
    log_file_max_bytes: 10485760,
    log_format: "default",
    log_format_file: "debug",
    log_level: "info",
    log_level_file: "debug",
    log_path: `${options.projectRoot}/logs`,
    macro_debugging: false,
    partial_parse: true,
    partial_parse_file_diff: true,
    populate_cache: true,
    print: true,
    printer_width: 80,
    profiles_dir: options.profilesDir,
    project_dir: options.projectRoot,
    quiet: false,
    require_all_warnings_handled_by_warn_error: false,
    require_batched_execution_for_custom_microbatch_strategy: false,
    require_explicit_package_overrides_for_builtin_materializations: true,
    require_nested_cumulative_type_params: false,
    require_resource_names_without_spaces: true,
    require_yaml_configuration_for_mf_time_spines: false,
    resource_types: [],
    select: options.select,
    send_anonymous_usage_stats: false,
    show: false,
    show_all_deprecations: false,
    skip_nodes_if_on_run_start_fails: false,
    source_freshness_run_project_hooks: true,
    state_modified_compare_more_unrendered_values: false,
    state_modified_compare_vars: false,
    static_parser: true,
    strict_mode: false,
    target: options.target.name,
    upload_to_artifacts_ingest_api: false,
    use_colors: true,
    use_colors_file: true,
    use_fast_test_edges: false,
    validate_macro_args: false,
    vars: {},
    version_check: true,
    warn_error_options: { error: [], warn: [], silence: [] },
    which: "build",
    write_json: true,
  };
}

function csvRowCount(csv: string): number {
  return csv.split("\n").filter((line) => line.trim() !== "").length - 1;
}

/**
 * run_results.json of a successful `dbt build`: the executed nodes scheduled
 * on `target.threads` threads in dependency order (a node waits for its
 * parents, its own unit tests and the data tests of its parents, as dbt build
 * does), results in the order they finished.
 */
export function buildRunResults(project: ProjectSpec, options: RunResultsOptions): JsonObject {
  const resolved = resolveProject(project, options);
  const executed = executionSets(resolved, { command: "build", executed: options.executed }).executed;

  // Parents of a node as the build sees them: through ephemeral models to what they read.
  const runParents = (ids: string[]): string[] => {
    const out: string[] = [];
    for (const id of ids) {
      const model = resolved.models.get(id);
      if (model?.spec.config.materialized === "ephemeral") out.push(...runParents(model.dependsOnNodes));
      else out.push(id);
    }
    return out;
  };
  const waitsFor = new Map<string, Set<string>>();
  for (const id of executed) waitsFor.set(id, new Set());
  const addWait = (id: string, on: string): void => {
    if (executed.has(on) && on !== id) waitsFor.get(id)!.add(on);
  };
  // Tests by the nodes they read, and their position, so each model finds the tests of its
  // parents without scanning every test (quadratic at 50,000 nodes).
  const testsReading = new Map<string, ResolvedTest[]>();
  const testPosition = new Map<string, number>();
  for (const test of resolved.tests.values()) {
    testPosition.set(test.uniqueId, testPosition.size);
    for (const id of new Set(test.dependsOnNodes)) {
      const list = testsReading.get(id);
      if (list) list.push(test);
      else testsReading.set(id, [test]);
    }
  }
  for (const model of resolved.models.values()) {
    if (!executed.has(model.uniqueId)) continue;
    const parents = runParents(model.dependsOnNodes);
    for (const parent of parents) addWait(model.uniqueId, parent);
    const parentTests = new Set<ResolvedTest>();
    for (const parent of parents) for (const test of testsReading.get(parent) ?? []) parentTests.add(test);
    const ordered = [...parentTests].sort(
      (a, b) => testPosition.get(a.uniqueId)! - testPosition.get(b.uniqueId)!,
    );
    for (const test of ordered) addWait(model.uniqueId, test.uniqueId);
    for (const unit of resolved.unitTests.values()) {
      if (unit.modelId === model.uniqueId) addWait(model.uniqueId, unit.uniqueId);
    }
  }
  for (const test of resolved.tests.values()) {
    if (!executed.has(test.uniqueId)) continue;
    for (const parent of test.dependsOnNodes) addWait(test.uniqueId, parent);
  }
  for (const unit of resolved.unitTests.values()) {
    if (!executed.has(unit.uniqueId)) continue;
    for (const parent of runParents(resolved.models.get(unit.modelId)!.dependsOnNodes)) {
      addWait(unit.uniqueId, parent);
    }
  }

  // Depth for priority, then list scheduling on the earliest free thread.
  const depth = new Map<string, number>();
  const depthOf = (id: string): number => {
    const known = depth.get(id);
    if (known !== undefined) return known;
    const value = Math.max(-1, ...[...waitsFor.get(id)!].map(depthOf)) + 1;
    depth.set(id, value);
    return value;
  };
  const order = [...executed].sort((a, b) => depthOf(a) - depthOf(b) || (a < b ? -1 : a > b ? 1 : 0));
  const start = parseMicros(options.invocation.startedAt);
  const firstNode = start + fromSeconds(options.setupSeconds ?? 1.35);
  const threads = Array.from({ length: options.target.threads }, () => firstNode);
  const finished = new Map<string, number>();
  const results: { finish: number; entry: JsonObject }[] = [];
  for (const id of order) {
    const ready = Math.max(firstNode, ...[...waitsFor.get(id)!].map((dep) => finished.get(dep)!));
    let thread = 0;
    for (let i = 1; i < threads.length; i++) {
      if (Math.max(threads[i]!, ready) < Math.max(threads[thread]!, ready)) thread = i;
    }
    const begin = Math.max(threads[thread]!, ready);
    const d = durations(id);
    const compileStart = begin + 900;
    const compileEnd = compileStart + d.compile;
    const executeStart = compileEnd + d.gap;
    const executeEnd = executeStart + d.execute;
    const finish = executeEnd + d.tail;
    threads[thread] = finish;
    finished.set(id, finish);
    const timing = [
      { name: "compile", started_at: isoZ(compileStart), completed_at: isoZ(compileEnd) },
      { name: "execute", started_at: isoZ(executeStart), completed_at: isoZ(executeEnd) },
    ];
    const common = {
      timing,
      thread_id: `Thread-${thread + 1} (worker)`,
      execution_time: (finish - begin) / 1e6,
    };
    let entry: JsonObject;
    const kind = id.split(".")[0];
    if (kind === "seed") {
      const rows = csvRowCount(resolved.seeds.get(id)!.spec.csv);
      entry = {
        status: "success",
        ...common,
        adapter_response: { _message: `INSERT ${rows}`, code: "INSERT", rows_affected: rows },
        message: `INSERT ${rows}`,
        failures: null,
        unique_id: id,
        compiled: null,
        compiled_code: null,
        relation_name: null,
        batch_results: null,
      };
    } else if (kind === "model") {
      const model = resolved.models.get(id)!;
      entry = {
        status: "success",
        ...common,
        adapter_response: { _message: "OK" },
        message: "OK",
        failures: null,
        unique_id: id,
        compiled: true,
        compiled_code: model.compiledCode,
        relation_name: model.relationName,
        batch_results: null,
      };
    } else {
      const code =
        kind === "test"
          ? resolved.tests.get(id)!.compiledCode
          : unitTestSql(resolved, resolved.unitTests.get(id)!);
      entry = {
        status: "pass",
        ...common,
        adapter_response: { _message: "OK" },
        message: null,
        failures: 0,
        unique_id: id,
        compiled: true,
        compiled_code: code,
        relation_name: null,
        batch_results: null,
      };
    }
    results.push({ finish, entry });
  }
  results.sort((a, b) => a.finish - b.finish);
  // A loop, not Math.max(...spread): 50,000 arguments would overflow the stack.
  const last = results.reduce((latest, r) => Math.max(latest, r.finish), firstNode);
  const elapsed = last + fromSeconds(0.0421) - start;
  return {
    metadata: {
      dbt_schema_version: "https://schemas.getdbt.com/dbt/run-results/v6.json",
      dbt_version: options.dbtVersion,
      generated_at: isoZ(start + elapsed + fromSeconds(0.0137)),
      invocation_id: options.invocation.id,
      invocation_started_at: isoZ(start),
      env: {},
    },
    results: results.map((r) => r.entry),
    elapsed_time: elapsed / 1e6,
    args: runArgs(options),
  };
}

// =================================================================== sources.json

export interface SourceFreshnessOptions {
  target: TargetSpec;
  dbtVersion: string;
  invocation: Omit<InvocationSpec, "generatedAt">;
  /** What DuckDB's now() returned when the freshness queries ran. */
  snapshottedAt: string;
}

function parseCsv(csv: string): Record<string, string>[] {
  const lines = csv.split("\n").filter((line) => line !== "");
  const header = lines[0]!.split(",");
  return lines.slice(1).map((line) => {
    const cells = line.split(",");
    if (cells.length !== header.length) throw new Error(`CSV row has ${cells.length} cells: ${line}`);
    return Object.fromEntries(header.map((name, i) => [name, cells[i]!]));
  });
}

const PERIOD_SECONDS: Record<FreshnessPeriod, number> = { minute: 60, hour: 3600, day: 86400 };

/** sources.json of `dbt source freshness` over every source with a loaded_at_field and a CSV. */
export function buildSourceFreshness(project: ProjectSpec, options: SourceFreshnessOptions): JsonObject {
  const resolved = resolveProject(project, options);
  const start = parseMicros(options.invocation.startedAt);
  const snapshotted = parseMicros(options.snapshottedAt);
  let clock = snapshotted + fromSeconds(0.35);
  const results: JsonValue[] = [];
  for (const source of resolved.sources.values()) {
    const field = source.source.loadedAtField;
    const freshness = source.source.freshness;
    if (!field || !freshness || !source.table.csv) continue;
    const loaded = parseCsv(source.table.csv).map((row) => parseMicros(row[field]!));
    const maxLoaded = Math.max(...loaded);
    const age = (snapshotted - maxLoaded) / 1e6;
    const status =
      age > freshness.errorAfter.count * PERIOD_SECONDS[freshness.errorAfter.period]
        ? "error"
        : age > freshness.warnAfter.count * PERIOD_SECONDS[freshness.warnAfter.period]
          ? "warn"
          : "pass";
    const d = durations(`${source.uniqueId}:freshness`);
    const compileStart = clock;
    const compileEnd = compileStart + 6;
    const executeStart = compileEnd + 310;
    const executeEnd = executeStart + Math.round(d.execute / 40);
    clock = executeEnd + 2_100;
    results.push({
      unique_id: source.uniqueId,
      max_loaded_at: isoOffset(maxLoaded),
      snapshotted_at: isoOffset(snapshotted),
      max_loaded_at_time_ago_in_s: age,
      status,
      criteria: {
        warn_after: { ...freshness.warnAfter },
        error_after: { ...freshness.errorAfter },
        filter: freshness.filter ?? null,
      },
      adapter_response: {},
      timing: [
        { name: "compile", started_at: isoZ(compileStart), completed_at: isoZ(compileEnd) },
        { name: "execute", started_at: isoZ(executeStart), completed_at: isoZ(executeEnd) },
      ],
      thread_id: "Thread-1 (worker)",
      execution_time: (executeEnd - compileStart + 250) / 1e6,
    });
  }
  if (snapshotted <= start) throw new Error("sources.json: snapshottedAt must follow the invocation start");
  const elapsed = clock + fromSeconds(0.03) - start;
  return {
    metadata: {
      dbt_schema_version: "https://schemas.getdbt.com/dbt/sources/v3.json",
      dbt_version: options.dbtVersion,
      generated_at: isoZ(start + elapsed + fromSeconds(0.0112)),
      invocation_id: options.invocation.id,
      invocation_started_at: isoZ(start),
      env: {},
    },
    results,
    elapsed_time: elapsed / 1e6,
  };
}

// =================================================================== catalog.json

export interface CatalogOptions {
  target: TargetSpec;
  dbtVersion: string;
  invocation: InvocationSpec;
}

function catalogEntry(
  uniqueId: string,
  type: "BASE TABLE" | "VIEW",
  database: string,
  schema: string,
  name: string,
  columns: ColumnSpec[],
): JsonObject {
  const cols: JsonObject = {};
  columns.forEach((column, i) => {
    cols[column.name] = { type: column.type, index: i + 1, name: column.name, comment: null };
  });
  return {
    metadata: { type, schema, name, database, comment: null, owner: null },
    columns: cols,
    stats: {
      has_stats: {
        id: "has_stats",
        label: "Has Stats?",
        value: false,
        include: false,
        description: "Indicates whether there are statistics for this table",
      },
    },
    unique_id: uniqueId,
  };
}

function sortedBySchemaAndName(entries: JsonObject[]): JsonObject {
  const key = (entry: JsonObject): string => {
    const metadata = entry.metadata as JsonObject;
    return `${metadata.schema}\u0000${metadata.name}`;
  };
  const out: JsonObject = {};
  for (const entry of [...entries].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0))) {
    out[entry.unique_id as string] = entry;
  }
  return out;
}

/** catalog.json of `dbt docs generate`: every relation the project built, and its sources. */
export function buildCatalog(project: ProjectSpec, options: CatalogOptions): JsonObject {
  const resolved = resolveProject(project, options);
  const nodes: JsonObject[] = [];
  for (const model of resolved.models.values()) {
    if (model.relationName === null) continue;
    const type = model.spec.config.materialized === "view" ? "VIEW" : "BASE TABLE";
    nodes.push(
      catalogEntry(model.uniqueId, type, model.database, model.schema, model.alias, model.spec.columns),
    );
  }
  for (const seed of resolved.seeds.values()) {
    nodes.push(
      catalogEntry(
        seed.uniqueId,
        "BASE TABLE",
        seed.database,
        seed.schema,
        seed.spec.name,
        seed.spec.columns,
      ),
    );
  }
  const sources: JsonObject[] = [];
  for (const source of resolved.sources.values()) {
    sources.push(
      catalogEntry(
        source.uniqueId,
        "BASE TABLE",
        source.database,
        source.source.schema,
        source.table.identifier ?? source.table.name,
        source.table.columns,
      ),
    );
  }
  return {
    metadata: {
      dbt_schema_version: "https://schemas.getdbt.com/dbt/catalog/v1.json",
      dbt_version: options.dbtVersion,
      generated_at: isoZ(parseMicros(options.invocation.generatedAt)),
      invocation_id: options.invocation.id,
      invocation_started_at: isoZ(parseMicros(options.invocation.startedAt)),
      env: {},
    },
    nodes: sortedBySchemaAndName(nodes),
    sources: sortedBySchemaAndName(sources),
    errors: null,
  };
}
