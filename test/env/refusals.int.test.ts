/**
 * What environments refuse, before changing anything: writing over prod (the
 * CI target's schema not set), taking a place held by an object they don't
 * own, a registry written by a newer version, runs that built nothing; and
 * what cleanup never drops: objects it doesn't own in a schema it didn't
 * create, and prod's relations.
 */
import { describe, expect, it } from "vitest";
import { loadRunResults } from "../../src/dbt/artifacts/run-results.js";
import {
  cleanupEnvironment,
  createEnvironment,
  EnvironmentRegistry,
  environmentContext,
  recordEnvironmentBuilds,
  rollbackPromotion,
} from "../../src/environment/index.js";
import { isUserError, type UserError } from "../../src/errors/user-error.js";
import { ENGINES, freshSession } from "../support/warehouse/engines.js";
import { PR_SOURCES, prodBuilt, prPlanOf, shop } from "../support/warehouse/scenario.js";
import { ENV_SCOPE, planOver } from "../support/warehouse/shop.js";

async function failure(work: Promise<unknown>): Promise<UserError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  if (!isUserError(error)) throw new Error(`expected a UserError, got ${String(error)}`);
  return error;
}

describe.each(ENGINES)("refusals on %s", (engine) => {
  it("refuses an environment whose relations are prod's, saying how to set the CI schema", async () => {
    const session = await freshSession(engine);
    try {
      const s = shop();
      const S0 = await prodBuilt(session, s);
      const ctx = (await environmentContext(session.warehouse, {
        scope: ENV_SCOPE,
        now: "2026-11-30T10:15:00Z",
      }))!;
      // The PR compiled with the prod target: its relations are analytics.*.
      const plan = planOver(s.mainProject, S0, { sources: PR_SOURCES, now: ctx.now, pointers: true });
      const error = await failure(
        createEnvironment(ctx, { name: "pr-7", project: "shop", prNumber: 7, headSha: null, plan, prod: S0 }),
      );
      expect(error.code).toBe("environment_overlaps_prod");
      expect(error.message).toContain("would write over prod");
      expect(error.message).toContain("8 relations of the pull request's manifest are prod's");
      expect(error.message).toMatch(
        /model\.shop\.stg_customers at analytics\.stg_customers \(prod's model\.shop\.stg_customers is analytics\.stg_customers\)/,
      );
      expect(error.hint).toContain("schema: analytics_pr_");
      expect(await ctx.registry.environment("pr-7")).toBeNull();
    } finally {
      await session.close();
    }
  });

  it("refuses a pointer's place held by an object it doesn't own; leaves foreign objects alone at cleanup", async () => {
    const session = await freshSession(engine);
    try {
      const s = shop();
      const S0 = await prodBuilt(session, s);
      const ctx = (await environmentContext(session.warehouse, {
        scope: ENV_SCOPE,
        now: "2026-11-30T10:15:00Z",
      }))!;
      await session.exec(`create schema "analytics_pr_7"`);
      await session.exec(`create table "analytics_pr_7"."customers" as select 1 as someone_elses`);
      const input = {
        name: "pr-7",
        project: "shop",
        prNumber: 7,
        headSha: null,
        plan: prPlanOf(s, S0),
        prod: S0,
      };
      const error = await failure(createEnvironment(ctx, input));
      expect(error.code).toBe("environment_refused");
      expect(error.message).toContain("analytics_pr_7.customers (a table the environment doesn't own");
      expect((await session.warehouse.listObjects(["analytics_pr_7"])).map((o) => o.identifier)).toEqual([
        "customers",
      ]);

      // Anywhere else in its schema, it is refused too: an environment owns only what it created.
      await session.exec(`alter table "analytics_pr_7"."customers" rename to "notes"`);
      const occupied = await failure(createEnvironment(ctx, input));
      expect(occupied.code).toBe("environment_schema_occupied");
      expect(occupied.message).toContain("analytics_pr_7.notes (table)");
      expect(await ctx.registry.environment("pr-7")).toBeNull();

      // Once it is out of the way the environment is made in the schema it didn't create; a table someone
      // puts there later is not its own, and cleanup drops only what it made there.
      await session.exec(`drop table "analytics_pr_7"."notes"`);
      await createEnvironment(ctx, input);
      await session.exec(`create table "analytics_pr_7"."notes" as select 1 as someone_elses`);
      const report = await cleanupEnvironment(ctx, { name: "pr-7", prod: S0 });
      expect(report.complete).toBe(true);
      expect(report.dropped.map((d) => d.object).sort()).toEqual([
        "analytics_pr_7.country_codes",
        "analytics_pr_7.customers",
        "analytics_pr_7.stg_customers",
        "analytics_pr_7.stg_payments",
      ]);
      expect((await session.warehouse.listObjects(["analytics_pr_7"])).map((o) => o.identifier)).toEqual([
        "notes",
      ]);
    } finally {
      await session.close();
    }
  });

  it("never drops a prod relation or a schema holding one", async () => {
    const session = await freshSession(engine);
    try {
      const s = shop();
      const S0 = await prodBuilt(session, s);
      const ctx = (await environmentContext(session.warehouse, {
        scope: ENV_SCOPE,
        now: "2026-11-30T10:15:00Z",
      }))!;
      await createEnvironment(ctx, {
        name: "pr-7",
        project: "shop",
        prNumber: 7,
        headSha: null,
        plan: prPlanOf(s, S0),
        prod: S0,
      });
      // Prod's state now says a prod node lives in the environment's schema.
      const prod = {
        ...S0,
        nodes: {
          ...S0.nodes,
          "model.shop.customers": {
            ...S0.nodes["model.shop.customers"]!,
            relation: { database: "shop", schema: "analytics_pr_7", identifier: "customers" },
          },
        },
      };
      const report = await cleanupEnvironment(ctx, { name: "pr-7", prod });
      expect(report.kept).toContainEqual({ schema: "analytics_pr_7", reason: "it holds prod relations" });
      // Nothing is dropped in a schema that holds a prod relation: not even its own pointer views.
      expect(report.dropped).toEqual([]);
      expect(report.kept).toContainEqual({
        schema: "analytics_pr_7.customers",
        reason: "prod's state records this relation",
      });
      expect(
        (await session.warehouse.listObjects(["analytics_pr_7"])).map((o) => o.identifier).sort(),
      ).toEqual(["country_codes", "customers", "stg_customers", "stg_payments"]);
    } finally {
      await session.close();
    }
  });

  it("refuses a registry written by a newer version, and runs that built nothing", async () => {
    const session = await freshSession(engine);
    try {
      const ctx = (await environmentContext(session.warehouse, {
        scope: ENV_SCOPE,
        now: "2026-11-30T10:15:00Z",
      }))!;
      const s = shop();
      const notBuilt = await failure(
        recordEnvironmentBuilds(ctx, {
          name: "pr-7",
          project: s.prProject,
          runResults: loadRunResults(
            JSON.stringify({
              metadata: {
                dbt_schema_version: "https://schemas.getdbt.com/dbt/run-results/v6.json",
                invocation_id: "t",
              },
              results: [],
              args: { which: "test" },
            }),
            "run_results.json",
          ),
          sources: null,
        }),
      );
      expect(notBuilt.code).toBe("record_refused");
      // Nothing to roll back is an error, not a quiet success.
      expect((await failure(rollbackPromotion(ctx, {}))).code).toBe("rollback_refused");
      for (const version of ["1.9", "2.0", "x"]) {
        await session.exec(
          `update "ods_meta"."registry_info" set value = '${version}' where key = 'schema_version'`,
        );
        const error = await failure(EnvironmentRegistry.open(session.warehouse));
        expect(error.code).toBe("registry_newer");
      }
    } finally {
      await session.close();
    }
  });
});
