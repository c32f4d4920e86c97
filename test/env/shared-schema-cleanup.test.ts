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
  cleanupEnvironment,
  closeEnvironment,
  type EnvContext,
  environmentContext,
  runJanitor,
} from "../../src/env/index.js";
import type { Warehouse } from "../../src/env/warehouse.js";
import { loadPolyglotSdk } from "../../src/runtime/polyglot-sdk.js";
import { ENGINES, prepared } from "../support/warehouse/engines.js";
import { SIMULATED_PROVIDERS } from "../support/warehouse/providers.js";
import { PR7 } from "../support/warehouse/scenario.js";
import type { Engine, Session } from "../support/warehouse/sessions.js";
import {
  type Merged,
  prodStateTruthful,
  prodTable,
  SHARED_MODEL,
  SHARED_SCHEMA,
  upToTheMerge,
} from "../support/warehouse/shared-schema.js";
import { ENV_SCOPE } from "../support/warehouse/shop.js";
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
