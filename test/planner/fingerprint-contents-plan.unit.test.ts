/**
 * The planner on the fingerprint contents of issue 18 (classes 4-6 and the
 * over-builds): record a build of dbt-bouncer-duckdb-1.12-docs, edit the
 * manifest as a user would, plan, and check each node's decision.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadRunResults } from "../../src/dbt/artifacts/run-results.js";
import { loadSources } from "../../src/dbt/artifacts/sources.js";
import { type LoadedProject, loadProject } from "../../src/dbt/load-project.js";
import { plan } from "../../src/planner/plan.js";
import { record } from "../../src/planner/record.js";
import type { StateSnapshot } from "../../src/state/snapshot.js";
import { buildRunResults, buildSources } from "../support/run-builders.js";
import { sharedFixture, sharedFixturesPresent } from "../support/shared-fixtures.js";

const TARGET = { name: "prod", adapter_type: "duckdb" };
const id = (name: string) => `model.dbt_bouncer_test_project.${name}`;

// biome-ignore lint/suspicious/noExplicitAny: a manifest document edited in place
type Doc = any;

function scopeOf(project: LoadedProject) {
  return { project: project.manifest.metadata.projectName!, environment: "prod" };
}

function sourcesFor(project: LoadedProject, takenAt: string) {
  const versions = Object.fromEntries(
    [...project.graph.sources.keys()].map((s) => [s, "2025-12-31T00:00:00Z"]),
  );
  return loadSources(JSON.stringify(buildSources(takenAt, versions)), "sources.json");
}

function recordBuild(project: LoadedProject): StateSnapshot {
  // A `dbt build`: every node built, every check passing.
  const statuses = Object.fromEntries([
    ...project.graph.order.map((node) => [node, "success"]),
    ...[...project.graph.checks.keys()].map((check) => [check, "pass"]),
  ]);
  const runResults = loadRunResults(
    JSON.stringify(
      buildRunResults({
        invocationId: project.manifest.metadata.invocationId!,
        statuses,
        startedAt: "2026-01-02T00:00:00Z",
      }),
    ),
    "run_results.json",
  );
  return record({
    project,
    runResults,
    sources: sourcesFor(project, "2026-01-01T00:00:00Z"),
    scope: scopeOf(project),
    previous: null,
    recordedRunIds: new Set(),
    target: TARGET,
    now: "2026-01-02T00:00:00Z",
  }).snapshot;
}

const load = (doc: Doc) => loadProject(JSON.stringify(doc), "manifest.json");

describe.skipIf(!sharedFixturesPresent)("plans after edits that do or don't reach the warehouse", () => {
  const text = readFileSync(sharedFixture("dbt-bouncer-duckdb-1.12-docs", "manifest.json"), "utf8");

  function planAfter(setup: (doc: Doc) => void, edit: (doc: Doc) => void) {
    const before: Doc = JSON.parse(text);
    setup(before);
    const built = load(before);
    const snapshot = recordBuild(built);
    const after = structuredClone(before);
    edit(after);
    const project = load(after);
    const p = plan({
      project,
      scope: scopeOf(project),
      state: { id: "s", snapshot },
      sources: sourcesFor(project, "2026-06-01T00:00:00Z"),
      select: [],
      now: "2026-06-01T00:00:00Z",
      target: TARGET,
    });
    const byId = new Map(p.entries.map((entry) => [entry.unique_id, entry]));
    return (name: string) => {
      const entry = byId.get(id(name))!;
      const reason = entry.reasons[0]!;
      return { decision: `${entry.action} ${reason.code}`, components: reason.components };
    };
  }

  it("a persisted column description: BUILD code_changed naming docs", () => {
    const decided = planAfter(
      (doc) => {
        doc.nodes[id("stg_orders")].config.persist_docs = { relation: true, columns: true };
      },
      (doc) => {
        doc.nodes[id("stg_orders")].columns.order_id.description = "The order's key";
      },
    );
    expect(decided("stg_orders")).toEqual({
      decision: "BUILD code_changed",
      components: { changed: ["docs"], added: [], removed: [] },
    });
  });

  it("latest_version moved to v2: v2 and v3 BUILD code_changed naming version, v1 REUSE", () => {
    const decided = planAfter(
      () => {},
      (doc) => {
        for (const v of ["v1", "v2", "v3"]) doc.nodes[id(`customers.${v}`)].latest_version = 2;
      },
    );
    for (const v of ["v2", "v3"]) {
      expect(decided(`customers.${v}`)).toEqual({
        decision: "BUILD code_changed",
        components: { changed: ["version"], added: [], removed: [] },
      });
    }
    expect(decided("customers.v1").decision).toBe("REUSE unchanged");
  });

  it("a contract column's quote: BUILD code_changed naming contract", () => {
    const decided = planAfter(
      () => {},
      (doc) => {
        doc.nodes[id("orders")].columns.status.quote = true;
      },
    );
    expect(decided("orders")).toEqual({
      decision: "BUILD code_changed",
      components: { changed: ["contract"], added: [], removed: [] },
    });
  });

  it("access and group: REUSE", () => {
    const decided = planAfter(
      () => {},
      (doc) => {
        Object.assign(doc.nodes[id("orders")].config, { access: "public", group: "finance" });
      },
    );
    expect(decided("orders").decision).toBe("REUSE unchanged");
  });
});
