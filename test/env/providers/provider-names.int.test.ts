/**
 * Names as each warehouse resolves them (issue 37, class 2), on the
 * simulation of each provider (test/support/warehouse/simulated-provider.ts:
 * Snowflake and BigQuery keep a quoted name exactly, Databricks stores it in
 * lower case), with the shop as that vendor's dbt writes it
 * (vendor-shop.ts: dbt-snowflake quotes nothing by default, so Snowflake
 * stores `analytics_pr_7.orders` as `ANALYTICS_PR_7.ORDERS`) and dbt's runs
 * of it resolving its renderings there:
 *
 * - the environment ODS creates (schemas, pointer views, clones) is where
 *   dbt's CI target writes and reads: dbt's pull request build succeeds
 *   reading ODS's pointer views, ODS records what dbt built, and cleanup
 *   drops it;
 * - promotion replaces prod's tables where dbt built them;
 * - a CI schema that is prod's under the warehouse's rules is refused as
 *   prod's (`environment_overlaps_prod`).
 */
import { describe, expect, it } from "vitest";
import {
  cleanupEnvironment,
  closeEnvironment,
  createEnvironment,
  environmentContext,
  planPromotion,
  promote,
  recordEnvironmentBuilds,
  rollbackPromotion,
} from "../../../src/environment/index.js";
import { isUserError } from "../../../src/errors/user-error.js";
import { loadPolyglotSdk } from "../../../src/runtime/polyglot-sdk.js";
import type { Plan } from "../../../src/state/plan.js";
import type { StateSnapshot } from "../../../src/state/snapshot.js";
import { freshSession } from "../../support/warehouse/engines.js";
import { SIMULATED_PROVIDERS } from "../../support/warehouse/providers.js";
import { MAIN_SOURCES, PR_SOURCES, PR7 } from "../../support/warehouse/scenario.js";
import { buildSet, ENV_SCOPE, loadShopRaw, planOver } from "../../support/warehouse/shop.js";
import { SimulatedWarehouse } from "../../support/warehouse/simulated-provider.js";
import {
  type Adapter,
  type VendorShop,
  vendorBuild,
  vendorProdBuilt,
  vendorShop,
  vendorTarget,
} from "../../support/warehouse/vendor-shop.js";

type Provider = (typeof SIMULATED_PROVIDERS)[number];

const PR_NOW = "2026-11-30T10:15:00.000Z";
const MAIN_NOW = "2026-11-30T12:01:00.000Z";

function adapterOf(provider: Provider): Adapter {
  return provider.statements.dialect;
}

/** How the vendor stores a name dbt writes with its default quoting: Snowflake unquoted (upper), Databricks lower, BigQuery as written. */
function stored(provider: Provider, name: string): string {
  if (provider.name === "Snowflake") return name.toUpperCase();
  if (provider.name === "Databricks") return name.toLowerCase();
  return name;
}

async function setUp(provider: Provider, shop: VendorShop, prepare?: (w: SimulatedWarehouse) => void) {
  const loaded = await loadPolyglotSdk();
  if (!loaded.ok) throw new Error(loaded.error);
  const session = await freshSession("duckdb");
  await loadShopRaw(session);
  const warehouse = new SimulatedWarehouse(session, provider, loaded.sdk);
  prepare?.(warehouse);
  const prod = await vendorProdBuilt(session, warehouse, shop);
  const ctx = (await environmentContext(warehouse, { scope: ENV_SCOPE, now: PR_NOW }))!;
  const catalog = async () => ({
    schemas: await warehouse.simulation.storedSchemas(),
    objects: (await warehouse.simulation.storedObjects()).map((o) => `${o.schema}.${o.identifier}`),
  });
  return { session, warehouse, prod, ctx, catalog };
}

function prPlanOf(shop: VendorShop, prod: StateSnapshot): Plan {
  return planOver(shop.prProject, prod, {
    sources: PR_SOURCES,
    now: PR_NOW,
    pointers: true,
    target: vendorTarget(shop.adapter, "ci"),
  });
}

async function createPr7(t: Awaited<ReturnType<typeof setUp>>, shop: VendorShop) {
  const plan = prPlanOf(shop, t.prod);
  const change = await createEnvironment(t.ctx, {
    name: PR7,
    project: "shop",
    prNumber: 7,
    headSha: null,
    plan,
    prod: t.prod,
  });
  return { plan, change };
}

async function buildPr7(t: Awaited<ReturnType<typeof setUp>>, shop: VendorShop, plan: Plan) {
  const results = await vendorBuild(t.session, t.warehouse, {
    manifest: shop.prManifest,
    target: "ci",
    select: buildSet(plan),
    invocationId: "pr7-run-1",
    startedAt: "2026-11-30T10:16:41.000Z",
  });
  const outcome = await recordEnvironmentBuilds(t.ctx, {
    name: PR7,
    project: shop.prProject,
    runResults: results,
    sources: PR_SOURCES,
  });
  return { results, outcome };
}

describe.each(SIMULATED_PROVIDERS)("names as $name resolves them (simulated)", (provider) => {
  it("with dbt's default quoting and a CI schema with capitals, the environment is where dbt writes and reads: dbt's build reads its pointer views, its builds are recorded under the names the catalog answers, and cleanup drops them", async () => {
    const shop = vendorShop(adapterOf(provider), { pr: { schemas: { analytics_pr_7: "Analytics_PR_7" } } });
    const t = await setUp(provider, shop);
    try {
      const prodSchema = stored(provider, "analytics");
      const envSchema = stored(provider, "Analytics_PR_7");
      const before = await t.catalog();
      // Prod, as the vendor's dbt made it.
      expect(before.objects).toContain(`${prodSchema}.${stored(provider, "orders")}`);

      const { plan, change } = await createPr7(t, shop);
      expect(change.schemas).toEqual([envSchema]);
      const reused = plan.entries.filter((e) => e.action === "REUSE").map((e) => e.name);
      expect(reused.length).toBeGreaterThan(0);
      expect(
        change.actions
          .filter((a) => a.action === "create_pointer")
          .map((a) => [a.object, a.reads])
          .sort(),
      ).toEqual(
        reused
          .map((n) => [`${envSchema}.${stored(provider, n)}`, `${prodSchema}.${stored(provider, n)}`])
          .sort(),
      );
      // One environment schema, the one dbt's CI target resolves to, and every registered object is in the catalog under its name.
      const created = await t.catalog();
      expect(created.schemas.filter((s) => s.toLowerCase() === "analytics_pr_7")).toEqual([envSchema]);
      const registered = async () =>
        (await t.ctx.registry.objects(PR7))
          .filter((o) => o.kind !== "schema")
          .map((o) => `${o.schema}.${o.identifier}`)
          .sort();
      for (const object of await registered()) expect((await t.catalog()).objects).toContain(object);

      // dbt builds the rest into the environment, reading the reused parents by its own rendering of them.
      const { results, outcome } = await buildPr7(t, shop, plan);
      expect(results.results.filter((r) => !["success", "pass"].includes(r.status))).toEqual([]);
      expect(outcome.ignored).toEqual([]);
      expect(outcome.built.sort()).toEqual([...buildSet(plan)].sort());
      const after = await t.catalog();
      for (const id of buildSet(plan)) {
        const node = shop.prProject.graph.nodes.get(id)!.node;
        const where = await t.warehouse.simulation.resolveRendered(node.relation.relationName!);
        expect(where.schema).toBe(envSchema);
        expect(after.objects).toContain(`${where.schema}.${where.identifier}`);
      }
      for (const object of await registered()) expect(after.objects).toContain(object);

      // Closed: cleanup drops everything it made and dbt built; prod is as it was.
      await closeEnvironment(t.ctx, { name: PR7, merged: false });
      const report = await cleanupEnvironment(t.ctx, { name: PR7, prod: t.prod });
      expect(report.complete).toBe(true);
      expect(report.kept).toEqual([]);
      const end = await t.catalog();
      expect(end.schemas.filter((s) => s.toLowerCase() === "analytics_pr_7")).toEqual([]);
      expect(end.objects.filter((o) => !o.toLowerCase().startsWith("ods_meta."))).toEqual(
        before.objects.filter((o) => !o.toLowerCase().startsWith("ods_meta.")),
      );
    } finally {
      await t.session.close();
    }
  }, 120_000);

  it("promotion replaces prod's tables where dbt built them, and main's dbt reads the promoted rows; the tables kept for rollback are named as the warehouse stores an unquoted name; rollback puts prod's back", async () => {
    const shop = vendorShop(adapterOf(provider), { customersChange: true });
    const t = await setUp(provider, shop);
    try {
      const { plan } = await createPr7(t, shop);
      await buildPr7(t, shop, plan);
      const rowsAt = async (rendered: string) =>
        JSON.stringify(
          await t.session.rows(
            `select * from ${t.warehouse.simulation.duckQualified(await t.warehouse.simulation.resolveRendered(rendered))} order by 1, 2`,
          ),
        );
      const rendering = (project: VendorShop["prProject"], id: string) =>
        project.graph.nodes.get(id)!.node.relation.relationName!;
      const prRows = await rowsAt(rendering(shop.prProject, "model.shop.orders"));
      const prodBefore = await rowsAt(rendering(shop.mainProject, "model.shop.orders"));
      expect(prRows).not.toEqual(prodBefore);
      const before = await t.catalog();

      const mainPlan = planOver(shop.mainProject, t.prod, {
        sources: MAIN_SOURCES,
        now: MAIN_NOW,
        target: vendorTarget(shop.adapter, "prod"),
      });
      const decided = await planPromotion(t.ctx, {
        environment: PR7,
        plan: mainPlan,
        project: shop.mainProject,
        prod: t.prod,
        sources: MAIN_SOURCES,
      });
      const done = await promote(t.ctx, {
        plan: decided,
        mainPlan,
        mainProject: shop.mainProject,
        promotedBy: "main-run",
        allowNonAtomic: true,
      });
      expect(done.status).toBe("committed");
      expect(done.promoted.map((p) => `${p.to.schema}.${p.to.identifier}`).sort()).toEqual(
        ["customers", "orders"].map((n) => `${stored(provider, "analytics")}.${stored(provider, n)}`),
      );
      // What main's dbt reads at orders' rendering is the pull request's build; no object of another case was made.
      expect(await rowsAt(rendering(shop.mainProject, "model.shop.orders"))).toEqual(prRows);
      const after = await t.catalog();
      const prodNames = (objects: string[]) =>
        objects.filter(
          (o) => o.split(".")[0] === stored(provider, "analytics") && !o.toLowerCase().includes("__ods_"),
        );
      expect(prodNames(after.objects)).toEqual(prodNames(before.objects));
      // The replaced tables, kept for rollback, are where dbt's default quoting would find them too
      // (Snowflake: ORDERS__ODS_R_…, which the unquoted `analytics.orders__ods_r_…` reaches).
      for (const p of done.promoted) {
        const kept = `${p.to.schema}.${p.retired!.identifier}`;
        expect(after.objects).toContain(kept);
        // As the vendor's dbt would write a reference to it with its default quoting, in lower case.
        const id = p.retired!.identifier;
        const written =
          provider.name === "Snowflake"
            ? `shop.analytics.${id.toLowerCase()}`
            : `\`shop\`.\`analytics\`.\`${id}\``;
        const unquoted = await t.warehouse.simulation.resolveRendered(written);
        expect(`${unquoted.schema}.${unquoted.identifier}`).toBe(kept);
      }
      // Rolled back: prod's tables are back where dbt reads them.
      const back = await rollbackPromotion(t.ctx, { allowNonAtomic: true });
      expect(back.status).toBe("rolled_back");
      expect(await rowsAt(rendering(shop.mainProject, "model.shop.orders"))).toEqual(prodBefore);
    } finally {
      await t.session.close();
    }
  }, 120_000);

  it("a CI schema that is prod's under the warehouse's rules is refused as prod's, and nothing is created", async () => {
    // Snowflake: `ANALYTICS` unquoted is prod's `analytics`. Databricks: `Analytics` is `analytics`.
    // BigQuery: `Analytics` is prod's `analytics` when that dataset is case-insensitive.
    const ci = provider.name === "Snowflake" ? "ANALYTICS" : "Analytics";
    const shop = vendorShop(adapterOf(provider), { pr: { schemas: { analytics_pr_7: ci } } });
    const t = await setUp(
      provider,
      shop,
      provider.name === "BigQuery" ? (w) => w.simulation.markCaseInsensitive("analytics") : undefined,
    );
    try {
      const before = await t.catalog();
      const refused = await createPr7(t, shop).catch((e: unknown) => e);
      expect(isUserError(refused) && refused.code).toBe("environment_overlaps_prod");
      // The message says why names dbt writes differently are prod's.
      expect((refused as Error).message).toMatch(/upper case|lower case|case-insensitive/);
      expect(await t.ctx.registry.environment(PR7)).toBeNull();
      const after = await t.catalog();
      expect(after.objects.filter((o) => !o.toLowerCase().startsWith("ods_meta."))).toEqual(
        before.objects.filter((o) => !o.toLowerCase().startsWith("ods_meta.")),
      );
    } finally {
      await t.session.close();
    }
  }, 120_000);
});

/** Every REUSE node's pointer view is a view where dbt resolves its rendering in the pull request's manifest. */
async function expectPointersWhereDbtReads(
  t: Awaited<ReturnType<typeof setUp>>,
  plan: Plan,
): Promise<string[]> {
  const views = (await t.warehouse.simulation.storedObjects())
    .filter((o) => o.kind === "view")
    .map((o) => `${o.schema}.${o.identifier}`);
  const at: string[] = [];
  for (const entry of plan.entries.filter((e) => e.action === "REUSE")) {
    const where = await t.warehouse.simulation.resolveRendered(entry.relation_name!);
    at.push(`${where.schema}.${where.identifier}`);
  }
  for (const name of at) expect(views).toContain(name);
  return at.sort();
}

describe("Snowflake's quoting (simulated): adversarial", () => {
  const snowflake = SIMULATED_PROVIDERS.find((p) => p.name === "Snowflake")!;

  it("a model quoted with capitals (`quoting: {identifier: true}`, alias MyCustomers) is kept exactly: its pointer view is ANALYTICS_PR_7.MyCustomers, reading ANALYTICS.MyCustomers, and dbt's build reads it", async () => {
    const quoted = { "model.shop.customers": { identifier: true } };
    const shop = vendorShop("snowflake", {
      all: { nodeQuoting: quoted, aliases: { "model.shop.customers": "MyCustomers" } },
    });
    const t = await setUp(snowflake, shop);
    try {
      expect((await t.catalog()).objects).toContain("ANALYTICS.MyCustomers");
      const { plan, change } = await createPr7(t, shop);
      expect(change.actions.find((a) => a.node_id === "model.shop.customers")).toMatchObject({
        action: "create_pointer",
        object: "ANALYTICS_PR_7.MyCustomers",
        reads: "ANALYTICS.MyCustomers",
      });
      expect(await expectPointersWhereDbtReads(t, plan)).toContain("ANALYTICS_PR_7.MyCustomers");
      const { results, outcome } = await buildPr7(t, shop, plan);
      expect(results.results.filter((r) => !["success", "pass"].includes(r.status))).toEqual([]);
      expect(outcome.ignored).toEqual([]);
    } finally {
      await t.session.close();
    }
  }, 120_000);

  it("a project that quotes identifiers (`quoting: {identifier: true}`) keeps them lower-case in upper-case schemas: ANALYTICS_PR_7.orders, and cleanup drops what dbt built there", async () => {
    const shop = vendorShop("snowflake", { all: { quoting: { identifier: true } } });
    const t = await setUp(snowflake, shop);
    try {
      expect((await t.catalog()).objects).toContain("ANALYTICS.orders");
      const { plan } = await createPr7(t, shop);
      const pointers = await expectPointersWhereDbtReads(t, plan);
      expect(
        pointers.every(
          (p) => p.startsWith("ANALYTICS_PR_7.") && p === `ANALYTICS_PR_7.${p.split(".")[1]!.toLowerCase()}`,
        ),
      ).toBe(true);
      const { outcome } = await buildPr7(t, shop, plan);
      expect(outcome.ignored).toEqual([]);
      expect((await t.catalog()).objects).toContain("ANALYTICS_PR_7.orders");
      await closeEnvironment(t.ctx, { name: PR7, merged: false });
      const report = await cleanupEnvironment(t.ctx, { name: PR7, prod: t.prod });
      expect(report.complete).toBe(true);
      expect((await t.catalog()).schemas).not.toContain("ANALYTICS_PR_7");
    } finally {
      await t.session.close();
    }
  }, 120_000);

  it("two models whose unquoted names differ only in case are one table on Snowflake: refused before anything is created", async () => {
    // The pull request gives customer_countries the alias ORDERS, next to orders: dbt-snowflake would build both into ANALYTICS_PR_7.ORDERS.
    const shop = vendorShop("snowflake", { pr: { aliases: { "model.shop.customer_countries": "ORDERS" } } });
    const t = await setUp(snowflake, shop);
    try {
      const before = await t.catalog();
      const refused = await createPr7(t, shop).catch((e: unknown) => e);
      expect(isUserError(refused) && refused.code).toBe("identifier_refused");
      expect(String((refused as Error).message)).toMatch(
        /model\.shop\.orders.*model\.shop\.customer_countries|model\.shop\.customer_countries.*model\.shop\.orders/,
      );
      expect(await t.ctx.registry.environment(PR7)).toBeNull();
      expect((await t.catalog()).schemas).toEqual(before.schemas);
    } finally {
      await t.session.close();
    }
  }, 120_000);

  it("a CI schema quoted lower-case (\"analytics\") is not prod's ANALYTICS: the environment is made there, apart from prod; without prod's recorded relations, it counts as prod's", async () => {
    const pr = { quoting: { schema: true }, schemas: { analytics_pr_7: "analytics" } };
    const shop = vendorShop("snowflake", { pr });
    const t = await setUp(snowflake, shop);
    try {
      const before = await t.catalog();
      // Prod's state says where dbt wrote each relation (ANALYTICS.ORDERS): no overlap with "analytics".orders.
      const { plan, change } = await createPr7(t, shop);
      expect(change.schemas).toEqual(["analytics"]);
      await expectPointersWhereDbtReads(t, plan);
      const { results } = await buildPr7(t, shop, plan);
      expect(results.results.filter((r) => !["success", "pass"].includes(r.status))).toEqual([]);
      const prodOf = (objects: string[]) => objects.filter((o) => o.startsWith("ANALYTICS."));
      expect(prodOf((await t.catalog()).objects)).toEqual(prodOf(before.objects));
      expect((await t.catalog()).objects).toContain("analytics.ORDERS");
    } finally {
      await t.session.close();
    }
    // Prod's state without the relations it wrote (before state 1.6): its relations are taken as the pull request
    // quotes them, "analytics".orders, and the environment is refused as prod's rather than risk writing over it.
    const t2 = await setUp(snowflake, shop);
    try {
      const { relations: _, ...older } = t2.prod;
      const refused = await createEnvironment(t2.ctx, {
        name: PR7,
        project: "shop",
        prNumber: 7,
        headSha: null,
        plan: prPlanOf(shop, older),
        prod: older,
      }).catch((e: unknown) => e);
      expect(isUserError(refused) && refused.code).toBe("environment_overlaps_prod");
    } finally {
      await t2.session.close();
    }
  }, 120_000);
});
