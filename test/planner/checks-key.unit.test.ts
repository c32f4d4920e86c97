/**
 * The checks key (snapshot 1.4, `tested.checks_key`): recorded beside the
 * checks digest, it lets a plan skip the digest of a reused node's checks
 * when they are byte-identical. It must never change a decision: the same
 * plan with the keys, without them (a snapshot written before 1.4), and with
 * keys that no longer match (the same checks written differently), on the
 * real fixtures; and a changed check is still found with a key recorded.
 */
import { describe, expect, it } from "vitest";
import { checksDigest, checksKey } from "../../src/dbt/checks-digest.js";
import { macroIndexFor } from "../../src/dbt/fingerprint/shared-macro-index.js";
import type { Check } from "../../src/dbt/graph.js";
import { loadProject } from "../../src/dbt/load-project.js";
import { plan } from "../../src/planner/plan.js";
import type { Plan } from "../../src/state/plan.js";
import type { StateSnapshot } from "../../src/state/snapshot.js";
import { sharedFixturesPresent } from "../support/shared-fixtures.js";
import {
  DEFAULT_PLAN_AT,
  FIXTURES,
  fullBuildStatuses,
  type Json,
  manifestJson,
  Oracle,
  recordRun,
  scopeOf,
  sourcesDoc,
  T0,
  targetOf,
} from "./realistic-changes/harness.js";

function planOf(m: Json, snapshot: StateSnapshot): Plan {
  const o = new Oracle(m);
  return plan({
    project: loadProject(JSON.stringify(m), "manifest.json"),
    scope: scopeOf(m),
    state: { id: "s", snapshot },
    sources: sourcesDoc(o, new Date(Date.parse(DEFAULT_PLAN_AT) - 60_000).toISOString(), {}),
    select: [],
    now: DEFAULT_PLAN_AT,
    target: targetOf(m),
  });
}

/** The snapshot with every checks key dropped (as 1.3 wrote it) or replaced. */
function withKeys(snapshot: StateSnapshot, key: (old: string) => string | undefined): StateSnapshot {
  const copy = structuredClone(snapshot);
  for (const state of [...Object.values(copy.nodes), ...Object.values(copy.sources ?? {})]) {
    if (!state.tested?.checks_key) continue;
    const next = key(state.tested.checks_key);
    if (next === undefined) delete state.tested.checks_key;
    else state.tested.checks_key = next;
  }
  return copy;
}

const nodesWithChecks = (p: Plan) => p.entries.filter((e) => e.checks !== undefined).map((e) => e.unique_id);

/** The first generic test of the manifest on a node the unchanged plan reuses, and that node. */
function someTest(m: Json, snapshot: StateSnapshot): { test: Json; node: string } {
  const reused = new Set(
    planOf(m, snapshot)
      .entries.filter((e) => e.action === "REUSE")
      .map((e) => e.unique_id),
  );
  const test = Object.values(m.nodes as Record<string, Json>)
    .filter(
      (n) =>
        n.resource_type === "test" &&
        n.test_metadata &&
        n.depends_on.nodes.length === 1 &&
        reused.has(n.depends_on.nodes[0]),
    )
    .sort((a, b) => (a.unique_id < b.unique_id ? -1 : 1))[0];
  return { test, node: test.depends_on.nodes[0] };
}

describe.skipIf(!sharedFixturesPresent)("checks keys never change a decision", () => {
  it.each([FIXTURES.jaffle, FIXTURES.trade, FIXTURES.salary, FIXTURES.bouncer12])(
    "%s: recorded with every tested build; the same plan with them, without them and with stale ones",
    (fixture) => {
      const m = manifestJson(fixture);
      const snapshot = recordRun(
        m,
        fullBuildStatuses(new Oracle(m)),
        T0,
        null,
        "00000000-0000-4000-8000-0000000000a1",
      );
      const tested = Object.values(snapshot.nodes).filter((s) => s.tested);
      expect(tested.length).toBeGreaterThan(0);
      for (const state of tested)
        expect(state.tested!.checks_key, "a key beside every digest").toMatch(/^[0-9a-f]{64}$/);

      const withKey = planOf(m, snapshot);
      const without = planOf(
        m,
        withKeys(snapshot, () => undefined),
      );
      const stale = planOf(
        m,
        withKeys(snapshot, () => "0".repeat(64)),
      );
      expect(nodesWithChecks(withKey)).toEqual([]);
      expect(without).toEqual(withKey);
      expect(stale).toEqual(withKey);
    },
  );

  it.skipIf(!sharedFixturesPresent)("a check edited after the record runs, key or no key", () => {
    const m = manifestJson(FIXTURES.jaffle);
    const snapshot = recordRun(
      m,
      fullBuildStatuses(new Oracle(m)),
      T0,
      null,
      "00000000-0000-4000-8000-0000000000a1",
    );
    const changed = structuredClone(m);
    const { test, node } = someTest(changed, snapshot);
    changed.nodes[test.unique_id].config.where = "1 = 1";
    const withKey = planOf(changed, snapshot);
    expect(nodesWithChecks(withKey)).toEqual([node]);
    expect(
      planOf(
        changed,
        withKeys(snapshot, () => undefined),
      ),
    ).toEqual(withKey);
  });

  it.skipIf(!sharedFixturesPresent)(
    "the same checks written with other key order or other ignored config: another key, the same digest, no check runs",
    () => {
      const m = manifestJson(FIXTURES.jaffle);
      const snapshot = recordRun(
        m,
        fullBuildStatuses(new Oracle(m)),
        T0,
        null,
        "00000000-0000-4000-8000-0000000000a1",
      );
      const changed = structuredClone(m);
      const { test, node } = someTest(changed, snapshot);
      const t = changed.nodes[test.unique_id];
      t.config = Object.fromEntries(Object.entries(t.config).reverse());
      t.config.tags = ["nightly"];
      const project = loadProject(JSON.stringify(changed), "manifest.json");
      const graph = project.graph;
      const checks = graph.nodes
        .get(node)!
        .checks.map((id) => graph.checks.get(id))
        .filter((c): c is Check => c !== undefined);
      const macros = macroIndexFor(graph);
      expect(checksKey(checks, macros)).not.toBe(snapshot.nodes[node]!.tested!.checks_key);
      expect(checksDigest(checks, macros)).toBe(snapshot.nodes[node]!.tested!.checks_digest);
      expect(nodesWithChecks(planOf(changed, snapshot))).toEqual([]);
    },
  );
});
