/**
 * The seeds of the mutation fuzzer: real dbt artifacts (../shared/fixtures/dbt
 * and the project's own fixtures/shop), each with a baseline: the manifest
 * loaded, a successful build of it recorded, and the plan of the same
 * manifest over that state (mostly REUSE). A mutation is judged against the
 * baseline: what its evidence lost must not be REUSE.
 *
 * Speed. Most of a real manifest is dbt's own macros, which the fingerprint
 * does not hash (the `engine` component stands for them). Each manifest is
 * also kept compacted: macros no node, test or other macro refers to are
 * dropped, and the engine's macros keep their ids and names but not their
 * bodies; docs, dbt's parent/child maps and disabled nodes are dropped. The
 * compact form must give every planned node the same fingerprint as the real
 * file (checked here; a seed where it doesn't keeps the real text) and most
 * cases mutate it; a share of cases mutates the real file as it is.
 *
 * Erasable TypeScript only: the fuzz worker runs this file in plain Node.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { scopeOf } from "../../../src/app/scope.js";
import { loadRunResults, type RunResults } from "../../../src/dbt/artifacts/run-results.js";
import { loadSources, type SourcesFreshness } from "../../../src/dbt/artifacts/sources.js";
import { type LoadedProject, loadProject } from "../../../src/dbt/load-project.js";
import { plan } from "../../../src/planner/plan.js";
import { record } from "../../../src/planner/record.js";
import type { Plan } from "../../../src/state/plan.js";
import type { Scope } from "../../../src/state/scope.js";
import type { StateSnapshot, TargetIdentity } from "../../../src/state/snapshot.js";
import { buildRunResults, buildSources } from "../run-builders.js";
import { fixturePresent, PROJECT_ROOT, SHARED_DBT_FIXTURES } from "../shared-fixtures.js";

type Json = Record<string, unknown>;

/** A project with a recorded build and the plan of the same manifest over it. */
export interface Baseline {
  project: LoadedProject;
  scope: Scope;
  target: TargetIdentity;
  snapshot: StateSnapshot;
  /** sources.json handed to record (taken before the build). */
  recordSources: SourcesFreshness | null;
  /** sources.json handed to plan (observed after the build). */
  planSources: SourcesFreshness | null;
  /** Their texts, for runs through the CLI. */
  recordSourcesText: string | null;
  planSourcesText: string | null;
  now: string;
  plan: Plan;
  reused: ReadonlySet<string>;
  built: ReadonlySet<string>;
  /** Planned descendants of each planned node (children, transitively). */
  descendants: ReadonlyMap<string, ReadonlySet<string>>;
}

export interface ManifestSeed {
  name: string;
  /** The path given to the loader (messages name it). */
  file: string;
  realText: string;
  compactText: string;
  /** The compact document, parsed once and never modified (mutations copy the path they change). */
  compactDoc: Json;
  compacted: boolean;
  baseline: Baseline;
  /** Relative cost, to weight how often the seed is picked. */
  weight: number;
}

export interface RunResultsSeed {
  name: string;
  file: string;
  text: string;
  doc: Json;
  manifest: ManifestSeed;
  baseline: Baseline;
  /** Nodes the real run built (status success). */
  built: ReadonlySet<string>;
}

export interface SourcesSeed {
  name: string;
  file: string;
  text: string;
  doc: Json;
  manifest: ManifestSeed;
  baseline: Baseline;
}

export interface Corpus {
  manifests: ManifestSeed[];
  runResults: RunResultsSeed[];
  sources: SourcesSeed[];
  /** Real files that are not loadable seeds (refused as a whole), mutated as text only. */
  refused: { name: string; file: string; text: string; code: string }[];
  /** Seeds skipped and why. */
  notes: string[];
}

const SHOP = path.join(PROJECT_ROOT, "fixtures", "shop", "prod");

/** Manifests mutated as seeds: [fixture folder, weight]. Large ones only through the real-file share. */
const MANIFESTS: readonly (readonly [string, number])[] = [
  ["shop", 6],
  ["jaffle-shop-duckdb-1.12", 3],
  ["planetkart-snowflake-1.10", 3],
  ["salary-survey-bq-1.9", 2],
  ["dbt-bouncer-duckdb-1.11-build", 2],
  ["dbt-bouncer-duckdb-1.12-docs", 2],
  ["dbt-bouncer-duckdb-1.7-v11", 2],
  ["jaffle-shop-elementary-bq-1.9", 1],
  ["analytics-snowflake-python-1.9", 2],
  ["across-analytics-postgres-1.10-large", 0.3],
  ["global-trade-bq-1.11-large", 0.2],
  ["tuva-snowflake-1.7-v11-large", 0.1],
];

/** run_results.json of a build or run written with the manifest beside it. */
const RUN_RESULTS = [
  "shop",
  "planetkart-snowflake-1.10",
  "dbt-bouncer-duckdb-1.11-build",
  "jaffle-shop-elementary-bq-1.9",
];

const SOURCES = ["shop", "planetkart-snowflake-1.10", "salary-survey-bq-1.9"];

/** Real manifests every loader refuses whole: mutated as text, judged by "no crash, names the file". */
const REFUSED = ["dbt-bouncer-fusion-2.0-beta", "dbt-bouncer-duckdb-1.6-v10", "jaffle-shop-bq-1.6-v10"];

function folder(name: string): string {
  return name === "shop" ? SHOP : path.join(SHARED_DBT_FIXTURES, name);
}

/** Drops what no fingerprint reads: unused macros, the engine's macro bodies, docs and maps. */
export function compactManifest(doc: Json): Json {
  const macros = (doc.macros ?? {}) as Record<string, Json>;
  const keep = new Set<string>();
  const stack: string[] = [];
  const add = (id: unknown) => {
    if (typeof id === "string" && !keep.has(id) && macros[id] !== undefined) {
      keep.add(id);
      stack.push(id);
    }
  };
  for (const key of [
    "nodes",
    "sources",
    "unit_tests",
    "functions",
    "exposures",
    "metrics",
    "semantic_models",
    "saved_queries",
  ]) {
    for (const entry of Object.values((doc[key] ?? {}) as Record<string, Json>)) {
      const dependsOn = entry?.depends_on as { macros?: unknown[] } | undefined;
      for (const id of dependsOn?.macros ?? []) add(id);
    }
  }
  for (const [id, macro] of Object.entries(macros)) {
    const name = String(macro.name ?? "");
    if (name.startsWith("materialization_") || /^generate_(schema|alias|database)_name$/.test(name)) add(id);
  }
  while (stack.length > 0) {
    const dependsOn = macros[stack.pop()!]?.depends_on as { macros?: unknown[] } | undefined;
    for (const id of dependsOn?.macros ?? []) add(id);
  }
  const metadata = (doc.metadata ?? {}) as Json;
  const engine = new Set(["dbt", `dbt_${String(metadata.adapter_type)}`, "dbt_postgres", "dbt_spark"]);
  const compactMacros: Record<string, Json> = {};
  for (const [id, macro] of Object.entries(macros)) {
    if (!keep.has(id)) continue;
    compactMacros[id] = engine.has(String(macro.package_name))
      ? {
          unique_id: macro.unique_id,
          name: macro.name,
          package_name: macro.package_name,
          original_file_path: macro.original_file_path,
          macro_sql: "",
          depends_on: macro.depends_on,
        }
      : macro;
  }
  const out: Json = { ...doc, macros: compactMacros };
  for (const key of ["docs", "disabled", "parent_map", "child_map", "group_map"]) {
    if (key in out) out[key] = {};
  }
  return out;
}

/**
 * A node's children through `ref` (depends_on), without the readers linked
 * only because it writes a source's relation (graph.ts, relation-writers.ts):
 * a mutation that removes or moves the writer removes that link, and such a
 * reader falls back on its source's own evidence, which the mutation left.
 */
export function refChildren(graph: LoadedProject["graph"], id: string): string[] {
  return graph.nodes
    .get(id)!
    .children.filter((child) => !graph.nodes.get(child)!.writtenInputs.some((input) => input.parent === id));
}

function descendantsOf(project: LoadedProject): Map<string, Set<string>> {
  const graph = project.graph;
  const out = new Map<string, Set<string>>();
  // Reverse DAG order: children are done before their parents.
  for (const id of [...graph.order].reverse()) {
    const set = new Set<string>();
    for (const child of refChildren(graph, id)) {
      set.add(child);
      for (const d of out.get(child) ?? []) set.add(d);
    }
    out.set(id, set);
  }
  return out;
}

export function targetOfProject(project: LoadedProject): TargetIdentity {
  return { name: "prod", adapter_type: project.manifest.metadata.adapterType ?? "unknown" };
}

/** A sources.json giving every source of the project one version, as dbt would after `dbt source freshness`. */
function syntheticSources(project: LoadedProject, takenAt: string, file: string): SourcesFreshness {
  const versions = Object.fromEntries(
    [...project.graph.sources.keys()].map((id) => [id, "2025-12-31T00:00:00+00:00"]),
  );
  const text = JSON.stringify(buildSources(takenAt, versions));
  const loaded = loadSources(text, file);
  sourceTexts.set(loaded, text);
  return loaded;
}

/** The text each loaded sources.json was read from. */
const sourceTexts = new WeakMap<SourcesFreshness, string>();

function baselineOf(
  project: LoadedProject,
  runResults: RunResults,
  recordSources: SourcesFreshness | null,
  planSources: SourcesFreshness | null,
  now: string,
): Baseline {
  const scope = scopeOf(project, undefined);
  const target = targetOfProject(project);
  const outcome = record({
    project,
    runResults,
    sources: recordSources,
    scope,
    previous: null,
    recordedRunIds: new Set(),
    target,
    now,
  });
  const p = plan({
    project,
    scope,
    state: { id: "baseline", snapshot: outcome.snapshot },
    sources: planSources,
    select: [],
    now,
    target,
  });
  return {
    project,
    scope,
    target,
    snapshot: outcome.snapshot,
    recordSources,
    planSources,
    recordSourcesText: recordSources ? (sourceTexts.get(recordSources) ?? null) : null,
    planSourcesText: planSources ? (sourceTexts.get(planSources) ?? null) : null,
    now,
    plan: p,
    reused: new Set(p.entries.filter((e) => e.action === "REUSE").map((e) => e.unique_id)),
    built: new Set(outcome.built),
    descendants: descendantsOf(project),
  };
}

/** A successful build of every planned node, started at `startedAt`. */
function fullBuild(project: LoadedProject, startedAt: string): RunResults {
  const statuses = Object.fromEntries(project.graph.order.map((id) => [id, "success"]));
  const document = buildRunResults({
    invocationId: project.manifest.metadata.invocationId ?? undefined,
    statuses,
    startedAt,
  });
  return loadRunResults(JSON.stringify(document), "baseline/run_results.json");
}

function sameFingerprints(a: LoadedProject, b: LoadedProject): boolean {
  if (a.fingerprints.size !== b.fingerprints.size) return false;
  for (const [id, fp] of a.fingerprints) {
    const other = b.fingerprints.get(id);
    if (!other || other.fingerprint.digest !== fp.fingerprint.digest || other.complete !== fp.complete)
      return false;
  }
  return true;
}

function shiftIso(value: unknown, ms: number): unknown {
  if (typeof value !== "string") return value;
  const t = Date.parse(value);
  return Number.isNaN(t) ? value : new Date(t + ms).toISOString();
}

const DAY = 86_400_000;

export function loadCorpus(): Corpus {
  const notes: string[] = [];
  const manifests: ManifestSeed[] = [];
  const byName = new Map<string, ManifestSeed>();
  for (const [name, weight] of MANIFESTS) {
    const file = path.join(folder(name), "manifest.json");
    if (!fixturePresent(file)) {
      notes.push(`${name}: absent, skipped`);
      continue;
    }
    const realText = readFileSync(file, "utf8");
    const real = loadProject(realText, file);
    let compactText = JSON.stringify(compactManifest(JSON.parse(realText) as Json));
    let compacted = true;
    const compact = loadProject(compactText, file);
    if (!sameFingerprints(real, compact)) {
      notes.push(`${name}: the compact form changes fingerprints; its real text is mutated instead`);
      compactText = realText;
      compacted = false;
    }
    const project = compacted ? compact : real;
    const startedAt = "2026-01-01T00:00:00.000Z";
    const baseline = baselineOf(
      project,
      fullBuild(project, startedAt),
      syntheticSources(project, "2025-12-31T23:00:00Z", "baseline/sources-before.json"),
      syntheticSources(project, "2026-01-02T00:00:00Z", "baseline/sources-after.json"),
      "2026-01-02T00:00:00.000Z",
    );
    const seed: ManifestSeed = {
      name,
      file,
      realText,
      compactText,
      compactDoc: JSON.parse(compactText) as Json,
      compacted,
      baseline,
      weight,
    };
    manifests.push(seed);
    byName.set(name, seed);
  }

  const runResults: RunResultsSeed[] = [];
  for (const name of RUN_RESULTS) {
    const manifest = byName.get(name);
    const file = path.join(folder(name), "run_results.json");
    if (!manifest || !fixturePresent(file)) {
      notes.push(`${name}/run_results.json: absent, skipped`);
      continue;
    }
    const text = readFileSync(file, "utf8");
    const real = loadRunResults(text, file);
    const project = manifest.baseline.project;
    const generated = Date.parse(real.metadata.generatedAt ?? "");
    const started = Date.parse(real.metadata.invocationStartedAt ?? real.metadata.generatedAt ?? "");
    const before = new Date(started - DAY).toISOString();
    const after = new Date(generated + DAY).toISOString();
    const baseline = baselineOf(
      project,
      real,
      syntheticSources(project, before, "baseline/sources-before.json"),
      syntheticSources(project, after, "baseline/sources-after.json"),
      after,
    );
    runResults.push({
      name,
      file,
      text,
      doc: JSON.parse(text) as Json,
      manifest,
      baseline,
      built: baseline.built,
    });
  }

  const sources: SourcesSeed[] = [];
  for (const name of SOURCES) {
    const manifest = byName.get(name);
    const file = path.join(folder(name), "sources.json");
    if (!manifest || !fixturePresent(file)) {
      notes.push(`${name}/sources.json: absent, skipped`);
      continue;
    }
    const text = readFileSync(file, "utf8");
    const doc = JSON.parse(text) as Json;
    const real = loadSources(text, file);
    const project = manifest.baseline.project;
    // The build ran a day before the real `dbt source freshness`; the versions it saw were measured two days before.
    const taken = Date.parse(real.metadata.generatedAt ?? "");
    const before = structuredClone(doc);
    const meta = before.metadata as Json;
    meta.generated_at = shiftIso(meta.generated_at, -2 * DAY);
    for (const result of before.results as Json[])
      result.snapshotted_at = shiftIso(result.snapshotted_at, -2 * DAY);
    const recordSources = loadSources(JSON.stringify(before), "baseline/sources-before.json");
    sourceTexts.set(recordSources, JSON.stringify(before));
    sourceTexts.set(real, text);
    const build = fullBuild(project, new Date(taken - DAY).toISOString());
    const baseline = baselineOf(project, build, recordSources, real, new Date(taken).toISOString());
    sources.push({ name, file, text, doc, manifest, baseline });
  }

  const refused: Corpus["refused"] = [];
  for (const name of REFUSED) {
    const file = path.join(folder(name), "manifest.json");
    if (!fixturePresent(file)) continue;
    const text = readFileSync(file, "utf8");
    let code = "plan";
    try {
      loadProject(text, file);
    } catch (error) {
      code = (error as { code?: string }).code ?? "internal";
    }
    refused.push({ name, file, text, code });
  }
  return { manifests, runResults, sources, refused, notes };
}
