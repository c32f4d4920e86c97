/**
 * The action's post step (job end, when the job succeeded): on the default
 * branch, record the job's dbt run and save state, then (with a warehouse)
 * clean up environments and repair the pointer views of open ones that the
 * run's dbt build dropped; on a pull request, record the environment's
 * builds, compare what the change did to the data with prod (data-diff-step.ts)
 * and put dbt's outcome and the data diff into the plan comment.
 */
import { existsSync, readFileSync } from "node:fs";
import type { CommentContext } from "../comment/comment-context.js";
import { renderComment } from "../comment/render-comment.js";
import type { RepairReport } from "../environment/index.js";
import type { ActionInputs } from "../github/action-inputs.js";
import type { RunEnvironment } from "../github/event.js";
import type { DataDiffReport } from "../state/data-diff.js";
import type { Plan } from "../state/plan.js";
import type { Scope } from "../state/scope.js";
import { readProjectAt, readRunResultsAt, readSourcesAt } from "./artifacts.js";
import { pullRequestDataDiff } from "./data-diff-step.js";
import type { Mode } from "./decide-mode.js";
import {
  environmentRefusal,
  environmentScope,
  recordPullRequestBuilds,
  warehouseRollbacksForRecord,
  withEnvironmentContext,
} from "./environment-step.js";
import { PLAN_PAGE_STATE } from "./main-step/plan-page.js";
import { commentContext, handedOffBase, upsertComment } from "./main-step.js";
import type { Ports } from "./ports.js";
import { cleanUpEnvironments, loadPromotion } from "./promotion-step.js";
import { recordAndSave } from "./record-run.js";
import { repairOpenEnvironments } from "./repair-step.js";
import { postStepSummary } from "./step-summary.js";

/** What the post step did that a caller (or a test) reads. */
export interface PostStepResult {
  /** Default branch with a warehouse: the repair of open environments' pointer views (null when it could not run). */
  repair: RepairReport | null;
}

export async function runPostStep(
  inputs: ActionInputs,
  run: RunEnvironment,
  ports: Ports,
): Promise<PostStepResult> {
  const result: PostStepResult = { repair: null };
  const mode = ports.stepState.get("mode") as Mode | "";
  const planPath = ports.stepState.get("plan-path");
  const scopeText = ports.stepState.get("scope");
  const resultsBefore = ports.stepState.get("results-before");
  if (mode === "" || planPath === "" || scopeText === "") {
    ports.log.info("ods-state post step: the main step did not plan, nothing to do.");
    return result;
  }
  const scope = JSON.parse(scopeText) as Scope;
  if (mode === "default_branch") {
    const promotion = loadPromotion(ports.stepState.get("promotion"));
    // A promotion rolled back in the warehouse since the state was saved is not prod's build any more.
    const rollbacks = await warehouseRollbacksForRecord(inputs, run, ports, scope.project);
    const summary = await recordAndSave(inputs, run, ports, scope, "this job's restore", resultsBefore, {
      promotion,
      rollbacks,
    });
    if (ports.summary) await ports.summary(`\n**ods-state:** ${summary.message}\n`);
    if (inputs.warehouse !== "") {
      await cleanUpEnvironments(inputs, run, ports, {
        promotion,
        prod: summary.snapshot,
        project: scope.project,
      });
      result.repair = await repairOpenEnvironments(inputs, run, ports, scope.project, summary.snapshot);
    }
    return result;
  }
  if (mode === "pr_plan" && run.event.kind === "pull_request") {
    const results = readRunResultsAt(inputs.runResults);
    if (!results || results.metadata.invocationId === resultsBefore) {
      ports.log.info("No new dbt run results: the plan comment stays as it is.");
      return result;
    }
    let dataDiff: DataDiffReport | null = null;
    if (environmentRefusal(inputs, run) === null) {
      const event = run.event;
      const planned = ports.stepState.get("planned-manifest");
      const buildProject = readProjectAt(inputs.manifest, inputs.projectDir, inputs.buildEnv);
      // Without the main step's copy, the plan was made from the manifest dbt left: read it once.
      const project =
        planned !== "" && existsSync(planned)
          ? readProjectAt(planned, inputs.projectDir, inputs.buildEnv)
          : buildProject;
      const sources = readSourcesAt(inputs.sources);
      await withEnvironmentContext(
        inputs,
        environmentScope(run, scope.project),
        ports,
        (ctx) =>
          recordPullRequestBuilds(
            ctx,
            {
              prNumber: event.number,
              project,
              buildProject,
              runResults: results,
              sources,
              columnImpact: inputs.columnImpact,
            },
            ports,
          ),
        run,
      );
      dataDiff = await pullRequestDataDiff(inputs, run, ports, { scope, project, sources });
    }
    const plan = JSON.parse(readFileSync(planPath, "utf8")) as Plan;
    const base = handedOffBase(ports.stepState.get("compared-base"));
    const context: CommentContext = {
      ...commentContext(run, plan, { inputs, ...(base ? { base } : {}) }),
      outcome: outcomeOf(results),
      ...(dataDiff ? { dataDiff } : {}),
    };
    const htmlPage = ports.stepState.get(PLAN_PAGE_STATE);
    if (htmlPage !== "") context.links = { ...context.links, htmlPage };
    if (ports.summary)
      await ports.summary(
        postStepSummary(plan, { ...context, links: { ...context.links, planFile: planPath } }),
      );
    await upsertComment(inputs, run, ports, renderComment(plan, context), plan.project);
  }
  return result;
}

function outcomeOf(
  results: NonNullable<ReturnType<typeof readRunResultsAt>>,
): NonNullable<CommentContext["outcome"]> {
  const nodes: NonNullable<CommentContext["outcome"]>["nodes"] = {};
  for (const result of results.results) {
    const status =
      result.status === "success"
        ? "built"
        : result.status === "skipped"
          ? "skipped"
          : result.status === "error"
            ? "failed"
            : null;
    if (status === null) continue;
    nodes[result.uniqueId] = {
      status,
      ...(result.executionTime !== null ? { duration_s: result.executionTime } : {}),
      ...(result.message && status === "failed" ? { message: result.message } : {}),
    };
  }
  return { nodes, ...(results.elapsedTime !== null ? { total_duration_s: results.elapsedTime } : {}) };
}
