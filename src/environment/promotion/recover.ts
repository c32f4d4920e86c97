/**
 * Finishing or undoing what an interrupted promotion or rollback left, from
 * the registry's journal and what the warehouse shows: a promotion not
 * committed is switched back (prod holds what it held before), a rollback in
 * progress is finished. Every run that changes the warehouse calls it first
 * (`recoverInterrupted`: create, refresh, cleanup, the janitor, repair,
 * promote, rollback); promote.ts also calls `revert` when its own switch
 * fails. It calls neither promote.ts nor rollback.ts.
 *
 * Where each statement commits on its own (the cloud providers), a job
 * killed at any statement leaves the journal one change behind the
 * warehouse at most: each step is journaled before the statements it starts
 * (`switching`, `reverting`, `rolling_back`) and after (`switched`,
 * `reverted`, `rolled_back`). Recovery reads which names exist
 * (`replacementProgress` where a switch takes several statements) and which
 * table prod holds (its identity: the mark a promotion leaves, or the one
 * recorded at commit), and only ever writes a prod name that holds the
 * promotion's own table. A name that holds another table (a dbt build, or
 * anything else, after the promotion began) is left as it is: putting the
 * replaced table back would serve older code and data than prod has (the
 * rule rollback follows: rollback.ts, `rollback_prod_replaced`). Every
 * action is journaled before it starts and is safe to repeat, so recovery
 * can itself be killed at any statement and run again.
 */
import { UserError } from "../../errors/user-error.js";
import type { NodeState, StateSnapshot } from "../../state/snapshot.js";
import { nameKey, type QualifiedName, qualifiedKey, showQualified } from "../../warehouse/names.js";
import type { ReplaceOutcome } from "../../warehouse/warehouse.js";
import { inScope } from "../environment-identity.js";
import { type EnvContext, step } from "../lifecycle/common.js";
import type { PromotionRecord, PromotionStatus, StepRecord } from "../registry/records.js";

/**
 * How long an unfinished promotion (or rollback) is taken as possibly still
 * running, for a run that may overlap it (`EnvContext.overlapsPromotions`):
 * 6 hours since its journal last changed, the time limit GitHub gives a job
 * (`timeout-minutes` defaults to 360). A promotion's job records the start of
 * its session as the time, so once 6 hours passed that job is over.
 */
export const PROMOTION_LEASE_MS = 6 * 3_600_000;

const UNFINISHED: readonly PromotionStatus[] = ["staging", "switching", "failed", "rolling_back"];

export interface RecoveryOptions {
  /** Only this environment's promotions (default: every one of the context's scope). */
  environment?: string;
  /**
   * Prod's state of the scope's project, when known: a node it records as
   * built by a run other than the promotion's and the one it replaced, after
   * the promotion began, is a later build, left in prod.
   */
  prod?: StateSnapshot | null;
  /** Recover even a promotion that may still be running (`env rollback --resume`: asked for). */
  force?: boolean;
  /** A promotion recovery can't finish is reported in `failed` instead of thrown. */
  lenient?: boolean;
}

export interface RecoveredPromotion {
  id: string;
  environment: string;
  /** `switched_back`: an unfinished promotion undone; `rolled_back`: an interrupted rollback finished. */
  outcome: "switched_back" | "rolled_back";
  /** Nodes whose prod table another build replaced after the promotion began: left as that build made it. */
  kept: string[];
}

export interface RecoveryReport {
  recovered: RecoveredPromotion[];
  /** Unfinished promotions left alone: their job may still be running (see PROMOTION_LEASE_MS). */
  waiting: { id: string; environment: string; status: PromotionStatus; since: string }[];
  /** Promotions recovery could not finish (lenient only): the journal says where each name points. */
  failed: { id: string; environment: string; error: string }[];
}

/**
 * Finishes what interrupted promotions and rollbacks of the scope (or of one
 * environment) left: a promotion not committed is switched back, a rollback
 * in progress is finished. Throws `promotion_refused` when one can't be
 * (unless `lenient`).
 */
export async function recoverPromotions(
  ctx: EnvContext,
  options: RecoveryOptions = {},
): Promise<RecoveryReport> {
  const report: RecoveryReport = { recovered: [], waiting: [], failed: [] };
  // Only its own scope's: another repository's or project's interrupted promotion is theirs to finish.
  const promotions = (
    await ctx.registry.promotions(options.environment ? { environment: options.environment } : {})
  ).filter((p) => inScope(p, ctx.scope) && UNFINISHED.includes(p.status));
  for (const promotion of promotions) {
    const since = Date.parse(ctx.now) - Date.parse(promotion.updated_at);
    if (options.force !== true && ctx.overlapsPromotions === true && !(since >= PROMOTION_LEASE_MS)) {
      report.waiting.push({
        id: promotion.id,
        environment: promotion.environment,
        status: promotion.status,
        since: promotion.updated_at,
      });
      continue;
    }
    try {
      if (promotion.status === "rolling_back") {
        const finished = await finishRollback(ctx, promotion, options.prod ?? null);
        report.recovered.push({
          id: promotion.id,
          environment: promotion.environment,
          outcome: "rolled_back",
          kept: finished.kept,
        });
        continue;
      }
      const reverted = await revert(ctx, promotion, "interrupted; switched back by a later run", {
        prod: options.prod ?? null,
      });
      if (!reverted.done) {
        throw new UserError(
          "promotion_refused",
          `Promotion ${promotion.id} of ${promotion.environment} was interrupted and can't be switched back: the registry's journal says which names point where.`,
          { hint: "Fix the warehouse error named above, then run `ods-state env rollback --resume` again." },
        );
      }
      report.recovered.push({
        id: promotion.id,
        environment: promotion.environment,
        outcome: "switched_back",
        kept: reverted.kept,
      });
    } catch (error) {
      if (options.lenient !== true) throw error;
      report.failed.push({
        id: promotion.id,
        environment: promotion.environment,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return report;
}

/**
 * What every run that changes the warehouse does first: recovers the
 * promotions and rollbacks interrupted jobs of its scope left unfinished
 * (those that may still be running are left while this run may overlap
 * them), and says what it did through `ctx.log`. `strict` (promote,
 * rollback): one it can't finish, or one that may still be running, is an
 * error, since promoting or rolling back over it would mix two. Otherwise a
 * promotion it can't finish is a warning and the run goes on: the next run
 * tries again. Reading the registry may fail like any first read.
 */
export async function recoverInterrupted(
  ctx: EnvContext,
  options: { prod?: StateSnapshot | null; strict?: boolean; dryRun?: boolean } = {},
): Promise<RecoveryReport> {
  if (options.dryRun === true) return { recovered: [], waiting: [], failed: [] };
  const report = await recoverPromotions(ctx, {
    prod: options.prod ?? null,
    lenient: options.strict !== true,
  });
  for (const done of report.recovered) {
    const kept =
      done.kept.length > 0
        ? `; left ${done.kept.join(", ")} as a later build made ${done.kept.length === 1 ? "it" : "them"}`
        : "";
    ctx.log?.info(
      done.outcome === "switched_back"
        ? `Promotion ${done.id} of ${done.environment} was interrupted: switched back, prod holds the tables it held before${kept}.`
        : `The rollback of promotion ${done.id} of ${done.environment} was interrupted: finished${kept}.`,
    );
  }
  for (const failed of report.failed) {
    ctx.log?.warning(
      `Promotion ${failed.id} of ${failed.environment} was interrupted and could not be recovered (${failed.error}); the next run tries again, or run \`ods-state env rollback --resume\`.`,
    );
  }
  for (const waiting of report.waiting) {
    const until = new Date(Date.parse(waiting.since) + PROMOTION_LEASE_MS).toISOString();
    ctx.log?.info(
      `Promotion ${waiting.id} of ${waiting.environment} is unfinished (${waiting.status} since ${waiting.since}) and its job may still be running: left to the default branch's next run (or \`ods-state env rollback --resume\`), or to any run after ${until}.`,
    );
  }
  if (options.strict === true && report.waiting.length > 0) {
    const [first] = report.waiting;
    throw new UserError(
      "promotion_refused",
      `Promotion ${first!.id} of ${first!.environment} is unfinished (${first!.status} since ${first!.since}) and may still be running: nothing is changed over it.`,
      {
        hint: "If its job is over (cancelled, killed), run `ods-state env rollback --resume` to finish it; else wait for it.",
      },
    );
  }
  return report;
}

/* ------------------------------------------------------------ identities */

/** The mark a promoted table carries where the engine needs one for its identity (DuckDB's and the providers' comment). */
export function markOf(s: StepRecord): string {
  return `promotion:${s.promotion_id}:${s.seq}`;
}

/**
 * The identity the promotion's table has at the target: the one recorded at
 * commit, else the mark the switch leaves (the engines that identify tables
 * by marks; PostgreSQL's OIDs are known only once recorded, and its
 * promotions are one transaction anyway).
 */
function expectedIdentity(promotion: PromotionRecord, s: StepRecord): string {
  const recorded = (promotion.detail.identities ?? {}) as Record<string, string>;
  return recorded[s.node_id] ?? `mark:${markOf(s)}`;
}

/**
 * The run prod's state records for the node when it is neither the
 * promotion's build nor the one it replaced, and was built after the
 * promotion began: a later build.
 */
function laterRun(promotion: PromotionRecord, s: StepRecord, prod: StateSnapshot | null): string | null {
  const now: NodeState | undefined = prod?.nodes[s.node_id];
  if (!now || now.run_id === s.pr_run_id || now.run_id === s.previous_state?.run_id) return null;
  return Date.parse(now.built_at) > Date.parse(promotion.created_at) ? now.run_id : null;
}

/**
 * Which table prod holds under the step's target, for recovery:
 * - `ours`: the promotion's (its identity);
 * - `newer`: another one replaced it after the promotion began (prod's state
 *   records a later build; or `known`, the promotion's table is known to
 *   have carried its identity there, and the target doesn't now);
 * - `unsure`: another identity, where the promotion's table may not have
 *   been marked yet (a switch cut between its replace and its mark): the
 *   table it replaced, the promotion's unmarked, or (not told apart) a later
 *   build. Recovery takes it as the promotion's.
 * - `missing`: no table there.
 */
async function judge(
  ctx: EnvContext,
  promotion: PromotionRecord,
  s: StepRecord,
  known: boolean,
  prod: StateSnapshot | null,
): Promise<"ours" | "newer" | "unsure" | "missing"> {
  const current = await ctx.warehouse.tableIdentity(s.target);
  if (current === null) return "missing";
  if (laterRun(promotion, s, prod) !== null) return "newer";
  if (current === expectedIdentity(promotion, s)) return "ours";
  return known ? "newer" : "unsure";
}

/* ------------------------------------------------------------------ names */

async function tablesIn(ctx: EnvContext, schemas: readonly string[]): Promise<Set<string>> {
  const rules = ctx.warehouse.capabilities.identifiers;
  const found = await ctx.warehouse.listObjects([...new Set(schemas)]);
  return new Set(found.filter((o) => o.kind === "table").map((o) => qualifiedKey(o, rules)));
}

function at(s: StepRecord, identifier: string): QualifiedName {
  return { schema: s.target.schema, identifier };
}

async function has(ctx: EnvContext, name: QualifiedName): Promise<boolean> {
  return (await tablesIn(ctx, [name.schema])).has(qualifiedKey(name, ctx.warehouse.capabilities.identifiers));
}

/** The steps in the promotion's order (parents first), as the registry may list them otherwise. */
function inOrder(steps: StepRecord[]): StepRecord[] {
  return [...steps].sort((a, b) => a.seq - b.seq);
}

async function journal(ctx: EnvContext, s: StepRecord, state: StepRecord["state"]): Promise<void> {
  s.state = state;
  await step(ctx.warehouse, `Journaling ${showQualified(s.target)} ${state}`, () => ctx.registry.putStep(s));
}

/* ------------------------------------------------------- promotion, undone */

/**
 * Brings an unfinished promotion back to prod's previous tables: each name
 * the promotion switched is switched back (children first) unless another
 * build replaced the promotion's table since (then left: `kept`), and the
 * staged tables go (back to the environment where they were moved from it,
 * else dropped), with the copies taken aside. `done` false (and the promotion
 * `failed`, its journal as far as it got) when it could not finish.
 */
export async function revert(
  ctx: EnvContext,
  record: PromotionRecord,
  why: string,
  options: { window?: { from: string; to: string; nodes: string[] }; prod?: StateSnapshot | null } = {},
): Promise<{ done: boolean; kept: string[] }> {
  const { warehouse, registry } = ctx;
  const kept: string[] = [];
  const window = options.window ? { mixed_window: options.window } : {};
  try {
    const steps = inOrder(await registry.steps(record.id));
    for (const s of [...steps].reverse()) {
      const outcome = await switchBackStep(ctx, record, s, options.prod ?? null);
      if (outcome === "kept") kept.push(s.node_id);
      // Journaled before the names change again below: a staged table moved back to the environment (or
      // dropped) must not read, next time, as a switch that went through.
      if (s.state === "switching" || s.state === "switched")
        await journal(ctx, s, outcome === "untouched" ? "staged" : "reverted");
    }
    for (const s of steps) await unstageStep(ctx, record, s);
    await step(warehouse, "Journaling the aborted promotion", () =>
      registry.putPromotion({
        ...record,
        status: "aborted",
        updated_at: ctx.now,
        detail: { ...record.detail, why, ...window, ...(kept.length > 0 ? { kept } : {}) },
      }),
    );
    return { done: true, kept };
  } catch {
    try {
      await registry.putPromotion({
        ...record,
        status: "failed",
        updated_at: ctx.now,
        detail: { ...record.detail, why, ...window },
      });
    } catch {
      // The journal keeps what it had; the next recovery reads the warehouse.
    }
    return { done: false, kept };
  }
}

/**
 * One name of an unfinished promotion brought back to the table it held
 * before, from the journal and the warehouse: `restored`, `untouched` (never
 * switched), or `kept` (another build replaced the promotion's table: left).
 *
 * Before a name is switched back, the journal says `reverting` and the
 * target carries the promotion's identity (marked first where it may have
 * lacked it), so a later recovery that finds another identity there knows
 * the switch back's replace ran, or another build came since: either way
 * it never writes that name again.
 */
async function switchBackStep(
  ctx: EnvContext,
  promotion: PromotionRecord,
  s: StepRecord,
  prod: StateSnapshot | null,
): Promise<"restored" | "untouched" | "kept"> {
  const { warehouse } = ctx;
  const progress = warehouse.replacementProgress?.bind(warehouse);
  const staged = at(s, s.staged_identifier);
  const retired = s.retired_identifier === null ? null : at(s, s.retired_identifier);

  if (s.state === "reverting") {
    // A switch back that may have begun: the promotion's table (identity checked and marked) was at the target.
    const where =
      retired === null
        ? (await has(ctx, at(s, s.undone_identifier)))
          ? "done"
          : "not_begun"
        : progress
          ? await progress(s.target, retired.identifier)
          : (await has(ctx, retired))
            ? "not_begun"
            : "done";
    if (where === "done") {
      await journal(ctx, s, "reverted");
      return "restored";
    }
    const verdict = await judge(ctx, promotion, s, true, prod);
    if (where === "committing") {
      if (verdict === "ours") {
        await step(warehouse, `Switching ${showQualified(s.target)} back`, () =>
          warehouse.finishReplacement!(s.target, retired!.identifier),
        );
      } else {
        // The switch back's replace ran (the replaced table is back), or another build came since: the name
        // stays as it is; the replaced table's committing copy takes its retired name again (dropped below).
        await step(warehouse, `Settling the switch back of ${showQualified(s.target)}`, () =>
          warehouse.abandonReplacement!(s.target, retired!.identifier),
        );
      }
      await journal(ctx, s, "reverted");
      return laterRun(promotion, s, prod) !== null ? "kept" : "restored";
    }
    if (verdict === "missing") {
      const put = await putBackMissing(ctx, s, retired);
      await journal(ctx, s, "reverted");
      return put === "restored" ? "restored" : "kept";
    }
    if (verdict !== "ours") {
      // Not switched back, and the name no longer holds the promotion's table: another build replaced it.
      await journal(ctx, s, "reverted");
      return "kept";
    }
    await switchNameBack(ctx, s, retired);
    await journal(ctx, s, "reverted");
    return "restored";
  }

  if (s.state !== "switching" && s.state !== "switched") return "untouched";
  // The switch may have begun (`switching`) or is done (`switched`: the promotion's table was marked).
  const known = s.state === "switched";
  if (retired === null) {
    // A table new to prod: its switch is one rename.
    if (await has(ctx, staged)) return "untouched";
  } else if (progress) {
    const where = await progress(s.target, s.staged_identifier);
    if (where === "not_begun") return "untouched";
    if (where === "committing") {
      // Past its point of no return: the target holds the table it had, or the promotion's unmarked, or (not
      // told apart) a later build. Taken as the promotion's unless prod's state records a later build.
      const verdict = await judge(ctx, promotion, s, false, prod);
      if (verdict === "newer") {
        await step(warehouse, `Settling the switch of ${showQualified(s.target)}`, () =>
          warehouse.abandonReplacement!(s.target, s.staged_identifier),
        );
        return "kept";
      }
      if (verdict === "missing") {
        await step(warehouse, `Settling the switch of ${showQualified(s.target)}`, () =>
          warehouse.abandonReplacement!(s.target, s.staged_identifier),
        );
        return putBackMissing(ctx, s, retired);
      }
      await markAsOurs(ctx, s, verdict);
      await journal(ctx, s, "reverting");
      await step(warehouse, `Settling the switch of ${showQualified(s.target)}`, () =>
        warehouse.abandonReplacement!(s.target, s.staged_identifier),
      );
      await switchNameBack(ctx, s, retired);
      await journal(ctx, s, "reverted");
      return "restored";
    }
    // Done, and the table it replaced is no longer kept aside: put back already (by hand, or below when prod's
    // name was found empty), so nothing is left to switch back.
    if (!(await has(ctx, retired))) return "restored";
  } else if (!(await has(ctx, retired))) {
    // One transaction per switch (the names tell): no retired table, no switch.
    return "untouched";
  }
  const verdict = await judge(ctx, promotion, s, known, prod);
  if (verdict === "missing") return putBackMissing(ctx, s, retired);
  if (verdict === "newer") return "kept";
  await markAsOurs(ctx, s, verdict);
  await journal(ctx, s, "reverting");
  await switchNameBack(ctx, s, retired);
  await journal(ctx, s, "reverted");
  return "restored";
}

/** Nothing at prod's name (dropped by hand since): the table the promotion replaced takes it back. */
async function putBackMissing(
  ctx: EnvContext,
  s: StepRecord,
  retired: QualifiedName | null,
): Promise<"restored" | "untouched"> {
  if (retired === null || !(await has(ctx, retired))) return "untouched";
  await step(ctx.warehouse, `Putting ${showQualified(s.target)} back`, () =>
    ctx.warehouse.renameTable(retired, s.target.identifier),
  );
  return "restored";
}

/** An unsure target gets the promotion's mark before its switch back is journaled (see switchBackStep). */
async function markAsOurs(ctx: EnvContext, s: StepRecord, verdict: "ours" | "unsure"): Promise<void> {
  if (verdict === "ours") return;
  await step(ctx.warehouse, `Marking ${showQualified(s.target)}`, () =>
    ctx.warehouse.markTable(s.target, markOf(s)),
  );
}

/** The replaced table back under the target's name (the promoted one kept under its undone name), or, with none, the target renamed away. */
async function switchNameBack(ctx: EnvContext, s: StepRecord, retired: QualifiedName | null): Promise<void> {
  const { warehouse } = ctx;
  const undone = at(s, s.undone_identifier);
  if (await has(ctx, undone)) {
    // The first statement of an earlier attempt: a copy of what the target holds now, made again.
    await step(warehouse, `Dropping ${showQualified(undone)}`, () =>
      warehouse.dropObject({ ...undone, kind: "table" }),
    );
  }
  await step(warehouse, `Switching ${showQualified(s.target)} back`, async () => {
    if (retired !== null) await warehouse.replaceTable(s.target, retired.identifier, s.undone_identifier);
    else await warehouse.renameTable(s.target, s.undone_identifier);
  });
}

/**
 * What the step staged goes: its staged table (or the promotion's table
 * switched back, under its undone name) back to the environment it was
 * moved from, else dropped; the copy of prod's table taken aside dropped
 * (unless nothing holds prod's name). The environment's registry row of a
 * moved table follows where the table is.
 */
async function unstageStep(ctx: EnvContext, promotion: PromotionRecord, s: StepRecord): Promise<void> {
  if (s.state === "unstaged") return;
  const { warehouse } = ctx;
  const rules = warehouse.capabilities.identifiers;
  const staged = at(s, s.staged_identifier);
  const undone = at(s, s.undone_identifier);
  // A switch past its point of no return that recovery did not settle (an earlier attempt cut short).
  if (warehouse.abandonReplacement) {
    await step(warehouse, `Settling the switch of ${showQualified(s.target)}`, () =>
      warehouse.abandonReplacement!(s.target, s.staged_identifier),
    );
  }
  let present = await tablesIn(ctx, [s.target.schema, s.source.schema]);
  const there = (name: QualifiedName) => present.has(qualifiedKey(name, rules));
  if (s.how === null && there(staged)) s.how = there(s.source) ? "copied" : "moved";
  const schemaOfSource = (await warehouse.listSchemas()).some(
    (schema) => nameKey(schema, rules) === nameKey(s.source.schema, rules),
  );
  for (const table of [staged, undone]) {
    if (!there(table)) continue;
    const putBack = s.how === "moved" && !there(s.source) && schemaOfSource;
    await step(
      warehouse,
      putBack ? `Putting ${showQualified(s.source)} back` : `Dropping ${showQualified(table)}`,
      async () => {
        if (putBack) await warehouse.stageTable(table, s.source);
        else await warehouse.dropObject({ ...table, kind: "table" });
      },
    );
    present = await tablesIn(ctx, [s.target.schema, s.source.schema]);
  }
  if (s.retired_identifier !== null && there(at(s, s.retired_identifier)) && there(s.target)) {
    const retired = at(s, s.retired_identifier);
    await step(warehouse, `Dropping ${showQualified(retired)}`, () =>
      warehouse.dropObject({ ...retired, kind: "table" }),
    );
  }
  if (s.how === "moved") await followMovedTable(ctx, promotion, s, there(s.source));
  await journal(ctx, s, "unstaged");
}

/** The environment's row of a table promotion moved out of it: present exactly when the table is back. */
async function followMovedTable(
  ctx: EnvContext,
  promotion: PromotionRecord,
  s: StepRecord,
  present: boolean,
): Promise<void> {
  const { registry, warehouse } = ctx;
  const rules = warehouse.capabilities.identifiers;
  const environment = await registry.environment(promotion.environment);
  if (!environment || environment.status === "removed") return;
  const recorded = (await registry.objects(promotion.environment)).some(
    (o) => o.kind === "table" && qualifiedKey(o, rules) === qualifiedKey(s.source, rules),
  );
  if (present && !recorded) {
    await step(warehouse, `Recording ${showQualified(s.source)} back in ${promotion.environment}`, async () =>
      registry.putObject({
        environment: promotion.environment,
        schema: s.source.schema,
        identifier: s.source.identifier,
        kind: "table",
        role: "build",
        node_id: s.node_id,
        state: "present",
        created_at: ctx.now,
        // The table moved back is the one the environment built (a move keeps its identity): cleanup may drop it.
        identity: await warehouse.relationIdentity({ ...s.source, kind: "table" }),
      }),
    );
  } else if (!present && recorded) {
    await step(warehouse, `Forgetting ${showQualified(s.source)} in ${promotion.environment}`, () =>
      registry.deleteObject(promotion.environment, s.source.schema, s.source.identifier),
    );
  }
}

/* ------------------------------------------------------------ rollback */

/** A promoted name switched back by a rollback: the table it replaced takes it again, the promoted one kept under its undone name. */
export async function switchBack(ctx: EnvContext, s: StepRecord): Promise<ReplaceOutcome | null> {
  const { warehouse, registry } = ctx;
  let outcome: ReplaceOutcome | null = null;
  if (s.retired_identifier !== null)
    outcome = await warehouse.replaceTable(s.target, s.retired_identifier, s.undone_identifier);
  else await warehouse.renameTable(s.target, s.undone_identifier);
  await registry.putStep({ ...s, state: "rolled_back" });
  return outcome;
}

/**
 * Finishes a rollback journaled as `rolling_back`: each name still holding
 * the promotion's table (its identity as recorded at commit) is switched
 * back; one another build replaced since is left as it is (`kept`), as a
 * rollback started now would refuse it. A switch back that may have begun
 * (`rolling_back` on the step; its table was checked first) is brought to
 * one end from the names: past its point of no return it is finished only
 * while the name still holds the promotion's table.
 */
export async function finishRollback(
  ctx: EnvContext,
  promotion: PromotionRecord,
  prod: StateSnapshot | null = null,
): Promise<{ rolledBack: string[]; kept: string[] }> {
  const { warehouse, registry, now } = ctx;
  const progress = warehouse.replacementProgress?.bind(warehouse);
  const steps = inOrder(await registry.steps(promotion.id));
  const kept: string[] = [];
  for (const s of [...steps].reverse()) {
    if (s.state !== "switched" && s.state !== "rolling_back") continue;
    const retired = s.retired_identifier === null ? null : at(s, s.retired_identifier);
    const undone = at(s, s.undone_identifier);
    if (s.state === "rolling_back") {
      const where =
        retired === null
          ? (await has(ctx, undone))
            ? "done"
            : "not_begun"
          : progress
            ? await progress(s.target, retired.identifier)
            : (await has(ctx, retired))
              ? "not_begun"
              : "done";
      if (where === "done") {
        await journal(ctx, s, "rolled_back");
        continue;
      }
      const verdict = await judge(ctx, promotion, s, true, prod);
      if (where === "committing") {
        if (verdict === "ours") {
          await step(warehouse, `Switching ${showQualified(s.target)} back`, () =>
            warehouse.finishReplacement!(s.target, retired!.identifier),
          );
        } else {
          // Its replace ran (prod's previous table is back), or another build came since: the name stays, and
          // the committing copy of the previous table goes.
          await step(warehouse, `Settling the switch back of ${showQualified(s.target)}`, async () => {
            await warehouse.abandonReplacement!(s.target, retired!.identifier);
            await warehouse.dropObject({ ...retired!, kind: "table" });
          });
        }
        await journal(ctx, s, "rolled_back");
        continue;
      }
      if (verdict === "missing" && (await putBackMissing(ctx, s, retired)) === "restored") {
        await journal(ctx, s, "rolled_back");
        continue;
      }
      if (verdict !== "ours") {
        if (await has(ctx, undone)) {
          await step(warehouse, `Dropping ${showQualified(undone)}`, () =>
            warehouse.dropObject({ ...undone, kind: "table" }),
          );
        }
        await journal(ctx, s, "switched");
        kept.push(s.node_id);
        continue;
      }
      if (retired !== null && (await has(ctx, undone))) {
        // The first statement of the switch back (a copy of the promoted table), made again.
        await step(warehouse, `Dropping ${showQualified(undone)}`, () =>
          warehouse.dropObject({ ...undone, kind: "table" }),
        );
      }
    } else {
      const verdict = await judge(ctx, promotion, s, true, prod);
      if (verdict === "missing" && retired !== null && (await has(ctx, retired))) {
        // Nothing at prod's name (dropped by hand since): the table the promotion replaced takes it back.
        await journal(ctx, s, "rolling_back");
        await putBackMissing(ctx, s, retired);
        await journal(ctx, s, "rolled_back");
        continue;
      }
      if (verdict !== "ours") {
        kept.push(s.node_id);
        continue;
      }
      await journal(ctx, s, "rolling_back");
    }
    await step(warehouse, `Switching ${showQualified(s.target)} back`, () => switchBack(ctx, s));
    s.state = "rolled_back";
  }
  await step(warehouse, "Committing the rollback", () =>
    registry.putPromotion({
      ...promotion,
      status: "rolled_back",
      updated_at: now,
      detail: { ...promotion.detail, ...(kept.length > 0 ? { kept } : {}) },
    }),
  );
  return {
    rolledBack: steps.filter((s) => s.state === "rolled_back").map((s) => s.node_id),
    kept,
  };
}
