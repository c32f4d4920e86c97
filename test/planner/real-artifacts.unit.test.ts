/**
 * The planner on real dbt artifacts from ../shared/fixtures/dbt: record a
 * build of one version of a project, plan the next, and check every decision
 * against what really changed.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadRunResults } from "../../src/dbt/artifacts/run-results.js";
import { loadSources } from "../../src/dbt/artifacts/sources.js";
import { diffFingerprints, isEmptyDiff } from "../../src/dbt/fingerprint/fingerprint.js";
import { type LoadedProject, loadProject } from "../../src/dbt/load-project.js";
import { plan } from "../../src/planner/plan.js";
import { record } from "../../src/planner/record.js";
import { BUILD_REASONS, type BuildReasonCode, type Plan } from "../../src/state/plan.js";
import type { StateSnapshot } from "../../src/state/snapshot.js";
import { buildRunResults, buildSources } from "../support/run-builders.js";
import { sharedFixture, sharedFixturesPresent } from "../support/shared-fixtures.js";

const read = (...parts: string[]) => readFileSync(sharedFixture(...parts), "utf8");
const TARGET = { name: "prod", adapter_type: "duckdb" };

function scopeOf(project: LoadedProject) {
  return { project: project.manifest.metadata.projectName!, environment: "prod" };
}

/** A sources.json with the given max_loaded_at for every source of the project. */
function sourcesFor(project: LoadedProject, takenAt: string, loadedAt: string) {
  const versions = Object.fromEntries([...project.graph.sources.keys()].map((id) => [id, loadedAt]));
  return loadSources(JSON.stringify(buildSources(takenAt, versions)), "sources.json");
}

/** The run_results a successful `dbt build` of every planned node of this manifest would have written (its checks passing). */
function successfulBuild(project: LoadedProject, startedAt: string) {
  const statuses = Object.fromEntries([
    ...project.graph.order.map((id) => [id, "success"]),
    ...[...project.graph.checks.keys()].map((id) => [id, "pass"]),
  ]);
  const document = buildRunResults({
    invocationId: project.manifest.metadata.invocationId!,
    statuses,
    startedAt,
  });
  return loadRunResults(JSON.stringify(document), "run_results.json");
}

function recordBuild(project: LoadedProject, startedAt: string): StateSnapshot {
  return record({
    project,
    runResults: successfulBuild(project, startedAt),
    sources: sourcesFor(project, "2026-01-01T00:00:00Z", "2025-12-31T00:00:00Z"),
    scope: scopeOf(project),
    previous: null,
    recordedRunIds: new Set(),
    target: TARGET,
    now: startedAt,
  }).snapshot;
}

function planNext(project: LoadedProject, snapshot: StateSnapshot): Plan {
  return plan({
    project,
    scope: scopeOf(project),
    state: { id: "s", snapshot },
    sources: sourcesFor(project, "2026-06-01T00:00:00Z", "2025-12-31T00:00:00Z"),
    select: [],
    now: "2026-06-01T00:00:00Z",
    target: TARGET,
  });
}

/** Checks every decision of `next` against the fingerprints of `before` and `after`. */
function checkAgainstTruth(before: LoadedProject, after: LoadedProject, p: Plan) {
  const decided = new Map(p.entries.map((entry) => [entry.unique_id, entry]));
  const counts = { codeChanged: 0, descendants: 0, reused: 0, incomplete: 0, other: 0 };
  for (const id of after.graph.order) {
    const entry = decided.get(id)!;
    const now = after.fingerprints.get(id)!;
    const was = before.fingerprints.get(id);
    const reason = entry.reasons[0]!;
    // Plan 1.2: the node's file, as the manifest's original_file_path says (the comment links it to the diff).
    expect(entry.file, id).toBe(after.graph.nodes.get(id)!.node.originalFilePath);
    expect(entry.file, id).toMatch(/\.(sql|py|csv|ya?ml)$/);
    if (!now.complete) {
      expect(entry.action, id).toBe("BUILD");
      counts.incomplete++;
      continue;
    }
    if (!was) {
      expect(`${entry.action} ${reason.code}`, id).toBe("BUILD never_built");
      counts.other++;
      continue;
    }
    const diff = diffFingerprints(was.fingerprint, now.fingerprint);
    if (!isEmptyDiff(diff)) {
      expect(`${entry.action} ${reason.code}`, id).toBe("BUILD code_changed");
      expect(reason.components, id).toEqual(diff);
      counts.codeChanged++;
      continue;
    }
    const parents = after.graph.nodes.get(id)!.parents;
    const codeParent = parents.some((parent) => {
      const pe = decided.get(parent)!;
      return pe.action === "BUILD" && BUILD_REASONS[pe.reasons[0]!.code as BuildReasonCode] === "code";
    });
    if (codeParent) {
      expect(`${entry.action} ${reason.code}`, id).toBe("BUILD parent_code_changed");
      counts.descendants++;
      continue;
    }
    if (entry.action === "REUSE") {
      expect(["unchanged", "formatting_only"], id).toContain(reason.code);
      counts.reused++;
    } else {
      // Built for data: it must say which input (a parent built for data, or no inputs at all).
      expect(["new_upstream_data", "no_declared_inputs", "hook_reads_environment"], id).toContain(
        reason.code,
      );
      counts.other++;
    }
  }
  return counts;
}

const HISTORY = "dbt-bouncer-duckdb-1.11-build/history";

describe.skipIf(!sharedFixturesPresent)("planning dbt-bouncer's real history", () => {
  const versions = ["01-03238b7", "02-a209433", "03-f5b6f07", "04-4ad5a67"];
  const projects = sharedFixturesPresent
    ? versions.map((v) => loadProject(read(HISTORY, v, "manifest.json"), `${v}/manifest.json`))
    : [];

  it("01 is recorded from its real `dbt build` results", () => {
    const runResults = loadRunResults(read(HISTORY, versions[0]!, "run_results.json"), "run_results.json");
    const outcome = record({
      project: projects[0]!,
      runResults,
      sources: null,
      scope: scopeOf(projects[0]!),
      previous: null,
      recordedRunIds: new Set(),
      target: TARGET,
      now: "2026-02-20T22:30:00Z",
    });
    expect(outcome.run.command).toBe("build");
    expect(outcome.built.length).toBe(15);
    expect(outcome.built).toContain("model.dbt_bouncer_test_project.orders");
  });

  it("02's run_results came from `dbt docs generate`: record refuses them", () => {
    const runResults = loadRunResults(read(HISTORY, versions[1]!, "run_results.json"), "run_results.json");
    expect(() =>
      record({
        project: projects[1]!,
        runResults,
        sources: null,
        scope: scopeOf(projects[1]!),
        previous: null,
        recordedRunIds: new Set(),
        target: TARGET,
        now: "2026-03-16T16:12:00Z",
      }),
    ).toThrow(/comes from `dbt generate`, which builds nothing/);
  });

  it.each([
    // 01 → 02 changed no planned node; 02 → 03 and 03 → 04 changed the project's
    // generate_schema_name, which every node's macros component includes.
    [0, 1, { codeChanged: 0, descendants: 0 }],
    [1, 2, { codeChanged: 15, descendants: 0 }],
    [2, 3, { codeChanged: 16, descendants: 0 }],
  ])(
    "record a build of version %i, plan version %i: every decision matches what changed",
    (from, to, expected) => {
      const snapshot = recordBuild(projects[from]!, "2026-01-02T00:00:00Z");
      const p = planNext(projects[to]!, snapshot);
      const counts = checkAgainstTruth(projects[from]!, projects[to]!, p);
      expect({ codeChanged: counts.codeChanged, descendants: counts.descendants }).toEqual(expected);
    },
  );

  it("01 → 02: no planned node changed: complete nodes are reused unless they declare no inputs", () => {
    const snapshot = recordBuild(projects[0]!, "2026-01-02T00:00:00Z");
    const p = planNext(projects[1]!, snapshot);
    const byCode = new Map<string, string[]>();
    for (const entry of p.entries) {
      const key = `${entry.action} ${entry.reasons[0]!.code}`;
      byCode.set(key, [...(byCode.get(key) ?? []), entry.unique_id.replace("dbt_bouncer_test_project", "p")]);
    }
    expect([...byCode.keys()].sort()).toEqual([
      "BUILD code_incomplete",
      "BUILD no_declared_inputs",
      "REUSE unchanged",
    ]);
    expect(byCode.get("BUILD no_declared_inputs")).toEqual([
      "model.p.int_exclude_via_meta_config",
      "model.p.int_incremental",
      "model.p.metricflow_time_spine",
    ]);
    expect(byCode.get("REUSE unchanged")!.length).toBeGreaterThanOrEqual(8);
  });

  it("02 → 03: stg_orders and int_incremental were only reformatted, but generate_schema_name changed: built for macros", () => {
    const snapshot = recordBuild(projects[1]!, "2026-01-02T00:00:00Z");
    const p = planNext(projects[2]!, snapshot);
    const orders = p.entries.find((e) => e.unique_id === "model.dbt_bouncer_test_project.orders")!;
    expect(orders.reasons[0]!.components).toEqual({
      changed: ["contract", "macros", "sql"],
      added: [],
      removed: [],
    });
    expect(orders.reasons[0]!.message).toMatch(
      /^Its contract, macros it uses and compiled SQL changed since run /,
    );
  });
});

describe.skipIf(!sharedFixturesPresent)("record a real run, then plan the same manifest", () => {
  it("planetkart (real `dbt run` and sources.json): what the run built is reused; the rest says why not", () => {
    const dir = "planetkart-snowflake-1.10";
    const project = loadProject(read(dir, "manifest.json"), "manifest.json");
    const runResults = loadRunResults(read(dir, "run_results.json"), "run_results.json");
    const sourcesBefore = loadSources(read(dir, "sources.json"), "sources.json");
    const scope = scopeOf(project);
    const outcome = record({
      project,
      runResults,
      sources: sourcesBefore,
      scope,
      previous: null,
      recordedRunIds: new Set(),
      target: { name: "prod", adapter_type: "snowflake" },
      now: "2025-07-21T03:00:00Z",
    });
    expect(outcome.sourcesIgnored).toBeNull();
    // sources.json observed after the run, with the same versions.
    const after = sourcesBefore.results.map((r) => [r.uniqueId, r.maxLoadedAt]);
    const sourcesAfter = loadSources(
      JSON.stringify(buildSources("2025-07-21T04:00:00Z", Object.fromEntries(after))),
      "sources.json",
    );
    const p = plan({
      project,
      scope,
      state: { id: "s", snapshot: outcome.snapshot },
      sources: sourcesAfter,
      select: [],
      now: "2025-07-21T04:00:00Z",
      target: { name: "prod", adapter_type: "snowflake" },
    });
    // Only three of the five sources were checked by `dbt source freshness`:
    // nodes reading the other two have no evidence of their data, and say so.
    const checked = new Set(sourcesBefore.results.map((r) => r.uniqueId));
    const built = new Set(outcome.built);
    const decided = new Map(p.entries.map((e) => [e.unique_id, e]));
    for (const id of project.graph.order) {
      const entry = decided.get(id)!;
      const node = project.graph.nodes.get(id)!;
      const evidenceComplete =
        built.has(id) &&
        project.fingerprints.get(id)!.complete &&
        node.sources.every((s) => checked.has(s)) &&
        node.parents.every((parent) => decided.get(parent)!.action === "REUSE");
      // `dbt run` ran no tests: a node with checks is built to run them (tests_not_passed);
      // a node whose SQL calls a clock function is built (clock_dependent, no lag tolerance).
      const clock = project.fingerprints.get(id)!.clockCalls.length > 0;
      if (evidenceComplete && node.checks.length === 0 && !clock) {
        expect(`${entry.action} ${entry.reasons[0]!.code}`, id).toBe("REUSE unchanged");
      } else {
        expect(entry.action, id).toBe("BUILD");
      }
    }
    const reasons = Object.fromEntries(p.entries.map((e) => [e.name, `${e.action} ${e.reasons[0]!.code}`]));
    expect(reasons).toMatchObject({
      // Calls current_date(): class 8 (issue 18).
      stg_customers: "BUILD clock_dependent",
      stg_orders: "REUSE unchanged",
      stg_products: "REUSE unchanged",
      stg_order_items: "BUILD missing_data_evidence",
      stg_regions: "BUILD missing_data_evidence",
      snap_customers: "BUILD never_built",
      // Has data tests, and `dbt run` ran none: class 12 (issue 18), before new_upstream_data.
      fact_orders: "BUILD tests_not_passed",
    });
    expect(decided.get("model.planetkart_analytics.stg_order_items")!.reasons[0]!.message).toBe(
      "No evidence of its input data since its last build: `planetkart_raw.order_items` has no freshness result in sources.json.",
    );
  });
});
