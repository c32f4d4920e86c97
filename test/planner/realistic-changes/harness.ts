/**
 * Harness of the realistic-change suite (issue 18): on a real manifest from
 * ../shared/fixtures/dbt,
 *  1. record a successful full `dbt build` of the base manifest (every
 *     planned node `success`, every data test and unit test `pass`, a
 *     sources.json taken before the run),
 *  2. apply ONE realistic change to the manifest JSON in memory (what dbt
 *     would write after the change in the project), optionally with another
 *     recorded run or a later sources.json,
 *  3. load and plan() it,
 *  4. compare EVERY planned node's action and reason code with an
 *     expectation computed independently of the product's graph: the row's
 *     direct effects ({unique_id -> "ACTION code"}) plus the manifest's own
 *     parent_map (walking through ephemeral models), over the decisions of
 *     the plan of the UNCHANGED manifest (nodes built there anyway keep their
 *     baseline decision unless the change touches them).
 *
 * An effect starting with "=" is the node's decision whatever its baseline
 * (the change completes what the baseline could not fingerprint).
 *
 * An expectation may list alternatives ("BUILD parent_code_changed|BUILD
 * new_upstream_data") where the team's rules leave a choice; descendants then
 * accept what either would give.
 */
import { readFileSync } from "node:fs";
import { expect } from "vitest";
import { loadRunResults } from "../../../src/dbt/artifacts/run-results.js";
import { loadSources } from "../../../src/dbt/artifacts/sources.js";
import { type LoadedProject, loadProject } from "../../../src/dbt/load-project.js";
import type { RunTimeValueSources } from "../../../src/dbt/run-time-values/run-time-values.js";
import { type PlanInput, plan } from "../../../src/planner/plan.js";
import { record } from "../../../src/planner/record.js";
import { BUILD_REASONS, type Plan, type PlanEntry } from "../../../src/state/plan.js";
import type { StateSnapshot } from "../../../src/state/snapshot.js";
import { resolveSelect } from "../../support/resolve-selection.js";
import { buildRunResults, buildSources } from "../../support/run-builders.js";
import { sharedFixture } from "../../support/shared-fixtures.js";

// biome-ignore lint/suspicious/noExplicitAny: raw dbt JSON, mutated the way dbt would write it
export type Json = any;

/** The fixtures the suite reads (folder names under ../shared/fixtures/dbt). */
export const FIXTURES = {
  jaffle: "jaffle-shop-duckdb-1.12",
  bouncer11: "dbt-bouncer-duckdb-1.11-build",
  bouncer12: "dbt-bouncer-duckdb-1.12-docs",
  across: "across-analytics-postgres-1.10-large",
  planetkart: "planetkart-snowflake-1.10",
  tuva: "tuva-snowflake-1.7-v11-large",
  trade: "global-trade-bq-1.11-large",
  salary: "salary-survey-bq-1.9",
  pysnow: "analytics-snowflake-python-1.9",
  elementary: "jaffle-shop-elementary-bq-1.9",
  bouncer7: "dbt-bouncer-duckdb-1.7-v11",
} as const;

const texts = new Map<string, string>();
/** A fresh parsed copy of a fixture's manifest (each case mutates its own). */
export function manifestJson(fixture: string): Json {
  let text = texts.get(fixture);
  if (text === undefined) {
    text = readFileSync(sharedFixture(fixture, "manifest.json"), "utf8");
    texts.set(fixture, text);
  }
  return JSON.parse(text);
}

// ---------------------------------------------------------------- oracle

/** What the suite knows of a manifest, read from its JSON only (not the product's graph). */
export class Oracle {
  readonly m: Json;
  readonly project: string;
  readonly adapter: string;
  /** Planned nodes: models (not ephemeral), seeds, snapshots. */
  readonly planned: string[];
  /** Planned parents of each planned node, through ephemeral models. */
  readonly parents = new Map<string, string[]>();
  readonly children = new Map<string, string[]>();
  /** Planned nodes in an order where parents come first. */
  readonly order: string[] = [];

  constructor(m: Json) {
    this.m = m;
    this.project = m.metadata.project_name;
    this.adapter = m.metadata.adapter_type;
    this.planned = Object.keys(m.nodes)
      .filter((id) => isPlannedJson(m.nodes[id]))
      .sort();
    for (const id of this.planned) this.parents.set(id, [...this.resolveParents(id, new Set())].sort());
    for (const id of this.planned) this.children.set(id, []);
    for (const id of this.planned) for (const p of this.parents.get(id)!) this.children.get(p)!.push(id);
    this.linkWrittenSources();
    const done = new Set<string>();
    const visit = (id: string) => {
      if (done.has(id)) return;
      done.add(id);
      for (const p of this.parents.get(id)!) visit(p);
      this.order.push(id);
    };
    for (const id of this.planned) visit(id);
  }

  /**
   * Issue 18 class 11, read from the JSON: a planned node whose relation
   * (database, schema, alias) is a source's (database, schema, identifier),
   * compared case-insensitively with a missing database matching any, writes
   * what the source's readers read: they get it as a parent, unless that
   * would close a cycle (the writer reads the reader).
   */
  private linkWrittenSources(): void {
    const key = (v: unknown) => (typeof v === "string" ? v.toLowerCase() : null);
    const same = (a: unknown, b: unknown) => key(a) === null || key(b) === null || key(a) === key(b);
    for (const [sourceId, source] of Object.entries((this.m.sources ?? {}) as Record<string, Json>)) {
      const identifier = source.identifier ?? source.name;
      const writers = this.planned.filter((id) => {
        const n = this.m.nodes[id];
        return (
          key(n.schema) === key(source.schema) &&
          key(n.alias ?? n.name) === key(identifier) &&
          same(n.database, source.database)
        );
      });
      for (const writer of writers) {
        for (const reader of this.readersOfSource(sourceId)) {
          if (reader === writer || this.parents.get(reader)!.includes(writer)) continue;
          if (this.descendants([reader]).has(writer)) continue;
          this.parents.get(reader)!.push(writer);
          this.parents.get(reader)!.sort();
          this.children.get(writer)!.push(reader);
        }
      }
    }
  }

  /** dbt's own parent list: parent_map, else depends_on.nodes. */
  directParents(id: string): string[] {
    const fromMap = this.m.parent_map?.[id];
    if (Array.isArray(fromMap)) return fromMap;
    return this.m.nodes[id]?.depends_on?.nodes ?? [];
  }

  directChildren(id: string): string[] {
    const fromMap = this.m.child_map?.[id];
    if (Array.isArray(fromMap)) return fromMap;
    return Object.keys(this.m.nodes).filter((c) => (this.m.nodes[c].depends_on?.nodes ?? []).includes(id));
  }

  private resolveParents(id: string, seen: Set<string>): Set<string> {
    const out = new Set<string>();
    for (const p of this.directParents(id)) {
      const node = this.m.nodes[p];
      if (!node || seen.has(p)) continue;
      if (isPlannedJson(node)) out.add(p);
      else if (isEphemeralJson(node)) {
        seen.add(p);
        for (const x of this.resolveParents(p, seen)) out.add(x);
      }
    }
    return out;
  }

  /** Planned descendants of `ids` (not including them). */
  descendants(ids: Iterable<string>): Set<string> {
    const out = new Set<string>();
    const stack = [...ids];
    while (stack.length > 0) {
      for (const c of this.children.get(stack.pop()!) ?? []) {
        if (!out.has(c)) {
          out.add(c);
          stack.push(c);
        }
      }
    }
    return out;
  }

  /** Planned readers of a source (directly or through ephemeral models). */
  readersOfSource(sourceId: string): string[] {
    const out = new Set<string>();
    const stack = [...this.directChildren(sourceId)];
    const seen = new Set<string>();
    while (stack.length > 0) {
      const id = stack.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      const node = this.m.nodes[id];
      if (!node) continue;
      if (isPlannedJson(node)) out.add(id);
      else if (isEphemeralJson(node)) stack.push(...this.directChildren(id));
    }
    return [...out].sort();
  }

  /** The unique_id of the project's node called `name` (of `resourceType`), version-less or the given version. */
  id(name: string, resourceType = "model", version?: string | number): string {
    const hits = Object.values(this.m.nodes as Record<string, Json>).filter(
      (n) =>
        n.name === name &&
        n.resource_type === resourceType &&
        (version === undefined || String(n.version) === String(version)),
    );
    if (hits.length !== 1) throw new Error(`${hits.length} ${resourceType} nodes named ${name}`);
    return hits[0].unique_id;
  }

  node(id: string): Json {
    return this.m.nodes[id];
  }

  materialized(id: string): string {
    return this.m.nodes[id]?.config?.materialized ?? "";
  }

  /** Planned nodes matching a predicate over their JSON. */
  where(pred: (n: Json) => boolean): string[] {
    return this.planned.filter((id) => pred(this.m.nodes[id]));
  }

  /** Tests (data tests and unit tests) that read node `id`. */
  testsOf(id: string): string[] {
    const tests = Object.values(this.m.nodes as Record<string, Json>)
      .filter((n) => n.resource_type === "test" && (n.depends_on?.nodes ?? []).includes(id))
      .map((n) => n.unique_id);
    const units = Object.values((this.m.unit_tests ?? {}) as Record<string, Json>)
      .filter((u) => (u.depends_on?.nodes ?? []).includes(id))
      .map((u) => u.unique_id);
    return [...tests, ...units].sort();
  }

  allTests(): string[] {
    return [
      ...Object.values(this.m.nodes as Record<string, Json>)
        .filter((n) => n.resource_type === "test")
        .map((n) => n.unique_id),
      ...Object.keys(this.m.unit_tests ?? {}),
    ].sort();
  }

  /**
   * The macro names a node reaches at run time, read from the manifest's own
   * macro dependencies: its materialization macro (dbt's choice: the most
   * specific adapter, then the root project over packages over dbt), its
   * own depends_on.macros and those of the ephemeral models it inlines, then
   * every depends_on.macros transitively. Names, not ids: a root-project macro
   * of the same name is what dbt calls instead (MacroNamespace search order).
   */
  runtimeMacroNames(id: string): Set<string> {
    const n = this.m.nodes[id];
    const roots: string[] = [...(n.depends_on?.macros ?? [])];
    const mat = n.config?.materialized ?? n.resource_type;
    const materialization = this.materializationMacro(mat);
    if (materialization) roots.push(materialization);
    const stack = [...this.directParents(id)];
    const seenEph = new Set<string>();
    while (stack.length > 0) {
      const p = stack.pop()!;
      const pn = this.m.nodes[p];
      if (!pn || !isEphemeralJson(pn) || seenEph.has(p)) continue;
      seenEph.add(p);
      roots.push(...(pn.depends_on?.macros ?? []));
      stack.push(...this.directParents(p));
    }
    // Resolved by name at run time, so absent from depends_on: the incremental
    // strategy's macro (adapter.get_incremental_strategy_macro) and the
    // snapshot strategy's (strategy_dispatch).
    const byName = (name: string) =>
      Object.values(this.m.macros as Record<string, Json>)
        .filter((x) => x.name === name)
        .map((x) => x.unique_id as string);
    if (mat === "incremental") {
      const strategy = (n.config?.incremental_strategy ?? "default").replace("+", "_");
      roots.push(...byName(`get_incremental_${strategy}_sql`));
    }
    if (n.resource_type === "snapshot" && n.config?.strategy) {
      roots.push(...byName(`snapshot_${n.config.strategy}_strategy`));
    }
    const names = new Set<string>();
    const seen = new Set<string>();
    while (roots.length > 0) {
      const mid = roots.pop()!;
      if (seen.has(mid)) continue;
      seen.add(mid);
      const macro = this.m.macros[mid];
      if (!macro) continue;
      names.add(macro.name);
      roots.push(...(macro.depends_on?.macros ?? []));
    }
    return names;
  }

  /** dbt's materialization choice: adapter-specific beats default; then root > package > dbt/adapter. */
  materializationMacro(name: string): string | null {
    const macros = Object.values(this.m.macros as Record<string, Json>);
    for (const suffix of [this.adapter, "default"]) {
      const hits = macros.filter((x) => x.name === `materialization_${name}_${suffix}`);
      const rank = (x: Json) =>
        x.package_name === this.project ? 0 : ["dbt", `dbt_${this.adapter}`].includes(x.package_name) ? 2 : 1;
      hits.sort((a, b) => rank(a) - rank(b));
      if (hits.length > 0) return hits[0].unique_id;
    }
    return null;
  }

  /**
   * Planned nodes whose run-time macros reach a macro named `name`. A
   * root-project dispatch candidate (`default__x`, `<adapter>__x`) reaches
   * every node that dispatches `x`: adapter.dispatch searches the root
   * project before the macro's namespace, and within a package the
   * adapter's prefix before `default__` (dbt-core context/providers.py,
   * BaseDispatcher._get_search_packages: [root project, namespace] when the
   * namespace is a dependency, and internal packages are dependencies too),
   * so the root's `default__x` wins even over the adapter's own `<adapter>__x`.
   */
  reaching(name: string): string[] {
    const dispatched = /^([a-z0-9_]+?)__(.+)$/.exec(name);
    const candidate =
      dispatched && (dispatched[1] === "default" || dispatched[1] === this.adapter) ? dispatched[2]! : null;
    return this.planned.filter((id) => {
      const names = this.runtimeMacroNames(id);
      if (names.has(name)) return true;
      if (candidate === null) return false;
      return names.has(candidate) || [...names].some((n) => n.endsWith(`__${candidate}`));
    });
  }
}

export function isEphemeralJson(n: Json): boolean {
  return n?.resource_type === "model" && n?.config?.materialized === "ephemeral";
}

export function isPlannedJson(n: Json): boolean {
  return ["model", "seed", "snapshot"].includes(n?.resource_type) && !isEphemeralJson(n);
}

// ---------------------------------------------------------------- mutations

/** Adds (or replaces) a root-project macro the way dbt writes it into the manifest. */
export function addMacro(m: Json, name: string, sql: string, pkg?: string): string {
  const project = pkg ?? m.metadata.project_name;
  const id = `macro.${project}.${name}`;
  m.macros[id] = {
    name,
    resource_type: "macro",
    package_name: project,
    path: `macros/${name}.sql`,
    original_file_path: `macros/${name}.sql`,
    unique_id: id,
    macro_sql: sql,
    depends_on: { macros: [] },
    description: "",
    meta: {},
    docs: { show: true, node_color: null },
    patch_path: null,
    arguments: [],
    created_at: 1760000000,
    supported_languages: null,
  };
  return id;
}

/** The same compiled and raw change a user's edit of a model file gives. */
export function editSql(n: Json, edit: (sql: string) => string): void {
  n.compiled_code = edit(n.compiled_code);
  if (typeof n.raw_code === "string") n.raw_code = edit(n.raw_code);
  if (n.checksum?.name === "sha256") n.checksum = { name: "sha256", checksum: sha(n.raw_code ?? "") };
}

/** A stand-in sha256-shaped checksum that moves with the text. */
export function sha(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0;
  return h.toString(16).padStart(8, "0").repeat(8);
}

// ---------------------------------------------------------------- runs

export const T0 = "2026-01-02T00:00:00Z";
export const DEFAULT_PLAN_AT = "2026-01-05T00:00:00Z";
const SOURCES_BEFORE = "2026-01-01T00:00:00Z";
export const SOURCE_VERSION = "2025-12-31T00:00:00.000100+00:00";

export interface ExtraRun {
  /** unique_id -> status (nodes, tests, unit tests) of this run; the manifest is the base one. */
  statuses: (o: Oracle) => Record<string, string>;
  /** args this run was started with (merged into run_results.args). */
  args?: Record<string, unknown>;
  /** Extra fields per result (e.g. batch_results). */
  results?: (o: Oracle) => Record<string, Record<string, unknown>>;
  startedAt: string;
}

export interface Scenario {
  fixture: string;
  /** Applied to the base manifest before it is built (the state of the project when recorded). */
  prepare?: (m: Json, o: Oracle) => void;
  /** The change: applied to a copy of the prepared manifest, which is then planned. */
  change?: (m: Json, o: Oracle) => void;
  /** Record the changed manifest (it was built), and plan it again later. */
  recordChanged?: boolean;
  /** Status overrides in the base build (e.g. a failing test). */
  baseStatuses?: (o: Oracle) => Record<string, string>;
  /** Runs recorded after the base build, on the base manifest. */
  laterRuns?: ExtraRun[];
  /** Source versions at plan time (default: unchanged). */
  sourcesNow?: (o: Oracle) => Record<string, string>;
  planAt?: string;
  select?: string[];
  exclude?: string[];
  /** Extra PlanInput fields (for fields other branches add). */
  planExtra?: Record<string, unknown>;
  /**
   * What the edge reads from the checkout, handed to loadProject (the
   * contents branch: `{ seedFiles: Map<seed id, { path, sha256 }> }`), for
   * the recorded build (`built`) and the plan (`planned`).
   */
  loadInputs?: { built?: Record<string, unknown>; planned?: Record<string, unknown> };
}

/** loadProject with the edge's inputs (a third argument other branches add; ignored where absent). */
function load(text: string, inputs?: Record<string, unknown>): LoadedProject {
  const project = (loadProject as (...args: unknown[]) => LoadedProject)(text, "manifest.json", inputs ?? {});
  // What the action sees when the scenario says nothing: an environment that sets none of the
  // variables read, a dbt_project.yml without `vars:`, no `--vars`, the target the state is for.
  project.runTimeValues ??= defaultRunTimeValues(project);
  return project;
}

/** The value key every scenario's state is recorded with (issue 36). */
export const TEST_VALUE_KEY = "5eed".repeat(16);

export function defaultRunTimeValues(project: LoadedProject): RunTimeValueSources {
  const root = project.manifest.metadata.projectName ?? "";
  return {
    env: {},
    projectVars: { root, vars: new Map([[root, {}]]) },
    cliVars: {},
    target: { name: "prod", adapter_type: project.manifest.metadata.adapterType },
  };
}

export interface Outcome {
  base: Oracle;
  changed: Oracle;
  baseline: Plan;
  plan: Plan;
  project: LoadedProject;
  snapshot: StateSnapshot;
}

export function targetOf(m: Json) {
  return { name: "prod", adapter_type: m.metadata.adapter_type };
}

export function scopeOf(m: Json) {
  return { project: m.metadata.project_name, environment: "prod" };
}

export function sourcesDoc(o: Oracle, takenAt: string, versions: Record<string, string>) {
  const all = Object.fromEntries(Object.keys(o.m.sources).map((id) => [id, versions[id] ?? SOURCE_VERSION]));
  return loadSources(JSON.stringify(buildSources(takenAt, all)), "sources.json");
}

export function runDoc(
  o: Oracle,
  invocationId: string,
  startedAt: string,
  statuses: Record<string, string>,
  args?: Record<string, unknown>,
  extra?: Record<string, Record<string, unknown>>,
) {
  const doc = buildRunResults({ invocationId, statuses, startedAt, durationSeconds: 0.01 }) as Json;
  // 1 s per result is what buildRunResults gives; squeeze so large projects stay inside one minute.
  const start = Date.parse(startedAt);
  doc.results.forEach((r: Json, i: number) => {
    const began = new Date(start + i * 10).toISOString();
    const ended = new Date(start + i * 10 + 5).toISOString();
    r.timing = [
      { name: "compile", started_at: began, completed_at: began },
      { name: "execute", started_at: began, completed_at: ended },
    ];
    Object.assign(r, extra?.[r.unique_id] ?? {});
  });
  doc.metadata.generated_at = new Date(start + doc.results.length * 10 + 100).toISOString();
  doc.metadata.dbt_version = o.m.metadata.dbt_version;
  if (args) doc.args = { ...doc.args, ...args };
  return loadRunResults(JSON.stringify(doc), "run_results.json");
}

/** Every planned node success, every test pass. */
export function fullBuildStatuses(o: Oracle): Record<string, string> {
  return {
    ...Object.fromEntries(o.planned.map((id) => [id, "success"])),
    ...Object.fromEntries(o.allTests().map((id) => [id, "pass"])),
  };
}

export function recordRun(
  manifest: Json,
  statuses: Record<string, string>,
  startedAt: string,
  previous: StateSnapshot | null,
  invocation: string,
  args?: Record<string, unknown>,
  extra?: Record<string, Record<string, unknown>>,
  inputs?: Record<string, unknown>,
): StateSnapshot {
  const m = structuredClone(manifest);
  m.metadata.invocation_id = invocation;
  const o = new Oracle(m);
  const project = load(JSON.stringify(m), inputs);
  return record({
    project,
    runResults: runDoc(o, invocation, startedAt, statuses, args, extra),
    sources: sourcesDoc(o, SOURCES_BEFORE, {}),
    scope: scopeOf(m),
    previous,
    recordedRunIds: new Set(),
    target: targetOf(m),
    now: new Date(Date.parse(startedAt) + 86_400_000).toISOString(),
    valueKey: TEST_VALUE_KEY,
  }).snapshot;
}

const baselines = new Map<string, Plan>();
/** The recorded full build of each unchanged fixture (snapshots are never mutated by plan or record). */
const baseSnapshots = new Map<string, StateSnapshot>();

export function runScenario(s: Scenario): Outcome {
  const baseJson = manifestJson(s.fixture);
  const base = new Oracle(baseJson);
  s.prepare?.(baseJson, base);
  const changedJson = structuredClone(baseJson);
  const changed = new Oracle(changedJson);
  s.change?.(changedJson, changed);
  const changedOracle = new Oracle(changedJson);

  const builtJson = s.recordChanged ? changedJson : baseJson;
  const builtOracle = s.recordChanged ? changedOracle : base;
  const statuses = { ...fullBuildStatuses(builtOracle), ...(s.baseStatuses?.(builtOracle) ?? {}) };
  const plain = !s.prepare && !s.recordChanged && !s.baseStatuses && !s.loadInputs?.built;
  let snapshot =
    (plain ? baseSnapshots.get(s.fixture) : undefined) ??
    recordRun(
      builtJson,
      statuses,
      T0,
      null,
      "00000000-0000-4000-8000-0000000000a1",
      undefined,
      undefined,
      s.loadInputs?.built,
    );
  if (plain) baseSnapshots.set(s.fixture, snapshot);
  let n = 2;
  for (const run of s.laterRuns ?? []) {
    snapshot = recordRun(
      builtJson,
      run.statuses(builtOracle),
      run.startedAt,
      snapshot,
      `00000000-0000-4000-8000-0000000000a${n++}`,
      run.args,
      run.results?.(builtOracle),
      s.loadInputs?.built,
    );
  }

  const planAt = s.planAt ?? DEFAULT_PLAN_AT;
  const takenAt = new Date(Date.parse(planAt) - 60_000).toISOString();
  const project = load(JSON.stringify(changedJson), s.loadInputs?.planned);
  const input = {
    project,
    scope: scopeOf(changedJson),
    state: { id: "s1", snapshot },
    sources: sourcesDoc(changedOracle, takenAt, s.sourcesNow?.(changedOracle) ?? {}),
    select: s.select ?? [],
    now: planAt,
    target: targetOf(changedJson),
    ...(s.exclude ? { exclude: s.exclude } : {}),
    ...(s.planExtra ?? {}),
  } as PlanInput;
  const p = plan(input);
  return {
    base,
    changed: changedOracle,
    baseline: baselineOf(s.fixture, s.prepare, s.loadInputs?.built),
    plan: p,
    project,
    snapshot,
  };
}

/** The plan of the unchanged (prepared) manifest against its own full build. */
export function baselineOf(
  fixture: string,
  prepare?: Scenario["prepare"],
  inputs?: Record<string, unknown>,
): Plan {
  const key = prepare || inputs ? null : fixture;
  if (key && baselines.has(key)) return baselines.get(key)!;
  const m = manifestJson(fixture);
  const o = new Oracle(m);
  prepare?.(m, o);
  const snapshot =
    (key ? baseSnapshots.get(key) : undefined) ??
    recordRun(
      m,
      fullBuildStatuses(new Oracle(m)),
      T0,
      null,
      "00000000-0000-4000-8000-0000000000a1",
      undefined,
      undefined,
      inputs,
    );
  if (key) baseSnapshots.set(key, snapshot);
  const takenAt = new Date(Date.parse(DEFAULT_PLAN_AT) - 60_000).toISOString();
  const p = plan({
    project: load(JSON.stringify(m), inputs),
    scope: scopeOf(m),
    state: { id: "s0", snapshot },
    sources: sourcesDoc(new Oracle(m), takenAt, {}),
    select: [],
    now: DEFAULT_PLAN_AT,
    target: targetOf(m),
  });
  if (key) baselines.set(key, p);
  return p;
}

// ---------------------------------------------------------------- expectation

const CODE_CLASS = new Set(
  Object.entries(BUILD_REASONS)
    .filter(([, c]) => c === "code")
    .map(([k]) => k),
);
/** Decisions that come before a code change of the node itself (rules 2-3). */
const BEFORE_CODE = new Set([
  "no_state",
  "target_changed",
  "never_built",
  "relation_overwritten",
  "code_incomplete",
  "scheme_changed",
]);
/** Baseline decisions a node keeps whatever its parents do, except a parent's code change. */
const OWN_DATA = new Set([
  "no_declared_inputs",
  "unknown_parent",
  "policy_unmet",
  "missing_data_evidence",
  "clock_dependent",
  "tests_not_passed",
  "last_build_partial",
  "undeclared_relation_read",
]);

function isCodeBuild(value: string): boolean {
  const [action, code] = value.split(" ");
  // A value read at run time that can't be compared may change anything: its readers build as for code.
  return action === "BUILD" && (CODE_CLASS.has(code!) || code === "run_time_value_unknown");
}

/**
 * The expected decision of every planned node: `effects` (direct effects of
 * the change) over the baseline decisions, propagated along the manifest's
 * parent_map: a code-class BUILD makes its descendants `parent_code_changed`,
 * a data-class BUILD makes them `new_upstream_data` (unless they have their
 * own earlier rule).
 */
export function expectedDecisions(
  o: Oracle,
  baseline: Plan,
  effects: Record<string, string>,
): Map<string, Set<string>> {
  const base = new Map(baseline.entries.map((e) => [e.unique_id, `${e.action} ${e.reasons[0]!.code}`]));
  const out = new Map<string, Set<string>>();
  for (const id of o.order) {
    const was = base.get(id) ?? "BUILD never_built";
    const wasCode = was.split(" ")[1]!;
    const forced = effects[id]?.startsWith("=") ? effects[id]!.slice(1) : undefined;
    if (forced !== undefined) {
      // The change itself decides (e.g. it completes what the baseline couldn't fingerprint).
      out.set(id, new Set(forced.split("|")));
      continue;
    }
    // last_build_partial comes right after never_built (src/planner/rules/index.ts):
    // before any code rule, its own or a parent's.
    if (effects[id]?.split("|").includes("BUILD last_build_partial")) {
      const allowed = new Set(effects[id]!.split("|"));
      if (BEFORE_CODE.has(wasCode)) allowed.add(was);
      out.set(id, allowed);
      continue;
    }
    if (BEFORE_CODE.has(wasCode)) {
      out.set(id, new Set([was]));
      continue;
    }
    const parentSets = (o.parents.get(id) ?? []).map((p) => [...(out.get(p) ?? new Set<string>())]);
    const codeCertain = parentSets.some((s) => s.length > 0 && s.every(isCodeBuild));
    if (effects[id] !== undefined) {
      // A change of the node's own code comes first (rule 4); anything else
      // comes after a parent's code change (rule 5).
      const own = effects[id]!.split("|");
      if (codeCertain && !own.every(isCodeBuild)) {
        out.set(id, new Set(["BUILD parent_code_changed"]));
        continue;
      }
      // A node built anyway for a data reason of its own (clock_dependent,
      // no_declared_inputs, ...): which of two data rules comes first is the
      // planner's choice; either builds it.
      const allowed = new Set(own);
      if (OWN_DATA.has(wasCode) && own.every((v) => v.startsWith("BUILD") && !isCodeBuild(v)))
        allowed.add(was);
      out.set(id, allowed);
      continue;
    }
    // Rules after the node's own code rules but before its parents' (rules/index.ts) keep deciding.
    if (wasCode === "hook_reads_environment" || wasCode === "run_time_value_unknown") {
      out.set(id, new Set([was]));
      continue;
    }
    const codePossible = parentSets.some((s) => s.some(isCodeBuild));
    const buildCertain = parentSets.some((s) => s.length > 0 && s.every((v) => v.startsWith("BUILD")));
    const buildPossible = parentSets.some((s) => s.some((v) => v.startsWith("BUILD")));
    const allowed = new Set<string>();
    if (codePossible) allowed.add("BUILD parent_code_changed");
    if (!codeCertain) {
      if (OWN_DATA.has(wasCode)) allowed.add(was);
      else {
        if (buildPossible) allowed.add("BUILD new_upstream_data");
        if (!buildCertain) allowed.add(was.startsWith("REUSE") ? was : "REUSE unchanged");
      }
    }
    out.set(id, allowed);
  }
  return out;
}

export interface Expectation {
  effects?: Record<string, string>;
  /** Node -> the tests its entry's checks.run must hold (and `select` select). */
  checksRun?: Record<string, string[]>;
  /** Limit the compared entries to these (a selection); default every planned node. */
  selected?: Set<string>;
  /** A message the reason of a node must match. */
  messages?: Record<string, RegExp>;
  /** Components a code_changed reason must name. */
  components?: Record<string, string[]>;
}

/** The decision of every planned node, and the select, against the expectation. */
export function assertPlan(out: Outcome, exp: Expectation): void {
  const o = out.changed;
  const expected = expectedDecisions(o, out.baseline, exp.effects ?? {});
  const entries = new Map(out.plan.entries.map((e) => [e.unique_id, e]));
  const wanted = exp.selected ?? new Set(o.planned);
  expect([...entries.keys()].sort(), "planned entries").toEqual([...wanted].sort());

  const mismatches: Record<string, { got: string; want: string }> = {};
  for (const id of o.order) {
    if (!wanted.has(id)) continue;
    const e = entries.get(id)!;
    const got = `${e.action} ${e.reasons[0]!.code}`;
    const allowed = expected.get(id)!;
    if (!allowed.has(got)) mismatches[id] = { got, want: [...allowed].join(" | ") };
  }
  expect(mismatches, "decisions that differ from the expectation").toEqual({});

  for (const [id, re] of Object.entries(exp.messages ?? {})) {
    expect(entries.get(id)!.reasons[0]!.message, id).toMatch(re);
  }
  for (const [id, names] of Object.entries(exp.components ?? {})) {
    const c = entries.get(id)!.reasons[0]!.components;
    expect([...(c?.changed ?? []), ...(c?.added ?? []), ...(c?.removed ?? [])], id).toEqual(
      expect.arrayContaining(names),
    );
  }

  // select: exactly the BUILD nodes, plus the tests that must run, as dbt resolves select and exclude.
  const resolved = resolveSelect(out.project.graph, out.plan);
  const words = resolved;
  const selectedNodes = o.planned.filter((id) => resolved.has(id));
  const mustBuild = [...wanted].filter((id) => [...expected.get(id)!].every((v) => v.startsWith("BUILD")));
  const mayBuild = new Set(
    [...wanted].filter((id) => [...expected.get(id)!].some((v) => v.startsWith("BUILD"))),
  );
  expect(
    mustBuild.filter((id) => !selectedNodes.includes(id)),
    "BUILD nodes missing from select",
  ).toEqual([]);
  expect(
    selectedNodes.filter((id) => !mayBuild.has(id)),
    "REUSE nodes in select",
  ).toEqual([]);

  for (const [id, tests] of Object.entries(exp.checksRun ?? {})) {
    const e = entries.get(id) as PlanEntry & { checks?: { run: string[]; reason: { code: string } } };
    expect(e.action, id).toBe("REUSE");
    expect(e.checks?.run ?? [], `${id} checks.run`).toEqual(expect.arrayContaining(tests));
    expect(e.checks?.reason.code, `${id} checks.reason`).toBe("checks_changed");
    for (const t of tests) {
      expect(words.has(t), `select (${out.plan.select.slice(0, 200)}) selects ${t}`).toBe(true);
    }
  }
}

export function entryOf(out: Outcome, id: string): PlanEntry {
  const e = out.plan.entries.find((x) => x.unique_id === id);
  if (!e) throw new Error(`${id} is not in the plan`);
  return e;
}
