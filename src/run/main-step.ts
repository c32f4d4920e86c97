/**
 * The action's main step: decide what the run is, restore prod state, plan,
 * and tell the reviewer and the next step (outputs, job summary, the sticky
 * comment on pull requests). State is never written here, except by an
 * explicit `command: record`.
 */
import type { MergePromotion } from "../app/promotion/merge-promotion.js";
import { scopeOf } from "../app/scope.js";
import type { BaseDescription, CommentContext } from "../comment/comment-context.js";
import { renderComment } from "../comment/render-comment.js";
import type { EnvironmentChange } from "../environment/index.js";
import { UserError } from "../errors/user-error.js";
import type { ActionInputs } from "../github/action-inputs.js";
import type { RunEnvironment } from "../github/event.js";
import { describeSource } from "../github/state-transport/restore-source.js";
import type { Plan } from "../state/plan.js";
import { VERSION } from "../version.js";
import { readProjectAt, readSourcesAt } from "./artifacts.js";
import { comparedBase, savingRun } from "./comment/compared-base.js";
import { diffAnchors } from "./comment/diff-anchors.js";
import { decideMode, type Mode } from "./decide-mode.js";
import {
  closePullRequestEnvironment,
  environmentRefusal,
  environmentScope,
  warehouseRollbacksForRecord,
  withEnvironmentContext,
} from "./environment-step.js";
import { logPlan, setPlanOutputs, setPromotionOutputs } from "./main-step/plan-outputs.js";
import { publishPlanPage } from "./main-step/plan-page.js";
import {
  planOrCreateEnvironment,
  prodAfterRollbacks,
  type RunToPlan,
  startLoadingSqlParser,
} from "./main-step/plan-the-run.js";
import { handOffToPostStep, writePlanFile } from "./main-step/post-step-hand-off.js";
import { prodIfKnown } from "./main-step/prod-if-known.js";
import type { Ports } from "./ports.js";
import { cleanUpEnvironments, promoteOnMerge } from "./promotion-step.js";
import { recordAndSave } from "./record-run.js";
import { openRestoredState } from "./restored-state.js";
import { mainStepSummary } from "./step-summary.js";

export interface MainStepResult {
  mode: Mode;
  plan: Plan | null;
}

/**
 * The steps, in order: decide the mode (a closed pull request and the
 * janitor end there), restore prod state (`command: record` ends there),
 * plan (main-step/plan-the-run.ts), promote after a merge, then the plan
 * file, the outputs, the hand-off to the post step (main-step/), the job
 * summary and the pull request's comment.
 */
export async function runMainStep(
  inputs: ActionInputs,
  run: RunEnvironment,
  ports: Ports,
): Promise<MainStepResult> {
  const { log } = ports;
  const { mode, why } = decideMode(run, inputs.command);
  log.info(`ods-state ${VERSION}: ${why}.`);
  ports.stepState.save("mode", mode);
  requireWarehouseInput(inputs, mode);
  if (mode === "pr_closed") {
    await closePullRequest(inputs, run, ports);
    setPlanOutputs(ports, null, "", false);
    return { mode, plan: null };
  }
  if (mode === "janitor") {
    await runJanitorStep(inputs, run, ports);
    setPlanOutputs(ports, null, "", false);
    return { mode, plan: null };
  }

  // Column impact: the SQL parser's process starts loading now, while the manifest is read and the state
  // restored; a step that turns out to have nothing to analyse leaves it unused (it exits with the step).
  const parser = inputs.columnImpact ? ports.loadSqlParser() : null;
  if (parser) ports = { ...ports, loadSqlParser: () => parser };
  const project = readProjectAt(inputs.manifest, inputs.projectDir, inputs.buildEnv);
  const scope = scopeOf(project, inputs.environment, "manifest");
  const restored = await ports.restore(inputs.statePath, scope);
  for (const note of restored.notes) log.info(note);
  for (const warning of restored.warnings) log.warning(warning.message);
  if (mode === "record") {
    await recordAndSave(inputs, run, ports, scope, describeSource(restored.source), "", {
      promotion: null,
      rollbacks: await warehouseRollbacksForRecord(inputs, run, ports, scope.project),
    });
    setPlanOutputs(ports, null, "", ports.stateFiles.at(inputs.statePath).exists());
    return { mode, plan: null };
  }

  const state = await openRestoredState(
    ports.stateFiles,
    inputs.statePath,
    scope,
    describeSource(restored.source),
  );
  const planning: RunToPlan = {
    mode,
    project,
    scope,
    state,
    sources: readSourcesAt(inputs.sources),
    sqlParser: startLoadingSqlParser(inputs, ports, state, project, mode === "pr_plan"),
  };
  const prod = await prodAfterRollbacks(inputs, run, ports, planning);
  const { result, created } = await planOrCreateEnvironment(inputs, run, ports, planning, prod);

  // After a merge: promote what the merged pull request built, dbt builds the rest.
  let promotion: MergePromotion | null = null;
  if (mode === "default_branch" && inputs.warehouse !== "") {
    promotion = await promoteOnMerge(inputs, run, ports, {
      plan: result,
      project,
      prod,
      sources: planning.sources,
      required: inputs.command === "promote",
    });
  }

  const planPath = writePlanFile(ports, result);
  const environment = created
    ? created.environment
    : run.event.kind === "pull_request"
      ? ""
      : scope.environment;
  setPlanOutputs(ports, result, planPath, state.found, environment, created?.schemas ?? []);
  logPlan(ports, result, planPath);
  if (promotion) setPromotionOutputs(ports, promotion);
  const base = comparedBase(restored.source, run, repositoryUrlOf(run));
  const savedBy = savingRun(restored.source);
  if (savedBy !== null && ports.workflowRuns) base.commit = await ports.workflowRuns.headSha(savedBy);
  handOffToPostStep(inputs, ports, scope, planPath, base);
  await publishPlan(inputs, run, ports, { mode, result, created, promotion, planPath, base });
  return { mode, plan: result };
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

/** The job summary (or a note that there is none), then, on a pull request, the sticky comment. */
async function publishPlan(
  inputs: ActionInputs,
  run: RunEnvironment,
  ports: Ports,
  planned: {
    mode: Mode;
    result: Plan;
    created: EnvironmentChange | null;
    promotion: MergePromotion | null;
    planPath: string;
    base: BaseDescription;
  },
): Promise<void> {
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

/** The compared state's description the main step handed to the post step (empty when none). */
export function handedOffBase(text: string): BaseDescription | undefined {
  if (text === "") return undefined;
  try {
    const value = JSON.parse(text) as BaseDescription;
    return typeof value === "object" && value !== null ? value : undefined;
  } catch {
    return undefined;
  }
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
  change: EnvironmentChange,
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

async function closePullRequest(inputs: ActionInputs, run: RunEnvironment, ports: Ports): Promise<void> {
  const refusal = environmentRefusal(inputs, run);
  if (refusal !== null || run.event.kind !== "pull_request") {
    ports.log.info(`Nothing to do for a closed pull request (${refusal ?? "no pull request"}).`);
    return;
  }
  const event = run.event;
  const { project, prod } = await prodIfKnown(inputs, ports);
  if (project === null) {
    ports.log.warning(
      `No ${inputs.manifest} and no dbt_project.yml with a name in ${inputs.projectDir}: the dbt project is unknown, so the environment (an environment is its repository's and project's) is not dropped now. The janitor drops it after the retention once its pull request is closed.`,
    );
    return;
  }
  await withEnvironmentContext(
    inputs,
    environmentScope(run, project),
    ports,
    (ctx) => closePullRequestEnvironment(ctx, { prNumber: event.number, merged: event.merged, prod }, ports),
    run,
  );
}

/** `command: janitor` (a scheduled job): environments closed past the retention, replaced tables past it. */
async function runJanitorStep(inputs: ActionInputs, run: RunEnvironment, ports: Ports): Promise<void> {
  const { project, prod } = await prodIfKnown(inputs, ports);
  if (project === null) {
    // The janitor acts on its repository's and project's environments only: without the project, on none.
    throw new UserError(
      "input_invalid",
      `The janitor needs the dbt project, to act only on its environments: there is no ${inputs.manifest} and no dbt_project.yml with a name in ${inputs.projectDir}.`,
      {
        input: "manifest",
        hint: "Run `dbt parse` before the action (it writes target/manifest.json), or set `project-dir`.",
      },
    );
  }
  await cleanUpEnvironments(inputs, run, ports, { promotion: null, prod, project });
}
