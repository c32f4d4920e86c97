/**
 * Rollback never restores stale data (issue 19, item 2), on a real DuckDB
 * file and a real PostgreSQL server: after PR 7's orders is promoted, a later
 * dbt build (or a hand-made swap) replaces prod's orders; a rollback is then
 * refused (`rollback_prod_replaced`), naming the table and the run when prod's
 * state is given, and changes nothing. When nothing replaced it, the rollback
 * happens and prod's state records what prod holds: the next plan builds
 * orders again.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/run-cli.js";
import {
  applyPromotion,
  applyRecordedRollbacks,
  type EnvContext,
  environmentContext,
  planPromotion,
  promote,
  recordedRollbacks,
  rollbackPromotion,
} from "../../src/environment/index.js";
import { isUserError } from "../../src/errors/user-error.js";
import type { StateSnapshot } from "../../src/state/snapshot.js";
import { SqliteStateStore } from "../../src/store/sqlite-store.js";
import { captureContext } from "../support/cli-context.js";
import { ENGINES, prepared } from "../support/warehouse/engines.js";
import {
  MAIN_SOURCES,
  mainPlanOf,
  PR7,
  prBuilt,
  prodBuilt,
  rowsOf,
  shop,
} from "../support/warehouse/scenario.js";
import type { Engine, Session } from "../support/warehouse/sessions.js";
import {
  build,
  buildSet,
  ENV_SCOPE,
  planOver,
  projectOf,
  recordProd,
  sourcesAt,
} from "../support/warehouse/shop.js";

const s = shop();
const ORDERS = "model.shop.orders";
const ready = new Map<Engine, ReturnType<typeof prepared<StateSnapshot>>>();
const freshOn = (engine: Engine) => {
  if (!ready.has(engine)) {
    ready.set(
      engine,
      prepared(engine, async (session) => {
        const S0 = await prodBuilt(session, s);
        await prBuilt(session, s, S0);
        return S0;
      }),
    );
  }
  return ready.get(engine)!();
};

interface Promoted {
  session: Session;
  ctx: EnvContext;
  S0: StateSnapshot;
  /** Prod's state with the promotion recorded. */
  S1: StateSnapshot;
  id: string;
  retired: string;
}

/** PR 7 merged: orders promoted into prod and recorded in prod's state. */
async function promoted(engine: Engine): Promise<Promoted> {
  const { session, value: S0 } = await freshOn(engine);
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
  expect(result.promoted.map((p) => p.unique_id)).toEqual([ORDERS]);
  // dbt builds the rest, and the run is recorded with the promotion (as the action does).
  const rest = new Set([...buildSet(mainPlan)].filter((node) => node !== ORDERS));
  const results = await build(session, {
    manifest: s.mainManifest,
    target: "prod",
    select: rest,
    invocationId: s.mainManifest.metadata.invocation_id,
    startedAt: "2026-11-30T12:03:00.000Z",
  });
  const recorded = recordProd(s.mainProject, results, S0, MAIN_SOURCES, "2026-11-30T12:05:00Z");
  const S1 = applyPromotion(recorded, result.promoted, {
    promotedBy: "main-1",
    builtBy: results.metadata.invocationId,
  });
  return { session, ctx, S0, S1, id: result.id!, retired: result.promoted[0]!.retired!.identifier };
}

/** A later dbt build of orders on main (dbt's table materialization: a new table renamed in). */
async function rebuildOrders(session: Session, S1: StateSnapshot): Promise<StateSnapshot> {
  const manifest = {
    ...s.mainManifest,
    metadata: { ...s.mainManifest.metadata, invocation_id: "main-run-2" },
  };
  const results = await build(session, {
    manifest,
    target: "prod",
    select: new Set([ORDERS]),
    invocationId: "main-run-2",
    startedAt: "2026-11-30T13:00:00.000Z",
  });
  return recordProd(projectOf(manifest), results, S1, MAIN_SOURCES, "2026-11-30T13:01:00Z");
}

async function refusal(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!isUserError(error)) throw new Error(`expected a refusal, got ${String(error)}`);
  return { code: error.code, message: error.message };
}

describe.each(ENGINES)("rollback on %s", (engine) => {
  it.each([
    {
      case: "a later dbt build replaced the promoted table; prod's state names the run",
      replace: rebuildOrders,
      withState: true,
      says: /analytics\.orders is another table than the one the promotion put there \(run pr7-run-1\): prod's state records run main-run-2 of model\.shop\.orders since/,
    },
    {
      case: "a later dbt build replaced the promoted table; no state given",
      replace: rebuildOrders,
      withState: false,
      says: /analytics\.orders is another table than the one the promotion put there \(run pr7-run-1\): a dbt build or another promotion replaced it/,
    },
    {
      case: "someone put another table there by hand",
      replace: async (session: Session, S1: StateSnapshot) => {
        await session.exec(`create table "analytics"."orders_by_hand" as select * from "analytics"."orders"`);
        await session.exec(`drop table "analytics"."orders" cascade`);
        await session.exec(`alter table "analytics"."orders_by_hand" rename to "orders"`);
        return S1;
      },
      withState: true,
      says: /analytics\.orders is another table than the one the promotion put there \(run pr7-run-1\): a dbt build or another promotion replaced it/,
    },
  ])("is refused when $case, and changes nothing", async ({ replace, withState, says }) => {
    const { session, ctx, S1, id, retired } = await promoted(engine);
    try {
      const S2 = await replace(session, S1);
      const prodNow = await rowsOf(session, "analytics", "orders");
      const kept = await rowsOf(session, "analytics", retired);
      const refused = await refusal(
        rollbackPromotion(ctx, { environment: PR7, ...(withState ? { prodState: async () => S2 } : {}) }),
      );
      expect(refused.code).toBe("rollback_prod_replaced");
      expect(refused.message).toMatch(new RegExp(`^Promotion ${id} can't be rolled back`));
      expect(refused.message).toMatch(says);
      // Nothing moved: prod keeps the newer table, the replaced one is still kept, the promotion stands.
      expect(await rowsOf(session, "analytics", "orders")).toBe(prodNow);
      expect(await rowsOf(session, "analytics", retired)).toBe(kept);
      expect((await ctx.registry.promotions({ id }))[0]!.status).toBe("committed");
      expect((await ctx.registry.steps(id)).map((step) => step.state)).toEqual(["switched"]);
      // The dry run is refused the same way.
      expect((await refusal(rollbackPromotion(ctx, { id, dryRun: true }))).code).toBe(
        "rollback_prod_replaced",
      );
    } finally {
      await session.close();
    }
  });

  it("`ods-state env rollback --state` is refused with exit 1, the error's code and the run that replaced the table", async () => {
    const { session, S1, id } = await promoted(engine);
    const dir = mkdtempSync(path.join(os.tmpdir(), "ods-rollback-cli-"));
    try {
      const S2 = await rebuildOrders(session, S1);
      const stateFile = path.join(dir, "state.db");
      const store = await SqliteStateStore.open(stateFile);
      await store.commit({ project: "shop", environment: "prod" }, null, S2);
      await store.close();
      await session.close(); // DuckDB: one process opens the file once.
      const context = captureContext(dir, { repository: "acme/shop", warehouse: session.spec });
      const code = await runCli(
        ["env", "rollback", "--pr", "7", "--project", "shop", "--state", stateFile],
        context,
      );
      expect(code).toBe(1);
      expect(context.stderrText()).toMatch(
        new RegExp(`^error\\[rollback_prod_replaced\\]: Promotion ${id} can't be rolled back`),
      );
      expect(context.stderrText()).toContain(
        "prod's state records run main-run-2 of model.shop.orders since",
      );
      expect(context.stderrText()).toContain("hint: Nothing was rolled back");
      expect(context.stderrText()).not.toContain("    at ");
      expect(context.stdoutText()).toBe("");
    } finally {
      await session.close().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("is refused when the promotion recorded no identity of its tables (an older ods-state promoted it)", async () => {
    const { session, ctx, id } = await promoted(engine);
    try {
      const record = (await ctx.registry.promotions({ id }))[0]!;
      const { identities: _dropped, ...detail } = record.detail;
      await ctx.registry.putPromotion({ ...record, detail });
      const refused = await refusal(rollbackPromotion(ctx, { id }));
      expect(refused.code).toBe("rollback_prod_replaced");
      expect(refused.message).toContain(
        "analytics.orders: the promotion recorded no identity of the table it put there",
      );
    } finally {
      await session.close();
    }
  });

  it("when nothing replaced the table: rolls back, prod's state records the previous build, the next plan builds orders", async () => {
    const { session, ctx, S0, S1, id } = await promoted(engine);
    try {
      const promotedRows = await rowsOf(session, "analytics", "orders");
      // The promotion recorded which table it put in prod, as the warehouse identifies it.
      const identities = (await ctx.registry.promotions({ id }))[0]!.detail.identities;
      const identity = await session.warehouse.tableIdentity({ schema: "analytics", identifier: "orders" });
      expect(identities).toEqual({ [ORDERS]: identity });
      expect(identity).toMatch(engine === "postgres" ? /^oid:\d+$/ : new RegExp(`^mark:promotion:${id}:0$`));
      const rolled = await rollbackPromotion(ctx, { id, prodState: async () => S1 });
      expect(rolled.status).toBe("rolled_back");
      expect(await rowsOf(session, "analytics", "orders")).not.toBe(promotedRows);
      // The state records what prod holds now: orders is its pre-promotion build again.
      const { snapshot: S2, reverted } = applyRecordedRollbacks(S1, await recordedRollbacks(ctx, "shop"));
      expect(reverted).toEqual([ORDERS]);
      expect(S2.nodes[ORDERS]).toEqual(S0.nodes[ORDERS]);
      const next = planOver(s.mainProject, S2, {
        sources: sourcesAt("prod-after-merge/sources.json", "2026-11-30T13:30:00Z"),
        now: "2026-11-30T13:31:00Z",
      });
      const orders = next.entries.find((entry) => entry.unique_id === ORDERS)!;
      expect(orders.action).toBe("BUILD");
      // The pre-promotion build read stg_orders' old build, which main rebuilt since.
      expect(orders.reasons.map((reason) => reason.code)).toEqual(["new_upstream_data"]);
      // Without the rollback recorded, the plan would have reused the promoted build.
      const stale = planOver(s.mainProject, S1, {
        sources: sourcesAt("prod-after-merge/sources.json", "2026-11-30T13:30:00Z"),
        now: "2026-11-30T13:31:00Z",
      });
      expect(stale.entries.find((entry) => entry.unique_id === ORDERS)!.action).toBe("REUSE");
    } finally {
      await session.close();
    }
  });
});
