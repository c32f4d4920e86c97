/**
 * Red team of issue 37 (round 3): more environment scenarios that try to make
 * promotion, cleanup or the janitor drop, change or expose what prod owns, on
 * a real PostgreSQL server, DuckDB and the simulated providers.
 */
import { describe, expect, it } from "vitest";
import {
  createEnvironment,
  type EnvContext,
  environmentContext,
  type PromotionResult,
  planPromotion,
  promote,
  recordEnvironmentBuilds,
  runJanitor,
} from "../../src/environment/index.js";
import type { StateSnapshot } from "../../src/state/snapshot.js";
import { ENGINES, freshSession, POSTGRES_MISSING } from "../support/warehouse/engines.js";
import {
  MAIN_SOURCES,
  mainPlanOf,
  PR_SOURCES,
  PR7,
  prBuilt,
  prodBuilt,
  prPlanOf,
  shop,
} from "../support/warehouse/scenario.js";
import type { Engine, Session } from "../support/warehouse/sessions.js";
import { build, buildSet, ENV_SCOPE, projectOf } from "../support/warehouse/shop.js";

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

/** 63 bytes: the most PostgreSQL keeps. */
const HOSTILE = `ключ; DROP TABLE analytics.customers; --${"é".repeat(9)}x`;

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
      // A hostile name of 63 bytes (multi-byte letters, a statement end, a dot): the new name is cut on a
      // character and quoted.
      case: "a primary key named with 63 bytes of quotes-free hostile text",
      add: (schema: string) =>
        `ALTER TABLE ${schema}.orders ADD CONSTRAINT "${HOSTILE}" PRIMARY KEY (order_id)`,
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

describe.each(ENGINES)("a pull request's head moved while its build ran, on %s", (engine) => {
  it("the older push's build wrote orders last and was recorded first: the newer push's record doesn't claim that table, and it is not promoted", async () => {
    await withSession(engine, async (session) => {
      const S0 = await prodBuilt(session, s);
      const ctx = (await environmentContext(session.warehouse, {
        scope: ENV_SCOPE,
        now: "2026-11-30T10:15:00.000Z",
      }))!;
      // Push 2 (the PR's final code, main's after the merge) refreshed the environment; push 1's job still runs.
      const prPlan = prPlanOf(s, S0);
      await createEnvironment(ctx, {
        name: PR7,
        project: "shop",
        prNumber: 7,
        headSha: null,
        plan: prPlan,
        prod: S0,
      });
      // Push 1's orders kept only even orders (its code, changed again by push 2).
      const older = structuredClone(s.prManifest);
      for (const key of ["raw_code", "compiled_code"]) {
        older.nodes[ORDERS][key] = older.nodes[ORDERS][key].replace(
          "select * from final",
          "select * from final where order_id % 2 = 0",
        );
      }
      older.metadata.invocation_id = "pr7-push-1";
      const olderProject = projectOf(older, "push-1/manifest.json");
      // Push 2's dbt built everything first (10:16), push 1's dbt wrote its tables after (10:30) ...
      const newer = await build(session, {
        manifest: s.prManifest,
        target: "ci",
        select: buildSet(prPlan),
        invocationId: "pr7-push-2",
        startedAt: "2026-11-30T10:16:00.000Z",
      });
      const olderRun = await build(session, {
        manifest: older,
        target: "ci",
        select: buildSet(prPlan),
        invocationId: "pr7-push-1",
        startedAt: "2026-11-30T10:30:00.000Z",
      });
      const evenOnly = await session.rows(
        "SELECT count(*)::int AS n FROM analytics_pr_7.orders WHERE order_id % 2 = 1",
      );
      expect(evenOnly).toEqual([{ n: 0 }]);
      // ... and push 1's post step recorded first, push 2's after.
      const at = (now: string) => ({ ...ctx, now });
      await recordEnvironmentBuilds(at("2026-11-30T10:31:00.000Z"), {
        name: PR7,
        project: olderProject,
        runResults: olderRun,
        sources: PR_SOURCES,
      });
      const recorded = await recordEnvironmentBuilds(at("2026-11-30T10:32:00.000Z"), {
        name: PR7,
        project: s.prProject,
        runResults: newer,
        sources: PR_SOURCES,
      });
      expect(recorded.built).not.toContain(ORDERS);
      expect(recorded.ignored.find((i) => i.unique_id === ORDERS)?.reason).toContain("pr7-push-1");
      const orders = (await ctx.registry.builds(PR7)).find((b) => b.node_id === ORDERS)!;
      expect(orders.run_id).toBe("pr7-push-1");

      const { result } = await promoteOrders(session, S0);
      expect(result.promoted.map((p) => p.unique_id)).not.toContain(ORDERS);
      // Prod's orders are prod's: all of them, 8 returned.
      expect(await returned(session, "analytics.orders")).toEqual([{ n: 8 }]);
    });
  }, 120_000);
});

describe.each(ENGINES)("prod's relation is not a table at promotion, on %s", (engine) => {
  const kinds = engine === "postgres" ? ["VIEW", "MATERIALIZED VIEW"] : ["VIEW"];
  it.each(kinds)(
    "prod's orders made a %s after prod's build: not promoted (prod_not_table), prod's relation untouched",
    async (kind) => {
      await withSession(engine, async (session) => {
        const S0 = await prodBuilt(session, s);
        await prBuilt(session, s, S0);
        await session.exec("CREATE TABLE analytics.orders_base AS SELECT * FROM analytics.orders");
        await session.exec("DROP TABLE analytics.orders");
        await session.exec(`CREATE ${kind} analytics.orders AS SELECT * FROM analytics.orders_base`);
        const { result } = await promoteOrders(session, S0);
        expect(result.promoted).toEqual([]);
        expect(result.decisions.find((d) => d.unique_id === ORDERS)?.reason.code).toBe("prod_not_table");
        expect(await returned(session, "analytics.orders")).toEqual([{ n: 8 }]);
        expect(
          (await session.warehouse.listObjects(["analytics"])).find((o) => o.identifier === "orders")?.kind,
        ).toBe("view");
      });
    },
    120_000,
  );
});
