/**
 * Measures the shape of real dbt manifests (../shared/fixtures/dbt, the large
 * ones by default): the figures tools/artifacts/large-project.ts encodes as
 * its parameters, and the table in bench/README.md.
 *
 *   node_modules/.bin/node bench/measure-shapes.ts [--json] [manifest.json …]
 *
 * Per manifest: node types and materializations, package share, raw and
 * compiled SQL lengths (percentiles), fan-in and fan-out of models, DAG depth,
 * direct macros per node and the size of their transitive closure (project and
 * package macros only, as the fingerprint hashes them), tests per model and
 * their kinds, raw Jinja patterns (and what the engine's purity check says of
 * them), hooks, documented columns, bytes per node type.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import "../tools/ts-hooks.mjs";

const { checkJinjaPurity } = await import("../src/dbt/jinja-purity.js");

type Json = Record<string, unknown>;

const here = path.dirname(fileURLToPath(import.meta.url));
const shared = path.resolve(here, "..", "..", "shared", "fixtures", "dbt");
export const LARGE_FIXTURES = [
  "global-trade-bq-1.11-large",
  "tuva-snowflake-1.7-v11-large",
  "across-analytics-postgres-1.10-large",
];

function percentiles(values: number[]): Record<string, number> {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number): number =>
    sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
  const mean = sorted.length === 0 ? 0 : sorted.reduce((a, b) => a + b, 0) / sorted.length;
  return {
    n: sorted.length,
    min: sorted[0] ?? 0,
    p10: at(0.1),
    p25: at(0.25),
    p50: at(0.5),
    p75: at(0.75),
    p90: at(0.9),
    p99: at(0.99),
    max: sorted.at(-1) ?? 0,
    mean: Math.round(mean * 10) / 10,
  };
}

function share(count: number, total: number): number {
  return total === 0 ? 0 : Math.round((count / total) * 1000) / 1000;
}

const JINJA_PATTERNS: Record<string, RegExp> = {
  "ref(": /\bref\s*\(/,
  "source(": /\bsource\s*\(/,
  "config(": /\bconfig\s*\(/,
  "is_incremental()": /\bis_incremental\s*\(/,
  "var(": /\bvar\s*\(/,
  "env_var(": /\benv_var\s*\(/,
  "{% if": /\{%-?\s*if\b/,
  "{% for": /\{%-?\s*for\b/,
  "{% set": /\{%-?\s*set\b/,
  this: /\{\{[^}]*\bthis\b/,
  "target.": /\btarget\.\w/,
  run_query: /\brun_query\b/,
  "adapter.": /\badapter\.\w/,
  "dbt_utils.": /\bdbt_utils\.\w/,
  "other macro call":
    /\{\{-?\s*(?!ref\b|source\b|config\b|var\b|env_var\b|is_incremental\b|this\b)[a-z_][\w.]*\s*\(/,
};

export function measure(file: string): Json {
  const text = readFileSync(file, "utf8");
  const m = JSON.parse(text) as Json;
  const metadata = m.metadata as Json;
  const project = metadata.project_name as string;
  const nodes = Object.values(m.nodes as Record<string, Json>);
  const macros = m.macros as Record<string, Json>;
  const sources = Object.values(m.sources as Record<string, Json>);
  const adapter = metadata.adapter_type as string;
  const engine = new Set(["dbt", `dbt_${adapter}`]);

  const byType: Record<string, number> = {};
  for (const n of nodes) byType[n.resource_type as string] = (byType[n.resource_type as string] ?? 0) + 1;
  const models = nodes.filter((n) => n.resource_type === "model");
  const tests = nodes.filter((n) => n.resource_type === "test");
  const materialized: Record<string, number> = {};
  for (const n of models) {
    const mat = (n.config as Json).materialized as string;
    materialized[mat] = (materialized[mat] ?? 0) + 1;
  }
  const inPackage = (n: Json): boolean => n.package_name !== project;

  // Graph among models/seeds/snapshots (+ sources as roots).
  const byId = new Map(nodes.map((n) => [n.unique_id as string, n]));
  const buildable = nodes.filter((n) => ["model", "seed", "snapshot"].includes(n.resource_type as string));
  const children = new Map<string, number>();
  for (const n of buildable) {
    for (const dep of ((n.depends_on as Json)?.nodes as string[]) ?? []) {
      children.set(dep, (children.get(dep) ?? 0) + 1);
    }
  }
  const depth = new Map<string, number>();
  const depthOf = (id: string): number => {
    const known = depth.get(id);
    if (known !== undefined) return known;
    depth.set(id, 0);
    const n = byId.get(id);
    let d = 0;
    for (const dep of ((n?.depends_on as Json)?.nodes as string[]) ?? []) {
      if (byId.has(dep) && byId.get(dep)!.resource_type !== "test") d = Math.max(d, depthOf(dep) + 1);
    }
    depth.set(id, d);
    return d;
  };
  const depths = models.map((n) => depthOf(n.unique_id as string));
  const depthHistogram: Record<number, number> = {};
  for (const d of depths) depthHistogram[d] = (depthHistogram[d] ?? 0) + 1;

  const fanInRefs = models.map(
    (n) => (((n.depends_on as Json)?.nodes as string[]) ?? []).filter((d) => !d.startsWith("source.")).length,
  );
  const fanInSources = models.map(
    (n) => (((n.depends_on as Json)?.nodes as string[]) ?? []).filter((d) => d.startsWith("source.")).length,
  );
  const fanOut = buildable.map((n) => children.get(n.unique_id as string) ?? 0);
  const sourceFanOut = sources.map((s) => children.get(s.unique_id as string) ?? 0);

  // Macros: direct per model, transitive closure of user (non-engine) macros.
  const closureCache = new Map<string, Set<string>>();
  const closure = (root: string): Set<string> => {
    const cached = closureCache.get(root);
    if (cached) return cached;
    const seen = new Set<string>([root]);
    const stack = [root];
    while (stack.length) {
      const id = stack.pop()!;
      for (const dep of ((macros[id]?.depends_on as Json)?.macros as string[]) ?? []) {
        if (!seen.has(dep)) {
          seen.add(dep);
          stack.push(dep);
        }
      }
    }
    closureCache.set(root, seen);
    return seen;
  };
  const userClosureOf = (ids: string[]): { all: number; user: number } => {
    const all = new Set<string>();
    for (const id of ids) for (const x of closure(id)) all.add(x);
    let user = 0;
    for (const id of all) if (macros[id] && !engine.has(macros[id]!.package_name as string)) user++;
    return { all: all.size, user };
  };
  const directMacros = models.map((n) => (((n.depends_on as Json)?.macros as string[]) ?? []).length);
  const closures = models.map((n) => userClosureOf(((n.depends_on as Json)?.macros as string[]) ?? []));
  const macroPackages: Record<string, number> = {};
  for (const macro of Object.values(macros)) {
    const pkg = macro.package_name as string;
    const key = pkg === project ? "(project)" : engine.has(pkg) ? "(engine)" : pkg;
    macroPackages[key] = (macroPackages[key] ?? 0) + 1;
  }
  const macroDeps = Object.values(macros).map(
    (x) => (((x.depends_on as Json)?.macros as string[]) ?? []).length,
  );
  const macroSqlLengths = Object.values(macros).map((x) => (x.macro_sql as string).length);
  const userMacroSqlLengths = Object.values(macros)
    .filter((x) => !engine.has(x.package_name as string))
    .map((x) => (x.macro_sql as string).length);

  // Tests.
  const testsPerModel = new Map<string, number>();
  const testKinds: Record<string, number> = {};
  for (const t of tests) {
    const attached = (t.attached_node as string | null) ?? ((t.depends_on as Json)?.nodes as string[])?.[0];
    if (attached) testsPerModel.set(attached, (testsPerModel.get(attached) ?? 0) + 1);
    const meta = t.test_metadata as Json | undefined;
    const kind = meta ? `${meta.namespace ? `${meta.namespace}.` : ""}${meta.name}` : "(singular)";
    testKinds[kind] = (testKinds[kind] ?? 0) + 1;
  }
  const testsOnSources = tests.filter((t) =>
    (((t.depends_on as Json)?.nodes as string[]) ?? []).some((d) => d.startsWith("source.")),
  ).length;
  const testCounts = models.map((n) => testsPerModel.get(n.unique_id as string) ?? 0);

  // SQL and Jinja.
  const raw = models.map((n) => (n.raw_code as string | null) ?? "");
  const compiled = models.map((n) => n.compiled_code as string | null | undefined);
  const withCompiled = compiled.filter((c): c is string => typeof c === "string");
  const jinja: Record<string, number> = {};
  for (const [name, re] of Object.entries(JINJA_PATTERNS)) jinja[name] = raw.filter((r) => re.test(r)).length;
  const tagsPerModel = raw.map((r) => (r.match(/\{\{|\{%/g) ?? []).length);
  const impureReasons: Record<string, number> = {};
  let pure = 0;
  for (const r of raw) {
    const result = checkJinjaPurity(r);
    if (result.pure) pure++;
    else {
      const reason = result.reason.replace(/`[^`]*`/g, "`…`").slice(0, 40);
      impureReasons[reason] = (impureReasons[reason] ?? 0) + 1;
    }
  }

  // Hooks and columns.
  const hooks = (n: Json, key: string): number => (((n.config as Json)?.[key] as unknown[]) ?? []).length;
  const withHooks = models.filter((n) => hooks(n, "pre-hook") + hooks(n, "post-hook") > 0).length;
  const columns = models.map((n) => Object.keys((n.columns as Json) ?? {}).length);
  const contracts = models.filter((n) => (n.contract as Json)?.enforced === true).length;

  const bytesByType: Record<string, Record<string, number>> = {};
  for (const type of Object.keys(byType)) {
    bytesByType[type] = percentiles(
      nodes.filter((n) => n.resource_type === type).map((n) => JSON.stringify(n).length),
    );
  }
  const sectionBytes: Record<string, number> = {};
  for (const [key, value] of Object.entries(m)) sectionBytes[key] = JSON.stringify(value).length;

  return {
    file,
    bytes: Buffer.byteLength(text),
    dbtVersion: metadata.dbt_version,
    adapter,
    schema: (metadata.dbt_schema_version as string).split("/").pop(),
    nodes: nodes.length,
    byType,
    materialized,
    sources: sources.length,
    macros: Object.keys(macros).length,
    macroPackages,
    packageShare: {
      models: share(models.filter(inPackage).length, models.length),
      tests: share(tests.filter(inPackage).length, tests.length),
      seeds: share(nodes.filter((n) => n.resource_type === "seed" && inPackage(n)).length, byType.seed ?? 0),
    },
    rawCodeChars: percentiles(raw.map((r) => r.length)),
    compiledCodeChars: percentiles(withCompiled.map((c) => c.length)),
    compiledShare: share(withCompiled.length, models.length),
    jinjaTagsPerModel: percentiles(tagsPerModel),
    jinjaPatterns: Object.fromEntries(Object.entries(jinja).map(([k, v]) => [k, share(v, models.length)])),
    pureShare: share(pure, models.length),
    impureReasons,
    fanInRefs: percentiles(fanInRefs),
    fanInSources: percentiles(fanInSources),
    fanOutNodes: percentiles(fanOut),
    fanOutSources: percentiles(sourceFanOut),
    depth: { ...percentiles(depths), histogram: depthHistogram },
    directMacrosPerModel: percentiles(directMacros),
    macroClosureAll: percentiles(closures.map((c) => c.all)),
    macroClosureUser: percentiles(closures.map((c) => c.user)),
    macroDepsPerMacro: percentiles(macroDeps),
    macroSqlChars: percentiles(macroSqlLengths),
    userMacroSqlChars: percentiles(userMacroSqlLengths),
    testsPerModel: percentiles(testCounts),
    testsOnSourcesShare: share(testsOnSources, tests.length),
    testKinds,
    hooksShare: share(withHooks, models.length),
    contractShare: share(contracts, models.length),
    documentedColumnsPerModel: percentiles(columns),
    bytesByType,
    sectionBytes,
  };
}

/** The shape table of bench/README.md: one column per manifest. */
export function shapeTable(results: Json[], names: string[]): string {
  const dist = (key: string) => (r: Json) => {
    const q = r[key] as Record<string, number>;
    return `${q.p50} / ${q.p90} / ${q.max} (${q.mean})`;
  };
  const pct = (v: number) => `${Math.round(v * 1000) / 10}%`;
  const shareOf = (key: string, total: (r: Json) => number) => (r: Json) => {
    const counts = r[key] as Record<string, number>;
    const t = total(r);
    return Object.entries(counts)
      .map(([k, v]) => `${k} ${pct(v / t)}`)
      .join(", ");
  };
  const models = (r: Json) => (r.byType as Record<string, number>).model ?? 0;
  const rows: [string, (r: Json) => string][] = [
    [
      "manifest size",
      (r) =>
        `${((r.bytes as number) / 1e6).toFixed(1)} MB, ${Math.round((r.bytes as number) / (r.nodes as number))} B/node`,
    ],
    [
      "dbt, adapter, schema",
      (r) => `${r.dbtVersion}, ${r.adapter}, ${String(r.schema).replace(".json", "")}`,
    ],
    ["`nodes` entries", (r) => String(r.nodes)],
    ["node types", shareOf("byType", (r) => r.nodes as number)],
    ["model materializations", shareOf("materialized", models)],
    [
      "models / tests / seeds in a package",
      (r) => {
        const p = r.packageShare as Record<string, number>;
        return `${pct(p.models!)} / ${pct(p.tests!)} / ${pct(p.seeds!)}`;
      },
    ],
    ["source tables per model", (r) => ((r.sources as number) / Math.max(1, models(r))).toFixed(2)],
    ["raw code chars, p50 / p90 / max (mean)", dist("rawCodeChars")],
    ["compiled code chars", dist("compiledCodeChars")],
    ["models with compiled code", (r) => pct(r.compiledShare as number)],
    ["`ref`s per model", dist("fanInRefs")],
    ["`source`s per model", dist("fanInSources")],
    ["readers per model or seed (fan-out)", dist("fanOutNodes")],
    ["readers per source", dist("fanOutSources")],
    ["DAG depth of a model", dist("depth")],
    ["macros a model calls (depends_on.macros)", dist("directMacrosPerModel")],
    ["their closure: all macros", dist("macroClosureAll")],
    ["their closure: project and package macros", dist("macroClosureUser")],
    [
      "macros (project / engine / packages)",
      (r) =>
        `${r.macros}: ${Object.entries(r.macroPackages as Json)
          .map(([k, v]) => `${k} ${v}`)
          .join(", ")}`,
    ],
    ["depends_on.macros per macro", dist("macroDepsPerMacro")],
    ["macro_sql chars, all", dist("macroSqlChars")],
    ["macro_sql chars, project and package", dist("userMacroSqlChars")],
    ["data tests per model", dist("testsPerModel")],
    ["data tests on sources", (r) => pct(r.testsOnSourcesShare as number)],
    [
      "data test kinds",
      (r) =>
        Object.entries(r.testKinds as Json)
          .map(([k, v]) => `${k} ${v}`)
          .join(", "),
    ],
    ["Jinja tags per model", dist("jinjaTagsPerModel")],
    [
      "raw Jinja, share of models",
      (r) =>
        Object.entries(r.jinjaPatterns as Record<string, number>)
          .filter(([, v]) => v > 0)
          .map(([k, v]) => `\`${k}\` ${pct(v)}`)
          .join(", "),
    ],
    ["pure Jinja (engine's check)", (r) => pct(r.pureShare as number)],
    [
      "impure: first reason",
      (r) =>
        Object.entries(r.impureReasons as Json)
          .map(([k, v]) => `${k} ${v}`)
          .join(", "),
    ],
    ["models with hooks", (r) => pct(r.hooksShare as number)],
    ["models with an enforced contract", (r) => pct(r.contractShare as number)],
    ["documented columns per model", dist("documentedColumnsPerModel")],
    [
      "bytes per model node",
      (r) => {
        const q = (r.bytesByType as Json).model as Record<string, number>;
        return `${q.p50} / ${q.p90} / ${q.max} (${q.mean})`;
      },
    ],
    [
      "bytes per data test node",
      (r) => {
        const q = (r.bytesByType as Json).test as Record<string, number> | undefined;
        return q ? `${q.p50} / ${q.p90} / ${q.max} (${q.mean})` : "–";
      },
    ],
  ];
  const lines = [`| | ${names.join(" | ")} |`, `|---|${names.map(() => "---").join("|")}|`];
  for (const [label, cell] of rows) lines.push(`| ${label} | ${results.map(cell).join(" | ")} |`);
  return lines.join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const asJson = args.includes("--json");
  const asTable = args.includes("--table");
  const files = args.filter((a) => a !== "--json" && a !== "--table");
  const targets = files.length > 0 ? files : LARGE_FIXTURES.map((d) => path.join(shared, d, "manifest.json"));
  const results = targets.map(measure);
  if (asJson) console.log(JSON.stringify(results, null, 2));
  else if (asTable) {
    const names = targets.map((file) => {
      const parts = file.split(path.sep);
      const fixture = parts.indexOf("dbt");
      return fixture >= 0
        ? parts[fixture + 1]!
        : `generated ${parts[parts.length - 3] === "gen" ? parts[parts.length - 2] : parts.slice(-3, -1).join("/")}`;
    });
    console.log(shapeTable(results, names));
  } else for (const r of results) console.dir(r, { depth: 4 });
}
