/**
 * Issue 37, class 3: what recovery of an interrupted promotion must never
 * do, on each cloud provider's statements simulated on DuckDB
 * (promotion-kill-suite.ts has the kills at every statement):
 * - put a table back over a later build: a dbt build of a promoted node in
 *   prod between the kill and the recovery is left in prod, whether the
 *   promotion was switching names (its table marked, or, in the moment
 *   between a name's replace and its mark, told by prod's state recording
 *   that build) or being rolled back;
 * - recover a promotion whose job may still be running: a pull request's
 *   run beside a live promotion leaves it (the lease), and takes over once
 *   the lease passed;
 * - lose the environment's registry row of a table the promotion moved out
 *   of it (Snowflake moves rather than copies): the table and its row come
 *   back together.
 */
import { describe, expect, it } from "vitest";
import {
  createEnvironment,
  environmentContext,
  rollbackPromotion,
  runJanitor,
} from "../../src/environment/index.js";
import type { StateSnapshot } from "../../src/state/snapshot.js";
import { PR7, prPlanOf, rowsOf } from "../support/warehouse/scenario.js";
import { build, ENV_SCOPE } from "../support/warehouse/shop.js";
import { assertConsistent } from "./fault-suite.js";
import {
  type Case,
  killPromotion,
  later,
  openCase,
  PR8,
  PROMOTED_AT,
  prodState,
  referenceLog,
  S,
  S8,
  SIMULATED_PROVIDERS,
} from "./promotion-kill-suite.js";

const LATER_BUILD_AT = "2026-11-30T12:30:00.000Z";
const COLUMN = { orders: "status", customers: "first_name" } as const;

/** A dbt build of `node` in prod (the shop's main code, dbt's table materialization), its rows marked as this build's. */
async function dbtBuildsInProd(c: Case, node: "orders" | "customers"): Promise<string> {
  await build(c.session, {
    manifest: S.mainManifest,
    target: "prod",
    select: new Set([`model.shop.${node}`]),
    invocationId: "main-run-2",
    startedAt: LATER_BUILD_AT,
  });
  await c.session.exec(
    `update "analytics"."${node}" set ${COLUMN[node]} = ${COLUMN[node]} || ' (later build)'`,
  );
  const rows = await rowsOf(c.session, "analytics", node);
  expect(rows).not.toEqual(c.before[node]);
  expect(rows).not.toEqual(c.pr[node]);
  return rows;
}

/** Prod's state once the run that built `node` later was recorded. */
function recordedLater(c: Case, node: "orders" | "customers"): StateSnapshot {
  const id = `model.shop.${node}`;
  return {
    ...c.S0,
    nodes: {
      ...c.S0.nodes,
      [id]: { ...c.S0.nodes[id]!, run_id: "main-run-2", built_at: "2026-11-30T12:30:01Z" },
    },
  };
}

/** The promotion's steps in order: the first name it switches, and the second. */
async function order(provider: (typeof SIMULATED_PROVIDERS)[number]) {
  const log = await referenceLog(provider);
  return {
    log,
    firstReplaced: log.indexOf("replaceFrom") + 1,
    firstSwitched: log.indexOf("setTableComment") + 2,
  };
}

async function promotionOf(c: Case) {
  const real = (await environmentContext(c.session.warehouse, { scope: ENV_SCOPE, now: later(12) }))!;
  const promotion = (await real.registry.promotions())[0]!;
  const steps = (await real.registry.steps(promotion.id)).sort((a, b) => a.seq - b.seq);
  return { real, promotion, steps };
}

describe.each(SIMULATED_PROVIDERS)("recovery on $name (simulated) and a later dbt build", (provider) => {
  it("killed after the first name was switched; dbt rebuilt that node in prod; the recovery leaves dbt's build and switches the rest back", async () => {
    const { firstSwitched } = await order(provider);
    const c = await openCase(provider);
    try {
      await killPromotion(c, firstSwitched);
      const { steps } = await promotionOf(c);
      const first = steps[0]!.target.identifier as "orders" | "customers";
      const second = steps[1]!.target.identifier as "orders" | "customers";
      expect(steps.map((s) => s.state)).toEqual(["switched", "staged"]);
      expect(await rowsOf(c.session, "analytics", first)).toEqual(c.pr[first]);
      const rebuilt = await dbtBuildsInProd(c, first);

      const resumed = await rollbackPromotion(await c.ctx(await c.warehouse(), later(1)), {
        resume: true,
        allowNonAtomic: true,
      });
      expect(resumed.resumed).toHaveLength(1);
      expect(await rowsOf(c.session, "analytics", first), `${first}: dbt's later build stays`).toEqual(
        rebuilt,
      );
      expect(await rowsOf(c.session, "analytics", second)).toEqual(c.before[second]);
      const { promotion } = await promotionOf(c);
      expect(promotion.status).toBe("aborted");
      expect(promotion.detail.kept).toEqual([steps[0]!.node_id]);
      const left = (await c.session.warehouse.listObjects(["analytics"])).filter((o) =>
        o.identifier.includes("__ods_"),
      );
      expect(left, "nothing staged or kept aside is left").toEqual([]);
    } finally {
      await c.close();
    }
  }, 120_000);

  it("killed right after the first name's replace (before its mark); dbt rebuilt it and prod's state records that run; the recovery leaves dbt's build", async () => {
    const { firstReplaced } = await order(provider);
    const c = await openCase(provider);
    try {
      await killPromotion(c, firstReplaced);
      const { steps } = await promotionOf(c);
      const first = steps[0]!.target.identifier as "orders" | "customers";
      const second = steps[1]!.target.identifier as "orders" | "customers";
      expect(steps[0]!.state).toBe("switching");
      const rebuilt = await dbtBuildsInProd(c, first);
      const resumed = await rollbackPromotion(await c.ctx(await c.warehouse(), later(1)), {
        resume: true,
        allowNonAtomic: true,
        prodState: async () => recordedLater(c, first),
      });
      expect(resumed.resumed).toHaveLength(1);
      expect(await rowsOf(c.session, "analytics", first), `${first}: dbt's later build stays`).toEqual(
        rebuilt,
      );
      expect(await rowsOf(c.session, "analytics", second)).toEqual(c.before[second]);
      const { promotion } = await promotionOf(c);
      expect(promotion.status).toBe("aborted");
      expect(promotion.detail.kept).toEqual([steps[0]!.node_id]);
      // The janitor (with prod's state as the default branch's post step has it) finds nothing more to do.
      const report = await runJanitor(await c.ctx(await c.warehouse(), later(2)), {
        prod: recordedLater(c, first),
      });
      expect(report.recovered).toEqual([]);
    } finally {
      await c.close();
    }
  }, 120_000);

  it("a rollback killed after its first name went back; dbt rebuilt the other in prod; resuming the rollback leaves dbt's build", async () => {
    const c = await openCase(provider);
    try {
      // The promotion, committed; then its rollback, found on a copy: where its first switch back ends.
      await c.promotion(await c.ctx(await c.warehouse(), PROMOTED_AT));
      expect((await prodState(c)).state).toBe("all-new");
      const reference = await openCase(provider);
      let firstBack = 0;
      try {
        await reference.promotion(await reference.ctx(await reference.warehouse(), PROMOTED_AT));
        const warehouse = await reference.warehouse();
        warehouse.arm(null);
        await rollbackPromotion(await reference.ctx(warehouse, later(1)), { allowNonAtomic: true });
        // The second step's journal write `rolled_back` follows its switch back's last statement (the drop).
        firstBack = warehouse.log.indexOf("dropTable") + 2;
      } finally {
        await reference.close();
      }
      expect(firstBack).toBeGreaterThan(2);
      const warehouse = await c.warehouse();
      warehouse.arm({ step: firstBack + 1, when: "before", until: true });
      await (async () =>
        rollbackPromotion(await c.ctx(warehouse, later(1)), { allowNonAtomic: true }))().catch(() => null);
      const { promotion, steps } = await promotionOf(c);
      expect(promotion.status).toBe("rolling_back");
      // Children first: the second step went back, the first still holds the promoted table.
      expect(steps.map((s) => s.state)).toEqual(["switched", "rolled_back"]);
      const first = steps[0]!.target.identifier as "orders" | "customers";
      const second = steps[1]!.target.identifier as "orders" | "customers";
      expect(await rowsOf(c.session, "analytics", second)).toEqual(c.before[second]);
      const rebuilt = await dbtBuildsInProd(c, first);

      const resumed = await rollbackPromotion(await c.ctx(await c.warehouse(), later(2)), {
        resume: true,
        allowNonAtomic: true,
      });
      expect(resumed.resumed).toEqual([promotion.id]);
      expect(await rowsOf(c.session, "analytics", first), `${first}: not the pre-promotion table`).toEqual(
        rebuilt,
      );
      expect(await rowsOf(c.session, "analytics", second)).toEqual(c.before[second]);
      const after = await promotionOf(c);
      expect(after.promotion.status).toBe("rolled_back");
      expect(after.promotion.detail.kept).toEqual([steps[0]!.node_id]);
      // The first step stays `switched`: prod's state keeps what records it (reconcile.ts applies rolled_back steps only).
      expect(after.steps.map((s) => s.state)).toEqual(["switched", "rolled_back"]);
    } finally {
      await c.close();
    }
  }, 120_000);
});

describe("a pull request's run beside a live promotion (Snowflake's statements, simulated)", () => {
  const provider = SIMULATED_PROVIDERS.find((p) => p.name === "Snowflake")!;

  it("leaves the promotion in flight alone (its job may be running), and the promotion then finishes", async () => {
    const { firstReplaced } = await order(provider);
    const c = await openCase(provider);
    try {
      // The promotion's job, held right after its first name's replace, before the mark.
      const promoting = await c.warehouse();
      let reached!: () => void;
      const atHold = new Promise<void>((resolve) => {
        reached = resolve;
      });
      let release!: () => void;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      promoting.arm(null);
      promoting.simulation.beforeStatement = async (n) => {
        if (n === firstReplaced + 1) {
          reached();
          await gate;
        }
      };
      const promotion = c.promotion(await c.ctx(promoting, PROMOTED_AT));
      await atHold;
      expect((await prodState(c)).state).toBe("mixed");

      // Ten minutes later, pull request 8's push: its run may overlap the promotion.
      const notes: string[] = [];
      const pr = await c.warehouse();
      const prCtx = (await environmentContext(pr, {
        scope: ENV_SCOPE,
        now: later(1 / 6),
        overlapsPromotions: true,
        log: { info: (m) => notes.push(m), warning: (m) => notes.push(`warning: ${m}`) },
      }))!;
      await createEnvironment(prCtx, {
        name: PR8,
        project: "shop",
        prNumber: 8,
        headSha: null,
        plan: prPlanOf(S8, c.S0),
        prod: c.S0,
      });
      expect(notes.join("\n")).toMatch(
        /is unfinished \(switching since .*\) and its job may still be running/,
      );
      expect((await promotionOf(c)).promotion.status).toBe("switching");

      release();
      await promotion;
      expect((await prodState(c)).state).toBe("all-new");
      expect((await promotionOf(c)).promotion.status).toBe("committed");
    } finally {
      await c.close();
    }
  }, 120_000);

  it("an abandoned promotion: a pull request's run within the lease leaves it, one after the lease recovers it", async () => {
    const { firstReplaced } = await order(provider);
    const c = await openCase(provider);
    try {
      await killPromotion(c, firstReplaced);
      const pushAt = async (now: string) => {
        const ctx = await c.ctx(await c.warehouse(), now, true);
        return createEnvironment(ctx, {
          name: PR8,
          project: "shop",
          prNumber: 8,
          headSha: null,
          plan: prPlanOf(S8, c.S0),
          prod: c.S0,
        });
      };
      await pushAt(later(5.9));
      expect((await prodState(c)).state).toBe("mixed");
      await pushAt(later(6.1));
      expect((await prodState(c)).state).toBe("all-old");
      expect((await promotionOf(c)).promotion.status).toBe("aborted");
    } finally {
      await c.close();
    }
  }, 120_000);
});

describe("a table the promotion moved out of the environment (Snowflake's statements, simulated)", () => {
  const provider = SIMULATED_PROVIDERS.find((p) => p.name === "Snowflake")!;

  it("killed after its first name was switched: the recovery moves the tables back and the environment records them again", async () => {
    const { log } = await order(provider);
    // The switched name's journal, then its table's row deleted from the environment's: killed right after.
    const rowDeleted = log.indexOf("deleteRecords") + 1;
    expect(log[rowDeleted - 2]).toBe("upsertRecord");
    const c = await openCase(provider);
    try {
      await killPromotion(c, rowDeleted);
      const { real, steps } = await promotionOf(c);
      expect(steps.map((s) => s.how)).toEqual(["moved", "moved"]);
      // Switched: moved into prod, and no longer the environment's (its row went with it).
      const first = steps[0]!.source.identifier;
      expect((await real.registry.objects(PR7)).map((o) => o.identifier)).not.toContain(first);
      await rollbackPromotion(await c.ctx(await c.warehouse(), later(1)), {
        resume: true,
        allowNonAtomic: true,
      });
      expect((await prodState(c)).state).toBe("all-old");
      expect(await rowsOf(c.session, "analytics_pr_7", first)).toEqual(c.pr[first as "orders" | "customers"]);
      await assertConsistent(c.session, real, PR7, "analytics_pr_7");
      // And the environment can be refreshed and cleaned up as before.
      const ctx = await c.ctx(await c.warehouse(), later(2));
      expect(
        (
          await createEnvironment(ctx, {
            name: PR7,
            project: "shop",
            prNumber: 7,
            headSha: null,
            plan: prPlanOf(S, c.S0),
            prod: c.S0,
          })
        ).actions.filter((a) => a.object.endsWith(`.${first}`)),
      ).toEqual([]);
    } finally {
      await c.close();
    }
  }, 120_000);
});

describe("a prod table dropped by hand between the kill and the recovery (BigQuery's statements, simulated)", () => {
  const provider = SIMULATED_PROVIDERS.find((p) => p.name === "BigQuery")!;

  it("the table the promotion replaced takes the empty name back: prod all old", async () => {
    const { firstSwitched } = await order(provider);
    const c = await openCase(provider);
    try {
      await killPromotion(c, firstSwitched);
      const { steps } = await promotionOf(c);
      const first = steps[0]!.target.identifier;
      await c.session.exec(`drop table "analytics"."${first}"`);
      await runJanitor(await c.ctx(await c.warehouse(), later(1)), { prod: c.S0 });
      expect((await prodState(c)).state).toBe("all-old");
      expect((await promotionOf(c)).promotion.status).toBe("aborted");
      const left = (await c.session.warehouse.listObjects(["analytics"])).filter((o) =>
        o.identifier.includes("__ods_"),
      );
      expect(left).toEqual([]);
    } finally {
      await c.close();
    }
  }, 120_000);
});
