/**
 * Promotion and rollback on the cloud providers (issue 25), each provider's
 * own statements on the simulation of its semantics on DuckDB:
 * - refused unless allowed (no multi-object atomicity: ADR-0028 rule 5);
 * - allowed, the staged and journaled protocol puts the environment's tables
 *   under prod's names, keeps the replaced ones under their retired names,
 *   and switches each name in the four statements ProviderWarehouse
 *   .replaceTable names (copy aside, rename to the committing name, replace,
 *   drop), leaving nothing staged;
 * - rollback puts prod's old tables back;
 * - a switch cut after each of its statements is settled from the names to
 *   the right end: before the point of no return, prod keeps its table (and
 *   the copy taken aside is dropped); past it, the replacement is finished.
 * The fault suite (test/env/fault-suite.ts) fails every statement of the
 * whole protocol; these cases name the switch's own.
 */
import { describe, expect, it } from "vitest";
import {
  environmentContext,
  planPromotion,
  promote,
  rollbackPromotion,
} from "../../../src/environment/index.js";
import { isUserError } from "../../../src/errors/user-error.js";
import { loadPolyglotSdk } from "../../../src/runtime/polyglot-sdk.js";
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
import { SimulatedWarehouse } from "../../support/warehouse/simulated-provider.js";

const NOW = "2026-11-30T12:02:00.000Z";
const s = shop({ customersChange: true });
const built = prepared("duckdb", async (session) => {
  const S0 = await prodBuilt(session, s);
  await prBuilt(session, s, S0);
  return S0;
});

async function setUp(provider: (typeof SIMULATED_PROVIDERS)[number]) {
  const loaded = await loadPolyglotSdk();
  if (!loaded.ok) throw new Error(loaded.error);
  const { session, value: S0 } = await built();
  const warehouse = new SimulatedWarehouse(session, provider, loaded.sdk);
  const real = (await environmentContext(session.warehouse, { scope: ENV_SCOPE, now: NOW }))!;
  const ctx = (await environmentContext(warehouse, { scope: ENV_SCOPE, now: NOW }))!;
  const mainPlan = mainPlanOf(s, S0);
  const decided = await planPromotion(real, {
    environment: PR7,
    plan: mainPlan,
    project: s.mainProject,
    prod: S0,
    sources: MAIN_SOURCES,
  });
  const input = { plan: decided, mainPlan, mainProject: s.mainProject, promotedBy: "main-run" };
  const rows = async (schema = "analytics") => ({
    orders: await rowsOf(session, schema, "orders"),
    customers: await rowsOf(session, schema, "customers"),
  });
  const names = async () =>
    (await session.warehouse.listObjects(["analytics"]))
      .map((o) => o.identifier)
      .filter((name) => name.includes("__ods_"))
      .sort();
  return {
    session,
    warehouse,
    real,
    ctx,
    input,
    rows,
    names,
    before: await rows(),
    pr: await rows("analytics_pr_7"),
  };
}

describe.each(SIMULATED_PROVIDERS)("promotion on $name (simulated)", (provider) => {
  it("is refused unless allowed; allowed, it switches every name in four statements, keeps the replaced tables and leaves nothing staged; rollback puts them back", async () => {
    const t = await setUp(provider);
    try {
      expect(t.pr).not.toEqual(t.before);
      const refused = await promote(t.ctx, t.input).catch((e: unknown) => e);
      expect(isUserError(refused) && refused.code).toBe("promotion_not_atomic");
      expect(await t.rows()).toEqual(t.before);

      t.warehouse.arm(null);
      const done = await promote(t.ctx, { ...t.input, allowNonAtomic: true });
      expect(done.status).toBe("committed");
      expect(done.atomic).toBe(false);
      expect(done.promoted.map((p) => p.to.identifier).sort()).toEqual(["customers", "orders"]);
      expect(await t.rows()).toEqual(t.pr);
      // Each switch: the prod table copied aside, the staged table renamed to its committing name, the replace, the drop.
      const copyAside = provider.statements.clonesAreIndependent ? "cloneTable" : "copyTable";
      const switches = t.warehouse.log.join(" ").match(/\S+ renameTable replaceFrom dropTable/g);
      expect(switches).toEqual([
        `${copyAside} renameTable replaceFrom dropTable`,
        `${copyAside} renameTable replaceFrom dropTable`,
      ]);
      const retired = done.promoted.map((p) => p.retired!.identifier);
      expect(await t.names()).toEqual([...retired].sort());
      for (const p of done.promoted) {
        const name = p.to.identifier as "orders" | "customers";
        expect(await rowsOf(t.session, "analytics", p.retired!.identifier)).toEqual(t.before[name]);
      }
      expect((await t.real.registry.promotions())[0]?.status).toBe("committed");

      const refusedBack = await rollbackPromotion(t.ctx, {}).catch((e: unknown) => e);
      expect(isUserError(refusedBack) && refusedBack.code).toBe("promotion_not_atomic");
      const back = await rollbackPromotion(t.ctx, { allowNonAtomic: true });
      expect(back.status).toBe("rolled_back");
      expect(await t.rows()).toEqual(t.before);
      expect((await t.real.registry.promotions())[0]?.status).toBe("rolled_back");
      // The promoted tables are kept under their undone names until the retention passes; nothing else is left.
      expect((await t.names()).every((name) => name.includes("__ods_u_"))).toBe(true);
    } finally {
      await t.session.close();
    }
  }, 120_000);

  // The first switch's statements: 1 copy aside, 2 rename to the committing name (the point of no return), 3 replace, 4 drop.
  it.each([
    { cut: 1, when: "after" as const, end: "prod keeps its table; the copy taken aside is dropped" },
    { cut: 2, when: "before" as const, end: "prod keeps its table; the copy taken aside is dropped" },
    {
      cut: 2,
      when: "after" as const,
      end: "past the point of no return: the replacement is finished, then switched back",
    },
    { cut: 3, when: "after" as const, end: "replaced: switched back from the journal" },
  ])(
    "a switch cut after statement $cut ($when it took effect): $end, and prod ends as it was",
    async ({ cut, when }) => {
      const t = await setUp(provider);
      try {
        // Find the first switch's first statement in a run without faults on a copy.
        const reference = await setUp(provider);
        let first = 0;
        try {
          reference.warehouse.arm(null);
          await promote(reference.ctx, { ...reference.input, allowNonAtomic: true });
          const log = reference.warehouse.log;
          first = log.findIndex((op, i) => op === "renameTable" && log[i + 1] === "replaceFrom");
        } finally {
          await reference.session.close();
        }
        expect(first).toBeGreaterThan(0);
        // `first` is the 0-based index of statement 2; the fault's steps count from 1.
        const step = first + (cut - 1);
        t.warehouse.arm({ step, when, until: true });
        const error = await promote(t.ctx, { ...t.input, allowNonAtomic: true }).catch((e: unknown) => e);
        expect(isUserError(error) && error.code, String(error)).toBe("promotion_refused");
        t.warehouse.arm(null);
        // Every later statement failed too: before taking effect, as when the job dies (the journal still says
        // the switch was under way), or after (the switch back took effect, but ODS heard it failed).
        const promotion = (await t.real.registry.promotions())[0]!;
        expect(promotion.status).toBe(when === "before" ? "switching" : "failed");
        const resumed = await rollbackPromotion(t.ctx, { resume: true, allowNonAtomic: true });
        expect(resumed.resumed).toEqual([promotion.id]);
        expect(await t.rows()).toEqual(t.before);
        expect(await t.names()).toEqual([]);
        expect((await t.real.registry.promotions())[0]?.status).toBe("aborted");
        // And the promotion goes through on the next run.
        const done = await promote(t.ctx, { ...t.input, allowNonAtomic: true });
        expect(done.status).toBe("committed");
        expect(await t.rows()).toEqual(t.pr);
      } finally {
        await t.session.close();
      }
    },
    120_000,
  );
});

describe("promotion on Snowflake with dbt's transient tables (simulated)", () => {
  it("clones each transient table as a transient one (Snowflake refuses a permanent clone of a transient table), promotes and rolls back", async () => {
    const snowflake = SIMULATED_PROVIDERS.find((provider) => provider.name === "Snowflake")!;
    const t = await setUp(snowflake);
    try {
      // dbt-snowflake builds tables transient unless told otherwise.
      for (const schema of ["analytics", "analytics_pr_7"])
        for (const table of ["orders", "customers"])
          t.warehouse.simulation.transient.add(`${schema}.${table}`);
      t.warehouse.arm(null);
      const done = await promote(t.ctx, { ...t.input, allowNonAtomic: true });
      expect(done.status).toBe("committed");
      expect(await t.rows()).toEqual(t.pr);
      const clones = t.warehouse.simulation.log
        .filter((entry) => entry.operation === "replaceFrom" || entry.operation === "cloneTable")
        .map((entry) =>
          entry.statement.sql.replace(/^(CREATE (?:OR REPLACE )?(?:TRANSIENT )?TABLE) .*$/, "$1"),
        );
      // Per table: its old version kept aside, then the new one under its name; both transient.
      expect(clones).toEqual([
        "CREATE TRANSIENT TABLE",
        "CREATE OR REPLACE TRANSIENT TABLE",
        "CREATE TRANSIENT TABLE",
        "CREATE OR REPLACE TRANSIENT TABLE",
      ]);
      for (const table of ["orders", "customers"])
        expect(t.warehouse.simulation.transient.has(`analytics.${table}`), table).toBe(true);
      const back = await rollbackPromotion(t.ctx, { allowNonAtomic: true });
      expect(back.status).toBe("rolled_back");
      expect(await t.rows()).toEqual(t.before);
    } finally {
      await t.session.close();
    }
  }, 120_000);
});

describe.each(SIMULATED_PROVIDERS)(
  "recovery on $name when the switch back fails too (simulated)",
  (provider) => {
    it("a switch back cut after its first statement stays journaled as going back, and the next run settles it backward: prod ends as it was", async () => {
      // A promotion cut after its first switch (every later statement failing, as when the job dies): the
      // journal says `switching`, prod holds the promoted orders.
      const cutPromotion = async (t: Awaited<ReturnType<typeof setUp>>) => {
        const reference = await setUp(provider);
        let replaced = 0;
        try {
          reference.warehouse.arm(null);
          await promote(reference.ctx, { ...reference.input, allowNonAtomic: true });
          replaced = reference.warehouse.log.indexOf("replaceFrom") + 1;
        } finally {
          await reference.session.close();
        }
        t.warehouse.arm({ step: replaced + 1, when: "before", until: true });
        await promote(t.ctx, { ...t.input, allowNonAtomic: true }).catch(() => null);
        t.warehouse.arm(null);
      };
      // Where the recovery's switch back makes its second statement (the point of no return), found on a copy.
      const reference = await setUp(provider);
      let secondOfSwitchBack = 0;
      try {
        await cutPromotion(reference);
        reference.warehouse.arm(null);
        await rollbackPromotion(reference.ctx, { resume: true, allowNonAtomic: true });
        const log = reference.warehouse.log;
        secondOfSwitchBack =
          log.findIndex((op, i) => op === "renameTable" && log[i + 1] === "replaceFrom") + 1;
      } finally {
        await reference.session.close();
      }
      expect(secondOfSwitchBack).toBeGreaterThan(1);
      const t = await setUp(provider);
      try {
        await cutPromotion(t);
        // The switch back fails once, before its rename: the retired table holds prod's old rows, the name the new.
        t.warehouse.arm({ step: secondOfSwitchBack, when: "before", until: false });
        const error = await rollbackPromotion(t.ctx, { resume: true, allowNonAtomic: true }).catch(
          (e: unknown) => e,
        );
        expect(isUserError(error) && error.code).toBe("promotion_refused");
        // The journal says which way the cut switch was going: back. Settled forward instead, recovery would drop
        // the retired table the switch back was restoring (prod's old version) and leave the promoted one in prod.
        const journal = await t.real.registry.steps((await t.real.registry.promotions())[0]!.id);
        expect(journal.map((step) => step.state)).toContain("reverting");
        t.warehouse.arm(null);
        const resumed = await rollbackPromotion(t.ctx, { resume: true, allowNonAtomic: true });
        expect(resumed.status).toBe("resumed");
        expect(await t.rows()).toEqual(t.before);
        expect(await t.names()).toEqual([]);
        expect((await t.real.registry.promotions())[0]?.status).toBe("aborted");
      } finally {
        await t.session.close();
      }
    }, 120_000);
  },
);
