/**
 * The action's post step (job end, when the job succeeded): on the default
 * branch, record the job's dbt run and save state, then (with a warehouse)
 * clean up environments and repair the pointer views of open ones that the
 * run's dbt build dropped; on a pull request, record the environment's
 * builds, compare what the change did to the data with prod, and put dbt's
 * outcome and the data diff into the plan comment. The use cases are
 * src/app/events/default-branch-built.ts and pull-request-built.ts; this
 * step reads the main step's hand-off and presents what they return.
 */
import { type DefaultBranchBuilt, defaultBranchBuilt } from "../app/events/default-branch-built.js";
import { pullRequestBuilt } from "../app/events/pull-request-built.js";
import { repairSummaryLine } from "../app/events/repair-open-environments.js";
import { noCounts, type StepCounts } from "../app/events/step-counts.js";
import type { CommentContext } from "../comment/comment-context.js";
import { renderComment } from "../comment/render-comment.js";
import type { RunResults } from "../dbt/artifacts/run-results.js";
import type { ActionInputs } from "../github/action-inputs.js";
import type { RunEnvironment } from "../github/event.js";
import { artifactFiles } from "./artifacts.js";
import { readHandOff } from "./hand-off-file.js";
import { commentContext, upsertComment } from "./main-step.js";
import type { Ports } from "./ports.js";
import { postStepSummary } from "./step-summary.js";

/** What the post step did that a caller (or a test) reads. */
export interface PostStepResult {
  /** Default branch with a warehouse: the repair of open environments' pointer views (null when it could not run). */
  repair: DefaultBranchBuilt["repair"];
  /** Manifest parses, plans and warehouse connections of this step (issue 38). */
  counts: StepCounts;
}

/**
 * Reads the main step's hand-off (validated: hand-off-file.ts) and runs the
 * event's use case for after dbt built (src/app/events/), then presents it:
 * the job summary and, on a pull request, the plan comment with dbt's outcome
 * and the data diff, over the plan the main step made (none is made here).
 */
export async function runPostStep(
  inputs: ActionInputs,
  run: RunEnvironment,
  ports: Ports,
): Promise<PostStepResult> {
  const handOff = readHandOff(ports);
  if (handOff === null) {
    ports.log.info("ods-state post step: the main step did not plan, nothing to do.");
    return { repair: null, counts: noCounts() };
  }
  const eventPorts = { ...ports, artifacts: artifactFiles };
  const { scope } = handOff;
  if (handOff.mode === "default_branch") {
    const done = await defaultBranchBuilt(inputs, run, eventPorts, {
      scope,
      promotion: handOff.promotion,
      resultsBefore: handOff.resultsBefore,
    });
    if (ports.summary) {
      await ports.summary(`\n**ods-state:** ${done.record.message}\n`);
      const repaired = done.repair ? repairSummaryLine(done.repair) : null;
      if (repaired !== null) await ports.summary(repaired);
    }
    return { repair: done.repair, counts: done.counts };
  }
  if (handOff.mode !== "pr_plan" || run.event.kind !== "pull_request")
    return { repair: null, counts: noCounts() };
  const built = await pullRequestBuilt(inputs, run, eventPorts, {
    scope,
    // A pull request's hand-off always has them (parseHandOff refuses one without).
    plannedKeys: handOff.plannedKeys!,
    resultsBefore: handOff.resultsBefore,
    dataDiffPlan: handOff.dataDiffPlan,
  });
  if (built.runResults === null) return { repair: null, counts: built.counts };
  const { plan, planPath } = handOff;
  const context: CommentContext = {
    ...commentContext(run, plan, { inputs, base: handOff.comparedBase }),
    outcome: outcomeOf(built.runResults),
    ...(built.dataDiff ? { dataDiff: built.dataDiff } : {}),
  };
  if (handOff.planPageUrl !== null) context.links = { ...context.links, htmlPage: handOff.planPageUrl };
  if (ports.summary)
    await ports.summary(
      postStepSummary(plan, { ...context, links: { ...context.links, planFile: planPath } }),
    );
  await upsertComment(inputs, run, ports, renderComment(plan, context), plan.project);
  return { repair: null, counts: built.counts };
}

function outcomeOf(results: RunResults): NonNullable<CommentContext["outcome"]> {
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
