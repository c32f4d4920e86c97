/**
 * Repairing open environments' pointer views after a main run (issue 19,
 * item 10), on a real DuckDB file and a real PostgreSQL server, with the shop
 * built as dbt does (tools/dbt-standin.ts: dbt's table materialization
 * renames the old relation to a backup and drops it with CASCADE, which on
 * PostgreSQL drops the views that read it, pointer views included).
 *
 * - PostgreSQL: main's build drops PR 7's pointer views; repair recreates
 *   them reading prod's rebuilt relations and records prod's run.
 * - DuckDB: views bind by name, main's build breaks nothing, repair is a
 *   no-op; a pointer view dropped by hand is repaired on both.
 * - A pointer whose prod relation is gone is reported, never invented.
 * - A pointer view that follows a renamed table (PostgreSQL) reads prod's
 *   relation again; on DuckDB it already does.
 * - Only open environments, unless one is named; an unknown name is refused.
 * - One transaction per environment: a failure at any step leaves it as it
 *   was; a rerun repairs.
 */
import { describe, expect, it } from "vitest";
import {
  closeEnvironment,
  type EnvContext,
  environmentContext,
  environmentName,
  repairEnvironments,
} from "../../src/environment/index.js";
import { isUserError } from "../../src/errors/user-error.js";
import type { StateSnapshot } from "../../src/state/snapshot.js";
import { ENGINES, freshSession } from "../support/warehouse/engines.js";
import { FaultyWarehouse } from "../support/warehouse/faulty.js";
import { MAIN_SOURCES, prBuilt, prodBuilt, rowsOf, type Shop, shop } from "../support/warehouse/scenario.js";
import type { Session } from "../support/warehouse/sessions.js";
import { build, ENV_SCOPE, recordProd } from "../support/warehouse/shop.js";

const PR7 = environmentName(ENV_SCOPE, 7);

const NOW = "2026-11-30T12:30:00.000Z";
const POINTERS = ["country_codes", "customers", "stg_customers", "stg_payments"];
const NODE: Record<string, string> = {
  country_codes: "seed.shop.country_codes",
  customers: "model.shop.customers",
  stg_customers: "model.shop.stg_customers",
  stg_payments: "model.shop.stg_payments",
};

async function pointerViews(session: Session): Promise<string[]> {
  const views = (await session.warehouse.listObjects(["analytics_pr_7"])).filter((o) => o.kind === "view");
  return views
    .map((o) => o.identifier)
    .filter((name) => POINTERS.includes(name))
    .sort();
}

/** Prod built and recorded, PR 7's environment created and built: the shop at a merge's eve. */
async function opened(
  engine: (typeof ENGINES)[number],
): Promise<{ session: Session; s: Shop; prod: StateSnapshot; ctx: EnvContext }> {
  const session = await freshSession(engine);
  const s = shop();
  const prod = await prodBuilt(session, s);
  await prBuilt(session, s, prod);
  const ctx = (await environmentContext(session.warehouse, { scope: ENV_SCOPE, now: NOW }))!;
  expect(await pointerViews(session)).toEqual(POINTERS);
  return { session, s, prod, ctx };
}

/** main's dbt build of every node, recorded as prod's new state (its run is the main manifest's invocation). */
async function mainRun(session: Session, s: Shop, prod: StateSnapshot): Promise<StateSnapshot> {
  const results = await build(session, {
    manifest: s.mainManifest,
    target: "prod",
    invocationId: s.mainManifest.metadata.invocation_id,
    startedAt: "2026-11-30T12:05:00.000Z",
  });
  return recordProd(s.mainProject, results, prod, MAIN_SOURCES, "2026-11-30T12:10:00Z");
}

describe.each(ENGINES)("env repair on %s", (engine) => {
  it("after main's dbt build, recreates the pointer views it dropped (PostgreSQL) reading prod's rebuilt relations; DuckDB's still read them: nothing to do; a second repair changes nothing", async () => {
    const { session, s, prod, ctx } = await opened(engine);
    try {
      const prod2 = await mainRun(session, s, prod);
      expect(await pointerViews(session)).toEqual(engine === "postgres" ? [] : POINTERS);

      const report = await repairEnvironments(ctx, { prod: prod2 });
      expect(report).toMatchObject({ dry_run: false, failed: 0, unrepairable: 0 });
      expect(report.environments).toHaveLength(1);
      expect(report.environments[0]).toMatchObject({ environment: PR7, checked: 4, error: null });
      // In node id order (the registry's).
      expect(report.environments[0]!.repaired).toEqual(
        engine === "postgres"
          ? [...POINTERS]
              .sort((a, b) => (NODE[a]! < NODE[b]! ? -1 : 1))
              .map((name) => ({
                node_id: NODE[name],
                pointer: `analytics_pr_7.${name}`,
                reads: `analytics.${name}`,
                was: "missing",
              }))
          : [],
      );
      expect(report.repaired).toBe(engine === "postgres" ? 4 : 0);
      expect(await pointerViews(session)).toEqual(POINTERS);
      for (const name of POINTERS)
        expect(await rowsOf(session, "analytics_pr_7", name)).toEqual(
          await rowsOf(session, "analytics", name),
        );

      // The registry says what each repaired pointer reads now: prod's run of the node.
      const pointers = await ctx.registry.pointers(PR7);
      for (const pointer of pointers) {
        expect(pointer.reads).toEqual({ schema: "analytics", identifier: pointer.identifier });
        if (engine === "postgres") {
          expect(pointer.reads_run_id).toBe(prod2.nodes[pointer.node_id]!.run_id);
          expect(pointer.version_key).toBe(prod2.nodes[pointer.node_id]!.version_key);
          expect(pointer.updated_at).toBe(NOW);
        }
      }
      const owned = (await ctx.registry.objects(PR7)).filter((o) => o.role === "pointer");
      expect(owned.map((o) => `${o.identifier}:${o.kind}:${o.state}`).sort()).toEqual(
        POINTERS.map((name) => `${name}:view:present`),
      );

      const again = await repairEnvironments(ctx, { prod: prod2 });
      expect(again.repaired).toBe(0);
      expect(again.environments[0]!.repaired).toEqual([]);
      expect(JSON.stringify(await ctx.registry.pointers(PR7))).toBe(JSON.stringify(pointers));
    } finally {
      await session.close();
    }
  });

  it("repairs a pointer view dropped by hand, on both engines; a dry run only reports", async () => {
    const { session, ctx } = await opened(engine);
    try {
      await session.exec(`drop view "analytics_pr_7"."customers"`);
      const dry = await repairEnvironments(ctx, { dryRun: true });
      expect(dry.dry_run).toBe(true);
      expect(dry.environments[0]!.repaired.map((r) => `${r.pointer} ${r.was}`)).toEqual([
        "analytics_pr_7.customers missing",
      ]);
      expect(await pointerViews(session)).toEqual(POINTERS.filter((n) => n !== "customers"));

      const report = await repairEnvironments(ctx);
      expect(report.repaired).toBe(1);
      expect(await rowsOf(session, "analytics_pr_7", "customers")).toEqual(
        await rowsOf(session, "analytics", "customers"),
      );
    } finally {
      await session.close();
    }
  });

  it("reports a pointer whose prod relation is gone and invents nothing; the others are repaired", async () => {
    const { session, s, prod, ctx } = await opened(engine);
    try {
      const prod2 = await mainRun(session, s, prod);
      // Prod's customers is gone (dropped by hand, or by a run that removed the model).
      await session.exec(`drop table "analytics"."customers"${engine === "postgres" ? " cascade" : ""}`);
      const report = await repairEnvironments(ctx, { prod: prod2 });
      expect(report.unrepairable).toBe(1);
      expect(report.environments[0]!.unrepairable).toEqual([
        {
          node_id: "model.shop.customers",
          pointer: "analytics_pr_7.customers",
          reads: "analytics.customers",
          reason: expect.stringContaining(
            "prod's relation analytics.customers for model.shop.customers is gone",
          ),
        },
      ]);
      expect(report.environments[0]!.repaired.map((r) => r.pointer)).toEqual(
        engine === "postgres"
          ? ["analytics_pr_7.stg_customers", "analytics_pr_7.stg_payments", "analytics_pr_7.country_codes"]
          : [],
      );
      // Nothing invented: no relation at the missing pointer on PostgreSQL; DuckDB's view is left as it was.
      expect(await pointerViews(session)).toEqual(
        engine === "postgres" ? ["country_codes", "stg_customers", "stg_payments"] : POINTERS,
      );
      const customers = (await ctx.registry.pointers(PR7)).find((p) => p.identifier === "customers")!;
      expect(customers.reads_run_id).toBe(prod.nodes["model.shop.customers"]!.run_id);
    } finally {
      await session.close();
    }
  });

  it("points a view that followed a renamed prod table (PostgreSQL binds by object) at prod's relation again; on DuckDB it already reads it", async () => {
    const { session, ctx } = await opened(engine);
    try {
      await session.exec(`alter table "analytics"."customers" rename to "customers_old"`);
      await session.exec(
        `create table "analytics"."customers" as select * from "analytics"."customers_old" where 1 = 0`,
      );
      const report = await repairEnvironments(ctx);
      expect(report.environments[0]!.repaired.map((r) => `${r.pointer} ${r.was}`)).toEqual(
        engine === "postgres" ? ["analytics_pr_7.customers stale"] : [],
      );
      expect(await session.rows(`select count(*)::int as n from "analytics_pr_7"."customers"`)).toEqual([
        { n: 0 },
      ]);
      expect((await repairEnvironments(ctx)).repaired).toBe(0);
    } finally {
      await session.close();
    }
  });

  it("repairs only open environments unless one is named; an unknown one is refused", async () => {
    const { session, ctx } = await opened(engine);
    try {
      await session.exec(`drop view "analytics_pr_7"."customers"`);
      await closeEnvironment(ctx, { name: PR7, merged: false });
      const all = await repairEnvironments(ctx);
      expect(all.environments).toEqual([]);
      expect(await pointerViews(session)).not.toContain("customers");

      const named = await repairEnvironments(ctx, { name: PR7 });
      expect(named.repaired).toBe(1);
      expect(await pointerViews(session)).toContain("customers");

      const refused = await repairEnvironments(ctx, { name: environmentName(ENV_SCOPE, 99) }).catch(
        (error: unknown) => error,
      );
      expect(isUserError(refused) && refused.code).toBe("environment_unknown");
    } finally {
      await session.close();
    }
  });

  it("changes an environment in one transaction: a failure at any step leaves views and registry as they were, and is reported; a rerun repairs", async () => {
    const { session, ctx: plain } = await opened(engine);
    try {
      await session.exec(`drop view "analytics_pr_7"."customers"`);
      await session.exec(`drop view "analytics_pr_7"."stg_payments"`);
      const before = JSON.stringify(await plain.registry.pointers(PR7));
      const objectsBefore = JSON.stringify(await plain.registry.objects(PR7));
      const faulty = new FaultyWarehouse(session.warehouse);
      const ctx = (await environmentContext(faulty, { scope: ENV_SCOPE, now: NOW }))!;
      // 2 pointer views × (create the view, take its identity, its pointer row, its object row).
      for (let step = 1; step <= 8; step += 1) {
        for (const when of ["before", "after"] as const) {
          faulty.arm({ step, when });
          const report = await repairEnvironments(ctx);
          faulty.arm(null);
          expect(report.failed).toBe(1);
          expect(report.repaired).toBe(0);
          expect(report.environments[0]!.error).toContain("injected failure");
          expect(await pointerViews(session)).toEqual(["country_codes", "stg_customers"]);
          expect(JSON.stringify(await plain.registry.pointers(PR7))).toBe(before);
          expect(JSON.stringify(await plain.registry.objects(PR7))).toBe(objectsBefore);
        }
      }
      const report = await repairEnvironments(ctx);
      expect(faulty.steps).toBe(8);
      expect(report).toMatchObject({ repaired: 2, failed: 0 });
      expect(await pointerViews(session)).toEqual(POINTERS);
    } finally {
      await session.close();
    }
  });
});
