/**
 * Promotion on merge (ADR-0028, DESIGN.md's event table): the default
 * branch's run promotes the tables the merged pull request's environment
 * built that are provably main's build, and hands dbt the rest. Anything
 * uncertain means "promote nothing": the environment is gone, the `promote`
 * input is false, or the promotion's transaction failed (then nothing
 * changed in the warehouse). dbt then builds the whole plan, which is always
 * correct.
 */
import type { PromotionReport } from "../../comment/render-promotion.js";
import type { SourcesFreshness } from "../../dbt/artifacts/sources.js";
import type { LoadedProject } from "../../dbt/load-project.js";
import type { EnvContext, PromotedNode, PromotionResult } from "../../environment/index.js";
import { UserError } from "../../errors/user-error.js";
import type { MergedPullRequest } from "../../github/pull-requests.js";
import type { Plan } from "../../state/plan.js";
import type { StateSnapshot } from "../../state/snapshot.js";
import type { Log } from "../ports.js";
import { promoteEnvironment } from "./promote-environment.js";

/** What the promotion on merge did, for dbt's selection now and for the record of the run after it. */
export interface MergePromotion {
  pullRequest: MergedPullRequest;
  environment: string;
  /** The default-branch run that promoted (`promoted_by` in state and registry). */
  promotedBy: string;
  report: PromotionReport;
  /** The nodes promoted, with their state for prod. */
  promoted: PromotedNode[];
  /** What dbt builds now (the plan's BUILD set less what was promoted), as a compact selection (issue 20). */
  select: string;
  /** The `--exclude` terms that selection needs; "" when none. */
  exclude: string;
  /** Terms in `select` and `exclude` together. */
  selectTerms: number;
  /** false: no exact selection fits the bounds; it runs `selectExtra` too (more, never less). */
  selectExact: boolean;
  selectExtra: string[];
  buildCount: number;
}

export interface MergePromotionConfig {
  pullRequest: MergedPullRequest;
  environment: string;
  promotedBy: string;
  plan: Plan;
  project: LoadedProject;
  prod: StateSnapshot | null;
  sources: SourcesFreshness | null;
  /** The `promote` input. */
  enabled: boolean;
  /** The `allow-non-atomic` input. */
  allowNonAtomic: boolean;
  retentionDays: number;
  /** `command: promote`: a merge with nothing to promote from is an error, not a note. */
  required: boolean;
}

/**
 * Nothing is promoted, for `message`: an error when the promotion was
 * required (`command: promote`), else a note in the log.
 */
export function nothingToPromote(required: boolean, log: Log, message: string): null {
  if (required) throw new UserError("input_invalid", message, { input: "command" });
  log.info(message);
  return null;
}

/** The merged pull request's environment promoted into prod; null when it has none. */
export async function promoteMergedPullRequest(
  ctx: EnvContext,
  log: Log,
  config: MergePromotionConfig,
): Promise<MergePromotion | null> {
  const { pullRequest, environment, promotedBy, plan } = config;
  const outcome = await promoteEnvironment(ctx, {
    environment,
    planMain: () => plan,
    mainProject: config.project,
    prod: config.prod,
    sources: config.sources,
    promotedBy,
    retentionDays: config.retentionDays,
    allowNonAtomic: config.allowNonAtomic,
    enabled: config.enabled,
  });
  if (outcome.status === "no_environment") {
    return nothingToPromote(
      config.required,
      log,
      `Pull request #${pullRequest.number} has no environment in the warehouse${outcome.record ? " any more" : ""}: nothing to promote.`,
    );
  }
  const base = { pullRequest, environment, promotedBy, promoted: [] as PromotedNode[] };
  const whole = {
    select: plan.select,
    exclude: plan.exclude,
    selectTerms: plan.select_terms,
    selectExact: plan.select_exact,
    selectExtra: plan.select_extra ?? [],
    buildCount: plan.summary.build,
  };
  if (outcome.status === "disabled") {
    const note = "the `promote` input is false";
    log.info(`Pull request #${pullRequest.number} merged; ${note}: dbt builds the whole plan.`);
    return { ...base, ...whole, report: emptyReport(pullRequest.number, environment, "skipped", note) };
  }
  if (outcome.status === "failed") {
    const { error } = outcome;
    const note = `the promotion failed and changed nothing: ${error instanceof Error ? error.message : String(error)}`;
    log.warning(`Pull request #${pullRequest.number}: ${note}. dbt builds the whole plan.`);
    return { ...base, ...whole, report: emptyReport(pullRequest.number, environment, "failed", note) };
  }
  const { result } = outcome;
  const report = promotionReport(pullRequest.number, environment, result);
  log.info(
    `Pull request #${pullRequest.number} merged: ${result.promoted.length} of ${result.decisions.length} node${result.decisions.length === 1 ? "" : "s"} to build promoted from ${environment} (${result.status.replaceAll("_", " ")}).`,
  );
  for (const node of report.nodes) {
    log.info(`  ${node.promoted ? "PROMOTE" : "BUILD  "} ${node.name}: ${node.code}: ${node.message}`);
  }
  for (const view of report.materializedViews ?? [])
    log.info(`  Materialized view ${view} recreated over the promoted table.`);
  for (const left of report.viewsLeft)
    log.warning(`View ${left.view} still reads the replaced table: ${left.error}`);
  return {
    ...base,
    promoted: result.promoted,
    report,
    select: result.select,
    exclude: result.exclude,
    selectTerms: result.select_terms,
    selectExact: result.select_exact,
    selectExtra: result.select_extra ?? [],
    buildCount: plan.summary.build - new Set(result.promoted.map((node) => node.unique_id)).size,
  };
}

/** The promotion as the job summary shows it (render-promotion.ts). */
function promotionReport(pullRequest: number, environment: string, result: PromotionResult): PromotionReport {
  const promotedIds = new Set(result.promoted.map((node) => node.unique_id));
  return {
    pullRequest,
    environment,
    status: result.status === "dry_run" ? "nothing_to_promote" : result.status,
    id: result.id,
    atomic: result.atomic,
    nodes: result.decisions.map((decision) => ({
      unique_id: decision.unique_id,
      name: decision.name,
      promoted: promotedIds.has(decision.unique_id),
      code: decision.reason.code,
      message: decision.reason.message,
    })),
    retainUntil: result.retain_until,
    viewsLeft: result.views.left.map((left) => ({ view: left.view, error: left.error })),
    materializedViews: result.views.materialized,
  };
}

function emptyReport(
  pullRequest: number,
  environment: string,
  status: "skipped" | "failed",
  note: string,
): PromotionReport {
  return {
    pullRequest,
    environment,
    status,
    note,
    id: null,
    atomic: false,
    nodes: [],
    retainUntil: null,
    viewsLeft: [],
  };
}
