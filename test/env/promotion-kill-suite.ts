/**
 * Issue 37, class 3: a promotion on a warehouse where each statement commits
 * on its own (Snowflake's, BigQuery's and Databricks' statements on the
 * simulation of their semantics, test/support/warehouse/simulated-provider.ts)
 * is killed at a statement: the job dies there, and nothing of it runs again
 * (the kill is every statement from that one on failing before it takes
 * effect: whatever the dying process still tries reaches nothing). Then the
 * next run of another kind touches the warehouse (the janitor, another pull
 * request's push, the merged environment's cleanup, the job's rerun, a
 * rollback, the pointer repair), and prod must hold, for every promoted node,
 * either the table it had before (all old) or the promoted one (all new),
 * compared by rows, with the registry agreeing, nothing staged left, the
 * environment's tables and rows consistent, and a second run changing
 * nothing. Recovery itself is killed too, and recovered by the run after.
 *
 * promotion-kills.int.test.ts tries a few kill points per provider;
 * promotion-kills.slow.test.ts every statement, and prints the figures.
 */
import { expect } from "vitest";
import { closeAndDropEnvironment } from "../../src/app/environment/clean-up-environment.js";
import {
  closeEnvironment,
  createEnvironment,
  type EnvContext,
  environmentContext,
  environmentName,
  planPromotion,
  promote,
  repairEnvironments,
  rollbackPromotion,
  runJanitor,
} from "../../src/environment/index.js";
import { cleanupEnvironment } from "../../src/environment/lifecycle/cleanup.js";
import { isUserError } from "../../src/errors/user-error.js";
import { loadPolyglotSdk, type PolyglotSdk } from "../../src/runtime/polyglot-sdk.js";
import type { StateSnapshot } from "../../src/state/snapshot.js";
import { prepared } from "../support/warehouse/engines.js";
import { SIMULATED_PROVIDERS } from "../support/warehouse/providers.js";
import {
  MAIN_SOURCES,
  mainPlanOf,
  PR7,
  prBuilt,
  prodBuilt,
  prPlanOf,
  rowsOf,
  shop,
} from "../support/warehouse/scenario.js";
import type { Session } from "../support/warehouse/sessions.js";
import { ENV_SCOPE } from "../support/warehouse/shop.js";
import { type SimulatedProvider, SimulatedWarehouse } from "../support/warehouse/simulated-provider.js";
import { assertConsistent } from "./fault-suite.js";

/** When the killed promotion ran. */
export const PROMOTED_AT = "2026-11-30T12:02:00.000Z";
const HOUR = 3_600_000;
export const later = (hours: number) => new Date(Date.parse(PROMOTED_AT) + hours * HOUR).toISOString();

export const S = shop({ customersChange: true });
export const S8 = shop({ prSchema: "analytics_pr_8" });
export const PR8 = environmentName(ENV_SCOPE, 8);
export const NODES = ["orders", "customers"] as const;

/**
 * Prod built and recorded, pull request 7 built (orders and customers both
 * promotable). Customers' change is a column alias that leaves its rows as
 * they were, so the environment's customers get a marked first name: every
 * promoted table's rows then tell the promoted table from the one it replaces.
 */
export const BUILT = prepared("duckdb", async (session) => {
  const S0 = await prodBuilt(session, S);
  await prBuilt(session, S, S0);
  await session.exec(`update "analytics_pr_7"."customers" set first_name = first_name || ' (pr 7)'`);
  return S0;
});

let sdk: Promise<PolyglotSdk> | null = null;
export function parser(): Promise<PolyglotSdk> {
  sdk ??= loadPolyglotSdk().then((loaded) => {
    if (!loaded.ok) throw new Error(loaded.error);
    return loaded.sdk;
  });
  return sdk;
}

export type Rows = Record<(typeof NODES)[number], string>;

export interface Case {
  session: Session;
  provider: SimulatedProvider;
  S0: StateSnapshot;
  before: Rows;
  pr: Rows;
  /** A provider warehouse over the case's file (a job of its own: faults armed on it reach only it). */
  warehouse(): Promise<SimulatedWarehouse>;
  ctx(warehouse: SimulatedWarehouse, now: string, overlapsPromotions?: boolean): Promise<EnvContext>;
  /** What the killed job ran: main's promotion of pull request 7, allowed non-atomic. */
  promotion(ctx: EnvContext): Promise<unknown>;
  rows(): Promise<Rows>;
  close(): Promise<void>;
}

export async function openCase(provider: SimulatedProvider): Promise<Case> {
  const { session, value: S0 } = await BUILT();
  const real = (await environmentContext(session.warehouse, { scope: ENV_SCOPE, now: PROMOTED_AT }))!;
  const mainPlan = mainPlanOf(S, S0);
  const decided = await planPromotion(real, {
    environment: PR7,
    plan: mainPlan,
    project: S.mainProject,
    prod: S0,
    sources: MAIN_SOURCES,
  });
  expect(decided.candidates.map((c) => c.unique_id).sort()).toEqual([
    "model.shop.customers",
    "model.shop.orders",
  ]);
  const rowsIn = async (schema: string): Promise<Rows> => ({
    orders: await rowsOf(session, schema, "orders"),
    customers: await rowsOf(session, schema, "customers"),
  });
  const before = await rowsIn("analytics");
  const pr = await rowsIn("analytics_pr_7");
  for (const node of NODES) expect(pr[node], `${node}: the promoted rows differ`).not.toEqual(before[node]);
  const sdkLoaded = await parser();
  return {
    session,
    provider,
    S0,
    before,
    pr,
    warehouse: async () => new SimulatedWarehouse(session, provider, sdkLoaded),
    ctx: async (warehouse, now, overlapsPromotions = false) =>
      (await environmentContext(warehouse, { scope: ENV_SCOPE, now, overlapsPromotions }))!,
    promotion: (ctx) =>
      promote(ctx, {
        plan: decided,
        mainPlan,
        mainProject: S.mainProject,
        promotedBy: "main-run",
        allowNonAtomic: true,
      }),
    rows: () => rowsIn("analytics"),
    close: () => session.close(),
  };
}

/** What prod holds of the promoted nodes: each node's rows are the old table's, the promoted one's, or neither. */
export type ProdState = "all-old" | "all-new" | "mixed";

export async function prodState(c: Case): Promise<{ state: ProdState; detail: string }> {
  const now = await c.rows();
  const each = NODES.map((node) =>
    now[node] === c.before[node] ? "old" : now[node] === c.pr[node] ? "new" : "neither",
  );
  const state = each.every((e) => e === "old")
    ? "all-old"
    : each.every((e) => e === "new")
      ? "all-new"
      : "mixed";
  return { state, detail: NODES.map((node, i) => `${node}: ${each[i]}`).join(", ") };
}

/** The next run, of one kind: what a job of that kind calls, on a warehouse of its own (no fault). */
export interface NextRun {
  name: string;
  run(c: Case): Promise<unknown>;
}

const refusedOk = (error: unknown) => {
  // A rollback with nothing committed to roll back says so: the recovery before it is what counts here.
  if (isUserError(error) && error.code === "rollback_refused") return null;
  throw error;
};

export const NEXT_RUNS: readonly NextRun[] = [
  {
    name: "the janitor (default branch)",
    run: async (c) => runJanitor(await c.ctx(await c.warehouse(), later(1)), { prod: c.S0 }),
  },
  {
    // A pull request's run may overlap a live promotion: it recovers one only once the lease passed.
    name: "pull request 8's push, 7 hours later",
    run: async (c) => {
      const ctx = await c.ctx(await c.warehouse(), later(7), true);
      return createEnvironment(ctx, {
        name: PR8,
        project: "shop",
        prNumber: 8,
        headSha: null,
        plan: prPlanOf(S8, c.S0),
        prod: c.S0,
      });
    },
  },
  {
    name: "the merged environment dropped (default branch's post step)",
    run: async (c) => {
      const ctx = await c.ctx(await c.warehouse(), later(1));
      await closeEnvironment(ctx, { name: PR7, merged: true });
      return cleanupEnvironment(ctx, { name: PR7, prod: c.S0 });
    },
  },
  {
    name: "the killed job run again (promotes)",
    run: async (c) => c.promotion(await c.ctx(await c.warehouse(), later(1))),
  },
  {
    name: "a rollback",
    run: async (c) =>
      rollbackPromotion(await c.ctx(await c.warehouse(), later(1)), {
        environment: PR7,
        allowNonAtomic: true,
      }).catch(refusedOk),
  },
  {
    name: "the pointer repair (default branch's post step)",
    run: async (c) => repairEnvironments(await c.ctx(await c.warehouse(), later(1)), { prod: c.S0 }),
  },
  {
    name: "pull request 7 closed unmerged, 7 hours later",
    run: async (c) =>
      closeAndDropEnvironment(await c.ctx(await c.warehouse(), later(7), true), {
        name: PR7,
        merged: false,
        prod: c.S0,
      }),
  },
];

/** The statements a promotion without faults runs, by operation (found on a copy). */
export async function referenceLog(provider: SimulatedProvider): Promise<string[]> {
  const c = await openCase(provider);
  try {
    const warehouse = await c.warehouse();
    warehouse.arm(null);
    await c.promotion(await c.ctx(warehouse, PROMOTED_AT));
    expect((await prodState(c)).state).toBe("all-new");
    return [...warehouse.log];
  } finally {
    await c.close();
  }
}

/** The promotion killed after `k` statements took effect: statement k + 1 and every one after fail before taking effect. */
export async function killPromotion(c: Case, k: number): Promise<void> {
  const warehouse = await c.warehouse();
  warehouse.arm({ step: k + 1, when: "before", until: true });
  // Opening the registry is the job's first statements: a kill there too.
  await (async () => c.promotion(await c.ctx(warehouse, PROMOTED_AT)))().catch(() => null);
}

/**
 * After the recovery: prod all old or all new, the registry saying which
 * (nothing unfinished; committed exactly when prod holds the promoted
 * tables, unless a rollback finished), nothing staged or half-switched left
 * in prod's schema, the environment's objects and rows in agreement, and a
 * second recovery (another janitor) finding nothing to do.
 */
export async function checkRecovered(c: Case, at: string): Promise<ProdState> {
  const { state, detail } = await prodState(c);
  expect(state, `${at}: ${detail}`).not.toBe("mixed");
  const real = (await environmentContext(c.session.warehouse, { scope: ENV_SCOPE, now: later(9) }))!;
  const promotions = await real.registry.promotions();
  const unfinished = promotions.filter((p) =>
    ["staging", "switching", "failed", "rolling_back"].includes(p.status),
  );
  expect(
    unfinished.map((p) => p.status),
    `${at}: nothing unfinished`,
  ).toEqual([]);
  const committed = promotions.some((p) => p.status === "committed");
  const rolledBack = promotions.some((p) => p.status === "rolled_back");
  expect(state, `${at}: the registry agrees with prod (${promotions.map((p) => p.status)})`).toBe(
    committed ? "all-new" : "all-old",
  );
  const left = (await c.session.warehouse.listObjects(["analytics"]))
    .map((o) => o.identifier)
    .filter((name) => name.includes("__ods_"));
  const allowed = (name: string) =>
    (committed && name.includes("__ods_r_")) || (rolledBack && name.includes("__ods_u_"));
  expect(
    left.filter((name) => !allowed(name)),
    `${at}: nothing staged or half-switched left`,
  ).toEqual([]);
  const environment = await real.registry.environment(PR7);
  if (environment && environment.status !== "removed")
    await assertConsistent(c.session, real, PR7, "analytics_pr_7");
  // Recovery is done: another run finds nothing to recover, and prod stays as it is.
  const again = await runJanitor(await c.ctx(await c.warehouse(), later(10)), { prod: c.S0 });
  expect(again.recovered, `${at}: a second run recovers nothing`).toEqual([]);
  expect((await prodState(c)).state, `${at}: a second run changes nothing`).toBe(state);
  return state;
}

export interface Figures {
  provider: string;
  tried: number;
  /** Cases whose recovery was killed too (its kill point within the statements it ran). */
  recoveryKilled: number;
  /** Prod mixed right after the last kill (the promotion's, or the recovery's). */
  mixedRightAfter: number;
  "all-old": number;
  "all-new": number;
  mixed: number;
  /** Cases that failed another check (the registry, leftovers, a second run). */
  failed: number;
}

export function tally(provider: string): Figures {
  return {
    provider,
    tried: 0,
    recoveryKilled: 0,
    mixedRightAfter: 0,
    "all-old": 0,
    "all-new": 0,
    mixed: 0,
    failed: 0,
  };
}

export function figuresTable(title: string, rows: readonly Figures[], recovery = false): string {
  const head = [
    "provider",
    "kill points tried",
    ...(recovery ? ["recovery killed"] : []),
    "mixed right after the last kill",
    "all-old",
    "all-new",
    "mixed",
    "other check failed",
  ];
  const lines = rows.map((r) => [
    r.provider,
    String(r.tried),
    ...(recovery ? [String(r.recoveryKilled)] : []),
    String(r.mixedRightAfter),
    String(r["all-old"]),
    String(r["all-new"]),
    String(r.mixed),
    String(r.failed),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const row = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(" | ")} |`;
  return [title, row(head), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...lines.map(row)].join(
    "\n",
  );
}

/**
 * One kill point: the promotion killed after `k` statements, the next run
 * of the given kind (its recovery killed too after `recoveryKill`
 * statements, when given, then a janitor run after it), checked.
 */
export async function killAndRecover(
  provider: SimulatedProvider,
  k: number,
  next: NextRun,
  figures: Figures,
  recoveryKill?: number,
): Promise<{ state: ProdState; recoveryKilled: boolean }> {
  const c = await openCase(provider);
  const at = `${provider.name}, killed after statement ${k}, then ${next.name}${recoveryKill ? ` killed after statement ${recoveryKill - 1}` : ""}`;
  try {
    await killPromotion(c, k);
    let recoveryKilled = false;
    if (recoveryKill !== undefined) {
      const warehouse = await c.warehouse();
      warehouse.arm({ step: recoveryKill, when: "before", until: true });
      await (async () => runJanitor(await c.ctx(warehouse, later(1)), { prod: c.S0 }))().catch(() => null);
      recoveryKilled = warehouse.steps >= recoveryKill;
      if (recoveryKilled) figures.recoveryKilled += 1;
    }
    if ((await prodState(c)).state === "mixed") figures.mixedRightAfter += 1;
    await next.run(c);
    const state = await checkRecovered(c, at);
    figures.tried += 1;
    figures[state] += 1;
    return { state, recoveryKilled };
  } catch (error) {
    figures.tried += 1;
    if ((await prodState(c).catch(() => null))?.state === "mixed") figures.mixed += 1;
    else figures.failed += 1;
    throw error;
  } finally {
    await c.close();
  }
}

export { SIMULATED_PROVIDERS };
