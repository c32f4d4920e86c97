/**
 * Promotion on merge, the default-branch side of the lifecycle (ADR-0028,
 * DESIGN.md's event table): the main step finds the pull request the pushed
 * commit merged, promotes the tables its environment built that are provably
 * main's build (one transaction on DuckDB and PostgreSQL) and hands dbt the
 * rest; the post step records the promoted nodes in prod's state, drops the
 * merged environment and runs the janitor.
 *
 * Anything uncertain means "promote nothing": no token, GitHub can't say
 * which pull request the commit merged, the environment is gone, or the
 * promotion's transaction failed (then nothing changed in the warehouse).
 * dbt then builds the whole plan, which is always correct.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { PromotionReport } from "../comment/render-promotion.js";
import type { SourcesFreshness } from "../dbt/artifacts/sources.js";
import type { LoadedProject } from "../dbt/load-project.js";
import { projectNameOf } from "../dbt/project-name.js";
import {
  cleanupEnvironment,
  closeEnvironment,
  type EnvContext,
  environmentName,
  type PromotedNode,
  type PromotionResult,
  planPromotion,
  promote,
  runJanitor,
} from "../env/index.js";
import { UserError } from "../errors/user-error.js";
import type { ActionInputs } from "../github/action-inputs.js";
import type { RunEnvironment } from "../github/event.js";
import type { MergedPullRequest } from "../github/pull-requests.js";
import type { Plan } from "../state/plan.js";
import type { StateSnapshot } from "../state/snapshot.js";
import { environmentScope, withEnvironmentContext } from "./environment-step.js";
import type { Ports } from "./ports.js";

/** What the main step hands the post step (written as JSON to the runner's temp folder). */
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

export interface PromoteOnMergeInput {
  plan: Plan;
  project: LoadedProject;
  prod: StateSnapshot | null;
  sources: SourcesFreshness | null;
  /** `command: promote`: a commit that merged no pull request is an error, not a note. */
  required: boolean;
}

/** The merged pull request's environment promoted into prod; null when this run merged none that has one. */
export async function promoteOnMerge(
  inputs: ActionInputs,
  run: RunEnvironment,
  ports: Ports,
  input: PromoteOnMergeInput,
): Promise<MergePromotion | null> {
  const { log } = ports;
  const sha = "sha" in run.event ? run.event.sha : "";
  const refuse = (message: string): null => {
    if (input.required) throw new UserError("input_invalid", message, { input: "command" });
    log.info(message);
    return null;
  };
  if (run.event.kind !== "push" && !input.required) return null;
  if (sha === "") return refuse("No commit SHA (GITHUB_SHA) in this run: nothing can be promoted.");
  if (!ports.pullRequests) {
    log.warning(
      "No `github-token`: ods-state can't ask GitHub which pull request this commit merged, so nothing is promoted and dbt builds the whole plan.",
    );
    return null;
  }
  const found = await ports.pullRequests.mergedAs(sha, run.defaultBranch);
  if (!found.ok) {
    log.warning(found.warning);
    return null;
  }
  if (found.value === null) {
    return refuse(
      `Commit ${sha.slice(0, 12)} is not the merge of a pull request into \`${run.defaultBranch}\`: nothing to promote.`,
    );
  }
  const pullRequest = found.value;
  const scope = environmentScope(run, projectNameOf(input.project, "manifest"));
  const environment = environmentName(scope, pullRequest.number);
  const promotedBy = String(run.runId);

  return withEnvironmentContext(inputs, scope, ports, async (ctx) => {
    const record = await ctx.registry.environment(environment);
    if (!record || record.status === "removed") {
      return refuse(
        `Pull request #${pullRequest.number} has no environment in the warehouse${record ? " any more" : ""}: nothing to promote.`,
      );
    }
    const base = { pullRequest, environment, promotedBy, promoted: [] as PromotedNode[] };
    const whole = {
      select: input.plan.select,
      exclude: input.plan.exclude,
      selectTerms: input.plan.select_terms,
      selectExact: input.plan.select_exact,
      selectExtra: input.plan.select_extra ?? [],
      buildCount: input.plan.summary.build,
    };
    if (!inputs.promote) {
      const note = "the `promote` input is false";
      log.info(`Pull request #${pullRequest.number} merged; ${note}: dbt builds the whole plan.`);
      return { ...base, ...whole, report: emptyReport(pullRequest, environment, "skipped", note) };
    }
    const decided = await planPromotion(ctx, {
      environment,
      plan: input.plan,
      project: input.project,
      prod: input.prod,
      sources: input.sources,
    });
    let result: PromotionResult;
    try {
      result = await promote(ctx, {
        plan: decided,
        mainPlan: input.plan,
        mainProject: input.project,
        promotedBy,
        retentionDays: inputs.retentionDays,
      });
    } catch (error) {
      const note = `the promotion failed and changed nothing: ${error instanceof Error ? error.message : String(error)}`;
      log.warning(`Pull request #${pullRequest.number}: ${note}. dbt builds the whole plan.`);
      return { ...base, ...whole, report: emptyReport(pullRequest, environment, "failed", note) };
    }
    const promotedIds = new Set(result.promoted.map((node) => node.unique_id));
    const report: PromotionReport = {
      pullRequest: pullRequest.number,
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
      buildCount: input.plan.summary.build - promotedIds.size,
    };
  });
}

function emptyReport(
  pullRequest: MergedPullRequest,
  environment: string,
  status: "skipped" | "failed",
  note: string,
): PromotionReport {
  return {
    pullRequest: pullRequest.number,
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

export function savePromotion(tempDir: string, promotion: MergePromotion): string {
  const file = path.join(tempDir, "ods-state", "promotion.json");
  writeFileSync(file, `${JSON.stringify(promotion, null, 2)}\n`);
  return file;
}

export function loadPromotion(file: string): MergePromotion | null {
  if (file === "") return null;
  try {
    return JSON.parse(readFileSync(file, "utf8")) as MergePromotion;
  } catch (error) {
    throw new UserError(
      "file_unreadable",
      `The main step's promotion record ${file} can't be read (${(error as Error).message}): the promoted nodes can't be recorded in prod state.`,
      {
        file,
        hint: "The main and post steps must run in the same job; the next run builds what this one promoted.",
      },
    );
  }
}

/**
 * After the default branch recorded its run, and in `command: janitor`: the
 * merged pull request's environment (when there was one) is dropped, since
 * what it built now lives in prod or was rebuilt; then the janitor removes
 * environments closed longer than the retention. Problems are warnings:
 * prod is recorded and fine, and the janitor tries again next time.
 */
export async function cleanUpEnvironments(
  inputs: ActionInputs,
  run: RunEnvironment,
  ports: Ports,
  input: { promotion: MergePromotion | null; prod: StateSnapshot | null; project: string },
): Promise<void> {
  const { log } = ports;
  const open = ports.pullRequests ? await ports.pullRequests.open() : null;
  if (open && !open.ok) log.warning(open.warning);
  try {
    await withEnvironmentContext(
      inputs,
      environmentScope(run, input.project),
      ports,
      async (ctx: EnvContext) => {
        if (input.promotion) {
          const name = input.promotion.environment;
          await closeEnvironment(ctx, { name, merged: true });
          const report = await cleanupEnvironment(ctx, { name, prod: input.prod });
          if (report.complete) log.info(`Environment ${name} dropped (${report.dropped.length} objects).`);
          else
            log.warning(
              `Environment ${name}: ${report.failed.length} object${report.failed.length === 1 ? "" : "s"} could not be dropped (${report.failed.map((f) => `${f.object}: ${f.error}`).join("; ")}); the janitor tries again.`,
            );
        }
        const janitor = await runJanitor(ctx, {
          retentionDays: inputs.retentionDays,
          ...(open?.ok ? { openPullRequests: open.value } : {}),
          prod: input.prod,
        });
        for (const name of janitor.marked_closed)
          log.info(`Janitor: ${name}'s pull request is closed; marked closed.`);
        for (const cleaned of janitor.environments) log.info(`Janitor: dropped ${cleaned.environment}.`);
        for (const expired of janitor.expired_promotions)
          log.info(
            `Janitor: promotion ${expired.id} past its retention; dropped ${expired.dropped.join(", ") || "nothing"}.`,
          );
        for (const problem of janitor.problems) log.warning(`Janitor: ${problem.object}: ${problem.error}`);
      },
    );
  } catch (error) {
    log.warning(
      `Cleaning up environments failed (${error instanceof Error ? error.message : String(error)}); prod's state is recorded, and the next default-branch run or \`ods-state env gc\` tries again.`,
    );
  }
}
