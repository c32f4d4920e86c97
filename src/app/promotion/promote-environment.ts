/**
 * Promote: the one promotion flow the action (on a merge to the default
 * branch) and `ods-state env promote` both run. Main's plan decides what
 * dbt would build; of that, the tables the environment built that are
 * provably main's build are moved into prod (one transaction where the
 * warehouse switches all tables at once), and the rest is what dbt builds.
 */
import type { SourcesFreshness } from "../../dbt/artifacts/sources.js";
import type { LoadedProject } from "../../dbt/load-project.js";
import {
  type EnvContext,
  type EnvironmentRecord,
  type PromotionPlan,
  type PromotionResult,
  planPromotion,
  promote,
  recoverInterrupted,
} from "../../environment/index.js";
import type { Plan } from "../../state/plan.js";
import type { StateSnapshot } from "../../state/snapshot.js";
import type { Phase } from "../ports.js";

export interface PromoteEnvironmentConfig {
  /** The environment's registry name. */
  environment: string;
  /** Main's plan over prod's state (made once the environment is known to exist), and its manifest. */
  planMain: () => Plan;
  mainProject: LoadedProject;
  /** Prod's state (rollbacks applied), or null when there is none. */
  prod: StateSnapshot | null;
  sources: SourcesFreshness | null;
  /** The default-branch run promoting (recorded as `promoted_by`). */
  promotedBy: string;
  retentionDays?: number | undefined;
  allowNonAtomic?: boolean;
  dryRun?: boolean;
  /** false (the action's `promote` input): the environment is checked, nothing is decided or moved. */
  enabled?: boolean;
}

export type EnvironmentPromotion =
  /** No environment of that name, or it was removed: nothing can be promoted from it. */
  | { status: "no_environment"; record: EnvironmentRecord | null }
  /** `enabled` is false. */
  | { status: "disabled" }
  /** The warehouse's promotion failed; its transaction changed nothing. */
  | { status: "failed"; decided: PromotionPlan; error: unknown }
  | { status: "promoted"; decided: PromotionPlan; result: PromotionResult };

export async function promoteEnvironment(
  ctx: EnvContext,
  config: PromoteEnvironmentConfig,
  phase: Phase = () => {},
): Promise<EnvironmentPromotion> {
  const { environment } = config;
  const record = await ctx.registry.environment(environment);
  if (!record || record.status === "removed") return { status: "no_environment", record };
  if (config.enabled === false) return { status: "disabled" };
  // What an interrupted promotion left is recovered before deciding (it may have moved the environment's
  // tables into prod's schemas); one it can't recover makes promote() below refuse.
  if (config.dryRun !== true) await recoverInterrupted(ctx, { prod: config.prod });
  phase(`planning main over prod (${config.mainProject.fingerprints.size} nodes)`);
  const mainPlan = config.planMain();
  phase(`deciding what ${environment} promotes`);
  const decided = await planPromotion(ctx, {
    environment,
    plan: mainPlan,
    project: config.mainProject,
    prod: config.prod,
    sources: config.sources,
  });
  const tables = decided.candidates.length;
  phase(
    `${config.dryRun === true ? "checking" : "promoting"} ${tables} table${tables === 1 ? "" : "s"} from ${environment}`,
  );
  try {
    const result = await promote(ctx, {
      plan: decided,
      mainPlan,
      mainProject: config.mainProject,
      promotedBy: config.promotedBy,
      ...(config.allowNonAtomic !== undefined ? { allowNonAtomic: config.allowNonAtomic } : {}),
      ...(config.dryRun !== undefined ? { dryRun: config.dryRun } : {}),
      ...(config.retentionDays !== undefined ? { retentionDays: config.retentionDays } : {}),
    });
    return { status: "promoted", decided, result };
  } catch (error) {
    return { status: "failed", decided, error };
  }
}
