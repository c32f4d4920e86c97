/**
 * Grants kept on promotion on the cloud providers (issue 25): before a
 * promotion replaces a prod table (`replaceFrom`), the provider's warehouse
 * asks its catalog what the replacement would lose (`replaceLosses`) and
 * a table that would lose something is not promoted (dbt builds it), with
 * a reason that names the table and what would be lost; a table that would
 * lose nothing is promoted and keeps what the vendor keeps. Each provider's
 * own statements run on the simulation of its semantics, grants included
 * (test/support/warehouse/simulated-provider.ts: `SimulatedGrants`).
 */
import { describe, expect, it } from "vitest";
import { blockersFromLosses } from "../../../src/drivers/providers/replace-blockers.js";
import { environmentContext, planPromotion, promote } from "../../../src/environment/index.js";
import { loadPolyglotSdk } from "../../../src/runtime/polyglot-sdk.js";
import type { QualifiedName } from "../../../src/warehouse/names.js";
import { prepared } from "../../support/warehouse/engines.js";
import { SIMULATED_PROVIDERS } from "../../support/warehouse/providers.js";
import {
  MAIN_SOURCES,
  mainPlanOf,
  PR7,
  prBuilt,
  prodBuilt,
  rowsOf,
  shop,
} from "../../support/warehouse/scenario.js";
import { ENV_SCOPE } from "../../support/warehouse/shop.js";
import {
  SIMULATED_ROLE,
  type SimulatedAccess,
  SimulatedWarehouse,
} from "../../support/warehouse/simulated-provider.js";

const NOW = "2026-11-30T12:02:00.000Z";
const s = shop({ customersChange: true });
const built = prepared("duckdb", async (session) => {
  const S0 = await prodBuilt(session, s);
  await prBuilt(session, s, S0);
  return S0;
});

const ORDERS: QualifiedName = { schema: "analytics", identifier: "orders" };
const CUSTOMERS: QualifiedName = { schema: "analytics", identifier: "customers" };
const READERS = ["SELECT to ANALYST", "SELECT to REPORTING"];

type Provider = (typeof SIMULATED_PROVIDERS)[number];

/** Per provider: what on prod's orders its replacement would lose, and what it keeps on customers. */
const CASES: Record<string, { lost: SimulatedAccess; says: RegExp; kept: SimulatedAccess }> = {
  Snowflake: {
    lost: {
      owner: SIMULATED_ROLE,
      privileges: READERS,
      policies: [{ kind: "policy", name: "ROW_ACCESS_POLICY GOV.POLICIES.BY_REGION" }],
    },
    says: /ROW_ACCESS_POLICY GOV\.POLICIES\.BY_REGION.*clone takes the policies of the table it clones/,
    kept: { owner: SIMULATED_ROLE, privileges: READERS, policies: [] },
  },
  BigQuery: {
    lost: {
      owner: SIMULATED_ROLE,
      privileges: READERS,
      policies: [{ kind: "row_access_policy", name: "eu_only" }],
    },
    says: /row-level access policy eu_only/,
    kept: { owner: SIMULATED_ROLE, privileges: READERS, policies: [] },
  },
  Databricks: {
    lost: {
      owner: "data_platform",
      privileges: READERS,
      policies: [{ kind: "row_filter", name: "gov.policies.by_region" }],
    },
    says: /row filter gov\.policies\.by_region.*can't rule out/,
    // Another owner is kept (the same table), and so is a column mask (Databricks documents it).
    kept: {
      owner: "data_platform",
      privileges: READERS,
      policies: [{ kind: "column_mask", name: "gov.policies.mask_email" }],
    },
  },
};

async function setUp(provider: Provider, grants = true) {
  const loaded = await loadPolyglotSdk();
  if (!loaded.ok) throw new Error(loaded.error);
  const { session, value: S0 } = await built();
  const warehouse = new SimulatedWarehouse(session, provider, loaded.sdk, { grants });
  const ctx = (await environmentContext(warehouse, { scope: ENV_SCOPE, now: NOW }))!;
  const mainPlan = mainPlanOf(s, S0);
  const plan = () =>
    planPromotion(ctx, {
      environment: PR7,
      plan: mainPlan,
      project: s.mainProject,
      prod: S0,
      sources: MAIN_SOURCES,
    });
  const decision = (decided: Awaited<ReturnType<typeof plan>>, table: string) =>
    decided.decisions.find((d) => d.to.identifier === table)!;
  return { session, warehouse, ctx, mainPlan, plan, decision };
}

describe.each(SIMULATED_PROVIDERS)("grants kept on promotion on $name (simulated)", (provider) => {
  const c = CASES[provider.name]!;

  it("a prod table whose replacement would lose a policy is not promoted, naming the table and the policy; one that would lose nothing is promoted and keeps its privileges", async () => {
    const t = await setUp(provider);
    try {
      t.warehouse.simulation.setAccess(ORDERS, c.lost);
      t.warehouse.simulation.setAccess(CUSTOMERS, c.kept);
      const decided = await t.plan();
      const orders = t.decision(decided, "orders");
      expect(orders.promotable).toBe(false);
      expect(orders.reason.code).toBe("privileges_not_kept");
      expect(orders.reason.message).toContain("analytics.orders");
      expect(orders.reason.message).toMatch(c.says);
      expect(orders.reason.message).toContain(
        `docs/warehouses/${provider.statements.capabilities.engine}.md`,
      );
      const customers = t.decision(decided, "customers");
      expect(customers.reason.code).toBe("promoted");

      const before = await rowsOf(t.session, "analytics", "orders");
      const done = await promote(t.ctx, {
        plan: decided,
        mainPlan: t.mainPlan,
        mainProject: s.mainProject,
        promotedBy: "main-run",
        allowNonAtomic: true,
      });
      expect(done.status).toBe("committed");
      expect(done.promoted.map((p) => p.to.identifier)).toEqual(["customers"]);
      expect(done.select).toContain("orders");
      // The blocked table is untouched; the promoted one kept what the vendor keeps of the table it replaced.
      expect(await rowsOf(t.session, "analytics", "orders")).toEqual(before);
      expect(t.warehouse.simulation.accessOf(ORDERS)).toEqual(c.lost);
      expect(t.warehouse.simulation.accessOf(CUSTOMERS)).toEqual(c.kept);
    } finally {
      await t.session.close();
    }
  }, 120_000);

  it("a prod table with nothing granted, and a name prod has no table for, are not blocked; the check reads the catalog once", async () => {
    const t = await setUp(provider);
    try {
      // Snowflake has future grants: for a name prod has no table for, it reads the database's and its schema's.
      const future =
        provider.statements.futureGrants(provider.place, null) === null
          ? []
          : ["listSchemas", "futureGrants", "futureGrants"];
      t.warehouse.arm(null);
      const blockers = await t.warehouse.replaceBlockers([
        ORDERS,
        { schema: "analytics", identifier: "brand_new" },
      ]);
      expect(blockers).toEqual([]);
      expect(t.warehouse.log).toEqual(["listObjects", "replaceLosses", ...future]);
      t.warehouse.arm(null);
      expect(await t.warehouse.replaceBlockers([{ schema: "analytics", identifier: "brand_new" }])).toEqual(
        [],
      );
      expect(t.warehouse.log).toEqual(["listObjects", ...future]);
    } finally {
      await t.session.close();
    }
  }, 120_000);

  it("without simulated grants the provider declares none and blocks nothing", async () => {
    const t = await setUp(provider, false);
    try {
      t.warehouse.simulation.setAccess(ORDERS, c.lost);
      expect(t.warehouse.capabilities.grants).toBe(false);
      expect(t.decision(await t.plan(), "orders").reason.code).toBe("promoted");
    } finally {
      await t.session.close();
    }
  }, 120_000);
});

describe("Snowflake (simulated): the owner", () => {
  const snowflake = SIMULATED_PROVIDERS.find((p) => p.name === "Snowflake")!;

  it("a prod table owned by another role is not promoted (owner_not_kept), naming the table and the owner; COPY GRANTS keeps the privileges of one the connected role owns", async () => {
    const t = await setUp(snowflake);
    try {
      t.warehouse.simulation.setAccess(ORDERS, { owner: "TRANSFORMER", privileges: READERS, policies: [] });
      t.warehouse.simulation.setAccess(CUSTOMERS, {
        owner: SIMULATED_ROLE,
        privileges: READERS,
        policies: [],
      });
      const decided = await t.plan();
      const orders = t.decision(decided, "orders");
      expect(orders.reason.code).toBe("owner_not_kept");
      expect(orders.reason.message).toContain("analytics.orders");
      expect(orders.reason.message).toContain("role TRANSFORMER");
      expect(orders.reason.message).toContain("To promote it, connect ODS as the owning role");
      expect(t.decision(decided, "customers").reason.code).toBe("promoted");
    } finally {
      await t.session.close();
    }
  }, 120_000);
});

describe("Snowflake (simulated): a table new to prod and future grants", () => {
  const snowflake = SIMULATED_PROVIDERS.find((p) => p.name === "Snowflake")!;
  const NEW: QualifiedName = { schema: "analytics", identifier: "brand_new" };

  it.each([
    { what: "no future grants: not blocked", schema: [], database: [], blocked: null },
    {
      what: "future grants in its schema: blocked, naming them",
      schema: ["SELECT to REPORTER"],
      database: [],
      blocked: "future grants of schema analytics on tables (SELECT to REPORTER)",
    },
    {
      what: "future grants in the database: blocked, naming them",
      schema: [],
      database: ["SELECT to ANALYST"],
      blocked: "future grants of the database on tables (SELECT to ANALYST)",
    },
    {
      what: "a schema prod doesn't have yet: the database's apply (its own are not asked for)",
      schema: [],
      database: ["SELECT to ANALYST"],
      blocked: "future grants of the database on tables (SELECT to ANALYST)",
      in: "marts_new",
    },
    {
      what: "the schema's take precedence over the database's",
      schema: ["SELECT to REPORTER"],
      database: ["SELECT to ANALYST"],
      blocked: "(SELECT to REPORTER)",
      absent: "ANALYST",
    },
  ] as {
    what: string;
    schema: string[];
    database: string[];
    blocked: string | null;
    absent?: string;
    in?: string;
  }[])(
    "$what",
    async ({ schema, database, blocked, absent, in: where }) => {
      const target = where === undefined ? NEW : { schema: where, identifier: NEW.identifier };
      const t = await setUp(snowflake);
      try {
        t.warehouse.simulation.setFutureGrants("analytics", schema);
        t.warehouse.simulation.setFutureGrants(null, database);
        t.warehouse.simulation.setFutureGrants("elsewhere", ["SELECT to NOBODY"]);
        t.warehouse.arm(null);
        const blockers = await t.warehouse.replaceBlockers([target, ORDERS]);
        expect(t.warehouse.log.filter((op) => op === "futureGrants")).toHaveLength(
          where === undefined ? 2 : 1,
        );
        if (blocked === null) {
          expect(blockers).toEqual([]);
          return;
        }
        expect(blockers.map((b) => [b.target, b.code])).toEqual([[target, "privileges_not_kept"]]);
        expect(blockers[0]!.message).toContain(`Prod has no table ${target.schema}.brand_new yet`);
        expect(blockers[0]!.message).toContain(blocked);
        if (absent) expect(blockers[0]!.message).not.toContain(absent);
      } finally {
        await t.session.close();
      }
    },
    120_000,
  );
});

describe("blockersFromLosses", () => {
  const snowflake = {
    engine: "snowflake" as const,
    identifiers: { case_sensitive: true, max_length: 255, length_unit: "characters" as const },
  };
  const databricks = {
    engine: "databricks" as const,
    identifiers: { case_sensitive: false, max_length: 255, length_unit: "characters" as const },
  };
  const T = { schema: "Marts", identifier: "Orders" };

  it.each([
    {
      what: "nothing reported: no blocker",
      caps: snowflake,
      rows: [],
      expected: [],
    },
    {
      what: "a row for a table not asked about is ignored",
      caps: snowflake,
      rows: [{ schema_name: "Marts", table_name: "orders", loss: "policy", detail: "MASKING_POLICY A.B.C" }],
      expected: [],
    },
    {
      what: "the catalog's lower-case names match on a case-insensitive provider",
      caps: databricks,
      rows: [{ schema_name: "marts", table_name: "orders", loss: "row_filter", detail: "c.s.f" }],
      expected: [{ code: "privileges_not_kept", has: "row filter c.s.f" }],
    },
    {
      what: "an owner and a policy: one blocker, owner_not_kept, naming both",
      caps: snowflake,
      rows: [
        { schema_name: "Marts", table_name: "Orders", loss: "owner", detail: "TRANSFORMER" },
        {
          schema_name: "Marts",
          table_name: "Orders",
          loss: "policy",
          detail: "MASKING_POLICY A.B.C on column EMAIL",
        },
      ],
      expected: [{ code: "owner_not_kept", has: "MASKING_POLICY A.B.C on column EMAIL" }],
    },
    {
      what: "a loss ODS does not know blocks, saying it can't be ruled out",
      caps: snowflake,
      rows: [{ schema_name: "Marts", table_name: "Orders", loss: "projection", detail: "P" }],
      expected: [{ code: "privileges_not_kept", has: "can't rule out" }],
    },
  ])("$what", ({ caps, rows, expected }) => {
    const blockers = blockersFromLosses(caps, [T], rows);
    expect(blockers.map((b) => b.code)).toEqual(expected.map((e) => e.code));
    for (const [i, e] of expected.entries()) {
      expect(blockers[i]!.target).toEqual(T);
      expect(blockers[i]!.message).toContain("Marts.Orders");
      expect(blockers[i]!.message).toContain(e.has);
    }
  });
});
