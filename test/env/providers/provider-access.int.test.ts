/**
 * Access is never widened on the cloud providers (issue 37, class 4;
 * docs/environments.md, "Access is never widened"), each provider's own
 * statements run on the simulation of its semantics, grants included
 * (test/support/warehouse/simulated-provider.ts: a view reads with its
 * owner's rights on Snowflake and Databricks, with its reader's on
 * BigQuery; Snowflake's future grants reach every new table and view; a
 * clone takes its source's policies and is the connected role's).
 *
 * - A pointer view over a prod table under a row or column policy is
 *   refused where views read with their owner's rights (Snowflake,
 *   Databricks: `pointer_view_refused`, naming the table and the policy);
 *   on BigQuery the view checks its reader's rights and is made.
 * - On Snowflake, a pointer view that the database's future grants would
 *   give to a reviewer who can't read prod's table is refused; one given
 *   only to roles that read prod's tables is made, and every role reads
 *   through it only what it reads in prod.
 * - An incremental model whose prod table has a row or column policy is
 *   not cloned (`access_not_kept`, naming the policy), nor, on Snowflake,
 *   one whose clone future grants would give to a role that can't read
 *   prod's table.
 */
import { describe, expect, it } from "vitest";
import { environmentContext, parseIncrementalStart } from "../../../src/environment/index.js";
import { createEnvironment } from "../../../src/environment/lifecycle/create.js";
import { isUserError } from "../../../src/errors/user-error.js";
import { loadPolyglotSdk } from "../../../src/runtime/polyglot-sdk.js";
import type { StateSnapshot } from "../../../src/state/snapshot.js";
import type { QualifiedName } from "../../../src/warehouse/names.js";
import { prepared } from "../../support/warehouse/engines.js";
import { SIMULATED_PROVIDERS } from "../../support/warehouse/providers.js";
import { PR7, prodBuilt, prPlanOf, shop } from "../../support/warehouse/scenario.js";
import { ENV_SCOPE } from "../../support/warehouse/shop.js";
import { SIMULATED_ROLE, SimulatedWarehouse } from "../../support/warehouse/simulated-provider.js";

const NOW = "2026-11-30T10:15:00.000Z";
const ENV = "analytics_pr_7";
const PROD_OWNER = "PROD_OWNER";
const REVIEWER = "REVIEWER";
const ANALYST = "ANALYST";
const s = shop();
const built = prepared("duckdb", async (session) => prodBuilt(session, s));

type Provider = (typeof SIMULATED_PROVIDERS)[number];

/** PR 7's pointer views (its REUSE nodes). */
const POINTERS = ["stg_customers", "stg_payments", "country_codes", "customers"];
const at = (schema: string, identifier: string): QualifiedName => ({ schema, identifier });

/** Per provider: a row policy and a column policy as its catalog names them, and whose rights its views read with. */
const VENDOR: Record<string, { row: string; column: string; views: "owner" | "reader" }> = {
  Snowflake: { row: "policy", column: "policy", views: "owner" },
  BigQuery: { row: "row_access_policy", column: "policy_tag", views: "reader" },
  Databricks: { row: "row_filter", column: "column_mask", views: "owner" },
};

async function setUp(provider: Provider) {
  const loaded = await loadPolyglotSdk();
  if (!loaded.ok) throw new Error(loaded.error);
  const { session, value: S0 } = await built();
  const warehouse = new SimulatedWarehouse(session, provider, loaded.sdk, { grants: true });
  // Prod's relations: the prod owner's, readable by the CI role (ODS's) and by the analyst.
  for (const name of [...POINTERS, "fct_daily_revenue", "orders"]) {
    warehouse.simulation.setAccess(at("analytics", name), {
      owner: PROD_OWNER,
      privileges: [`SELECT to ${SIMULATED_ROLE}`, `SELECT to ${ANALYST}`],
      policies: [],
    });
  }
  const ctx = (await environmentContext(warehouse, { scope: ENV_SCOPE, now: NOW }))!;
  const create = (prod: StateSnapshot = S0, incrementalStart = "none") =>
    createEnvironment(ctx, {
      name: PR7,
      project: "shop",
      prNumber: 7,
      headSha: null,
      plan: prPlanOf(s, prod),
      prod,
      incrementalStart: parseIncrementalStart(incrementalStart, "flag"),
    });
  return { session, warehouse, ctx, S0, create };
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(isUserError(error), String(error)).toBe(true);
  return error as { code: string; message: string };
}

describe.each(SIMULATED_PROVIDERS)("access is never widened on $name (simulated)", (provider) => {
  const vendor = VENDOR[provider.name]!;

  it("a pointer view over a prod table with a row policy: refused where views read with their owner's rights, made where they read with their reader's", async () => {
    const t = await setUp(provider);
    try {
      t.warehouse.simulation.setAccess(at("analytics", "customers"), {
        owner: PROD_OWNER,
        privileges: [`SELECT to ${SIMULATED_ROLE}`, `SELECT to ${ANALYST}`],
        policies: [{ kind: vendor.row, name: "gov.policies.by_region" }],
      });
      if (vendor.views === "owner") {
        const error = await refusal(t.create());
        expect(error.code).toBe("pointer_view_refused");
        expect(error.message).toContain(`${ENV}.customers (reading analytics.customers)`);
        expect(error.message).toContain("gov.policies.by_region");
        expect(error.message).toMatch(/reads with its owner's rights/);
        // Refused before anything changed: no schema, no view.
        expect(await t.warehouse.listSchemas()).not.toContain(ENV);
      } else {
        const change = await t.create();
        expect(change.actions.filter((a) => a.action === "create_pointer")).toHaveLength(POINTERS.length);
        // The view checks its reader's rights: a role that can't read prod's table can't read it through the view.
        expect(t.warehouse.simulation.canRead(REVIEWER, at(ENV, "customers"))).toBe(false);
      }
      expect(provider.statements.viewsReadAs).toBe(vendor.views);
    } finally {
      await t.session.close();
    }
  }, 120_000);

  it.each([{ control: "row" as const }, { control: "column" as const }])(
    "an incremental model whose prod table has a $control policy is not cloned: access_not_kept",
    async ({ control }) => {
      const t = await setUp(provider);
      try {
        t.warehouse.simulation.setAccess(at("analytics", "fct_daily_revenue"), {
          owner: PROD_OWNER,
          privileges: [`SELECT to ${SIMULATED_ROLE}`],
          policies: [{ kind: vendor[control], name: "gov.policies.guarded" }],
        });
        t.warehouse.arm(null);
        const change = await t.create(t.S0, "clone");
        const revenue = change.starts.find((start) => start.node_id === "model.shop.fct_daily_revenue")!;
        expect(revenue.outcome).toBe("access_not_kept");
        expect(revenue.detail).toContain("analytics.fct_daily_revenue");
        expect(revenue.detail).toContain("gov.policies.guarded");
        expect(t.warehouse.log).not.toContain("cloneTable");
        expect((await t.warehouse.listObjects([ENV])).map((o) => o.identifier)).not.toContain(
          "fct_daily_revenue",
        );
      } finally {
        await t.session.close();
      }
    },
    120_000,
  );
});

describe("Snowflake (simulated): future grants never give an environment's objects to a role that can't read prod", () => {
  const snowflake = SIMULATED_PROVIDERS.find((provider) => provider.name === "Snowflake")!;

  it("pointer views the database's future grants would give to a reviewer denied in prod are refused", async () => {
    const t = await setUp(snowflake);
    try {
      t.warehouse.simulation.setFutureGrants(null, [`SELECT on VIEW to ${REVIEWER}`]);
      expect(t.warehouse.simulation.canRead(REVIEWER, at("analytics", "customers"))).toBe(false);
      const error = await refusal(t.create());
      expect(error.code).toBe("pointer_view_refused");
      expect(error.message).toContain(`${ENV}.customers (reading analytics.customers)`);
      expect(error.message).toMatch(
        /future grants of the database on views would give the new view to REVIEWER/,
      );
      expect(await t.warehouse.listSchemas()).not.toContain(ENV);
    } finally {
      await t.session.close();
    }
  }, 120_000);

  it("given only to roles that read prod's tables, they are made: every role reads through them only what it reads in prod", async () => {
    const t = await setUp(snowflake);
    try {
      t.warehouse.simulation.setFutureGrants(null, [`SELECT on VIEW to ${ANALYST}`]);
      const change = await t.create();
      expect(change.actions.filter((a) => a.action === "create_pointer")).toHaveLength(POINTERS.length);
      for (const name of POINTERS) {
        expect(t.warehouse.simulation.viewAccessOf(at(ENV, name))?.privileges).toEqual([
          `SELECT to ${ANALYST}`,
        ]);
        for (const role of [ANALYST, REVIEWER, SIMULATED_ROLE]) {
          const prod = t.warehouse.simulation.canRead(role, at("analytics", name));
          const pointer = t.warehouse.simulation.canRead(role, at(ENV, name));
          expect(!pointer || prod, `${role} reads ${ENV}.${name} but not analytics.${name}`).toBe(true);
        }
        expect(t.warehouse.simulation.canRead(ANALYST, at(ENV, name))).toBe(true);
      }
    } finally {
      await t.session.close();
    }
  }, 120_000);

  it("a clone the database's future grants would give to a reviewer denied in prod is not made: access_not_kept", async () => {
    const t = await setUp(snowflake);
    try {
      t.warehouse.simulation.setFutureGrants(null, [`SELECT to ${REVIEWER}`]);
      t.warehouse.arm(null);
      const change = await t.create(t.S0, "clone");
      const revenue = change.starts.find((start) => start.node_id === "model.shop.fct_daily_revenue")!;
      expect(revenue.outcome).toBe("access_not_kept");
      expect(revenue.detail).toMatch(
        /future grants of the database on tables would give the new table to REVIEWER/,
      );
      expect(t.warehouse.log).not.toContain("cloneTable");
    } finally {
      await t.session.close();
    }
  }, 120_000);
});
