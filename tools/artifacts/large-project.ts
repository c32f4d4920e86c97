/**
 * A large dbt project of any size, shaped like the real large manifests in
 * ../shared/fixtures/dbt (global-trade-bq-1.11-large, tuva-snowflake-1.7-v11-large,
 * across-analytics-postgres-1.10-large), as a description the manifest writer
 * (./manifest-writer.ts) turns into a v12 manifest, run_results v6 and
 * sources.json v3.
 *
 * The shape is in SHAPE below: each figure was measured from those three
 * manifests by bench/measure-shapes.ts (bench/README.md has the table).
 * Distributions are the three projects' quantiles (min, p10, p25, p50, p75,
 * p90, p99, max); a value is drawn from one of the three, picked at random,
 * by interpolating its quantiles, so the mixture keeps each project's spread
 * instead of averaging it away. Shares are the mean of the three.
 *
 * Deterministic: the same options give the same project (a seeded xorshift,
 * no clock, no environment). `changedShare` changes the SQL of that share of
 * the models (an added column in the final select), picked by `changeSeed`,
 * and leaves every other byte as it was: the "pull request" of the benchmark.
 *
 * What the writer can't express, and so isn't generated: singular data tests
 * (8% of the real tests; their share goes to the generic kinds in proportion),
 * snapshots, unit tests, `{% for %}` / `{% set %}` blocks (1-5% of real
 * models; impure macro calls stand in for them), Python models.
 */
import { type Random, xorshift32 } from "../seeded-random.js";
import { DBT_CORE_MACROS, DBT_DUCKDB_MACROS } from "./dbt-macros.js";
import type {
  ColumnSpec,
  DataTestSpec,
  HookSpec,
  MacroSpec,
  Materialization,
  ModelSpec,
  ProjectSpec,
  SeedSpec,
  SourceSpec,
  TargetSpec,
} from "./project-spec.js";

/** Quantiles of one project: min, p10, p25, p50, p75, p90, p99, max. */
export type Quantiles = readonly [number, number, number, number, number, number, number, number];
/** One quantile table per measured project (global-trade, tuva, across-analytics). */
export type Mixture = readonly Quantiles[];

/**
 * The measured shape (bench/measure-shapes.ts over the three large fixtures).
 * Comments give the three projects' own figures where a share is their mean.
 */
export const SHAPE = {
  /** Entries of `nodes` by type: model 12.8% / 68.9% / 6.3%, test 86.9% / 13.2% / 93.2%, seed 0.3% / 17.9% / 0.5%. */
  nodeTypeShare: { model: 0.293, test: 0.644, seed: 0.063 },
  /**
   * Models by materialization. view 33% / 14% / 88%, table 67% / 72% / 12%,
   * ephemeral 0% / 14% / 0%; none of the three has incremental models, the
   * smaller fixtures do (analytics-snowflake 82%, jaffle-shop-elementary 45%,
   * dbt-bouncer 3%): 8% is taken from tables for them.
   */
  materialized: { view: 0.45, table: 0.42, incremental: 0.08, ephemeral: 0.05 } as Record<
    Materialization,
    number
  >,
  /** Models and seeds in an installed package (tuva: 96% and 95%; the others 0%). */
  packageShare: 0.32,
  /** Source tables per model: 24/78, 0/297, 11/42. */
  sourceTablesPerModel: 0.19,
  /** Source tables per `sources:` entry. */
  tablesPerSource: 8,
  /** Characters of a model's raw code. */
  rawCodeChars: [
    [112, 450, 1186, 2396, 4938, 9415, 18059, 18059],
    [130, 338, 521, 1363, 3283, 5260, 15684, 18961],
    [1974, 3035, 3315, 5643, 8807, 11042, 19966, 19966],
  ] as Mixture,
  /** `ref`s per model (planned and ephemeral parents and seeds). */
  fanInRefs: [
    [0, 0, 0, 1, 3, 5, 10, 10],
    [0, 1, 1, 2, 3, 5, 16, 17],
    [0, 0, 0, 1, 1, 3, 13, 13],
  ] as Mixture,
  /** `source`s per model. */
  fanInSources: [
    [0, 0, 0, 0, 1, 1, 7, 7],
    [0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 1, 1, 1, 1, 1, 1],
  ] as Mixture,
  /** DAG depth of a model (0: reads only sources and seeds). */
  depth: [
    [0, 0, 0, 2, 3, 5, 7, 7],
    [0, 2, 4, 10, 22, 24, 28, 29],
    [0, 0, 0, 1, 1, 3, 4, 4],
  ] as Mixture,
  /**
   * Fan-out is not drawn: parents are picked with a skew (a few models are
   * read by many) that gives the measured fan-out (p50 1, p90 4-5, max 14-30
   * at ~400 models; the tail grows with the project).
   */
  parentSkew: 2.2,
  /** Distinct project and package macros a model calls (`depends_on.macros`). */
  directMacrosPerModel: [
    [0, 0, 0, 2, 4, 6, 12, 12],
    [0, 0, 0, 0, 1, 2, 5, 5],
    [0, 0, 0, 3, 4, 4, 4, 4],
  ] as Mixture,
  /** Times a model calls each of its macros. */
  callsPerMacro: [1, 1, 1, 2, 3, 5, 9, 12] as Quantiles,
  /** Project macros: 33, 7, 8 at 78, 297, 42 models; a larger project has more. */
  projectMacros: { base: 16, perModel: 0.05 },
  /** Package macros (dbt_utils in tuva: 114; the package's own: 26). */
  utilsMacros: 114,
  packageMacros: 26,
  /** `depends_on.macros` per macro (the same in all three). */
  macroDepsPerMacro: [0, 0, 0, 1, 1, 2, 11, 17] as Quantiles,
  /** Characters of a project or package macro's macro_sql. */
  userMacroSqlChars: [
    [95, 104, 169, 267, 444, 593, 1435, 1435],
    [89, 129, 177, 281, 699, 1030, 3289, 4177],
    [148, 148, 236, 544, 589, 673, 673, 673],
  ] as Mixture,
  /** Characters of dbt's and the adapter's macros (all three alike). */
  engineMacroSqlChars: [42, 106, 137, 195, 406, 1004, 3464, 7640] as Quantiles,
  /** dbt's and the adapter's macros in a manifest: 538, 430, 459. */
  engineMacros: 476,
  /** Data tests per model (the total is the node share; this spreads it). */
  testsPerModel: [
    [0, 0, 2, 4, 8, 19, 35, 35],
    [0, 0, 0, 0, 0, 0, 4, 4],
    [0, 13, 13, 15, 16, 16, 16, 16],
  ] as Mixture,
  /**
   * Generic test kinds over the three: not_null 915, accepted_values 137,
   * unique 42, relationships 19 (singular 96 and one custom left out). The
   * writer orders a build after every test of a node's parents, which turns a
   * relationships test (it reads two nodes) into a cycle in a dense DAG, so
   * relationships' 1.7% go to not_null.
   */
  testKinds: { not_null: 0.839, accepted_values: 0.123, unique: 0.038 },
  /** Tests on sources: 0.2%, 0%, 3.7%. */
  sourceTestShare: 0.013,
  /** Documented columns per model. */
  documentedColumns: [
    [0, 0, 3, 9, 14, 26, 52, 52],
    [0, 0, 0, 0, 6, 18, 56, 142],
    [0, 12, 12, 16, 19, 19, 29, 29],
  ] as Mixture,
  /** Raw Jinja, share of models: `config(` 15% / 96% / 21%, `var(` 1% / 96% / 0%, `{% if` 1% / 5% / 0%. */
  jinja: {
    configCall: 0.44,
    varCall: 0.32,
    ifBlock: 0.02,
    /** `{{ dbt.type_string() }}` and the like (method calls: impure): 3% / 23% / 0%. */
    dbtMethodCall: 0.09,
  },
  /**
   * Models with hooks: 0 in the three large projects, 23-25% in
   * jaffle-shop-elementary (package models); a quarter of the generated hooks
   * read the environment (`target.name`), so their node is built every run.
   */
  hooks: { share: 0.02, readsEnvironment: 0.25 },
} as const;

// =================================================================== randomness

const KNOTS = [0, 0.1, 0.25, 0.5, 0.75, 0.9, 0.99, 1];

/** A value drawn from a quantile table (linear between the knots). */
export function fromQuantiles(q: Quantiles, random: Random): number {
  const u = random();
  for (let i = 1; i < KNOTS.length; i++) {
    if (u <= KNOTS[i]!) {
      const t = (u - KNOTS[i - 1]!) / (KNOTS[i]! - KNOTS[i - 1]!);
      return q[i - 1]! + t * (q[i]! - q[i - 1]!);
    }
  }
  return q[7];
}

/** A value drawn from one of the projects' tables, picked at random. */
export function fromMixture(m: Mixture, random: Random): number {
  return fromQuantiles(m[Math.floor(random() * m.length)]!, random);
}

function pickWeighted<K extends string>(weights: Readonly<Record<K, number>>, random: Random): K {
  const entries = Object.entries(weights) as [K, number][];
  const total = entries.reduce((sum, [, w]) => sum + w, 0);
  let u = random() * total;
  for (const [key, w] of entries) {
    u -= w;
    if (u < 0) return key;
  }
  return entries[entries.length - 1]![0];
}

const WORDS = [
  "account",
  "address",
  "balance",
  "booking",
  "campaign",
  "carrier",
  "channel",
  "claim",
  "contract",
  "country",
  "customer",
  "delivery",
  "device",
  "discount",
  "employee",
  "event",
  "invoice",
  "item",
  "ledger",
  "market",
  "member",
  "order",
  "partner",
  "payment",
  "plan",
  "policy",
  "price",
  "product",
  "provider",
  "region",
  "refund",
  "return",
  "route",
  "sale",
  "session",
  "shipment",
  "store",
  "subscription",
  "supplier",
  "ticket",
  "trade",
  "transfer",
  "user",
  "vendor",
  "visit",
  "warehouse",
];
const DOMAINS = [
  "finance",
  "sales",
  "marketing",
  "logistics",
  "product",
  "support",
  "risk",
  "people",
  "clinical",
  "trade",
  "growth",
  "billing",
];
const PROSE = [
  "the",
  "record",
  "one",
  "row",
  "per",
  "with",
  "as",
  "reported",
  "by",
  "source",
  "system",
  "latest",
  "value",
  "for",
  "each",
  "when",
  "known",
  "otherwise",
  "null",
  "in",
  "currency",
  "of",
  "local",
  "time",
  "after",
  "deduplication",
  "and",
  "cleaning",
];

function prose(random: Random, words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(PROSE[Math.floor(random() * PROSE.length)]!);
  const text = out.join(" ");
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

// =================================================================== options

export interface LargeProjectOptions {
  /** Entries of the manifest's `nodes` (models, data tests, seeds). */
  nodes: number;
  seed?: number;
  /** Share of the (non-ephemeral) models whose SQL changes; default 0. */
  changedShare?: number;
  changeSeed?: number;
  /** The project's name; default `warehouse`. */
  name?: string;
}

export interface LargeProject {
  project: ProjectSpec;
  /** unique_ids of the models whose SQL `changedShare` changed. */
  changed: string[];
  counts: { models: number; tests: number; seeds: number; sources: number; macros: number };
}

export const LARGE_DATABASE = "warehouse";
export const PACKAGE_NAME = "core_models";
export const UTILS_PACKAGE = "dbt_utils";

export function largeTarget(name = "prod", schema = "analytics"): TargetSpec {
  return { name, schema, database: LARGE_DATABASE, threads: 8 };
}

// =================================================================== macros

interface MacroShape {
  spec: MacroSpec;
  params: number;
}

/** A CASE expression of about `length` characters over `arg`. */
function caseExpression(arg: string, length: number, salt: number): string {
  const branches: string[] = [];
  let size = 30;
  let k = 0;
  while (size < length) {
    const branch = `when ${arg} = 'k${salt}_${k}' then 'v${salt}_${k}'`;
    branches.push(branch);
    size += branch.length + 1;
    k++;
  }
  return branches.length === 0 ? `coalesce(${arg}, '')` : `case ${branches.join(" ")} else null end`;
}

/** `'k0': 'v0', …` of about `length` characters. */
function mappingEntries(length: number, salt: number): string {
  const entries: string[] = [];
  let size = 0;
  for (let k = 0; size < length; k++) {
    const entry = `'k${salt}_${k}': 'v${salt}_${k}'`;
    entries.push(entry);
    size += entry.length + 2;
  }
  return entries.join(", ");
}

/** Project or package macros: each expands to SQL whose length follows its macro_sql. */
function makeUserMacros(
  packageName: string,
  prefix: string,
  count: number,
  random: Random,
  engineIds: readonly string[],
  earlier: readonly string[],
): MacroShape[] {
  const out: MacroShape[] = [];
  for (let i = 0; i < count; i++) {
    const word = WORDS[i % WORDS.length]!;
    const name = `${prefix}_${word}_${i}`;
    const length = Math.round(fromMixture(SHAPE.userMacroSqlChars, random));
    const kind = i % 4;
    const params = kind === 1 ? 2 : 1;
    // Kind 0 maps codes to labels: a mapping looped over in the macro, a long CASE once
    // expanded (what makes compiled SQL ~2x the raw code in the real projects).
    const expression =
      kind === 0
        ? "case {% for code, label in mapping.items() %}when {{ column_name }} = '{{ code }}' then '{{ label }}' {% endfor %}else null end"
        : kind === 1
          ? "case when {{ denominator }} = 0 then null else {{ numerator }} / {{ denominator }} end"
          : kind === 2
            ? "cast({{ column_name }} as {{ dbt.type_string() }})"
            : "nullif(trim({{ column_name }}), '')";
    const signature = params === 2 ? "numerator, denominator" : "column_name";
    const head = `{% macro ${name}(${signature}) -%}\n`;
    const tail = `\n    ${expression}\n{%- endmacro %}`;
    const padding = Math.max(0, length - head.length - tail.length);
    const mapping =
      kind === 0
        ? `    {%- set mapping = {${mappingEntries(padding, i)}} -%}`
        : `    {#- ${prose(random, Math.ceil(padding / 7))} -#}`;
    const macroSql = `${head}${mapping}${tail}`;
    const depCount = Math.round(fromQuantiles(SHAPE.macroDepsPerMacro, random));
    const deps = new Set<string>();
    if (kind === 2) deps.add("macro.dbt.type_string");
    for (let d = 0; d < depCount; d++) {
      const pool = random() < 0.3 && earlier.length > 0 ? earlier : engineIds;
      deps.add(pool[Math.floor(random() * pool.length)]!);
    }
    const expandLength = kind === 0 ? 4 * length : 0;
    const spec: MacroSpec = {
      name,
      packageName,
      path: `macros/${word}/${name}.sql`,
      macroSql,
      dependsOn: [...deps].sort(),
      description: prose(random, 6),
      expand: (args) => {
        const a = String(args[0]);
        if (kind === 0) return caseExpression(a, expandLength, i);
        if (kind === 1)
          return `case when ${String(args[1])} = 0 then null else ${a} / ${String(args[1])} end`;
        if (kind === 2) return `cast(${a} as varchar)`;
        return `nullif(trim(${a}), '')`;
      },
    };
    out.push({ spec, params });
  }
  return out;
}

/** dbt's cross-database macros the models call as `dbt.<name>()`. */
const CROSS_DB: Record<string, string> = {
  type_string: "varchar",
  type_int: "integer",
  type_numeric: "numeric(28, 6)",
  type_timestamp: "timestamp",
  type_float: "double",
  current_timestamp: "now()",
};

function engineMacros(random: Random): MacroSpec[] {
  const base = [...DBT_DUCKDB_MACROS, ...DBT_CORE_MACROS];
  const crossDb: MacroSpec[] = Object.entries(CROSS_DB).map(([name, sql]) => ({
    name,
    packageName: "dbt",
    path: `macros/utils/data_types.sql`,
    macroSql: `{%- macro ${name}() -%}\n  {{ return(adapter.dispatch('${name}', 'dbt')()) }}\n{%- endmacro -%}`,
    dependsOn: [],
    expand: () => sql,
  }));
  // The rest of dbt's and the adapter's macros, as many as a real manifest has.
  const fillers: MacroSpec[] = [];
  const fillerCount = Math.max(0, SHAPE.engineMacros - base.length - crossDb.length);
  for (let i = 0; i < fillerCount; i++) {
    const pkg = i % 3 === 0 ? "dbt_duckdb" : "dbt";
    const name = `${i % 2 === 0 ? "default__" : ""}get_${WORDS[i % WORDS.length]}_sql_${i}`;
    const length = Math.round(fromQuantiles(SHAPE.engineMacroSqlChars, random));
    const deps: string[] = [];
    if (random() < 0.6) {
      const callee = base[Math.floor(random() * base.length)]!;
      deps.push(`macro.${callee.packageName}.${callee.name}`);
    }
    fillers.push({
      name,
      packageName: pkg,
      path: `macros/adapters/${WORDS[i % WORDS.length]}.sql`,
      macroSql: `{% macro ${name}(relation) -%}\n  ${"select 1 ".repeat(Math.max(1, Math.floor((length - 60) / 9)))}\n{%- endmacro %}`,
      dependsOn: deps,
    });
  }
  return [...base, ...crossDb, ...fillers];
}

// =================================================================== the project

interface ModelPlan {
  index: number;
  name: string;
  depth: number;
  inPackage: boolean;
  materialized: Materialization;
  domain: string;
  refs: string[];
  sources: [string, string][];
  /** Names of the columns the model selects. */
  columns: string[];
  tests: number;
}

function columnNames(random: Random, count: number): string[] {
  const names = ["id"];
  const seen = new Set(names);
  let k = 0;
  while (names.length < count) {
    const name = `${WORDS[Math.floor(random() * WORDS.length)]}_${k++}`;
    if (!seen.has(name)) {
      seen.add(name);
      names.push(name);
    }
  }
  return names;
}

/** Builds the project description. */
export function largeProject(options: LargeProjectOptions): LargeProject {
  const random = xorshift32(options.seed ?? 20261130);
  const name = options.name ?? "warehouse";
  const total = options.nodes;
  const modelCount = Math.max(3, Math.round(total * SHAPE.nodeTypeShare.model));
  const seedCount = Math.max(1, Math.round(total * SHAPE.nodeTypeShare.seed));
  const testCount = Math.max(0, total - modelCount - seedCount);
  const sourceTableCount = Math.max(1, Math.round(modelCount * SHAPE.sourceTablesPerModel));

  // Macros.
  const engine = engineMacros(random);
  // What project and package macros call of dbt's: its helpers (cross-database types and the
  // like), not its materializations.
  const engineIds = engine
    .filter((m) => m.path.startsWith("macros/utils/") || m.path.startsWith("macros/adapters/"))
    .map((m) => `macro.${m.packageName}.${m.name}`);
  const utils = makeUserMacros(UTILS_PACKAGE, "utils", SHAPE.utilsMacros, random, engineIds, []);
  const utilsIds = utils.map((m) => `macro.${UTILS_PACKAGE}.${m.spec.name}`);
  const pkgMacros = makeUserMacros(PACKAGE_NAME, "core", SHAPE.packageMacros, random, engineIds, utilsIds);
  const projectMacroCount = Math.round(SHAPE.projectMacros.base + SHAPE.projectMacros.perModel * modelCount);
  const projectMacros = makeUserMacros(name, "fn", projectMacroCount, random, engineIds, utilsIds);
  // The project's models call its macros by name; the package's models call the package's
  // macros by package (`{{ core_models.core_order_3(…) }}`), as tuva calls dbt_utils'. The
  // utils' macros are reached through both, as macros' `depends_on.macros`.
  const callable = projectMacros;

  // Sources.
  const sources: SourceSpec[] = [];
  const sourceTables: [string, string][] = [];
  for (let s = 0; s * SHAPE.tablesPerSource < sourceTableCount; s++) {
    const sourceName = `raw_${DOMAINS[s % DOMAINS.length]}_${s}`;
    const tables = [];
    for (let t = 0; t < SHAPE.tablesPerSource && s * SHAPE.tablesPerSource + t < sourceTableCount; t++) {
      const table = `${WORDS[(s * 7 + t) % WORDS.length]}s_${t}`;
      const columns: ColumnSpec[] = [
        { name: "id", type: "INTEGER", description: prose(random, 5) },
        { name: "updated_at", type: "TIMESTAMP" },
        { name: "_loaded_at", type: "TIMESTAMP", description: "When the loader wrote the row." },
      ];
      const day = 10 + ((s + t) % 18);
      tables.push({
        name: table,
        description: prose(random, 8),
        columns,
        csv: `id,updated_at,_loaded_at\n1,2026-11-${day} 04:00:00,2026-11-${day} 05:00:00\n2,2026-11-29 04:00:00,2026-11-29 05:${String(t).padStart(2, "0")}:00\n`,
      });
      sourceTables.push([sourceName, table]);
    }
    sources.push({
      sourceName,
      schema: sourceName,
      ymlPath: `models/staging/${sourceName}/_${sourceName}__sources.yml`,
      description: prose(random, 10),
      loader: "fivetran",
      loadedAtField: "_loaded_at",
      freshness: { warnAfter: { count: 12, period: "hour" }, errorAfter: { count: 24, period: "hour" } },
      tables,
    });
  }

  // Seeds.
  const seeds: SeedSpec[] = [];
  for (let i = 0; i < seedCount; i++) {
    const seedName = `ref_${WORDS[i % WORDS.length]}_codes_${i}`;
    const rows = 3 + Math.floor(random() * 12);
    const lines = ["code,label,sort_order"];
    for (let r = 0; r < rows; r++) lines.push(`C${i}_${r},${prose(random, 2).replace(/[.,]/g, "")},${r}`);
    seeds.push({
      name: seedName,
      path: `${WORDS[i % WORDS.length]}/${seedName}.csv`,
      ymlPath: "seeds/_seeds.yml",
      description: prose(random, 8),
      columns: [
        { name: "code", type: "VARCHAR", description: prose(random, 4) },
        { name: "label", type: "VARCHAR" },
        { name: "sort_order", type: "INTEGER" },
      ],
      csv: `${lines.join("\n")}\n`,
      ...(random() < SHAPE.packageShare ? { packageName: PACKAGE_NAME } : {}),
    });
  }

  // The DAG: depths first, then parents level by level.
  const plans: ModelPlan[] = [];
  const depths = Array.from({ length: modelCount }, () => Math.round(fromMixture(SHAPE.depth, random)));
  depths.sort((a, b) => a - b);
  const levels: ModelPlan[][] = [];
  const packageLevels: ModelPlan[][] = [];
  for (let i = 0; i < modelCount; i++) {
    const inPackage = random() < SHAPE.packageShare;
    // A level exists only when the one below it does (in the package too).
    const pool = inPackage ? packageLevels : levels;
    const depth = Math.min(depths[i]!, pool.length);
    const materialized = depth === 0 ? pickNonEphemeral(random) : pickWeighted(SHAPE.materialized, random);
    const layer = depth === 0 ? "stg" : depth <= 2 ? "int" : random() < 0.5 ? "fct" : "dim";
    const domain = DOMAINS[Math.floor(random() * DOMAINS.length)]!;
    const plan: ModelPlan = {
      index: i,
      name: `${layer}_${domain}__${WORDS[i % WORDS.length]}_${i}`,
      depth,
      inPackage,
      materialized,
      domain,
      refs: [],
      sources: [],
      columns: [],
      tests: 0,
    };
    const level = pool[depth];
    if (level) level.push(plan);
    else pool[depth] = [plan];
    plans.push(plan);
  }
  // The project reads every seed; a package only its own.
  const rootSeeds = seeds;
  const packageSeeds = seeds.filter((s) => s.packageName === PACKAGE_NAME);
  const pickSkewed = <T>(items: readonly T[]): T =>
    items[Math.floor(items.length * random() ** SHAPE.parentSkew)]!;
  for (const plan of plans) {
    const pool = plan.inPackage ? packageLevels : levels;
    const refCount = Math.round(fromMixture(SHAPE.fanInRefs, random));
    let sourceCount = Math.round(fromMixture(SHAPE.fanInSources, random));
    const refs = new Set<string>();
    if (plan.depth === 0) {
      // Staging: reads a source (or a seed), never another model.
      if (sourceCount === 0)
        sourceCount = random() < 0.85 || (plan.inPackage ? packageSeeds : rootSeeds).length === 0 ? 1 : 0;
      if (sourceCount === 0) refs.add(pickSkewed(plan.inPackage ? packageSeeds : rootSeeds).name);
    } else {
      refs.add(pickSkewed(pool[plan.depth - 1]!).name);
      for (let r = 1; r < refCount; r++) {
        if (random() < 0.08) {
          const seedPool = plan.inPackage ? packageSeeds : rootSeeds;
          if (seedPool.length > 0) refs.add(pickSkewed(seedPool).name);
          continue;
        }
        const lowest = Math.max(0, plan.depth - 4);
        const level = lowest + Math.floor(random() * (plan.depth - lowest));
        const candidates = pool[level] ?? [];
        if (candidates.length > 0) refs.add(pickSkewed(candidates).name);
      }
      // Root models read package models too (marts over a package's outputs).
      if (!plan.inPackage && random() < 0.1 && packageLevels.length > 0) {
        const level = Math.min(plan.depth - 1, packageLevels.length - 1);
        const candidates = packageLevels[level] ?? [];
        if (candidates.length > 0) refs.add(pickSkewed(candidates).name);
      }
    }
    plan.refs = [...refs];
    const sourceSet = new Map<string, [string, string]>();
    for (let s = 0; s < sourceCount; s++) {
      const picked = sourceTables[Math.floor(random() * sourceTables.length)]!;
      sourceSet.set(picked.join("."), picked);
    }
    plan.sources = [...sourceSet.values()];
  }

  // Tests, spread over the non-ephemeral models as the measured counts say.
  const testable = plans.filter((p) => p.materialized !== "ephemeral");
  const sourceTests = Math.round(testCount * SHAPE.sourceTestShare);
  const modelTests = testCount - sourceTests;
  const weights = testable.map(() => fromMixture(SHAPE.testsPerModel, random) + 0.05);
  const weightSum = weights.reduce((a, b) => a + b, 0);
  let assigned = 0;
  testable.forEach((plan, i) => {
    plan.tests = Math.floor((weights[i]! / weightSum) * modelTests);
    assigned += plan.tests;
  });
  for (let k = 0; assigned < modelTests; k++, assigned++) testable[k % testable.length]!.tests++;

  // Columns: at least enough for the tests (one kind per column at most once).
  for (const plan of plans) {
    const documented = Math.round(fromMixture(SHAPE.documentedColumns, random));
    plan.columns = columnNames(random, Math.max(3, documented, plan.tests + 1));
  }

  const changeRandom = xorshift32(options.changeSeed ?? 7);
  const changedShare = options.changedShare ?? 0;
  const changeable = plans.filter((p) => p.materialized !== "ephemeral");
  const changedCount = Math.round(changeable.length * changedShare);
  const changedSet = new Set<number>();
  while (changedSet.size < changedCount) {
    changedSet.add(changeable[Math.floor(changeRandom() * changeable.length)]!.index);
  }

  const models: ModelSpec[] = [];
  const tests: DataTestSpec[] = [];
  const pkgFor = (plan: ModelPlan): string => (plan.inPackage ? PACKAGE_NAME : name);
  for (const plan of plans) {
    const spec = plan.inPackage
      ? modelSpec(plan, random, pkgMacros, `${PACKAGE_NAME}.`, changedSet.has(plan.index))
      : modelSpec(plan, random, callable, "", changedSet.has(plan.index));
    if (plan.inPackage) spec.packageName = PACKAGE_NAME;
    models.push(spec);
    // Data tests on its columns.
    const used = new Set<string>();
    let columnIndex = 0;
    for (let t = 0; t < plan.tests; t++) {
      const kind = pickWeighted(SHAPE.testKinds, random);
      let column = plan.columns[columnIndex % plan.columns.length]!;
      while (used.has(`${kind}:${column}`)) {
        columnIndex++;
        column = plan.columns[columnIndex % plan.columns.length]!;
      }
      used.add(`${kind}:${column}`);
      columnIndex++;
      const ymlPath = `models/${layerDir(plan)}/_${plan.domain}__models.yml`;
      const base = { on: { model: plan.name }, column, ymlPath, packageName: pkgFor(plan) };
      if (kind === "accepted_values") {
        const values = Array.from({ length: 3 + (t % 4) }, (_, v) => `${column}_v${v}`);
        tests.push({ ...base, kind, values });
      } else {
        tests.push({ ...base, kind });
      }
    }
  }
  // Tests on sources: not_null and unique on id and updated_at, then accepted_values.
  const sourceKinds = ["not_null", "unique"] as const;
  for (let t = 0; t < sourceTests; t++) {
    const [sourceName, table] = sourceTables[t % sourceTables.length]!;
    const round = Math.floor(t / sourceTables.length);
    const column = round % 2 === 0 ? "id" : "updated_at";
    const kind = sourceKinds[Math.floor(round / 2) % 2]!;
    if (round >= 4) break;
    tests.push({
      on: { source: [sourceName, table] },
      column,
      kind,
      ymlPath: `models/staging/${sourceName}/_${sourceName}__sources.yml`,
    });
  }

  const project: ProjectSpec = {
    name,
    sources,
    seeds,
    models,
    tests,
    unitTests: [],
    macros: [...projectMacros, ...pkgMacros, ...utils].map((m) => m.spec),
    builtinMacros: engine,
    docs: [],
    vars: { start_date: "2020-01-01", include_deleted: false, [`${PACKAGE_NAME}_enabled`]: true },
  };
  const changed = plans.filter((p) => changedSet.has(p.index)).map((p) => `model.${pkgFor(p)}.${p.name}`);
  return {
    project,
    changed,
    counts: {
      models: models.length,
      tests: tests.length,
      seeds: seeds.length,
      sources: sourceTables.length,
      macros: project.macros.length + engine.length,
    },
  };
}

function pickNonEphemeral(random: Random): Materialization {
  const { view, table, incremental } = SHAPE.materialized;
  return pickWeighted({ view, table, incremental }, random);
}

function layerDir(plan: ModelPlan): string {
  const layer = plan.depth === 0 ? "staging" : plan.depth <= 2 ? "intermediate" : "marts";
  return `${layer}/${plan.domain}`;
}

/** The model's SQL with Jinja, of about the drawn length, and its spec. */
function modelSpec(
  plan: ModelPlan,
  random: Random,
  macros: readonly MacroShape[],
  qualifier: string,
  changed: boolean,
): ModelSpec {
  const target = Math.round(fromMixture(SHAPE.rawCodeChars, random));
  const lines: string[] = [];
  const j = SHAPE.jinja;
  // Materializations are set in dbt_project.yml as often as in the file: config() in 44%.
  const wantsConfig = random() < (plan.materialized === "view" ? j.configCall * 0.7 : j.configCall * 1.3);
  const wantsVar = random() < j.varCall;
  if (wantsConfig || wantsVar) {
    const parts = [`materialized='${plan.materialized}'`];
    if (plan.materialized === "incremental") parts.push("unique_key='id'");
    if (wantsVar && plan.inPackage) parts.push(`enabled=var('${PACKAGE_NAME}_enabled', true)`);
    lines.push(`{{ config(${parts.join(", ")}) }}`, "");
  }
  // Inputs as CTEs.
  const inputs: { alias: string; call: string }[] = [];
  for (const ref of plan.refs) inputs.push({ alias: `${ref.split("__").pop()}`, call: `ref('${ref}')` });
  for (const [source, table] of plan.sources)
    inputs.push({ alias: `src_${table}`, call: `source('${source}', '${table}')` });
  lines.push("with", "");
  inputs.forEach((input, k) => {
    lines.push(`${input.alias}_${k} as (`, "", `    select * from {{ ${input.call} }}`, "", "),", "");
  });
  const first = inputs.length > 0 ? `${inputs[0]!.alias}_0` : "base";
  if (inputs.length === 0) lines.push("base as (", "", "    select 1 as id", "", "),", "");

  // Macro calls: impure models call 1+ distinct macros.
  const macroCount = Math.round(fromMixture(SHAPE.directMacrosPerModel, random));
  const chosen: MacroShape[] = [];
  for (let m = 0; m < macroCount && macros.length > 0; m++) {
    const macro = macros[Math.floor(macros.length * random() ** 1.5)]!;
    if (!chosen.includes(macro)) chosen.push(macro);
  }
  const select: string[] = [`        ${first}.id`];
  for (const macro of chosen) {
    const calls = Math.round(fromQuantiles(SHAPE.callsPerMacro, random));
    for (let c = 0; c < calls; c++) {
      const col = plan.columns[(select.length + c) % plan.columns.length]!;
      const args = macro.params === 2 ? `'${first}.${col}', '${first}.id'` : `'${first}.${col}'`;
      select.push(
        `        {{ ${qualifier}${macro.spec.name}(${args}) }} as ${col}_${macro.spec.name.split("_").pop()}_${c}`,
      );
    }
  }
  if (random() < j.dbtMethodCall) {
    select.push(`        cast(${first}.id as {{ dbt.type_string() }}) as id_text`);
  }
  for (const col of plan.columns.slice(1)) select.push(`        ${first}.${col}`);
  if (changed) select.push("        current_date as reviewed_on");
  // Fill to the drawn length with derived columns.
  let size = lines.join("\n").length + select.join(",\n").length + 200;
  let k = 0;
  while (size < target) {
    const col = plan.columns[k % plan.columns.length]!;
    const line =
      k % 3 === 0
        ? `        case when ${first}.${col} is null then 0 else 1 end as has_${col}_${k}`
        : k % 3 === 1
          ? `        coalesce(${first}.${col}, ${first}.id) as ${col}_or_id_${k}`
          : `        ${first}.${col} as ${col}_copy_${k}`;
    select.push(line);
    size += line.length + 2;
    k++;
  }
  const joins: string[] = [];
  inputs.slice(1).forEach((input, n) => {
    joins.push(
      `    left join ${input.alias}_${n + 1}`,
      `        on ${first}.id = ${input.alias}_${n + 1}.id`,
    );
  });
  const filters: string[] = [];
  if (plan.materialized === "incremental") {
    filters.push(
      "    {% if is_incremental() %}",
      `    and ${first}.updated_at > (select max(updated_at) from {{ this }})`,
      "    {% endif %}",
    );
  }
  if (random() < j.ifBlock) {
    filters.push(
      "    {% if not var('include_deleted', false) %}",
      `    and ${first}.id is not null`,
      "    {% endif %}",
    );
  } else if (wantsVar && !plan.inPackage) {
    filters.push(`    and ${first}.updated_at >= '{{ var('start_date') }}'`);
  }
  lines.push(
    "final as (",
    "",
    "    select",
    select.join(",\n"),
    `    from ${first}`,
    ...joins,
    "    where 1 = 1",
    ...filters,
    "",
    ")",
    "",
    "select * from final",
    "",
  );
  const rawCode = lines.join("\n");

  const hooked = plan.materialized !== "ephemeral" && random() < SHAPE.hooks.share;
  const postHook: HookSpec[] | undefined = hooked
    ? [
        random() < SHAPE.hooks.readsEnvironment
          ? {
              sql: "insert into audit.model_runs select '{{ this }}', '{{ target.name }}', current_timestamp",
            }
          : { sql: "grant select on {{ this }} to role reporter" },
      ]
    : undefined;
  const columns: ColumnSpec[] = plan.columns.map((col, c) => ({
    name: col,
    type: c === 0 ? "INTEGER" : "VARCHAR",
    description: c === 0 ? "Primary key." : prose(random, 4 + (c % 9)),
  }));
  return {
    name: plan.name,
    path: `${layerDir(plan)}/${plan.name}.sql`,
    ymlPath: `models/${layerDir(plan)}/_${plan.domain}__models.yml`,
    description: prose(random, 12 + Math.floor(random() * 20)),
    rawCode,
    columns,
    config: {
      materialized: plan.materialized,
      ...(plan.depth >= 3 ? { schema: "marts" } : {}),
      ...(plan.materialized === "incremental"
        ? { uniqueKey: "id", incrementalStrategy: "delete+insert" }
        : {}),
      ...(postHook ? { postHook } : {}),
      ...(random() < 0.3 ? { tags: [plan.domain] } : {}),
    },
  };
}
