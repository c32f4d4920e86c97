/**
 * The whole life of a pull request's environment on a real DuckDB file and a
 * real PostgreSQL server, with the shop fixture built as dbt would:
 * prod built and recorded; PR 7 opened (pointer views answer with prod's
 * rows, the PR's builds are tables in its schema); a second push (only what
 * changed since is built; a pointer dropped by a prod rebuild is repaired);
 * the merge (orders is promoted, prod answers with the PR's rows, dbt builds
 * the rest and not orders, state records it as the PR's build promoted by
 * main); rollback; cleanup (nothing of the environment left, prod untouched);
 * the janitor.
 */
import { beforeAll, describe, expect, it } from "vitest";
import {
  applyPromotion,
  applyRollback,
  cleanupEnvironment,
  closeEnvironment,
  createEnvironment,
  type EnvContext,
  environmentBaseline,
  environmentContext,
  type PromotionResult,
  planPromotion,
  promote,
  recordEnvironmentBuilds,
  rollbackPromotion,
  runJanitor,
} from "../../src/environment/index.js";
import { buildCommand } from "../../src/planner/build-command.js";
import type { Plan } from "../../src/state/plan.js";
import type { StateSnapshot } from "../../src/state/snapshot.js";
import { nodesRun } from "../support/resolve-selection.js";
import { ENGINES, freshSession } from "../support/warehouse/engines.js";
import type { Session } from "../support/warehouse/sessions.js";
import {
  build,
  buildSet,
  ENV_SCOPE,
  loadShopRaw,
  planOver,
  projectOf,
  recordProd,
  shopJson,
  sourcesAt,
  sourcesOf,
} from "../support/warehouse/shop.js";

const PROD_MANIFEST = shopJson("prod/manifest.json");
const PR_MANIFEST = shopJson("pr-7/manifest.json");
const MAIN_MANIFEST = shopJson("prod-after-merge/manifest.json");
const prodProject = projectOf(PROD_MANIFEST, "prod/manifest.json");
const prProject = projectOf(PR_MANIFEST, "pr-7/manifest.json");
const mainProject = projectOf(MAIN_MANIFEST, "prod-after-merge/manifest.json");
const PR_SOURCES = sourcesAt("prod-after-merge/sources.json", "2026-11-30T10:10:00Z");
const MAIN_SOURCES = sourcesOf("prod-after-merge/sources.json");

/**
 * fct_daily_revenue as each engine computes the fixture's SQL: `amount_cents / 100` is a
 * decimal division on DuckDB and an integer one on PostgreSQL (the fixture's SQL is DuckDB's).
 */
const REVENUE = {
  duckdb: { prod: { days: 24, revenue: "1633.50" }, pr: { days: 23, revenue: "1397.50" } },
  postgres: { prod: { days: 24, revenue: "1622.00" }, pr: { days: 23, revenue: "1387.00" } },
};

const id = (name: string) => (name === "country_codes" ? `seed.shop.${name}` : `model.shop.${name}`);
const ids = (...names: string[]) => new Set(names.map(id));

async function table(session: Session, schema: string, name: string): Promise<string> {
  return JSON.stringify(await session.rows(`select * from "${schema}"."${name}" order by 1, 2`));
}

async function objectsIn(session: Session, schema: string): Promise<string[]> {
  return (await session.warehouse.listObjects([schema])).map((o) => `${o.identifier}:${o.kind}`).sort();
}

async function prodFingerprint(session: Session): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const object of await session.warehouse.listObjects(["analytics", "raw"])) {
    out[`${object.schema}.${object.identifier}`] = await table(session, object.schema, object.identifier);
  }
  return out;
}

describe.each(ENGINES)("PR environment lifecycle on %s", (engine) => {
  let session: Session;
  let S0: StateSnapshot;
  let ctx: EnvContext;
  const at = async (now: string) => {
    ctx = (await environmentContext(session.warehouse, { scope: ENV_SCOPE, now }))!;
    return ctx;
  };

  beforeAll(async () => {
    session = await freshSession(engine);
    return async () => session.close();
  });

  it("builds prod as dbt does and records it", async () => {
    await loadShopRaw(session);
    const results = await build(session, {
      manifest: PROD_MANIFEST,
      target: "prod",
      invocationId: PROD_MANIFEST.metadata.invocation_id,
      startedAt: "2026-11-30T08:05:02.000Z",
    });
    expect(results.results.every((r) => r.status === "success" || r.status === "pass")).toBe(true);
    S0 = recordProd(prodProject, results, null, sourcesOf("prod/sources.json"), "2026-11-30T08:06:00Z");
    expect(Object.keys(S0.nodes)).toHaveLength(8);
    const revenue = await session.rows(
      `select count(*)::int as days, sum(revenue)::varchar as revenue from "analytics"."fct_daily_revenue"`,
    );
    expect(revenue[0]).toEqual(REVENUE[engine].prod);
  });

  let prPlan: Plan;
  it("PR opened: a dry run changes nothing; create makes the schema and a pointer view per reused node", async () => {
    await at("2026-11-30T10:15:00.000Z");
    const baseline = await environmentBaseline(ctx, "pr-7", S0);
    prPlan = planOver(prProject, baseline, { sources: PR_SOURCES, now: ctx.now, pointers: true });
    expect(buildSet(prPlan)).toEqual(ids("stg_orders", "orders", "fct_daily_revenue", "customer_countries"));

    const input = {
      name: "pr-7",
      project: "shop",
      prNumber: 7,
      headSha: "a".repeat(40),
      plan: prPlan,
      prod: S0,
    };
    const dry = await createEnvironment(ctx, { ...input, dryRun: true });
    expect(dry.actions.map((a) => `${a.action} ${a.object}${a.reads ? ` -> ${a.reads}` : ""}`)).toEqual([
      "create_schema analytics_pr_7",
      "create_pointer analytics_pr_7.stg_customers -> analytics.stg_customers",
      "create_pointer analytics_pr_7.stg_payments -> analytics.stg_payments",
      "create_pointer analytics_pr_7.country_codes -> analytics.country_codes",
      "create_pointer analytics_pr_7.customers -> analytics.customers",
    ]);
    expect(await session.warehouse.listSchemas()).not.toContain("analytics_pr_7");

    const made = await createEnvironment(ctx, input);
    expect(made.actions).toEqual(dry.actions);
    expect(await objectsIn(session, "analytics_pr_7")).toEqual([
      "country_codes:view",
      "customers:view",
      "stg_customers:view",
      "stg_payments:view",
    ]);
    // The pointer views answer with prod's rows.
    for (const name of ["customers", "stg_customers", "stg_payments", "country_codes"]) {
      expect(await table(session, "analytics_pr_7", name)).toEqual(await table(session, "analytics", name));
    }
    const again = await createEnvironment(ctx, input);
    expect(again.actions).toEqual([]);
    const registry = await ctx.registry.environment("pr-7");
    expect(registry).toMatchObject({ pr_number: 7, status: "open", prod_schemas: ["analytics"] });
  });

  it("the PR's build goes to its schema as tables; its builds are recorded", async () => {
    const results = await build(session, {
      manifest: PR_MANIFEST,
      target: "ci",
      select: buildSet(prPlan),
      invocationId: "pr7-run-1",
      startedAt: "2026-11-30T10:16:41.000Z",
    });
    expect(results.results.filter((r) => r.status !== "success" && r.status !== "pass")).toEqual([]);
    const recorded = await recordEnvironmentBuilds(ctx, {
      name: "pr-7",
      project: prProject,
      runResults: results,
      sources: PR_SOURCES,
    });
    expect(new Set(recorded.built)).toEqual(buildSet(prPlan));
    expect(await objectsIn(session, "analytics_pr_7")).toEqual([
      "country_codes:view",
      "customer_countries:table",
      "customers:view",
      "fct_daily_revenue:table",
      "orders:table",
      "stg_customers:view",
      "stg_orders:view",
      "stg_payments:view",
    ]);
    const revenue = (schema: string) =>
      session.rows(
        `select count(*)::int as days, sum(revenue)::varchar as revenue from "${schema}"."fct_daily_revenue"`,
      );
    expect((await revenue("analytics_pr_7"))[0]).toEqual(REVENUE[engine].pr);
    expect((await revenue("analytics"))[0]).toEqual(REVENUE[engine].prod);
    const builds = await ctx.registry.builds("pr-7");
    const orders = builds.find((b) => b.node_id === id("orders"))!;
    expect(orders).toMatchObject({ status: "success", tested: "passed", schema: "analytics_pr_7" });
    expect(orders.parents[id("stg_orders")]).toEqual({
      run_id: "pr7-run-1",
      version_key: expect.any(String),
      via: "build",
    });
    expect(orders.parents[id("stg_payments")]).toEqual({
      run_id: S0.run_id,
      version_key: S0.nodes[id("stg_payments")]!.version_key,
      via: "pointer",
    });
  });

  it("second push: the PR's builds are a baseline (reused in place); a pointer a prod rebuild dropped is repaired", async () => {
    await at("2026-11-30T11:00:00.000Z");
    // A prod rebuild of customers (dbt drops the old table with CASCADE; on PostgreSQL that drops the pointer view).
    await build(session, {
      manifest: PROD_MANIFEST,
      target: "prod",
      select: ids("customers"),
      invocationId: "prod-rebuild",
      startedAt: "2026-11-30T10:40:00.000Z",
    });
    const pointerGone = !(await objectsIn(session, "analytics_pr_7")).includes("customers:view");
    expect(pointerGone).toBe(engine === "postgres");

    const baseline = await environmentBaseline(ctx, "pr-7", S0);
    const plan2 = planOver(prProject, baseline, {
      sources: sourcesAt("prod-after-merge/sources.json", "2026-11-30T10:59:00Z"),
      now: ctx.now,
      pointers: true,
    });
    expect(buildSet(plan2)).toEqual(ids("customer_countries"));
    const refresh = await createEnvironment(ctx, {
      name: "pr-7",
      project: "shop",
      prNumber: 7,
      headSha: "b".repeat(40),
      plan: plan2,
      prod: S0,
    });
    expect(refresh.in_place).toBe(3);
    expect(refresh.actions.map((a) => `${a.action} ${a.object}`)).toEqual(
      engine === "postgres" ? ["create_pointer analytics_pr_7.customers"] : [],
    );
    expect(await table(session, "analytics_pr_7", "customers")).toEqual(
      await table(session, "analytics", "customers"),
    );
    const results = await build(session, {
      manifest: PR_MANIFEST,
      target: "ci",
      select: buildSet(plan2),
      invocationId: "pr7-run-2",
      startedAt: "2026-11-30T11:01:00.000Z",
    });
    await recordEnvironmentBuilds(ctx, {
      name: "pr-7",
      project: prProject,
      runResults: results,
      sources: PR_SOURCES,
    });
    const builds = new Map((await ctx.registry.builds("pr-7")).map((b) => [b.node_id, b.run_id]));
    expect(builds.get(id("orders"))).toBe("pr7-run-1");
    expect(builds.get(id("customer_countries"))).toBe("pr7-run-2");
    expect((await ctx.registry.environment("pr-7"))?.head_sha).toBe("b".repeat(40));
  });

  let promotion: PromotionResult;
  let S2: StateSnapshot;
  let prodOrdersBefore: string;
  let prOrders: string;
  it("merge: orders is promoted (prod answers with the PR's rows), the rest is built by dbt, state records the promotion", async () => {
    await at("2026-11-30T12:02:00.000Z");
    await closeEnvironment(ctx, { name: "pr-7", merged: true });
    // A view outside the project that reads prod's orders.
    await session.exec(
      `create view "analytics"."orders_report" as select order_id, is_returned from "analytics"."orders"`,
    );
    const mainPlan = planOver(mainProject, S0, { sources: MAIN_SOURCES, now: ctx.now });
    expect(buildSet(mainPlan)).toEqual(
      ids("stg_orders", "orders", "fct_daily_revenue", "customer_countries"),
    );
    const decided = await planPromotion(ctx, {
      environment: "pr-7",
      plan: mainPlan,
      project: mainProject,
      prod: S0,
      sources: MAIN_SOURCES,
    });
    expect(
      Object.fromEntries(decided.decisions.map((d) => [d.unique_id, [d.promotable, d.reason.code]])),
    ).toEqual({
      [id("stg_orders")]: [false, "not_a_table"],
      [id("orders")]: [true, "promoted"],
      [id("customer_countries")]: [false, "has_hooks"],
      [id("fct_daily_revenue")]: [false, "not_a_table"],
    });
    prodOrdersBefore = await table(session, "analytics", "orders");
    prOrders = await table(session, "analytics_pr_7", "orders");
    expect(prOrders).not.toEqual(prodOrdersBefore);

    promotion = await promote(ctx, { plan: decided, mainPlan, mainProject, promotedBy: "main-run-1" });
    expect(promotion.status).toBe("committed");
    expect(promotion.promoted.map((p) => p.unique_id)).toEqual([id("orders")]);
    expect(promotion.promoted[0]!.how).toBe(engine === "postgres" ? "moved" : "copied");
    expect(await table(session, "analytics", "orders")).toEqual(prOrders);
    const retired = promotion.promoted[0]!.retired!;
    expect(retired.identifier).toMatch(/^orders__ods_r_[0-9a-f]{8}$/);
    expect(await table(session, "analytics", retired.identifier)).toEqual(prodOrdersBefore);
    // The view that reads prod's orders reads the promoted table (DuckDB: by name; PostgreSQL: recreated).
    expect(
      await session.rows(`select count(*)::int as n from "analytics"."orders_report" where is_returned`),
    ).toEqual([{ n: 11 }]);
    expect(promotion.views.rebound).toEqual(engine === "postgres" ? ["analytics.orders_report"] : []);
    // `select` and `exclude` (a compact selection, issue 20), resolved as dbt resolves them: the rest.
    expect(nodesRun(mainProject.graph, promotion.select, promotion.exclude)).toEqual(
      [id("customer_countries"), id("fct_daily_revenue"), id("stg_orders")].sort(),
    );
    expect(promotion.build_command).toBe(buildCommand(promotion.select, promotion.exclude));

    // dbt builds what was not promoted.
    const rest = new Set([...buildSet(mainPlan)].filter((n) => n !== id("orders")));
    const results = await build(session, {
      manifest: MAIN_MANIFEST,
      target: "prod",
      select: rest,
      invocationId: MAIN_MANIFEST.metadata.invocation_id,
      startedAt: "2026-11-30T12:03:00.000Z",
    });
    expect(results.results.map((r) => r.uniqueId)).not.toContain(id("orders"));
    // The incremental model read the promoted orders: its days are the PR's (dbt's delete+insert keeps
    // the one day whose orders are now all returned, as a real incremental run does).
    const days = await session.rows(
      `select * from "analytics"."fct_daily_revenue" where order_date in (select order_date from "analytics_pr_7"."fct_daily_revenue") order by 1`,
    );
    expect(JSON.stringify(days)).toEqual(await table(session, "analytics_pr_7", "fct_daily_revenue"));

    const S1 = recordProd(mainProject, results, S0, MAIN_SOURCES, "2026-11-30T12:05:00Z");
    S2 = applyPromotion(S1, promotion.promoted, {
      promotedBy: "main-run-1",
      builtBy: results.metadata.invocationId,
    });
    expect(S2.nodes[id("orders")]).toMatchObject({
      run_id: "pr7-run-1",
      promoted_by: "main-run-1",
      relation: { schema: "analytics", identifier: "orders" },
    });
    expect(S2.nodes[id("fct_daily_revenue")]!.parents[id("orders")]).toBe("pr7-run-1");
    // The next plan on main reuses the promoted table.
    const next = planOver(mainProject, S2, {
      sources: sourcesAt("prod-after-merge/sources.json", "2026-11-30T12:30:00Z"),
      now: "2026-11-30T12:31:00Z",
    });
    expect(buildSet(next)).toEqual(ids("customer_countries"));

    // Promoting again from the same run does nothing more.
    const rerun = await promote(ctx, { plan: decided, mainPlan, mainProject, promotedBy: "main-run-1" });
    expect(rerun.status).toBe("already_committed");
    expect(rerun.promoted.map((p) => p.unique_id)).toEqual([id("orders")]);
  });

  it("cleanup after the merge: a dry run lists, then nothing of the environment is left and prod is untouched", async () => {
    await at("2026-11-30T12:10:00.000Z");
    const before = await prodFingerprint(session);
    const dry = await cleanupEnvironment(ctx, { name: "pr-7", prod: S2, dryRun: true });
    expect(dry.dropped.map((d) => d.object)).toContain("analytics_pr_7");
    expect(await session.warehouse.listSchemas()).toContain("analytics_pr_7");
    const report = await cleanupEnvironment(ctx, { name: "pr-7", prod: S2 });
    expect(report.failed).toEqual([]);
    expect(report.complete).toBe(true);
    expect(report.dropped.map((d) => d.object).sort()).toEqual(dry.dropped.map((d) => d.object).sort());
    expect(await session.warehouse.listSchemas()).not.toContain("analytics_pr_7");
    expect(await ctx.registry.objects("pr-7")).toEqual([]);
    expect((await ctx.registry.environment("pr-7"))?.status).toBe("removed");
    expect(await prodFingerprint(session)).toEqual(before);
    const twice = await cleanupEnvironment(ctx, { name: "pr-7", prod: S2 });
    expect(twice.dropped).toEqual([]);
    expect(twice.failed).toEqual([]);
  });

  it("rollback swaps the replaced table back; the promoted one is kept until the retention passes", async () => {
    await at("2026-11-30T13:00:00.000Z");
    const rolled = await rollbackPromotion(ctx, { environment: "pr-7" });
    expect(rolled.status).toBe("rolled_back");
    expect(await table(session, "analytics", "orders")).toEqual(prodOrdersBefore);
    const kept = rolled.restored[0]!.promoted_kept_as;
    expect(await table(session, "analytics", kept.identifier)).toEqual(prOrders);
    expect(
      await session.rows(`select count(*)::int as n from "analytics"."orders_report" where is_returned`),
    ).toEqual([{ n: 8 }]);
    const S3 = applyRollback(S2, rolled.restored);
    expect(S3.nodes[id("orders")]).toEqual(S0.nodes[id("orders")]);
    expect((await rollbackPromotion(ctx, { id: rolled.id! })).status).toBe("already_rolled_back");
  });

  it("janitor: kept tables are dropped once the retention passed, closed environments removed, reported not failed", async () => {
    // Another PR, closed without merge.
    await at("2026-12-01T09:00:00.000Z");
    const pr8 = projectOf(
      JSON.parse(JSON.stringify(PR_MANIFEST).replaceAll("analytics_pr_7", "analytics_pr_8")),
    );
    const plan8 = planOver(pr8, S0, { sources: PR_SOURCES, now: ctx.now, pointers: true });
    await createEnvironment(ctx, {
      name: "pr-8",
      project: "shop",
      prNumber: 8,
      headSha: null,
      plan: plan8,
      prod: S0,
    });
    await closeEnvironment(ctx, { name: "pr-8", merged: false });

    await at("2026-12-02T09:00:00.000Z");
    const early = await runJanitor(ctx, { prod: S2 });
    expect(early.environments).toEqual([]);
    expect(early.expired_promotions).toEqual([]);

    await at("2026-12-05T09:00:00.000Z");
    const dry = await runJanitor(ctx, { prod: S2, dryRun: true });
    expect(dry.expired_promotions.map((p) => p.dropped)).toEqual([
      [`analytics.${(await ctx.registry.steps(promotion.id!))[0]!.undone_identifier}`],
    ]);
    expect(dry.environments.map((e) => e.environment)).toEqual(["pr-8"]);
    expect(await session.warehouse.listSchemas()).toContain("analytics_pr_8");

    const report = await runJanitor(ctx, { prod: S2 });
    expect(report.problems).toEqual([]);
    expect(await session.warehouse.listSchemas()).not.toContain("analytics_pr_8");
    expect((await objectsIn(session, "analytics")).filter((o) => o.includes("__ods_"))).toEqual([]);
    expect((await ctx.registry.promotions())[0]!.status).toBe("expired");
    expect((await ctx.registry.environment("pr-8"))?.status).toBe("removed");
  });
});
