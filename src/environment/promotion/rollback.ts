/**
 * Rollback of a promotion: the prod tables it replaced (kept, renamed) take
 * their names back; the promoted tables are kept under another name until
 * the retention passes. Atomic where the warehouse is (one transaction);
 * elsewhere journaled step by step, and `--resume` finishes an interrupted
 * one. The result gives, per node, the state prod had before the promotion,
 * for the caller to record.
 *
 * Refused (`rollback_prod_replaced`) when prod's table is no longer the one
 * the promotion put there: a dbt build or another promotion replaced it since
 * (its identity in the warehouse differs from the one recorded at promotion,
 * or prod's state, when given, records a later run of the node). Putting the
 * pre-promotion table back then would serve old code over old data while the
 * state says otherwise.
 */
import { UserError } from "../../errors/user-error.js";
import type { StateSnapshot } from "../../state/snapshot.js";
import { qualifiedKey, showQualified } from "../../warehouse/names.js";
import type { ReplaceOutcome } from "../../warehouse/warehouse.js";
import { describeOwner, describeScope, inScope } from "../environment-identity.js";
import { type EnvContext, observe, step } from "../lifecycle/common.js";
import type { PromotionRecord, StepRecord } from "../registry/records.js";
import { finishRollback, recoverInterrupted, recoverPromotions, switchBack } from "./recover.js";
import type { RollbackResult, RolledBackNode } from "./types.js";

export interface RollbackInput {
  /** The promotion; default: the latest committed one (of `environment`, when given). */
  id?: string;
  environment?: string;
  /** Only finish interrupted promotions and rollbacks. */
  resume?: boolean;
  allowNonAtomic?: boolean;
  dryRun?: boolean;
  /** Prod's state of the promotion's project, when known: a later run of a promoted node refuses the rollback. */
  prodState?: (project: string) => Promise<StateSnapshot | null>;
}

export async function rollbackPromotion(ctx: EnvContext, input: RollbackInput): Promise<RollbackResult> {
  const { warehouse, registry, now } = ctx;
  const prod = input.prodState ? await input.prodState(ctx.scope.project) : null;
  if (input.resume) {
    // Asked for: even a promotion that may still be running (the caller knows its job is over).
    const resumed = input.dryRun
      ? []
      : (
          await recoverPromotions(ctx, {
            ...(input.environment ? { environment: input.environment } : {}),
            prod,
            force: true,
          })
        ).recovered.map((done) => done.id);
    return {
      id: null,
      environment: input.environment ?? null,
      status: resumed.length > 0 ? "resumed" : "nothing_to_do",
      restored: [],
      resumed,
    };
  }
  // Interrupted promotions and rollbacks of the scope first: a rollback over an unfinished one would mix them.
  await recoverInterrupted(ctx, { prod, strict: true, dryRun: input.dryRun === true });
  // Only its own scope's promotions (repository + dbt project): never another's, whatever their names.
  const all = (await registry.promotions(input.environment ? { environment: input.environment } : {})).filter(
    (p) => inScope(p, ctx.scope),
  );
  let promotion: PromotionRecord | undefined;
  if (input.id) {
    promotion = (await registry.promotions({ id: input.id }))[0];
    if (!promotion)
      throw new UserError("rollback_refused", `There is no promotion ${input.id} in ${warehouse.label}.`);
    if (!inScope(promotion, ctx.scope)) {
      throw new UserError(
        "environment_foreign",
        `Promotion ${promotion.id} is of ${describeOwner(promotion)}, not of ${describeScope(ctx.scope)}: it is left alone.`,
      );
    }
  } else {
    promotion = [...all].reverse().find((p) => p.status === "committed");
    if (!promotion) {
      // Nothing to restore is an error, never a quiet success: say what there is.
      const latest = all[all.length - 1];
      const what = input.environment ? `the environment ${input.environment}` : describeScope(ctx.scope);
      throw new UserError(
        "rollback_refused",
        latest === undefined
          ? `There is no promotion of ${what} in ${warehouse.label} to roll back.`
          : latest.status === "expired"
            ? `Nothing to roll back for ${what}: its latest promotion ${latest.id} is past its retention (${latest.retain_until}) and the tables it replaced were dropped.`
            : `Nothing to roll back for ${what}: its latest promotion ${latest.id} is ${latest.status.replaceAll("_", " ")}, and no committed one is left.`,
      );
    }
  }
  const steps = await registry.steps(promotion.id);
  const restoredOf = (list: StepRecord[]): RolledBackNode[] =>
    list.map((s) => ({
      unique_id: s.node_id,
      target: s.target,
      previous_state: s.previous_state,
      promoted_kept_as: { schema: s.target.schema, identifier: s.undone_identifier },
    }));
  if (promotion.status === "rolled_back") {
    return {
      id: promotion.id,
      environment: promotion.environment,
      status: "already_rolled_back",
      restored: restoredOf(steps),
      resumed: [],
    };
  }
  if (promotion.status !== "committed") {
    throw new UserError(
      "rollback_refused",
      promotion.status === "expired"
        ? `Promotion ${promotion.id} is past its retention (${promotion.retain_until}): the tables it replaced were dropped.`
        : `Promotion ${promotion.id} is ${promotion.status}, not committed: nothing of it is in prod to roll back.`,
      promotion.status === "expired"
        ? {}
        : { hint: "Run `ods-state env rollback --resume` to finish an interrupted promotion or rollback." },
    );
  }
  const rules = warehouse.capabilities.identifiers;
  const switched = steps.filter((s) => s.state === "switched");
  const targets = new Set(switched.map((s) => qualifiedKey(s.target, rules)));
  const later = (await registry.promotions({})).filter(
    (p) => p.status === "committed" && p.created_at > promotion!.created_at && p.id !== promotion!.id,
  );
  for (const other of later) {
    const overlap = (await registry.steps(other.id)).find(
      (s) => s.state === "switched" && targets.has(qualifiedKey(s.target, rules)),
    );
    if (overlap) {
      throw new UserError(
        "rollback_refused",
        `Promotion ${other.id} (later) replaced ${showQualified(overlap.target)} again: roll that one back first.`,
      );
    }
  }
  const seen = await observe(warehouse, [...new Set(switched.map((s) => s.target.schema))]);
  const missing = switched.filter(
    (s) =>
      s.retired_identifier !== null &&
      !seen.objects.has(qualifiedKey({ schema: s.target.schema, identifier: s.retired_identifier }, rules)),
  );
  if (missing.length > 0) {
    throw new UserError(
      "rollback_refused",
      `The replaced prod table${missing.length === 1 ? "" : "s"} ${missing.map((s) => `${s.target.schema}.${s.retired_identifier}`).join(", ")} of promotion ${promotion.id} ${missing.length === 1 ? "is" : "are"} gone.`,
    );
  }
  await refuseReplaced(ctx, promotion, switched, prod);
  const atomic = warehouse.capabilities.atomic_multi_pointer && warehouse.capabilities.transactional_ddl;
  if (!atomic && !input.allowNonAtomic) {
    throw new UserError(
      "promotion_not_atomic",
      `${warehouse.label} can't switch the ${switched.length} tables of promotion ${promotion.id} back at once: rollback is refused.`,
    );
  }
  const result: RollbackResult = {
    id: promotion.id,
    environment: promotion.environment,
    status: input.dryRun ? "dry_run" : "rolled_back",
    restored: restoredOf(switched),
    resumed: [],
  };
  if (input.dryRun) return result;
  const current = promotion;
  if (atomic) {
    const views: ReplaceOutcome = { rebound: [], left: [], materialized: [], kept: [] };
    await step(warehouse, `Rolling back promotion ${current.id}`, async () => {
      for (const s of [...switched].reverse()) {
        const outcome = await switchBack(ctx, s);
        if (!outcome) continue;
        views.rebound.push(...outcome.rebound);
        views.left.push(...outcome.left);
        views.materialized.push(...outcome.materialized);
        views.kept.push(...outcome.kept);
      }
      await registry.putPromotion({ ...current, status: "rolled_back", updated_at: now });
    });
    result.views = views;
  } else {
    await step(warehouse, "Journaling the rollback", () =>
      registry.putPromotion({ ...current, status: "rolling_back", updated_at: now }),
    );
    const finished = await finishRollback(ctx, { ...current, status: "rolling_back" }, prod);
    // A name another build replaced after the rollback's checks is left as it is: not restored.
    const rolledBack = new Set(finished.rolledBack);
    result.restored = result.restored.filter((node) => rolledBack.has(node.unique_id));
  }
  return result;
}

/**
 * Refuses the rollback when a table the promotion put in prod is no longer
 * there under its name: the warehouse's identity of it differs from the one
 * recorded (or none was recorded), or prod's state records a later run.
 */
async function refuseReplaced(
  ctx: EnvContext,
  promotion: PromotionRecord,
  switched: readonly StepRecord[],
  state: StateSnapshot | null,
): Promise<void> {
  const recorded = (promotion.detail.identities ?? {}) as Record<string, string>;
  const replaced: string[] = [];
  for (const s of switched) {
    const shown = showQualified(s.target);
    const now = state?.nodes[s.node_id];
    const laterRun =
      now !== undefined && now.run_id !== s.pr_run_id && now.run_id !== s.previous_state?.run_id
        ? now.run_id
        : null;
    const expected = recorded[s.node_id];
    const current = await ctx.warehouse.tableIdentity(s.target);
    if (expected === undefined) {
      replaced.push(
        `${shown}: the promotion recorded no identity of the table it put there (promoted by an older ods-state), so ODS can't tell it is still that table${laterRun ? `; prod's state records run ${laterRun} of ${s.node_id} since` : ""}`,
      );
    } else if (current !== expected) {
      replaced.push(
        `${shown} is ${current === null ? "gone" : "another table"} than the one the promotion put there (run ${s.pr_run_id}): ${laterRun ? `prod's state records run ${laterRun} of ${s.node_id} since` : "a dbt build or another promotion replaced it"}`,
      );
    } else if (laterRun !== null) {
      replaced.push(
        `prod's state records run ${laterRun} of ${s.node_id} since the promotion (run ${s.pr_run_id}), so ${shown} may not hold what the promotion put there`,
      );
    }
  }
  if (replaced.length > 0) {
    throw new UserError(
      "rollback_prod_replaced",
      `Promotion ${promotion.id} can't be rolled back: prod no longer holds what it promoted. ${replaced.join("; ")}. Putting the table it replaced back would serve older code and data than prod has now.`,
    );
  }
}
