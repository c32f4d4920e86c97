/**
 * Names as PostgreSQL stores them (issue 37, class 2), on a real server:
 * dbt-postgres quotes every part by default, but a project may turn quoting
 * off (`quoting: {identifier: false}`), and then an alias `Customers`,
 * rendered `"shop"."analytics".Customers`, is the table `customers`.
 * The environment's pointer view is where dbt's CI target reads it, reading
 * prod's table where dbt wrote it.
 */
import { describe, expect, it } from "vitest";
import {
  cleanupEnvironment,
  closeEnvironment,
  createEnvironment,
  environmentContext,
  recordEnvironmentBuilds,
} from "../../src/environment/index.js";
import { freshSession, POSTGRES_MISSING } from "../support/warehouse/engines.js";
import { PR_SOURCES, PR7 } from "../support/warehouse/scenario.js";
import { buildSet, ENV_SCOPE, loadShopRaw, planOver } from "../support/warehouse/shop.js";
import {
  POSTGRES,
  vendorBuild,
  vendorProdBuilt,
  vendorShop,
  vendorTarget,
} from "../support/warehouse/vendor-shop.js";

const NOW = "2026-11-30T10:15:00.000Z";

describe.skipIf(POSTGRES_MISSING !== null)("PostgreSQL with quoting off (real server)", () => {
  it("an unquoted alias with capitals is the lower-case table: the pointer view is analytics_pr_7.customers, reading analytics.customers, and dbt's build reads it", async () => {
    const shop = vendorShop("postgres", {
      all: { quoting: { identifier: false }, aliases: { "model.shop.customers": "Customers" } },
    });
    const session = await freshSession("postgres");
    try {
      await loadShopRaw(session);
      const prod = await vendorProdBuilt(session, POSTGRES, shop);
      const tables = async (schema: string) =>
        (
          await session.rows(
            "select table_name from information_schema.tables where table_schema = $1 order by 1",
            [schema],
          )
        ).map((row) => String(row.table_name));
      expect(await tables("analytics")).toContain("customers");
      const ctx = (await environmentContext(session.warehouse, { scope: ENV_SCOPE, now: NOW }))!;
      const plan = planOver(shop.prProject, prod, {
        sources: PR_SOURCES,
        now: NOW,
        pointers: true,
        target: vendorTarget("postgres", "ci"),
      });
      expect(plan.entries.find((e) => e.unique_id === "model.shop.customers")?.action).toBe("REUSE");
      const change = await createEnvironment(ctx, {
        name: PR7,
        project: "shop",
        prNumber: 7,
        headSha: null,
        plan,
        prod,
      });
      expect(change.actions.find((a) => a.node_id === "model.shop.customers")).toMatchObject({
        action: "create_pointer",
        object: "analytics_pr_7.customers",
        reads: "analytics.customers",
      });
      const results = await vendorBuild(session, POSTGRES, {
        manifest: shop.prManifest,
        target: "ci",
        select: buildSet(plan),
        invocationId: "pr7-run-1",
        startedAt: "2026-11-30T10:16:41.000Z",
      });
      expect(results.results.filter((r) => !["success", "pass"].includes(r.status))).toEqual([]);
      const outcome = await recordEnvironmentBuilds(ctx, {
        name: PR7,
        project: shop.prProject,
        runResults: results,
        sources: PR_SOURCES,
      });
      expect(outcome.ignored).toEqual([]);
      await closeEnvironment(ctx, { name: PR7, merged: false });
      const report = await cleanupEnvironment(ctx, { name: PR7, prod });
      expect(report.complete).toBe(true);
      expect(await tables("analytics_pr_7")).toEqual([]);
    } finally {
      await session.close();
    }
  }, 120_000);
});
