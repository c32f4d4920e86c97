/**
 * Issue 37, class 1: cleanup never drops what prod owns. A pull request adds
 * a model in a new custom schema whose name is the same in CI and in prod
 * (`marts`, a `generate_schema_name` that keeps custom schemas as written):
 * its environment creates and owns `marts`; after the merge, main's dbt
 * builds its table there; the close job's cleanup (and the janitor) must not
 * drop prod's table or the schema, whether it has prod's state, a stale
 * one (restored before main's run was saved) or none, and prod's state stays
 * truthful (it says the node can be reused, and the table is there).
 *
 * On a real DuckDB file, a real PostgreSQL server, and each simulated cloud
 * provider (the cleanup path is the same for every warehouse).
 */
import { describe, expect, it } from "vitest";
import {
  applyPromotion,
  cleanupEnvironment,
  closeEnvironment,
  type EnvContext,
  environmentContext,
  planPromotion,
  promote,
  runJanitor,
} from "../../src/environment/index.js";
import { loadPolyglotSdk } from "../../src/runtime/polyglot-sdk.js";
import type { Warehouse } from "../../src/warehouse/warehouse.js";
import { nodesRun } from "../support/resolve-selection.js";
import { ENGINES, prepared } from "../support/warehouse/engines.js";
import { SIMULATED_PROVIDERS } from "../support/warehouse/providers.js";
import { MAIN_SOURCES, PR7 } from "../support/warehouse/scenario.js";
import type { Engine, Session } from "../support/warehouse/sessions.js";
import {
  type Merged,
  prBuiltInSharedSchema,
  prodStateTruthful,
  prodTable,
  SHARED_ID,
  SHARED_MODEL,
  SHARED_SCHEMA,
  sharedSchemaShop,
  upToTheMerge,
} from "../support/warehouse/shared-schema.js";
import { build, ENV_SCOPE, planOver, recordProd } from "../support/warehouse/shop.js";
import { SimulatedWarehouse } from "../support/warehouse/simulated-provider.js";

const CLOSE_NOW = "2026-12-04T00:00:00.000Z";

type Cleanup = (ctx: EnvContext, merged: Merged) => Promise<{ environments: unknown[] }>;

const CLEANUPS: [string, Cleanup][] = [
  [
    "the close job's cleanup without prod's state (no manifest)",
    async (ctx) => ({ environments: [await cleanupEnvironment(ctx, { name: PR7, prod: null })] }),
  ],
  [
    "the close job's cleanup with a state restored before main's run was saved",
    async (ctx, { S0 }) => ({ environments: [await cleanupEnvironment(ctx, { name: PR7, prod: S0 })] }),
  ],
  [
    "the cleanup with prod's current state",
    async (ctx, { S1 }) => ({ environments: [await cleanupEnvironment(ctx, { name: PR7, prod: S1 })] }),
  ],
  ["the janitor without prod's state", async (ctx) => runJanitor(ctx, { retentionDays: 0, prod: null })],
];

async function closeAndCheck(session: Session, warehouse: Warehouse, merged: Merged, cleanup: Cleanup) {
  const before = await prodTable(session);
  expect(before).toMatch(/^table:\[/);
  const ctx = (await environmentContext(warehouse, { scope: ENV_SCOPE, now: CLOSE_NOW }))!;
  expect(await closeEnvironment(ctx, { name: PR7, merged: true })).toBe(true);
  const done = await cleanup(ctx, merged);
  expect(done.environments).toHaveLength(1);
  const report = done.environments[0] as Awaited<ReturnType<typeof cleanupEnvironment>>;

  // Prod's table and its schema are there, as main built them.
  expect(await prodTable(session)).toBe(before);
  expect(await session.warehouse.listSchemas()).toContain(SHARED_SCHEMA);
  expect(report.dropped.map((d) => d.object)).not.toContain(`${SHARED_SCHEMA}.${SHARED_MODEL}`);
  expect(report.dropped.map((d) => d.object)).not.toContain(SHARED_SCHEMA);
  expect(report.kept.map((k) => k.schema)).toContain(`${SHARED_SCHEMA}.${SHARED_MODEL}`);
  // The rest of the environment is gone: its own schema, its pointer views and builds.
  expect(await session.warehouse.listSchemas()).not.toContain("analytics_pr_7");
  expect(report.complete).toBe(true);
  expect((await ctx.registry.environment(PR7))?.status).toBe("removed");
  await prodStateTruthful(session, merged.S1, before!);

  // A second run finds nothing and changes nothing.
  const again = await cleanupEnvironment(ctx, { name: PR7, prod: null });
  expect(again.dropped).toEqual([]);
  expect(await prodTable(session)).toBe(before);
}

describe.each(ENGINES)("a new custom schema named the same in CI and prod (%s)", (engine: Engine) => {
  const merged = prepared(engine, (session) => upToTheMerge(session, session.warehouse));

  it.each(CLEANUPS)("%s drops neither prod's table nor the schema", async (_label, cleanup) => {
    const { session, value } = await merged();
    try {
      await closeAndCheck(session, session.warehouse, value, cleanup);
    } finally {
      await session.close();
    }
  });
});

describe.each(ENGINES)("promotion into a schema named the same in CI and prod (%s)", (engine: Engine) => {
  const built = prepared(engine, (session) => prBuiltInSharedSchema(session, session.warehouse));

  it("the table at prod's own relation is not promoted (shared_relation) and dbt builds it; the rest is promoted; cleanup keeps prod's", async () => {
    const { session, value: S0 } = await built();
    try {
      const s = sharedSchemaShop();
      const NOW = "2026-11-30T12:01:00.000Z";
      const ctx = (await environmentContext(session.warehouse, { scope: ENV_SCOPE, now: NOW }))!;
      const mainPlan = planOver(s.mainProject, S0, { sources: MAIN_SOURCES, now: NOW });
      const decided = await planPromotion(ctx, {
        environment: PR7,
        plan: mainPlan,
        project: s.mainProject,
        prod: S0,
        sources: MAIN_SOURCES,
      });
      const shared = decided.decisions.find((d) => d.unique_id === SHARED_ID)!;
      expect(shared.promotable).toBe(false);
      expect(shared.reason.code).toBe("shared_relation");
      expect(shared.reason.message).toContain(
        `built ${SHARED_SCHEMA}.${SHARED_MODEL} at prod's own relation`,
      );
      expect(decided.decisions.find((d) => d.unique_id === "model.shop.orders")?.reason.code).toBe(
        "promoted",
      );

      // The promotion commits (orders), and what dbt still builds is country_regions, among the rest.
      const promoted = await promote(ctx, {
        plan: decided,
        mainPlan,
        mainProject: s.mainProject,
        promotedBy: "main-1",
      });
      expect(promoted.status).toBe("committed");
      expect(promoted.promoted.map((p) => p.unique_id)).toEqual(["model.shop.orders"]);
      const rest = new Set(nodesRun(s.mainProject.graph, promoted.select, promoted.exclude));
      expect(rest.has(SHARED_ID)).toBe(true);
      expect(rest.has("model.shop.orders")).toBe(false);

      // dbt builds the rest into prod; prod's state records the run and the promotion.
      const mainRun = await build(session, {
        manifest: s.mainManifest,
        target: "prod",
        select: rest,
        invocationId: s.mainManifest.metadata.invocation_id,
        startedAt: "2026-11-30T12:02:00.000Z",
      });
      const recorded = recordProd(s.mainProject, mainRun, S0, MAIN_SOURCES, "2026-11-30T12:05:00Z");
      const S1 = applyPromotion(recorded, promoted.promoted, {
        promotedBy: "main-1",
        builtBy: recorded.run_id,
      });
      const prod = (await prodTable(session))!;
      expect(prod).toMatch(/^table:\[/);

      // The merged environment's cleanup, without prod's state, drops neither prod's table nor its schema.
      const later = (await environmentContext(session.warehouse, { scope: ENV_SCOPE, now: CLOSE_NOW }))!;
      const report = await cleanupEnvironment(later, { name: PR7, prod: null });
      expect(report.complete).toBe(true);
      expect(report.kept.map((k) => k.schema)).toEqual(
        expect.arrayContaining([`${SHARED_SCHEMA}.${SHARED_MODEL}`, SHARED_SCHEMA]),
      );
      await prodStateTruthful(session, S1, prod);
    } finally {
      await session.close();
    }
  });
});

describe.each(SIMULATED_PROVIDERS)(
  "a new custom schema named the same in CI and prod (simulated $name)",
  (provider) => {
    const merged = prepared("duckdb", async (session) => {
      const loaded = await loadPolyglotSdk();
      if (!loaded.ok) throw new Error(loaded.error);
      return upToTheMerge(session, new SimulatedWarehouse(session, provider, loaded.sdk));
    });

    it.each(CLEANUPS)("%s drops neither prod's table nor the schema", async (_label, cleanup) => {
      const loaded = await loadPolyglotSdk();
      if (!loaded.ok) throw new Error(loaded.error);
      const { session, value } = await merged();
      try {
        await closeAndCheck(session, new SimulatedWarehouse(session, provider, loaded.sdk), value, cleanup);
      } finally {
        await session.close();
      }
    });
  },
);
