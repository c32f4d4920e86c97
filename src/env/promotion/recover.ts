/**
 * Finishing or undoing what an interrupted promotion or rollback left, from
 * the registry's journal and what the warehouse shows: a promotion not
 * committed is switched back (prod keeps its tables), a rollback in progress
 * is finished. promote.ts and rollback.ts both call it (a promotion first
 * finishes its environment's interrupted ones; `rollback --resume` finishes
 * them all), and it calls neither.
 */
import { UserError } from "../../errors/user-error.js";
import { inScope } from "../environment-identity.js";
import { type EnvContext, observe, step } from "../lifecycle/common.js";
import { qualifiedKey, showQualified } from "../names.js";
import type { PromotionRecord, StepRecord } from "../registry/records.js";
import type { ReplaceOutcome, Warehouse } from "../warehouse.js";

/**
 * Where the journal is unsure (a step `switching`, or a registry write that
 * failed after the warehouse changed), the warehouse says.
 * - Where a switch takes several statements (the warehouse settles
 *   replacements: the cloud providers), a switch that may have begun
 *   (`switching`, `switched`) or a switch back that may have begun
 *   (`reverting`) is first brought to one end by the warehouse, which says
 *   which.
 * - Elsewhere a switch is one transaction, and the names present tell: a
 *   staged table still there was not switched in.
 */
async function reconcileJournal(warehouse: Warehouse, steps: StepRecord[]): Promise<void> {
  const rules = warehouse.capabilities.identifiers;
  const settled = new Set<StepRecord>();
  if (warehouse.settleReplacement) {
    for (const s of steps) {
      if (s.retired_identifier === null) continue;
      if (s.state === "switching" || s.state === "switched") {
        const end = await warehouse.settleReplacement(s.target, s.staged_identifier, s.retired_identifier);
        s.state = end === "replaced" ? "switched" : "staged";
        settled.add(s);
      } else if (s.state === "reverting") {
        const end = await warehouse.settleReplacement(s.target, s.retired_identifier, s.staged_identifier);
        s.state = end === "replaced" ? "staged" : "switched";
        settled.add(s);
      }
    }
  }
  const seen = await observe(warehouse, [
    ...new Set(steps.flatMap((s) => [s.target.schema, s.source.schema])),
  ]);
  const has = (schema: string, identifier: string) =>
    seen.objects.has(qualifiedKey({ schema, identifier }, rules));
  for (const s of steps) {
    if (settled.has(s)) continue;
    const staged = has(s.target.schema, s.staged_identifier);
    const retired = s.retired_identifier !== null && has(s.target.schema, s.retired_identifier);
    if (staged && s.how === null) s.how = has(s.source.schema, s.source.identifier) ? "copied" : "moved";
    if (
      s.state === "planned" ||
      s.state === "staged" ||
      s.state === "switching" ||
      s.state === "switched" ||
      s.state === "reverting"
    ) {
      if (staged) s.state = "staged";
      else if (retired) s.state = "switched";
      else if (s.retired_identifier === null && s.how !== null && has(s.target.schema, s.target.identifier))
        s.state = "switched";
      else s.state = "planned";
    }
  }
}

/**
 * Brings an unfinished promotion back to prod's previous tables: switched
 * names are switched back (children first), staged tables dropped. True when
 * done; false (and the promotion `failed`, its journal exact) when it could
 * not.
 */
export async function revert(
  ctx: EnvContext,
  record: PromotionRecord,
  why: string,
  window?: { from: string; to: string; nodes: string[] },
): Promise<boolean> {
  const { warehouse, registry } = ctx;
  let steps: StepRecord[] = [];
  try {
    steps = await registry.steps(record.id);
    await reconcileJournal(warehouse, steps);
    for (const s of [...steps].reverse()) {
      if (s.state === "switched") {
        // Journaled first: a switch back of several statements is settled from it (reconcileJournal). Also in
        // memory: if the switch back fails, the catch below writes each step as it is, and a step written back
        // as `switched` would be settled forward, dropping the retired table the switch back was restoring.
        s.state = "reverting";
        await step(warehouse, "Journaling a switch back", () => registry.putStep(s));
        await step(warehouse, `Switching ${showQualified(s.target)} back`, async () => {
          if (s.retired_identifier !== null)
            await warehouse.replaceTable(s.target, s.retired_identifier, s.staged_identifier);
          else await warehouse.renameTable(s.target, s.staged_identifier);
        });
        s.state = "staged";
        await step(warehouse, "Journaling a switch back", () =>
          registry.putStep({ ...s, state: "reverted" }),
        );
      }
    }
    for (const s of steps) {
      if (s.state === "staged" || s.state === "reverted") {
        await step(warehouse, `Dropping the staged ${s.staged_identifier}`, async () => {
          if (s.how === "moved") {
            // Put the environment's table back where it was.
            await warehouse.stageTable(
              { schema: s.target.schema, identifier: s.staged_identifier },
              s.source,
            );
          } else {
            await warehouse.dropObject({
              schema: s.target.schema,
              identifier: s.staged_identifier,
              kind: "table",
            });
          }
        });
        s.state = "unstaged";
        await step(warehouse, "Journaling an unstaged table", () => registry.putStep(s));
      }
    }
    await step(warehouse, "Journaling the aborted promotion", () =>
      registry.putPromotion({
        ...record,
        status: "aborted",
        updated_at: ctx.now,
        detail: { ...record.detail, why, ...(window ? { mixed_window: window } : {}) },
      }),
    );
    return true;
  } catch {
    try {
      for (const s of steps) await registry.putStep(s);
      await registry.putPromotion({
        ...record,
        status: "failed",
        updated_at: ctx.now,
        detail: { ...record.detail, why, ...(window ? { mixed_window: window } : {}) },
      });
    } catch {
      // The journal keeps what it had; reconcileJournal() reads the warehouse next time.
    }
    return false;
  }
}

/**
 * Finishes what an interrupted promotion or rollback of the environment left:
 * a promotion not committed is switched back (prod keeps its tables); a
 * rollback in progress is finished. Returns the ids handled.
 */
export async function recoverPromotions(ctx: EnvContext, environment?: string): Promise<string[]> {
  const handled: string[] = [];
  // Only its own scope's: another repository's or project's interrupted promotion is theirs to finish.
  const promotions = (await ctx.registry.promotions(environment ? { environment } : {})).filter((p) =>
    inScope(p, ctx.scope),
  );
  for (const promotion of promotions) {
    if (promotion.status === "staging" || promotion.status === "switching" || promotion.status === "failed") {
      if (!(await revert(ctx, promotion, "interrupted; switched back by a later run"))) {
        throw new UserError(
          "promotion_refused",
          `Promotion ${promotion.id} of ${promotion.environment} was interrupted and can't be switched back: the registry's journal says which names point where.`,
          { hint: "Fix the warehouse error named above, then run `ods-state env rollback --resume` again." },
        );
      }
      handled.push(promotion.id);
    } else if (promotion.status === "rolling_back") {
      await finishRollback(ctx, promotion);
      handled.push(promotion.id);
    }
  }
  return handled;
}

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
 * Finishes a rollback journaled as `rolling_back`: each step is switched back
 * unless the warehouse shows it already was. Where a switch back takes
 * several statements (the warehouse settles replacements), one journaled
 * `rolling_back` is first brought to one end by the warehouse; elsewhere the
 * promoted table kept under its undone name says it was switched back.
 */
export async function finishRollback(ctx: EnvContext, promotion: PromotionRecord): Promise<void> {
  const { warehouse, registry, now } = ctx;
  const rules = warehouse.capabilities.identifiers;
  const steps = await registry.steps(promotion.id);
  const seen = await observe(warehouse, [...new Set(steps.map((s) => s.target.schema))]);
  const has = (schema: string, identifier: string) =>
    seen.objects.has(qualifiedKey({ schema, identifier }, rules));
  const settles = warehouse.settleReplacement?.bind(warehouse);
  for (const s of [...steps].reverse()) {
    if (s.state !== "switched" && s.state !== "rolling_back") continue;
    const done =
      settles && s.retired_identifier !== null
        ? s.state === "rolling_back" &&
          (await step(warehouse, `Settling the switch back of ${showQualified(s.target)}`, () =>
            settles(s.target, s.retired_identifier as string, s.undone_identifier),
          )) === "replaced"
        : has(s.target.schema, s.undone_identifier);
    if (done) {
      await step(warehouse, "Journaling a switched-back table", () =>
        registry.putStep({ ...s, state: "rolled_back" }),
      );
      continue;
    }
    await step(warehouse, "Journaling a switch back", () =>
      registry.putStep({ ...s, state: "rolling_back" }),
    );
    await step(warehouse, `Switching ${showQualified(s.target)} back`, () => switchBack(ctx, s));
  }
  await step(warehouse, "Committing the rollback", () =>
    registry.putPromotion({ ...promotion, status: "rolled_back", updated_at: now }),
  );
}
