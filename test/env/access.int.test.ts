/**
 * Access is never widened (issue 37, class 4; docs/environments.md, "Access
 * is never widened"), on a real PostgreSQL with four roles: the prod owner
 * (`ods_acc_prod`, who builds prod), the CI role (`ods_acc_ci`, which reads
 * prod and makes PR 7's environment), a reviewer (`ods_acc_reviewer`) who
 * may read whatever the CI role makes (`ALTER DEFAULT PRIVILEGES FOR ROLE
 * ods_acc_ci GRANT …`) but is denied in prod: no SELECT on
 * `analytics.country_codes`, and only Germany's rows of `analytics.customers`
 * (row-level security), and a stranger who has nothing in prod.
 *
 * - Reading each pointer view of the environment, every role reads nothing
 *   it could not read from prod's relation itself (the view checks its
 *   reader's rights: `security_invoker`), also when the environment's
 *   schema is granted to PUBLIC, when prod's row-level security is forced,
 *   and for a role kept out of prod's schema but granted SELECT on the table.
 * - An incremental model whose prod table is under row-level security or has
 *   column privileges is never copied into the environment
 *   (`access_not_kept`: dbt builds it from nothing); one that is copied
 *   keeps no privilege the CI role's default privileges give a role that
 *   lacks it on prod's table.
 * - A pointer view an older ods-state made with the CI role's rights is
 *   made again by a refresh (`secure_pointer`) and by `env repair`
 *   (`owner_rights`).
 * - A promotion that recreates the views reading a replaced table keeps
 *   their options (`security_invoker`, `check_option`).
 */
import { describe, expect, it } from "vitest";
import {
  type EnvContext,
  environmentContext,
  parseIncrementalStart,
  repairEnvironments,
} from "../../src/environment/index.js";
import { createEnvironment } from "../../src/environment/lifecycle/create.js";
import type { StateSnapshot } from "../../src/state/snapshot.js";
import { freshSession, POSTGRES_MISSING } from "../support/warehouse/engines.js";
import { PR7, prodBuilt, prPlanOf, shop } from "../support/warehouse/scenario.js";
import type { Session } from "../support/warehouse/sessions.js";
import { ENV_SCOPE } from "../support/warehouse/shop.js";

const PROD = "ods_acc_prod";
const CI = "ods_acc_ci";
const REVIEWER = "ods_acc_reviewer";
const STRANGER = "ods_acc_stranger";
const MEMBER = "ods_acc_member";
const ENV = "analytics_pr_7";
const NOW = "2026-11-30T10:15:00.000Z";
const s = shop();

/** The pointer views of PR 7 (its REUSE nodes) and the prod relation each reads. */
const POINTERS = ["stg_customers", "stg_payments", "country_codes", "customers"];

interface Setup {
  /** Run as the prod owner once prod is built (before the CI role gets its grants). */
  prod?: (session: Session) => Promise<void>;
}

async function roles(session: Session): Promise<void> {
  await session.exec(`DO $$ BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${PROD}') THEN CREATE ROLE ${PROD} NOLOGIN; END IF;
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${CI}') THEN CREATE ROLE ${CI} NOLOGIN; END IF;
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${REVIEWER}') THEN CREATE ROLE ${REVIEWER} NOLOGIN; END IF;
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${STRANGER}') THEN CREATE ROLE ${STRANGER} NOLOGIN; END IF;
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${MEMBER}') THEN CREATE ROLE ${MEMBER} NOLOGIN IN ROLE ${CI}; END IF;
  END $$`);
  await session.exec(`GRANT CREATE ON DATABASE shop TO ${PROD}, ${CI}`);
}

/**
 * Prod built by its owner; the reviewer reads prod except `country_codes`,
 * and only Germany's customers; the CI role reads all of prod (a policy
 * lets it see every row) and its default privileges give the reviewer
 * whatever it makes. The session is left as the CI role.
 */
async function built(session: Session, setup: Setup = {}): Promise<StateSnapshot> {
  await roles(session);
  await session.exec(`SET ROLE ${PROD}`);
  await session.exec(`CREATE SCHEMA analytics`);
  const S0 = await prodBuilt(session, s);
  await session.exec(`GRANT USAGE ON SCHEMA raw, analytics TO ${CI}, ${REVIEWER}`);
  await session.exec(`GRANT SELECT ON ALL TABLES IN SCHEMA raw, analytics TO ${CI}, ${REVIEWER}`);
  await session.exec(`REVOKE SELECT ON analytics.country_codes FROM ${REVIEWER}`);
  await session.exec(`ALTER TABLE analytics.customers ENABLE ROW LEVEL SECURITY`);
  await session.exec(`CREATE POLICY ci_reads_all ON analytics.customers FOR SELECT TO ${CI} USING (true)`);
  await session.exec(
    `CREATE POLICY reviewer_reads_de ON analytics.customers FOR SELECT TO ${REVIEWER} USING (country_name = 'Germany')`,
  );
  await setup.prod?.(session);
  await session.exec(`RESET ROLE`);
  // Whatever the CI role makes, the reviewer may read: its schemas and its tables and views.
  await session.exec(`ALTER DEFAULT PRIVILEGES FOR ROLE ${CI} GRANT USAGE ON SCHEMAS TO ${REVIEWER}`);
  await session.exec(`ALTER DEFAULT PRIVILEGES FOR ROLE ${CI} GRANT SELECT ON TABLES TO ${REVIEWER}`);
  await session.exec(`SET ROLE ${CI}`);
  return S0;
}

async function contextOf(session: Session): Promise<EnvContext> {
  return (await environmentContext(session.warehouse, { scope: ENV_SCOPE, now: NOW }))!;
}

async function createPr7(ctx: EnvContext, S0: StateSnapshot, incrementalStart = "none") {
  return createEnvironment(ctx, {
    name: PR7,
    project: "shop",
    prNumber: 7,
    headSha: null,
    plan: prPlanOf(s, S0),
    prod: S0,
    incrementalStart: parseIncrementalStart(incrementalStart, "flag"),
  });
}

type Read = { rows: string[] } | { denied: string };

/** `SELECT *` of the relation as `role` (then back to the session's role): its rows as sorted JSON, or the error. */
async function readAs(session: Session, role: string, relation: string): Promise<Read> {
  const [{ me }] = (await session.rows(`SELECT current_user AS me`)) as [{ me: string }];
  await session.exec(`RESET ROLE`);
  await session.exec(`SET ROLE ${role}`);
  try {
    const rows = await session.rows(`SELECT * FROM ${relation}`);
    return { rows: rows.map((row) => JSON.stringify(row)).sort() };
  } catch (error) {
    return { denied: (error as Error).message };
  } finally {
    await session.exec(`RESET ROLE`);
    await session.exec(`SET ROLE ${me}`);
  }
}

const rowsOf = (read: Read): string[] => ("rows" in read ? read.rows : []);

/** For each pointer view: what `role` reads through it is part of what it reads from prod's relation. */
async function expectNothingWider(session: Session, role: string): Promise<Record<string, number>> {
  const seen: Record<string, number> = {};
  for (const name of POINTERS) {
    const prod = rowsOf(await readAs(session, role, `analytics.${name}`));
    const pointer = rowsOf(await readAs(session, role, `${ENV}.${name}`));
    expect(
      pointer.filter((row) => !prod.includes(row)),
      `${role} reads through ${ENV}.${name} rows it can't read in prod`,
    ).toEqual([]);
    seen[name] = pointer.length;
  }
  return seen;
}

async function withSession(work: (session: Session) => Promise<void>): Promise<void> {
  const session = await freshSession("postgres");
  try {
    await work(session);
  } finally {
    await session.close();
  }
}

async function reloptions(session: Session, relation: string): Promise<string[]> {
  const [row] = await session.rows(
    `SELECT coalesce(reloptions, '{}') AS options FROM pg_class WHERE oid = $1::regclass`,
    [relation],
  );
  return (row!.options as string[]).sort();
}

describe("PostgreSQL versions", () => {
  it("before 15 no view checks its reader's rights: every pointer view is refused, saying why", async () => {
    const { pointerViewsUnsafe, showVersion } = await import("../../src/drivers/postgres/postgres-access.js");
    expect(pointerViewsUnsafe(150000)).toBeNull();
    expect(pointerViewsUnsafe(170002)).toBeNull();
    expect(pointerViewsUnsafe(140012)).toMatch(/PostgreSQL 14 .*security_invoker needs PostgreSQL 15/);
    expect(showVersion(90624)).toBe("9.6");
  });
});

describe.skipIf(POSTGRES_MISSING !== null)("access is never widened on PostgreSQL", () => {
  it("a reviewer denied in prod reads through the environment's pointer views nothing it could not read in prod", async () => {
    await withSession(async (session) => {
      const S0 = await built(session);
      const [{ version }] = (await session.rows(
        "SELECT current_setting('server_version_num')::int AS version",
      )) as [{ version: number }];
      expect(version, "these tests need PostgreSQL 15 or later").toBeGreaterThanOrEqual(150000);
      const ctx = await contextOf(session);
      const change = await createPr7(ctx, S0);
      expect(change.actions.filter((a) => a.action === "create_pointer").map((a) => a.object)).toEqual(
        POINTERS.map((name) => `${ENV}.${name}`),
      );
      // The reviewer may read the environment's views (the CI role's default privileges) ...
      for (const name of POINTERS)
        expect(
          (
            await session.rows(`SELECT has_table_privilege($1, $2, 'SELECT') AS may`, [
              REVIEWER,
              `${ENV}.${name}`,
            ])
          )[0]!.may,
        ).toBe(true);

      const prodCustomers = rowsOf(await readAs(session, CI, "analytics.customers"));
      const germans = rowsOf(await readAs(session, REVIEWER, "analytics.customers"));
      expect(germans.length).toBeGreaterThan(0);
      expect(germans.length).toBeLessThan(prodCustomers.length);
      expect(await readAs(session, REVIEWER, "analytics.country_codes")).toMatchObject({
        denied: expect.stringMatching(/permission denied/),
      });

      const reviewer = await expectNothingWider(session, REVIEWER);
      expect(reviewer.customers).toBe(germans.length);
      expect(reviewer.country_codes).toBe(0);
      expect(await readAs(session, REVIEWER, `${ENV}.country_codes`)).toMatchObject({
        denied: expect.stringMatching(/permission denied for table country_codes/),
      });
      // Each reads with its reader's rights.
      for (const name of POINTERS)
        expect(await reloptions(session, `${ENV}.${name}`)).toContain("security_invoker=true");
      // The CI role reads through them what it reads in prod.
      expect(rowsOf(await readAs(session, CI, `${ENV}.customers`))).toEqual(prodCustomers);

      // Adversarial: the environment's schema and everything in it granted to PUBLIC.
      await session.exec(`GRANT USAGE ON SCHEMA ${ENV} TO PUBLIC`);
      await session.exec(`GRANT SELECT ON ALL TABLES IN SCHEMA ${ENV} TO PUBLIC`);
      const stranger = await expectNothingWider(session, STRANGER);
      expect(Object.values(stranger)).toEqual([0, 0, 0, 0]);
      // A role granted the CI role reads what the CI role reads, in prod as through the views: not more.
      const member = await expectNothingWider(session, MEMBER);
      expect(member.customers).toBe(prodCustomers.length);
    });
  }, 120_000);

  it("prod's row-level security forced: the reviewer's policy still decides what it reads through the pointer view", async () => {
    await withSession(async (session) => {
      const S0 = await built(session, {
        prod: async (session) => {
          await session.exec(`ALTER TABLE analytics.customers FORCE ROW LEVEL SECURITY`);
        },
      });
      await createPr7(await contextOf(session), S0);
      const germans = rowsOf(await readAs(session, REVIEWER, "analytics.customers"));
      const reviewer = await expectNothingWider(session, REVIEWER);
      expect(reviewer.customers).toBe(germans.length);
    });
  }, 120_000);

  it("a reviewer granted some columns of prod's table reads no other column through the pointer view", async () => {
    await withSession(async (session) => {
      const S0 = await built(session, {
        prod: async (session) => {
          await session.exec(`ALTER TABLE analytics.customers DISABLE ROW LEVEL SECURITY`);
          await session.exec(`REVOKE SELECT ON analytics.customers FROM ${REVIEWER}`);
          await session.exec(`GRANT SELECT (customer_id, first_name) ON analytics.customers TO ${REVIEWER}`);
        },
      });
      await createPr7(await contextOf(session), S0);
      const emails = `(SELECT email FROM ${ENV}.customers) AS e`;
      expect(await readAs(session, REVIEWER, "(SELECT email FROM analytics.customers) AS e")).toMatchObject({
        denied: expect.stringMatching(/permission denied/),
      });
      expect(await readAs(session, REVIEWER, emails)).toMatchObject({
        denied: expect.stringMatching(/permission denied/),
      });
      // Narrower, not wider: the view names every column, so the reviewer can't read the granted ones through it either.
      expect(
        await readAs(session, REVIEWER, `(SELECT customer_id FROM ${ENV}.customers) AS c`),
      ).toMatchObject({ denied: expect.stringMatching(/permission denied/) });
      expect(
        rowsOf(await readAs(session, REVIEWER, "(SELECT customer_id FROM analytics.customers) AS c")).length,
      ).toBeGreaterThan(0);
    });
  }, 120_000);

  it("a role granted SELECT on prod's table but kept out of its schema reads nothing through the pointer view", async () => {
    await withSession(async (session) => {
      const S0 = await built(session, {
        prod: async (session) => {
          await session.exec(`GRANT SELECT ON analytics.stg_payments TO ${STRANGER}`);
        },
      });
      await createPr7(await contextOf(session), S0);
      await session.exec(`GRANT USAGE ON SCHEMA ${ENV} TO ${STRANGER}`);
      await session.exec(`GRANT SELECT ON ${ENV}.stg_payments TO ${STRANGER}`);
      expect(await readAs(session, STRANGER, "analytics.stg_payments")).toMatchObject({
        denied: expect.stringMatching(/permission denied for schema analytics/),
      });
      expect(rowsOf(await readAs(session, STRANGER, `${ENV}.stg_payments`))).toEqual([]);
      // Anyone with USAGE on prod's schema reads the rows.
      expect(rowsOf(await readAs(session, CI, `${ENV}.stg_payments`)).length).toBeGreaterThan(0);
    });
  }, 120_000);

  it("the schema check names prod's schema whatever it holds (a quote, a backslash, a statement end)", async () => {
    await withSession(async (session) => {
      await roles(session);
      const prod = String.raw`it's a \ schema; --`;
      const quoted = `"${prod}"`;
      await session.exec(`CREATE SCHEMA ${quoted}`);
      await session.exec(`CREATE SCHEMA pr_7`);
      await session.exec(`CREATE TABLE ${quoted}.t AS SELECT 1 AS a`);
      await session.exec(`GRANT SELECT ON ${quoted}.t TO ${STRANGER}`);
      await session.exec(`GRANT USAGE ON SCHEMA pr_7 TO ${STRANGER}`);
      await session.warehouse.createView(
        { schema: "pr_7", identifier: "t" },
        { schema: prod, identifier: "t" },
        { replace: false },
      );
      await session.exec(`GRANT SELECT ON pr_7.t TO ${STRANGER}`);
      expect(await session.rows(`SELECT a FROM pr_7.t`)).toEqual([{ a: 1 }]);
      expect(rowsOf(await readAs(session, STRANGER, "pr_7.t"))).toEqual([]);
      await session.exec(`GRANT USAGE ON SCHEMA ${quoted} TO ${STRANGER}`);
      expect(rowsOf(await readAs(session, STRANGER, "pr_7.t"))).toEqual([JSON.stringify({ a: 1 })]);
    });
  }, 120_000);

  it.each([
    {
      case: "row-level security",
      control: async (session: Session) => {
        await session.exec(`ALTER TABLE analytics.fct_daily_revenue ENABLE ROW LEVEL SECURITY`);
        await session.exec(
          `CREATE POLICY ci_reads_all ON analytics.fct_daily_revenue FOR SELECT TO ${CI} USING (true)`,
        );
      },
      says: /row-level security enabled, policies ci_reads_all/,
    },
    {
      case: "a policy, row-level security not enabled",
      control: async (session: Session) => {
        await session.exec(
          `CREATE POLICY recent ON analytics.fct_daily_revenue FOR SELECT TO ${REVIEWER} USING (order_date > '2026-11-01')`,
        );
      },
      says: /row-level security not enabled, policies recent/,
    },
    {
      case: "column privileges narrower than the table",
      control: async (session: Session) => {
        await session.exec(`REVOKE SELECT ON analytics.fct_daily_revenue FROM ${REVIEWER}`);
        await session.exec(
          `GRANT SELECT (order_date, order_count) ON analytics.fct_daily_revenue TO ${REVIEWER}`,
        );
      },
      says: /column privileges on order_date, order_count/,
    },
  ])(
    "an incremental model whose prod table has $case is not copied: access_not_kept",
    async ({ control, says }) => {
      await withSession(async (session) => {
        const S0 = await built(session, { prod: control });
        const ctx = await contextOf(session);
        const change = await createPr7(ctx, S0, "copy up to 1GB");
        const revenue = change.starts.find((start) => start.node_id === "model.shop.fct_daily_revenue")!;
        expect(revenue.outcome).toBe("access_not_kept");
        expect(revenue.detail).toContain("analytics.fct_daily_revenue");
        expect(revenue.detail).toMatch(says);
        expect(change.actions.filter((a) => a.action === "copy_table")).toEqual([]);
        expect((await session.warehouse.listObjects([ENV])).map((o) => o.identifier)).not.toContain(
          "fct_daily_revenue",
        );
      });
    },
    120_000,
  );

  it("a copy keeps no privilege the CI role's default privileges give a role that lacks it on prod's table", async () => {
    await withSession(async (session) => {
      const S0 = await built(session, {
        prod: async (session) => {
          await session.exec(`REVOKE SELECT ON analytics.fct_daily_revenue FROM ${REVIEWER}`);
          await session.exec(`GRANT SELECT ON analytics.fct_daily_revenue TO ${MEMBER}`);
        },
      });
      await session.exec(`RESET ROLE`);
      await session.exec(`ALTER DEFAULT PRIVILEGES FOR ROLE ${CI} GRANT INSERT ON TABLES TO ${MEMBER}`);
      await session.exec(
        `ALTER DEFAULT PRIVILEGES FOR ROLE ${CI} GRANT SELECT ON TABLES TO ${MEMBER} WITH GRANT OPTION`,
      );
      await session.exec(`ALTER DEFAULT PRIVILEGES FOR ROLE ${CI} GRANT SELECT ON TABLES TO PUBLIC`);
      await session.exec(`SET ROLE ${CI}`);
      const change = await createPr7(await contextOf(session), S0, "copy up to 1GB");
      expect(change.starts.find((start) => start.node_id === "model.shop.fct_daily_revenue")!.outcome).toBe(
        "copied",
      );
      const copy = `${ENV}.fct_daily_revenue`;
      expect(await readAs(session, REVIEWER, "analytics.fct_daily_revenue")).toMatchObject({
        denied: expect.any(String),
      });
      expect(await readAs(session, REVIEWER, copy)).toMatchObject({
        denied: expect.stringMatching(/permission denied/),
      });
      expect(await readAs(session, STRANGER, copy)).toMatchObject({
        denied: expect.stringMatching(/permission denied/),
      });
      // A role that reads prod's table keeps what it holds there; what it doesn't (INSERT) is taken back.
      expect(rowsOf(await readAs(session, MEMBER, copy))).toEqual(
        rowsOf(await readAs(session, MEMBER, "analytics.fct_daily_revenue")),
      );
      const privileges = await session.rows(
        `SELECT CASE WHEN a.grantee = 0 THEN 'PUBLIC' ELSE pg_get_userbyid(a.grantee) END AS grantee, a.privilege_type AS privilege,
                a.is_grantable AS grantable
           FROM pg_class c, aclexplode(c.relacl) a WHERE c.oid = $1::regclass AND a.grantee <> c.relowner ORDER BY 1, 2`,
        [copy],
      );
      // Nor its grant option: it can't grant SELECT on prod's table.
      expect(privileges).toEqual([{ grantee: MEMBER, privilege: "SELECT", grantable: false }]);
    });
  }, 120_000);

  it("a pointer view an older ods-state made with the CI role's rights is made again by a refresh and by env repair", async () => {
    await withSession(async (session) => {
      const S0 = await built(session);
      const ctx = await contextOf(session);
      await createPr7(ctx, S0);
      const older = `CREATE OR REPLACE VIEW ${ENV}.customers WITH (security_invoker = false) AS SELECT * FROM analytics.customers`;
      await session.exec(older);
      expect(rowsOf(await readAs(session, REVIEWER, `${ENV}.customers`)).length).toBeGreaterThan(
        rowsOf(await readAs(session, REVIEWER, "analytics.customers")).length,
      );

      const refreshed = await createPr7(ctx, S0);
      expect(refreshed.actions).toEqual([
        {
          action: "secure_pointer",
          object: `${ENV}.customers`,
          node_id: "model.shop.customers",
          reads: "analytics.customers",
        },
      ]);
      await expectNothingWider(session, REVIEWER);
      expect((await createPr7(ctx, S0)).actions).toEqual([]);

      await session.exec(older);
      const repaired = await repairEnvironments(ctx, { prod: S0 });
      expect(repaired.environments[0]!.repaired).toEqual([
        {
          node_id: "model.shop.customers",
          pointer: `${ENV}.customers`,
          reads: "analytics.customers",
          was: "owner_rights",
        },
      ]);
      await expectNothingWider(session, REVIEWER);
      expect((await repairEnvironments(ctx, { prod: S0 })).repaired).toBe(0);
    });
  }, 120_000);

  it("views recreated over a replaced table keep their options: a view that checked its reader's rights still does", async () => {
    await withSession(async (session) => {
      const w = session.warehouse;
      await roles(session);
      await session.exec(`CREATE SCHEMA analytics`);
      await session.exec(`CREATE SCHEMA pr_7`);
      await session.exec(`CREATE TABLE analytics.t AS SELECT 1 AS a, 'old' AS b`);
      await session.exec(`CREATE TABLE pr_7.t AS SELECT 2 AS a, 'new' AS b`);
      await session.exec(
        `CREATE VIEW analytics.v_invoker WITH (security_invoker = true, security_barrier = true) AS SELECT a, b FROM analytics.t WHERE a > 0`,
      );
      await session.exec(
        `CREATE VIEW analytics.v_checked AS SELECT a, b FROM analytics.t WHERE a > 0 WITH CASCADED CHECK OPTION`,
      );
      await session.exec(`GRANT USAGE ON SCHEMA analytics TO ${REVIEWER}`);
      await session.exec(`GRANT SELECT ON analytics.v_invoker TO ${REVIEWER}`);
      const before = {
        invoker: await reloptions(session, "analytics.v_invoker"),
        checked: await reloptions(session, "analytics.v_checked"),
      };
      expect(before.invoker).toEqual(["security_barrier=true", "security_invoker=true"]);
      expect(before.checked).toEqual(["check_option=cascaded"]);
      expect(await readAs(session, REVIEWER, "analytics.v_invoker")).toMatchObject({
        denied: expect.any(String),
      });

      const outcome = await w.transaction(async () => {
        await w.stageTable(
          { schema: "pr_7", identifier: "t" },
          { schema: "analytics", identifier: "t__ods_s_1" },
        );
        return w.replaceTable({ schema: "analytics", identifier: "t" }, "t__ods_s_1", "t__ods_r_1");
      });
      expect(outcome.rebound.sort()).toEqual(["analytics.v_checked", "analytics.v_invoker"]);
      expect(await reloptions(session, "analytics.v_invoker")).toEqual(before.invoker);
      expect(await reloptions(session, "analytics.v_checked")).toEqual(before.checked);
      expect(await session.rows(`SELECT b FROM analytics.v_invoker`)).toEqual([{ b: "new" }]);
      // Still the reviewer's rights: it may read the view, not the table.
      expect(await readAs(session, REVIEWER, "analytics.v_invoker")).toMatchObject({
        denied: expect.stringMatching(/permission denied for table t/),
      });
      await expect(session.exec(`INSERT INTO analytics.v_checked VALUES (-1, 'x')`)).rejects.toThrow(
        /check option/,
      );
    });
  }, 120_000);
});
