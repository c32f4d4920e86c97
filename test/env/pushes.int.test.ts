/**
 * Pushes that change what a pull request builds, on DuckDB and PostgreSQL:
 * a node served by a pointer view becomes built (the view is dropped, dbt
 * builds the table there, the environment owns it), then the change is
 * reverted (the environment's table gives way to a pointer view reading prod
 * again, and its build record goes).
 */
import { describe, expect, it } from "vitest";
import {
  createEnvironment,
  environmentBaseline,
  environmentContext,
  recordEnvironmentBuilds,
} from "../../src/environment/index.js";
import { ENGINES, freshSession } from "../support/warehouse/engines.js";
import { PR_SOURCES, PR7, prBuilt, prodBuilt, rowsOf, shop } from "../support/warehouse/scenario.js";
import { build, buildSet, ENV_SCOPE, planOver, sourcesAt } from "../support/warehouse/shop.js";

describe.each(ENGINES)("pushes on %s", (engine) => {
  it("pointer → built → pointer again", async () => {
    const session = await freshSession(engine);
    try {
      const plain = shop();
      const changed = shop({ customersChange: true });
      const S0 = await prodBuilt(session, plain);
      await prBuilt(session, plain, S0);
      const kinds = async () =>
        Object.fromEntries(
          (await session.warehouse.listObjects(["analytics_pr_7"])).map((o) => [o.identifier, o.kind]),
        );
      expect((await kinds()).customers).toBe("view");

      // Push 2 changes customers.
      let ctx = (await environmentContext(session.warehouse, {
        scope: ENV_SCOPE,
        now: "2026-11-30T11:00:00.000Z",
      }))!;
      const plan2 = planOver(changed.prProject, await environmentBaseline(ctx, PR7, S0, changed.prProject), {
        sources: sourcesAt("prod-after-merge/sources.json", "2026-11-30T10:59:00Z"),
        now: ctx.now,
        pointers: true,
      });
      expect(buildSet(plan2)).toEqual(new Set(["model.shop.customers", "model.shop.customer_countries"]));
      const refresh2 = await createEnvironment(ctx, {
        name: PR7,
        project: "shop",
        prNumber: 7,
        headSha: null,
        plan: plan2,
        prod: S0,
      });
      expect(refresh2.actions.map((a) => `${a.action} ${a.object}`)).toEqual([
        "drop_pointer analytics_pr_7.customers",
      ]);
      const run2 = await build(session, {
        manifest: changed.prManifest,
        target: "ci",
        select: buildSet(plan2),
        invocationId: "pr7-run-2",
        startedAt: "2026-11-30T11:01:00.000Z",
      });
      await recordEnvironmentBuilds(ctx, {
        name: PR7,
        project: changed.prProject,
        runResults: run2,
        sources: PR_SOURCES,
      });
      expect((await kinds()).customers).toBe("table");
      expect((await ctx.registry.objects(PR7)).find((o) => o.identifier === "customers")).toMatchObject({
        kind: "table",
        role: "build",
      });
      expect((await ctx.registry.pointers(PR7)).map((p) => p.identifier)).not.toContain("customers");

      // Push 3 reverts it: prod's customers serves the environment again.
      ctx = (await environmentContext(session.warehouse, {
        scope: ENV_SCOPE,
        now: "2026-11-30T12:00:00.000Z",
      }))!;
      const plan3 = planOver(plain.prProject, await environmentBaseline(ctx, PR7, S0, plain.prProject), {
        sources: sourcesAt("prod-after-merge/sources.json", "2026-11-30T11:59:00Z"),
        now: ctx.now,
        pointers: true,
      });
      expect(buildSet(plan3)).toEqual(new Set(["model.shop.customer_countries"]));
      const refresh3 = await createEnvironment(ctx, {
        name: PR7,
        project: "shop",
        prNumber: 7,
        headSha: null,
        plan: plan3,
        prod: S0,
      });
      expect(refresh3.actions.map((a) => `${a.action} ${a.object} -> ${a.reads}`)).toEqual([
        "replace_with_pointer analytics_pr_7.customers -> analytics.customers",
      ]);
      expect((await kinds()).customers).toBe("view");
      expect(await rowsOf(session, "analytics_pr_7", "customers")).toEqual(
        await rowsOf(session, "analytics", "customers"),
      );
      expect((await ctx.registry.builds(PR7)).map((b) => b.node_id)).not.toContain("model.shop.customers");
      expect((await ctx.registry.objects(PR7)).find((o) => o.identifier === "customers")).toMatchObject({
        kind: "view",
        role: "pointer",
      });
    } finally {
      await session.close();
    }
  });
});
