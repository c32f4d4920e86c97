/**
 * What prod's readers rely on besides a table's name survives promotion
 * (issue 19, items 4 and 5), with three roles on a real PostgreSQL: the prod
 * owner (`ods_prod`, who set `ALTER DEFAULT PRIVILEGES … GRANT SELECT ON
 * TABLES TO ods_bi` and built prod), a CI role that builds the pull request
 * and promotes (`ods_ci`, a member of `ods_prod`), and a BI role that only
 * reads (`ods_bi`). After promotion the promoted table has the replaced
 * table's owner and privileges (`SET ROLE ods_bi` reads it), and a
 * materialized view over it is recreated over the promoted table with its
 * indexes, owner, privileges and comment. Where that can't be done, the table
 * is not promoted and the reason says why. DuckDB has no owners, privileges
 * or materialized views: it says so (`grants: false`) and promotes as before.
 */
import { describe, expect, it } from "vitest";
import {
  type EnvContext,
  environmentContext,
  type PromotionResult,
  planPromotion,
  promote,
  rollbackPromotion,
} from "../../src/environment/index.js";
import type { StateSnapshot } from "../../src/state/snapshot.js";
import { nodesRun } from "../support/resolve-selection.js";
import { ENGINES, freshSession } from "../support/warehouse/engines.js";
import { MAIN_SOURCES, mainPlanOf, PR7, prBuilt, prodBuilt, shop } from "../support/warehouse/scenario.js";
import type { Engine, Session } from "../support/warehouse/sessions.js";
import { ENV_SCOPE } from "../support/warehouse/shop.js";

const s = shop();
const ORDERS = "model.shop.orders";
const PROD_OWNER = "ods_prod";
const CI = "ods_ci";
const CI_ALONE = "ods_ci_alone";
const BI = "ods_bi";

/** The roles (cluster-wide, created once per server) and this database's CREATE for the builders. */
async function roles(session: Session): Promise<void> {
  await session.exec(`DO $$ BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${PROD_OWNER}') THEN CREATE ROLE ${PROD_OWNER} NOLOGIN; END IF;
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${CI}') THEN CREATE ROLE ${CI} NOLOGIN IN ROLE ${PROD_OWNER}; END IF;
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${CI_ALONE}') THEN CREATE ROLE ${CI_ALONE} NOLOGIN; END IF;
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${BI}') THEN CREATE ROLE ${BI} NOLOGIN; END IF;
  END $$`);
  await session.exec(`GRANT CREATE ON DATABASE shop TO ${PROD_OWNER}, ${CI}, ${CI_ALONE}`);
}

interface Setup {
  /** The CI role that builds the pull request and promotes. */
  ci?: string;
  /** Run as the prod owner after prod is built. */
  prod?: (session: Session) => Promise<void>;
}

/** Prod built by the prod owner (default privileges give BI SELECT), PR 7 built by the CI role; the session stays that role. */
async function built(session: Session, setup: Setup): Promise<StateSnapshot> {
  if (session.engine === "duckdb") {
    const S0 = await prodBuilt(session, s);
    await prBuilt(session, s, S0);
    return S0;
  }
  await roles(session);
  await session.exec(`SET ROLE ${PROD_OWNER}`);
  await session.exec(`CREATE SCHEMA analytics`);
  await session.exec(`ALTER DEFAULT PRIVILEGES IN SCHEMA analytics GRANT SELECT ON TABLES TO ${BI}`);
  await session.exec(`GRANT USAGE ON SCHEMA analytics TO ${BI}`);
  const S0 = await prodBuilt(session, s);
  await setup.prod?.(session);
  if (setup.ci === CI_ALONE) {
    // Reads prod (pointer views, sources) without being a member of the prod owner.
    await session.exec(`GRANT USAGE ON SCHEMA raw, analytics TO ${CI_ALONE}`);
    await session.exec(`GRANT SELECT ON ALL TABLES IN SCHEMA raw, analytics TO ${CI_ALONE}`);
  }
  await session.exec(`RESET ROLE`);
  await session.exec(`SET ROLE ${setup.ci ?? CI}`);
  await prBuilt(session, s, S0);
  return S0;
}

async function promoteOrders(
  session: Session,
  S0: StateSnapshot,
): Promise<{ ctx: EnvContext; result: PromotionResult }> {
  const ctx = (await environmentContext(session.warehouse, {
    scope: ENV_SCOPE,
    now: "2026-11-30T12:02:00.000Z",
  }))!;
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

/** As the BI role (then back to the session's role). */
async function asBi<T>(session: Session, work: () => Promise<T>): Promise<T> {
  const [{ role }] = (await session.rows(`SELECT current_user AS role`)) as [{ role: string }];
  await session.exec(`RESET ROLE`);
  await session.exec(`SET ROLE ${BI}`);
  try {
    return await work();
  } finally {
    await session.exec(`RESET ROLE`);
    await session.exec(`SET ROLE ${role}`);
  }
}

async function access(session: Session, relation: string): Promise<{ owner: string; privileges: string[] }> {
  const rows = await session.rows(
    `SELECT pg_get_userbyid(c.relowner) AS owner,
       coalesce((SELECT array_agg(CASE WHEN a.grantee = 0 THEN 'PUBLIC' ELSE pg_get_userbyid(a.grantee) END
         || ':' || a.privilege_type || (CASE WHEN a.is_grantable THEN '*' ELSE '' END) ORDER BY 1)
        FROM aclexplode(coalesce(c.relacl, acldefault('r', c.relowner))) a), '{}') AS privileges
     FROM pg_class c WHERE c.oid = $1::regclass`,
    [relation],
  );
  return rows[0] as { owner: string; privileges: string[] };
}

const returnedCounts = (session: Session, relation: string) =>
  session.rows(`SELECT is_returned, count(*)::int AS n FROM ${relation} GROUP BY 1 ORDER BY 1`);

async function withSession(engine: Engine, work: (session: Session) => Promise<void>): Promise<void> {
  const session = await freshSession(engine);
  try {
    await work(session);
  } finally {
    await session.close();
  }
}

describe.each(ENGINES)("promotion keeps owners, privileges and materialized views on %s", (engine) => {
  it("the promoted table has the replaced table's owner and privileges: the BI role still reads it, after a rollback too", async () => {
    await withSession(engine, async (session) => {
      const S0 = await built(session, {});
      if (engine === "duckdb") {
        // No owners or privileges to keep: the capability says so, and the promotion is as before.
        expect(session.warehouse.capabilities.grants).toBe(false);
        expect(
          await session.warehouse.replaceBlockers([{ schema: "analytics", identifier: "orders" }]),
        ).toEqual([]);
        const { result } = await promoteOrders(session, S0);
        expect(result.promoted.map((p) => p.unique_id)).toEqual([ORDERS]);
        expect(result.views.kept).toEqual([]);
        return;
      }
      expect(session.warehouse.capabilities.grants).toBe(true);
      const before = await access(session, "analytics.orders");
      expect(before.owner).toBe(PROD_OWNER);
      expect(before.privileges).toContain(`${BI}:SELECT`);
      // The CI role's own tables: its owner, no privilege for BI.
      expect((await access(session, "analytics_pr_7.orders")).owner).toBe(CI);

      const { ctx, result } = await promoteOrders(session, S0);
      expect(result.promoted.map((p) => p.unique_id)).toEqual([ORDERS]);
      expect(await access(session, "analytics.orders")).toEqual(before);
      expect(result.views.kept).toEqual([
        { table: "analytics.orders", owner: PROD_OWNER, privileges: before.privileges.length },
      ]);
      // BI reads the promoted table (the pull request's rows: 11 returned orders).
      expect(await asBi(session, () => returnedCounts(session, "analytics.orders"))).toContainEqual({
        is_returned: true,
        n: 11,
      });

      const rolled = await rollbackPromotion(ctx, { id: result.id! });
      expect(rolled.status).toBe("rolled_back");
      expect(await access(session, "analytics.orders")).toEqual(before);
      expect(await asBi(session, () => returnedCounts(session, "analytics.orders"))).toContainEqual({
        is_returned: true,
        n: 8,
      });
    });
  });

  it("a materialized view over the replaced table is recreated over the promoted one: definition, indexes, owner, privileges, comment", async () => {
    await withSession(engine, async (session) => {
      const S0 = await built(session, {
        prod: async (session) => {
          await session.exec(
            `CREATE MATERIALIZED VIEW analytics.returned AS SELECT is_returned, count(*)::int AS n FROM analytics.orders GROUP BY 1`,
          );
          await session.exec(`CREATE UNIQUE INDEX returned_key ON analytics.returned (is_returned)`);
          await session.exec(`COMMENT ON MATERIALIZED VIEW analytics.returned IS 'Orders returned or not'`);
          await session.exec(`GRANT SELECT ON analytics.returned TO ${BI}`);
        },
      });
      if (engine === "duckdb") {
        const { result } = await promoteOrders(session, S0);
        expect(result.promoted.map((p) => p.unique_id)).toEqual([ORDERS]);
        expect(result.views.materialized).toEqual([]);
        return;
      }
      const before = await access(session, "analytics.returned");
      const definition = await session.rows(`SELECT pg_get_viewdef('analytics.returned'::regclass) AS sql`);
      const { ctx, result } = await promoteOrders(session, S0);
      expect(result.promoted.map((p) => p.unique_id)).toEqual([ORDERS]);
      expect(result.views.materialized).toEqual(["analytics.returned"]);
      expect(result.views.left).toEqual([]);
      // It reads the promoted table now, with what it had.
      expect(await session.rows(`SELECT is_returned, n FROM analytics.returned ORDER BY 1`)).toEqual(
        await returnedCounts(session, "analytics.orders"),
      );
      expect(await session.rows(`SELECT pg_get_viewdef('analytics.returned'::regclass) AS sql`)).toEqual(
        definition,
      );
      expect(
        await session.rows(
          `SELECT indexname FROM pg_indexes WHERE schemaname = 'analytics' AND tablename = 'returned'`,
        ),
      ).toEqual([{ indexname: "returned_key" }]);
      expect(await access(session, "analytics.returned")).toEqual(before);
      expect(
        await session.rows(`SELECT obj_description('analytics.returned'::regclass, 'pg_class') AS c`),
      ).toEqual([{ c: "Orders returned or not" }]);
      expect(
        await asBi(session, () => session.rows(`SELECT count(*)::int AS n FROM analytics.returned`)),
      ).toEqual([{ n: 2 }]);
      // Nothing reads the replaced table any more: the janitor can drop it.
      const retired = result.promoted[0]!.retired!.identifier;
      expect(
        await session.rows(
          `SELECT count(*)::int AS n FROM pg_depend d JOIN pg_rewrite r ON r.oid = d.objid
           WHERE d.refobjid = $1::regclass AND d.classid = 'pg_rewrite'::regclass`,
          [`analytics.${retired}`],
        ),
      ).toEqual([{ n: 0 }]);
      // A rollback puts it over the restored table.
      const rolled = await rollbackPromotion(ctx, { id: result.id! });
      expect(rolled.views?.materialized).toEqual(["analytics.returned"]);
      expect(await session.rows(`SELECT is_returned, n FROM analytics.returned ORDER BY 1`)).toEqual(
        await returnedCounts(session, "analytics.orders"),
      );
      expect(await session.rows(`SELECT n FROM analytics.returned WHERE is_returned`)).toEqual([{ n: 8 }]);
    });
  });
});

// DuckDB has no owners, privileges or materialized views (grants: false): nothing there can be in the way.
describe.each(ENGINES.filter((engine) => engine === "postgres"))("promotion on %s", (engine) => {
  it.each([
    {
      case: "the CI role is not a member of the prod owner's role",
      setup: { ci: CI_ALONE },
      code: "owner_not_kept",
      says: `Prod's analytics.orders is owned by role ${PROD_OWNER}, which the connected role ${CI_ALONE} is not a member of`,
    },
    {
      case: "prod's table has column privileges",
      setup: {
        prod: (session: Session) => session.exec(`GRANT UPDATE (is_returned) ON analytics.orders TO ${BI}`),
      },
      code: "privileges_not_kept",
      says: "Prod's analytics.orders has column privileges, which ODS does not copy to a promoted table",
    },
    {
      case: "prod's table has row-level security",
      setup: {
        prod: (session: Session) => session.exec(`ALTER TABLE analytics.orders ENABLE ROW LEVEL SECURITY`),
      },
      code: "privileges_not_kept",
      says: "Prod's analytics.orders has row-level security",
    },
    {
      case: "a view reads the materialized view over prod's table",
      setup: {
        prod: async (session: Session) => {
          await session.exec(
            `CREATE MATERIALIZED VIEW analytics.returned AS SELECT is_returned, count(*)::int AS n FROM analytics.orders GROUP BY 1`,
          );
          await session.exec(`CREATE VIEW analytics.returned_report AS SELECT * FROM analytics.returned`);
        },
      },
      code: "materialized_view_not_kept",
      says: "The materialized view analytics.returned reads prod's analytics.orders and is read by analytics.returned_report",
    },
  ])("not promoted when $case: the reason says why, prod is untouched", async ({ setup, code, says }) => {
    await withSession(engine, async (session) => {
      const S0 = await built(session, setup);
      const before = await access(session, "analytics.orders");
      const { result } = await promoteOrders(session, S0);
      const orders = result.decisions.find((d) => d.unique_id === ORDERS)!;
      expect(orders.promotable).toBe(false);
      expect(orders.reason.code).toBe(code);
      expect(orders.reason.message).toContain(says);
      expect(result.promoted).toEqual([]);
      // Not promoted, so dbt builds it: `select` minus `exclude`, resolved as dbt resolves them, holds it.
      expect(nodesRun(s.mainProject.graph, result.select, result.exclude)).toContain(ORDERS);
      expect(await access(session, "analytics.orders")).toEqual(before);
    });
  });

  it("privileges another role granted (with its grant option) are kept, once per grantee", async () => {
    await withSession(engine, async (session) => {
      const S0 = await built(session, {
        prod: async (session) => {
          await session.exec(`GRANT SELECT ON analytics.orders TO ${BI} WITH GRANT OPTION`);
          await session.exec(`GRANT SELECT ON analytics.orders TO ${CI_ALONE}`);
          await session.exec(`RESET ROLE`);
          await session.exec(`SET ROLE ${BI}`);
          await session.exec(`GRANT SELECT ON analytics.orders TO ${CI_ALONE}`);
          await session.exec(`RESET ROLE`);
          await session.exec(`SET ROLE ${PROD_OWNER}`);
        },
      });
      const before = await access(session, "analytics.orders");
      // ods_ci_alone's SELECT is there twice (granted by the owner and by BI).
      expect(before.privileges.filter((p) => p === `${CI_ALONE}:SELECT`)).toHaveLength(2);
      const { result } = await promoteOrders(session, S0);
      expect(result.promoted.map((p) => p.unique_id)).toEqual([ORDERS]);
      const after = await access(session, "analytics.orders");
      expect(after.owner).toBe(PROD_OWNER);
      expect([...new Set(after.privileges)]).toEqual([...new Set(before.privileges)]);
      expect(after.privileges).toContain(`${BI}:SELECT*`);
    });
  });

  it("a table new to prod is not promoted where the schema's default privileges would give a table dbt creates there more", async () => {
    await withSession(engine, async (session) => {
      // Prod has no orders table (yet): dbt in prod would create it, and the prod owner's default privileges apply.
      const S0 = await built(session, {
        prod: (session) => session.exec(`DROP TABLE analytics.orders CASCADE`),
      });
      const { result } = await promoteOrders(session, S0);
      const orders = result.decisions.find((d) => d.unique_id === ORDERS)!;
      expect(orders.reason.code).toBe("privileges_not_kept");
      expect(orders.reason.message).toBe(
        `Prod has no table analytics.orders yet, and default privileges (ALTER DEFAULT PRIVILEGES of ${PROD_OWNER}) apply to new tables in analytics: the promoted table would have the CI role's privileges instead, so dbt builds it.`,
      );
      expect(result.promoted).toEqual([]);
      expect(await session.rows(`SELECT to_regclass('analytics.orders') AS t`)).toEqual([{ t: null }]);
    });
  });
});
