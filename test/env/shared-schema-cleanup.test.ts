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
  createEnvironment,
  type EnvContext,
  environmentContext,
  recordEnvironmentBuilds,
  runJanitor,
} from "../../src/env/index.js";
import type { Warehouse } from "../../src/env/warehouse.js";
import { loadPolyglotSdk } from "../../src/runtime/polyglot-sdk.js";
import type { StateSnapshot } from "../../src/state/snapshot.js";
import { ENGINES, prepared } from "../support/warehouse/engines.js";
import { SIMULATED_PROVIDERS } from "../support/warehouse/providers.js";
import { MAIN_SOURCES, PR_SOURCES, PR7 } from "../support/warehouse/scenario.js";
import type { Engine, Session } from "../support/warehouse/sessions.js";
import {
  SHARED_ID,
  SHARED_MODEL,
  SHARED_SCHEMA,
  sharedSchemaShop,
} from "../support/warehouse/shared-schema.js";
import {
  build,
  buildSet,
  ENV_SCOPE,
  loadShopRaw,
  planOver,
  recordProd,
  sourcesOf,
} from "../support/warehouse/shop.js";
import { SimulatedWarehouse } from "../support/warehouse/simulated-provider.js";

const s = sharedSchemaShop();
const PR_NOW = "2026-11-30T10:15:00.000Z";
const CLOSE_NOW = "2026-12-04T00:00:00.000Z";

interface Merged {
  /** Prod's state before the merge (what a cache restored before main's save holds). */
  S0: StateSnapshot;
  /** Prod's state after main's run: it records marts.country_regions. */
  S1: StateSnapshot;
}

/**
 * Prod built and recorded; PR 7's environment created over it (it creates `marts`), built by dbt with the
 * CI target and recorded; merged; main's dbt builds its plan (country_regions in `marts`, over the
 * environment's table) and main's run is recorded.
 */
async function upToTheMerge(session: Session, warehouse: Warehouse): Promise<Merged> {
  await loadShopRaw(session);
  const prodRun = await build(session, {
    manifest: s.prodManifest,
    target: "prod",
    invocationId: s.prodManifest.metadata.invocation_id,
    startedAt: "2026-11-30T08:05:02.000Z",
  });
  const S0 = recordProd(s.prodProject, prodRun, null, sourcesOf("prod/sources.json"), "2026-11-30T08:06:00Z");
  const ctx = (await environmentContext(warehouse, { scope: ENV_SCOPE, now: PR_NOW }))!;
  const prPlan = planOver(s.prProject, S0, { sources: PR_SOURCES, now: PR_NOW, pointers: true });
  expect(prPlan.entries.find((e) => e.unique_id === SHARED_ID)?.action).toBe("BUILD");
  const made = await createEnvironment(ctx, {
    name: PR7,
    project: "shop",
    prNumber: 7,
    headSha: null,
    plan: prPlan,
    prod: S0,
  });
  expect(made.actions).toContainEqual({ action: "create_schema", object: SHARED_SCHEMA });
  const prRun = await build(session, {
    manifest: s.prManifest,
    target: "ci",
    select: buildSet(prPlan),
    invocationId: "pr7-run-1",
    startedAt: "2026-11-30T10:16:41.000Z",
  });
  await recordEnvironmentBuilds(ctx, { name: PR7, project: s.prProject, runResults: prRun, sources: PR_SOURCES });
  expect(await ctx.registry.objects(PR7)).toContainEqual(
    expect.objectContaining({ schema: SHARED_SCHEMA, identifier: SHARED_MODEL, role: "build" }),
  );

  // The merge: main's dbt builds what main's plan says (no promotion), into prod's relations.
  const mainPlan = planOver(s.mainProject, S0, { sources: MAIN_SOURCES, now: "2026-11-30T12:01:00.000Z" });
  expect(mainPlan.entries.find((e) => e.unique_id === SHARED_ID)?.action).toBe("BUILD");
  const mainRun = await build(session, {
    manifest: s.mainManifest,
    target: "prod",
    select: buildSet(mainPlan),
    invocationId: s.mainManifest.metadata.invocation_id,
    startedAt: "2026-11-30T12:02:00.000Z",
  });
  const S1 = recordProd(s.mainProject, mainRun, S0, MAIN_SOURCES, "2026-11-30T12:05:00Z");
  expect(S1.nodes[SHARED_ID]?.relation).toMatchObject({ schema: SHARED_SCHEMA, identifier: SHARED_MODEL });
  return { S0, S1 };
}

/** What a reader of prod's country_regions sees, and whether it is there at all. */
async function prodTable(session: Session): Promise<string | null> {
  const found = (await session.warehouse.listObjects([SHARED_SCHEMA])).find(
    (o) => o.identifier === SHARED_MODEL,
  );
  if (!found) return null;
  return `${found.kind}:${JSON.stringify(
    await session.rows(`select * from "${SHARED_SCHEMA}"."${SHARED_MODEL}" order by 1`),
  )}`;
}

/** Prod's state is truthful: main's next plan reuses country_regions, and the table it reuses is there. */
async function prodStateTruthful(session: Session, S1: StateSnapshot, expected: string): Promise<void> {
  const next = planOver(s.mainProject, S1, { sources: MAIN_SOURCES, now: "2026-12-04T01:00:00.000Z" });
  expect(next.entries.find((e) => e.unique_id === SHARED_ID)?.action).toBe("REUSE");
  expect(await prodTable(session)).toBe(expected);
}

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
  [
    "the janitor without prod's state",
    async (ctx) => runJanitor(ctx, { retentionDays: 0, prod: null }),
  ],
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

describe.each(SIMULATED_PROVIDERS)("a new custom schema named the same in CI and prod (simulated $name)", (provider) => {
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
});
