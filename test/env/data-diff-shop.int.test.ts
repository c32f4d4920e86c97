/**
 * A pull request's data diff end to end on DuckDB and PostgreSQL: the shop's
 * prod built by its compiled SQL, PR 7's environment created and built, then
 * diffPullRequest. PR 7 changes `stg_orders` (a `return_pending` order now
 * counts as returned); `orders` and `fct_daily_revenue` are downstream;
 * `customers` is only reformatted (reused, not compared).
 *
 * The expected counts come from the raw CSV files, worked out by hand:
 * orders 5, 16 and 27 are `return_pending` (on 2026-11-03, -11 and -19), so
 * three rows of `orders` change `is_returned`; `fct_daily_revenue` (key
 * `order_date`, its `unique_key`) loses 2026-11-19 (order 27 was that day's
 * only order not returned) and changes `order_count` and `revenue` on
 * 2026-11-03 and 2026-11-11; its other 21 days are the same.
 */
import { describe, expect, it } from "vitest";
import { diffPullRequest } from "../../src/app/environment/diff-pull-request.js";
import { DEFAULT_DATA_DIFF_LIMITS } from "../../src/environment/data-diff-settings.js";
import { environmentContext } from "../../src/environment/index.js";
import { BUILDS } from "../../src/environment/registry/tables.js";
import type { DataDiffReport, NodeDataDiff } from "../../src/state/data-diff.js";
import type { StateSnapshot } from "../../src/state/snapshot.js";
import { ENGINES, prepared } from "../support/warehouse/engines.js";
import { PR7, prBuilt, prodBuilt, prPlanOf, shop } from "../support/warehouse/scenario.js";
import type { Session } from "../support/warehouse/sessions.js";
import { ENV_SCOPE } from "../support/warehouse/shop.js";

async function diffOf(
  session: Session,
  prod: StateSnapshot,
  s: ReturnType<typeof shop>,
  options: { repository?: string; prodOverride?: StateSnapshot } = {},
): Promise<DataDiffReport> {
  const ctx = (await environmentContext(session.warehouse, {
    scope: { ...ENV_SCOPE, ...(options.repository ? { repository: options.repository } : {}) },
    now: "2026-11-30T10:20:00.000Z",
    create: false,
  }))!;
  return diffPullRequest(
    ctx,
    {
      environment: PR7,
      overProd: prPlanOf(s, prod),
      project: s.prProject,
      prod: options.prodOverride ?? prod,
      limits: DEFAULT_DATA_DIFF_LIMITS,
      comparedWith: "prod",
    },
    () => new Date(),
  );
}

function byName(report: DataDiffReport): Record<string, NodeDataDiff> {
  return Object.fromEntries(report.nodes.map((n) => [n.name, n]));
}

describe.each(ENGINES)("the shop's PR 7 compared with prod on %s", (engine) => {
  // Prod built and recorded, PR 7's environment created, built and recorded: once, copied for each test.
  const s = shop();
  const fresh = prepared(engine, async (session) => {
    const prod = await prodBuilt(session, s);
    await prBuilt(session, s, prod);
    return prod;
  });

  it("lists the changed model, then what is downstream, with exact counts", async () => {
    const { session, value: prod } = await fresh();
    try {
      const report = await diffOf(session, prod, s);
      expect(report.nodes.map((n) => [n.name, n.group, n.status])).toEqual([
        ["stg_orders", "changed", "compared"],
        ["orders", "downstream", "compared"],
        ["fct_daily_revenue", "downstream", "compared"],
      ]);
      expect(report).toMatchObject({ environment: PR7, compared_with: "prod", budget_exhausted: false });
      const nodes = byName(report);

      // A view without a declared key: columns and counts, no row diff.
      expect(nodes.stg_orders).toMatchObject({
        prod: { schema: "analytics", identifier: "stg_orders" },
        pr: { schema: "analytics_pr_7", identifier: "stg_orders" },
        counts: { prod: 40, pr: 40 },
        schema: { added: [], removed: [], retyped: [] },
        rows: { status: "no_key" },
      });

      // orders: key order_id from its unique + not_null tests; three rows change is_returned.
      const orders = nodes.orders!;
      expect(orders.counts).toEqual({ prod: 40, pr: 40 });
      expect(orders.rows).toMatchObject({
        status: "compared",
        key: { columns: ["order_id"], source: "tests" },
        sample: null,
        only_prod: 0,
        only_pr: 0,
        changed: 3,
        unchanged: 37,
        null_keys: { prod: 0, pr: 0 },
      });
      const changedColumns = (orders.rows as { columns: { name: string; changed: number }[] }).columns;
      expect(changedColumns.filter((c) => c.changed > 0)).toEqual([{ name: "is_returned", changed: 3 }]);
      expect(changedColumns.map((c) => c.name)).toEqual([
        "customer_id",
        "order_date",
        "status",
        "is_returned",
        "payment_count",
        "amount",
        "gift_card_amount",
      ]);
      expect(orders.rows).not.toHaveProperty("examples");

      // fct_daily_revenue: key order_date (unique_key); one day gone, two days changed.
      expect(nodes.fct_daily_revenue!.materialized).toBe("incremental");
      expect(nodes.fct_daily_revenue!.counts).toEqual({ prod: 24, pr: 23 });
      expect(nodes.fct_daily_revenue!.rows).toMatchObject({
        status: "compared",
        key: { columns: ["order_date"], source: "unique_key" },
        only_prod: 1,
        only_pr: 0,
        changed: 2,
        unchanged: 21,
        columns: [
          { name: "order_count", changed: 2 },
          { name: "revenue", changed: 2 },
        ],
      });
    } finally {
      await session.close();
    }
  });

  it("says why a node is not compared: a build prod's state has no relation for, and a model dbt didn't build", async () => {
    const { session, value: prod } = await fresh();
    try {
      // Prod's record of orders from an older ods-state: no relation.
      const older: StateSnapshot = structuredClone(prod);
      delete older.nodes["model.shop.orders"]!.relation;
      // The environment's build of fct_daily_revenue is not of this version (a newer push, not built yet).
      const changed = await session.warehouse.updateRecords(
        "ods_meta",
        BUILDS.table,
        { version_key: "older" },
        { environment: PR7, node_id: "model.shop.fct_daily_revenue" },
      );
      expect(changed).toBe(1);
      const nodes = byName(await diffOf(session, prod, s, { prodOverride: older }));
      expect(nodes.orders).toMatchObject({ status: "not_compared", reason: "no_prod_relation" });
      expect(nodes.fct_daily_revenue).toMatchObject({ status: "not_compared", reason: "not_built" });
      expect(nodes.stg_orders).toMatchObject({ status: "compared" });
    } finally {
      await session.close();
    }
  });

  it("refuses to read another repository's environment", async () => {
    const { session, value: prod } = await fresh();
    try {
      await expect(diffOf(session, prod, s, { repository: "other/shop" })).rejects.toMatchObject({
        code: "environment_foreign",
      });
    } finally {
      await session.close();
    }
  });
});
