/**
 * Red team of issue 37 (round 3): more environment scenarios that try to make
 * promotion, cleanup or the janitor drop, change or expose what prod owns, on
 * a real PostgreSQL server, DuckDB and the simulated providers.
 */
import { describe, expect, it } from "vitest";
import {
  type EnvContext,
  environmentContext,
  type PromotionResult,
  planPromotion,
  promote,
  runJanitor,
} from "../../src/environment/index.js";
import type { StateSnapshot } from "../../src/state/snapshot.js";
import { ENGINES, freshSession, POSTGRES_MISSING } from "../support/warehouse/engines.js";
import { MAIN_SOURCES, mainPlanOf, PR7, prBuilt, prodBuilt, shop } from "../support/warehouse/scenario.js";
import type { Engine, Session } from "../support/warehouse/sessions.js";
import { ENV_SCOPE } from "../support/warehouse/shop.js";

const s = shop();
const ORDERS = "model.shop.orders";
const PROMOTED_AT = "2026-11-30T12:02:00.000Z";

async function withSession(engine: Engine, work: (session: Session) => Promise<void>): Promise<void> {
  const session = await freshSession(engine);
  try {
    await work(session);
  } finally {
    await session.close();
  }
}

async function promoteOrders(
  session: Session,
  S0: StateSnapshot,
  now = PROMOTED_AT,
): Promise<{ ctx: EnvContext; result: PromotionResult }> {
  const ctx = (await environmentContext(session.warehouse, { scope: ENV_SCOPE, now }))!;
  const mainPlan = mainPlanOf(s, S0);
  const decided = await planPromotion(ctx, {
    environment: PR7,
    plan: mainPlan,
    project: s.mainProject,
    prod: S0,
    sources: MAIN_SOURCES,
  });
  const result = await promote(ctx, {
    plan: decided,
    mainPlan,
    mainProject: s.mainProject,
    promotedBy: "main-1",
  });
  return { ctx, result };
}

const returned = (session: Session, relation: string) =>
  session.rows(`SELECT count(*)::int AS n FROM ${relation} WHERE is_returned`);

describe.skipIf(POSTGRES_MISSING !== null)("promotion on PostgreSQL: what moves with the table", () => {
  it.each([
    {
      // dbt-postgres builds a contracted model as <name>__dbt_tmp with its constraints, then renames it: the
      // primary key's index is <name>__dbt_tmp_pkey in prod's schema and in the pull request's alike.
      case: "a primary key's index named as prod's (a dbt contract builds both under one name)",
      add: (schema: string) =>
        `ALTER TABLE ${schema}.orders ADD CONSTRAINT orders__dbt_tmp_pkey PRIMARY KEY (order_id)`,
      kept: `SELECT c.conrelid::regclass::text AS t FROM pg_constraint c
              WHERE c.contype = 'p' AND c.connamespace = 'analytics'::regnamespace ORDER BY 1`,
    },
    {
      case: "a serial column's sequence named as prod's (orders_row_id_seq in both schemas)",
      add: (schema: string) => `ALTER TABLE ${schema}.orders ADD COLUMN row_id serial`,
      kept: `SELECT d.refobjid::regclass::text AS t FROM pg_depend d JOIN pg_class s ON s.oid = d.objid
              WHERE s.relkind = 'S' AND s.relnamespace = 'analytics'::regnamespace AND d.deptype = 'a'
                AND d.refobjsubid > 0 ORDER BY 1`,
    },
  ])(
    "$case: the table is promoted (it failed: the name is taken in prod's schema), prod's own is untouched",
    async ({ add, kept }) => {
      await withSession("postgres", async (session) => {
        const S0 = await prodBuilt(session, s);
        await session.exec(add("analytics"));
        await prBuilt(session, s, S0);
        await session.exec(add("analytics_pr_7"));
        const { result } = await promoteOrders(session, S0);
        expect(result.promoted.map((p) => p.unique_id)).toEqual([ORDERS]);
        expect(await returned(session, "analytics.orders")).toEqual([{ n: 11 }]);
        const retired = result.promoted[0]!.retired!.identifier;
        expect(await returned(session, `analytics.${retired}`)).toEqual([{ n: 8 }]);
        // Each table keeps its own in prod's schema.
        const owners = (await session.rows(kept)).map((row) => (row as { t: string }).t);
        expect(owners.sort()).toEqual(["analytics.orders", `analytics.${retired}`].sort());
      });
    },
    120_000,
  );
});

describe.each(ENGINES)("the janitor's expired promotion tables on %s", (engine) => {
  it("a relation prod's state records at a kept table's name (a model named so) is not dropped; the promotion expires", async () => {
    await withSession(engine, async (session) => {
      const S0 = await prodBuilt(session, s);
      await prBuilt(session, s, S0);
      const { result } = await promoteOrders(session, S0);
      const retired = result.promoted[0]!.retired!.identifier;
      // Main then builds a model named like the kept table: dbt replaces the table at that name with its own.
      await session.exec(`DROP TABLE analytics."${retired}"`);
      await session.exec(
        `CREATE TABLE analytics."${retired}" AS SELECT 1 AS order_id, 'kept by prod' AS note`,
      );
      const S1: StateSnapshot = structuredClone(S0);
      S1.nodes["model.shop.legacy_orders"] = {
        ...structuredClone(S0.nodes[ORDERS]!),
        relation: {
          database: S0.nodes[ORDERS]!.relation!.database,
          schema: "analytics",
          identifier: retired,
        },
      };
      const later = (await environmentContext(session.warehouse, {
        scope: ENV_SCOPE,
        now: "2026-12-10T00:00:00.000Z",
      }))!;
      const report = await runJanitor(later, { prod: S1 });
      expect(report.expired_promotions).toEqual([{ id: result.id, dropped: [] }]);
      expect(report.problems.map((p) => p.object)).toEqual([`analytics.${retired}`]);
      expect(report.problems[0]!.error).toContain("model.shop.legacy_orders");
      expect(await session.rows(`SELECT note FROM analytics."${retired}"`)).toEqual([
        { note: "kept by prod" },
      ]);
      // Said once: the promotion is expired, the next janitor has nothing to say.
      const again = await runJanitor(later, { prod: S1 });
      expect(again.expired_promotions).toEqual([]);
      expect(again.problems).toEqual([]);
    });
  }, 120_000);
});
