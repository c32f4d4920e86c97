/**
 * The action's main step: decide what the run is, restore prod state, plan,
 * and tell the reviewer and the next step (outputs, job summary, the sticky
 * comment on pull requests). State is never written here, except by an
 * explicit `command: record`.
 */

import { janitorRun } from "../app/events/janitor-run.js";
import {
  defaultBranchPushed,
  type PlannedRun,
  planOnly,
  pullRequestOpened,
} from "../app/events/plan-the-run.js";
import { pullRequestClosed } from "../app/events/pull-request-closed.js";
import { recordCommand } from "../app/events/record-command.js";
import type { StepCounts } from "../app/events/step-counts.js";
import type { MergePromotion } from "../app/promotion/merge-promotion.js";
import type { BaseDescription, CommentContext } from "../comment/comment-context.js";
import { renderComment } from "../comment/render-comment.js";
import { UserError } from "../errors/user-error.js";
import type { ActionInputs } from "../github/action-inputs.js";
import type { RunEnvironment } from "../github/event.js";
import type { Plan } from "../state/plan.js";
import { VERSION } from "../version.js";
import { artifactFiles } from "./artifacts.js";
import { comparedBase, savingRun } from "./comment/compared-base.js";
import { diffAnchors } from "./comment/diff-anchors.js";
import { decideMode, type Mode } from "./decide-mode.js";
import { writeHandOff } from "./hand-off-file.js";
import { logPlan, setPlanOutputs, setPromotionOutputs, writePlanFile } from "./main-step/plan-outputs.js";
import { publishPlanPage } from "./main-step/plan-page.js";
import type { Ports } from "./ports.js";
import { mainStepSummary } from "./step-summary.js";

export interface MainStepResult {
  mode: Mode;
  plan: Plan | null;
  /** Manifest parses, plans and warehouse connections of this step (issue 38). */
  counts: StepCounts;
}

/**
 * Reads the inputs, decides the event (decide-mode.ts) and runs its use case
 * (src/app/events/): a closed pull request, the janitor and `command:
 * record` end there; the planning events' result is presented here: the
 * plan file, the outputs, the job summary, the pull request's comment, and
 * the hand-off to the post step (hand-off-file.ts).
 */
export async function runMainStep(
  inputs: ActionInputs,
  run: RunEnvironment,
  ports: Ports,
): Promise<MainStepResult> {
  const { log } = ports;
  const { mode, why } = decideMode(run, inputs.command);
  log.info(`ods-state ${VERSION}: ${why}.`);
  requireWarehouseInput(inputs, mode);
  const eventPorts = { ...ports, artifacts: artifactFiles };
  if (mode === "pr_closed" || mode === "janitor" || mode === "record") {
    const event = mode === "pr_closed" ? pullRequestClosed : mode === "janitor" ? janitorRun : recordCommand;
    const { counts } = await event(inputs, run, eventPorts);
    const stateFound = mode === "record" && ports.stateFiles.at(inputs.statePath).exists();
    setPlanOutputs(ports, null, "", stateFound);
    return { mode, plan: null, counts };
  }

  const planEvent =
    mode === "pr_plan" ? pullRequestOpened : mode === "default_branch" ? defaultBranchPushed : planOnly;
  const planned = await planEvent(inputs, run, eventPorts);
  const { plan: result, created, promotion, scope } = planned;
  const planPath = writePlanFile(ports, result);
  const environment = created
    ? created.environment
    : run.event.kind === "pull_request"
      ? ""
      : scope.environment;
  setPlanOutputs(ports, result, planPath, planned.stateFound, environment, created?.schemas ?? []);
  logPlan(ports, result, planPath);
  if (promotion) setPromotionOutputs(ports, promotion);
  const base = comparedBase(planned.restoredFrom, run, repositoryUrlOf(run));
  const savedBy = savingRun(planned.restoredFrom);
  if (savedBy !== null && ports.workflowRuns) base.commit = await ports.workflowRuns.headSha(savedBy);
  const htmlPage = await publishPlan(inputs, run, ports, {
    mode,
    result,
    created,
    promotion,
    planPath,
    base,
  });
  writeHandOff(ports, {
    mode: planned.mode,
    scope,
    plan: result,
    planPath,
    plannedKeys: planned.plannedKeys,
    resultsBefore: planned.resultsBefore,
    comparedBase: base,
    planPageUrl: htmlPage ?? null,
    promotion,
    dataDiffPlan: planned.dataDiffPlan,
  });
  return { mode, plan: result, counts: planned.counts };
}

/** `env-create`, `promote` and the janitor need the `warehouse` input. */
function requireWarehouseInput(inputs: ActionInputs, mode: Mode): void {
  const needsWarehouse =
    inputs.command === "env-create" || inputs.command === "promote" || mode === "janitor";
  if (needsWarehouse && inputs.warehouse === "") {
    throw new UserError(
      "input_invalid",
      `Input \`command\` is \`${inputs.command}\`, which needs the \`warehouse\` input (the connection to the warehouse the environments live in).`,
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a workflow expression, shown as text
      { input: "warehouse", hint: "Pass it from a secret: `warehouse: ${{ secrets.WAREHOUSE_URL }}`." },
    );
  }
}

/** The job summary (or a note that there is none), then, on a pull request, the sticky comment; returns the full plan page's link. */
async function publishPlan(
  inputs: ActionInputs,
  run: RunEnvironment,
  ports: Ports,
  planned: {
    mode: Mode;
    result: Plan;
    created: PlannedRun["created"];
    promotion: MergePromotion | null;
    planPath: string;
    base: BaseDescription;
  },
): Promise<string | undefined> {
  const { mode, result, created, promotion, planPath, base } = planned;
  const context = commentContext(run, result, { inputs, base });
  if (created) context.environment = environmentBlock(created, result);
  const htmlPage = await publishPlanPage(ports, run, result, planPath, context.repositoryUrl!);
  if (htmlPage) context.links = { ...context.links, htmlPage };
  if (ports.summary) {
    // Within GitHub's 1 MiB per step; the whole plan is in the plan file.
    await ports.summary(
      mainStepSummary(
        result,
        { ...context, links: { ...context.links, planFile: planPath } },
        promotion?.report ?? null,
      ),
    );
  } else
    ports.log.info(
      "No job summary here (GITHUB_STEP_SUMMARY is not set): the plan is in the log and the plan file.",
    );

  if (mode === "pr_plan" && run.event.kind === "pull_request") {
    await upsertComment(inputs, run, ports, renderComment(result, context), result.project);
  }
  return htmlPage;
}

/**
 * What the comment shows besides the plan. With the inputs, the changed
 * nodes link to their files in the pull request's diff; with the compared
 * state's description (comment/compared-base.ts), the reference point links
 * to the run that saved it.
 */
export function commentContext(
  run: RunEnvironment,
  result: Plan,
  extras: { inputs?: Pick<ActionInputs, "workspace" | "projectDir">; base?: BaseDescription } = {},
): CommentContext {
  const repositoryUrl = repositoryUrlOf(run);
  const context: CommentContext = {
    project: result.project,
    repositoryUrl,
    toolVersion: VERSION,
    links: { jobSummary: `${repositoryUrl}/actions/runs/${run.runId}` },
  };
  if (extras.base) context.base = extras.base;
  if (run.event.kind === "pull_request") {
    context.pullRequest = run.event.number;
    context.headSha = run.event.headSha;
    if (extras.inputs)
      context.diffAnchors = diffAnchors(result, extras.inputs.workspace, extras.inputs.projectDir);
  }
  return context;
}

function repositoryUrlOf(run: RunEnvironment): string {
  return `${run.serverUrl.replace(/\/+$/, "")}/${run.repository.owner}/${run.repository.repo}`;
}

export async function upsertComment(
  inputs: ActionInputs,
  run: RunEnvironment,
  ports: Ports,
  body: string,
  project: string,
): Promise<void> {
  if (run.event.kind !== "pull_request") return;
  const { log } = ports;
  if (!inputs.comment) {
    log.info("Input `comment` is false: the plan is in the job summary only.");
    return;
  }
  if (run.event.fork || run.event.target) {
    log.warning(
      `Pull request #${run.event.number} comes from a fork${run.event.target ? " (pull_request_target)" : ""}: its token can't be trusted to write, so the plan is in the job summary only.`,
    );
    return;
  }
  if (!ports.upsertComment) {
    log.warning("No `github-token`: the plan comment was skipped; the plan is in the job summary.");
    return;
  }
  const result = await ports.upsertComment(run.event.number, project, body);
  if (result.ok) log.info(`Plan comment ${result.action}: ${result.url}`);
  else log.warning(result.warning);
}

function environmentBlock(
  change: NonNullable<PlannedRun["created"]>,
  result: Plan,
): NonNullable<CommentContext["environment"]> {
  const built = result.entries.filter((entry) => entry.action === "BUILD");
  const reused = result.entries.filter((entry) => entry.action === "REUSE");
  const example = built.find((entry) => entry.materialized === "table") ?? built[0] ?? reused[0];
  return {
    name: change.environment,
    schemas: change.schemas,
    builtHere: built.map((entry) => entry.unique_id),
    readsProd: reused.map((entry) => entry.unique_id),
    ...(example
      ? { exampleQuery: `select * from ${example.relation.schema}.${example.relation.identifier} limit 10` }
      : {}),
  };
}
