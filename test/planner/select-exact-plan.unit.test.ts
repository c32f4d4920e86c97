/**
 * Issue 20's property at the plan's level: on real fixtures, with a state
 * that matches part of the project (some nodes never built, some tests
 * edited since they passed, some sources' checks never passed), the plan's
 * own `select` / `exclude`, resolved as `dbt build` resolves them (the
 * independent reference), run exactly the BUILD entries, the tests dbt
 * attaches to them, the checks the REUSE entries run and the checks of the
 * RUN sources; or, when `select_exact` is false, that and `select_extra`.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadRunResults } from "../../src/dbt/artifacts/run-results.js";
import { loadSources } from "../../src/dbt/artifacts/sources.js";
import { type LoadedProject, loadProject } from "../../src/dbt/load-project.js";
import { plan } from "../../src/planner/plan.js";
import { record } from "../../src/planner/record.js";
import type { Plan } from "../../src/state/plan.js";
import type { StateSnapshot } from "../../src/state/snapshot.js";
import { caseRng, fuzzSeed, type Rng } from "../support/adversarial/rng.js";
import { referenceIndex, resolveBuildCommand } from "../support/dbt-selection-reference.js";
import { buildRunResults, buildSources } from "../support/run-builders.js";
import { intendedSet, realFixtureNames } from "../support/select-property.js";
import { sharedFixture } from "../support/shared-fixtures.js";

realFixtureNames(); // fails without ../shared
const SEED = fuzzSeed();
const TARGET = { name: "prod", adapter_type: "duckdb" };
const BUILT_AT = "2026-05-01T08:00:00Z";
const PLANNED_AT = "2026-06-01T00:00:00Z";

type Doc = { nodes: Record<string, { resource_type: string; config: Record<string, unknown> }> };

function scopeOf(project: LoadedProject) {
  return { project: project.manifest.metadata.projectName!, environment: "prod" };
}

function sourcesFor(project: LoadedProject, takenAt: string) {
  const versions = Object.fromEntries(
    [...project.graph.sources.keys()].map((id) => [id, "2025-12-31T00:00:00Z"]),
  );
  return loadSources(JSON.stringify(buildSources(takenAt, versions)), "sources.json");
}

/** A build of part of the project: some planned nodes, the checks of the built ones, some sources' checks. */
function partialBuild(project: LoadedProject, rng: Rng): StateSnapshot {
  const graph = project.graph;
  const built = graph.order.filter(() => rng.chance(0.75));
  const statuses: Record<string, string> = {};
  for (const id of built) {
    statuses[id] = "success";
    for (const check of graph.nodes.get(id)!.checks) statuses[check] = "pass";
  }
  for (const source of graph.sources.values()) {
    const passed = rng.chance(0.5);
    for (const check of source.checks) {
      if (passed) statuses[check] = "pass";
      else delete statuses[check];
    }
  }
  const runResults = loadRunResults(
    JSON.stringify(
      buildRunResults({
        invocationId: project.manifest.metadata.invocationId!,
        statuses,
        startedAt: BUILT_AT,
      }),
    ),
    "run_results.json",
  );
  return record({
    project,
    runResults,
    sources: sourcesFor(project, "2026-04-30T00:00:00Z"),
    scope: scopeOf(project),
    previous: null,
    recordedRunIds: new Set(),
    target: TARGET,
    now: BUILT_AT,
  }).snapshot;
}

/**
 * The next commit: the data tests of some nodes get another severity, so a
 * REUSE node runs its checks (class 12). Nodes with unit tests are left
 * alone: a unit test runs only with its model (select-exact.property.int.test.ts).
 */
function editTests(project: LoadedProject, text: string, rng: Rng): { project: LoadedProject; doc: Doc } {
  const doc = JSON.parse(text) as Doc;
  const graph = project.graph;
  for (const node of graph.nodes.values()) {
    const checks = node.checks.map((id) => graph.checks.get(id)!);
    if (checks.length === 0 || checks.some((c) => c.kind === "unit_test") || !rng.chance(0.3)) continue;
    const test = doc.nodes[checks[0]!.id];
    if (test) test.config = { ...test.config, severity: test.config.severity === "warn" ? "error" : "warn" };
  }
  return { project: loadProject(JSON.stringify(doc), "manifest.json"), doc };
}

function planNext(project: LoadedProject, snapshot: StateSnapshot): Plan {
  return plan({
    project,
    scope: scopeOf(project),
    state: { id: "s", snapshot },
    sources: sourcesFor(project, PLANNED_AT),
    select: [],
    now: PLANNED_AT,
    target: TARGET,
  });
}

const FIXTURES = ["jaffle-shop-duckdb-1.12", "dbt-bouncer-duckdb-1.12-docs", "global-trade-bq-1.11-large"];

describe("the plan's select and exclude resolve to its own entries (issue 20)", () => {
  it.each(FIXTURES)("%s: BUILD entries, their tests, REUSE checks and RUN source checks, exactly", (name) => {
    const text = readFileSync(sharedFixture(name, "manifest.json"), "utf8");
    const base = loadProject(text, "manifest.json");
    let withChecks = 0;
    let withSources = 0;
    for (let round = 0; round < 6; round++) {
      const rng = caseRng(SEED, `plan/${name}`, round);
      const snapshot = partialBuild(base, rng);
      const next = editTests(base, text, rng);
      const p = planNext(next.project, snapshot);
      const target = {
        build: p.entries.filter((e) => e.action === "BUILD").map((e) => e.unique_id),
        checks: p.entries.flatMap((e) => e.checks?.run ?? []),
        sources: (p.source_checks ?? []).filter((s) => s.action === "RUN").map((s) => s.source_id),
      };
      if (target.checks.length > 0) withChecks++;
      if (target.sources.length > 0) withSources++;
      const index = referenceIndex(next.doc);
      const intended = intendedSet(index, target);
      const resolved = resolveBuildCommand(index, p.select, p.exclude);
      const label = `${name} round ${round}: select ${p.select.slice(0, 300)} exclude ${p.exclude}`;
      expect(
        [...intended].filter((id) => !resolved.has(id)),
        `${label}: runs fewer`,
      ).toEqual([]);
      const beyond = [...resolved].filter((id) => !intended.has(id)).sort();
      expect(beyond, `${label}: runs beyond the plan`).toEqual(p.select_exact ? [] : (p.select_extra ?? []));
      expect(p.select_terms, label).toBeLessThanOrEqual(500);
      expect(p.select.length + p.exclude.length, label).toBeLessThanOrEqual(100_000);
      expect(p.build_command === null, label).toBe(p.select === "");
    }
    // The rounds exercise what they claim to.
    expect(withChecks).toBeGreaterThan(0);
    if ([...base.graph.sources.values()].some((s) => s.checks.length > 0))
      expect(withSources).toBeGreaterThan(0);
  });
});
