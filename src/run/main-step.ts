/**
 * The action's main step: decide what the run is, restore prod state, plan,
 * and tell the reviewer and the next step (outputs, job summary, the sticky
 * comment on pull requests). State is never written here, except by an
 * explicit `command: record`.
 */
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { makePlan } from "../app/plan/make-plan.js";
import type { MergePromotion } from "../app/promotion/merge-promotion.js";
import { reconcileWithRollbacks } from "../app/promotion/prod-rollbacks.js";
import { scopeOf } from "../app/scope.js";
import type { CommentContext } from "../comment/comment-context.js";
import { renderComment } from "../comment/render-comment.js";
import type { EnvironmentChange } from "../env/index.js";
import { UserError } from "../errors/user-error.js";
import type { ActionInputs } from "../github/action-inputs.js";
import type { RunEnvironment } from "../github/event.js";
import { describeSource } from "../github/state-transport/restore-source.js";
import { buildCommand } from "../planner/build-command.js";
import { SELECT_BOUNDS } from "../planner/selection-output/compact-selection.js";
import type { Plan } from "../state/plan.js";
import type { StateSnapshot } from "../state/snapshot.js";
import { VERSION } from "../version.js";
import { readProjectAt, readRunResultsAt, readSourcesAt } from "./artifacts.js";
import { decideMode, type Mode } from "./decide-mode.js";
import {
  closePullRequestEnvironment,
  createPullRequestEnvironment,
  environmentRefusal,
  environmentScope,
  projectNameFromDbtProject,
  warehouseRollbacks,
  warehouseRollbacksForRecord,
  withEnvironmentContext,
} from "./environment-step.js";
import type { Ports } from "./ports.js";
import { cleanUpEnvironments, promoteOnMerge, savePromotion } from "./promotion-step.js";
import { recordAndSave } from "./record-run.js";
import { openRestoredState } from "./restored-state.js";
import { mainStepSummary } from "./step-summary.js";

export interface MainStepResult {
  mode: Mode;
  plan: Plan | null;
}

export async function runMainStep(
  inputs: ActionInputs,
  run: RunEnvironment,
  ports: Ports,
): Promise<MainStepResult> {
  const { log } = ports;
  const { mode, why } = decideMode(run, inputs.command);
  log.info(`ods-state ${VERSION}: ${why}.`);
  ports.stepState.save("mode", mode);

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

  const project = readProjectAt(inputs.manifest, inputs.projectDir);
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
  const sources = readSourcesAt(inputs.sources);
  const isPullRequest = mode === "pr_plan";
  // A promotion rolled back in the warehouse is no longer prod's build, whatever the restored state says.
  const usesWarehouse =
    inputs.warehouse !== "" &&
    (mode === "default_branch" || (isPullRequest && environmentRefusal(inputs, run) === null));
  const rollbacks =
    usesWarehouse && state.latest ? await warehouseRollbacks(inputs, run, ports, scope.project) : [];
  const prod = state.latest ? reconcileWithRollbacks(state.latest.snapshot, rollbacks, ports) : null;
  const planWith = (baseline: StateSnapshot | null) =>
    makePlan(
      {
        project,
        scope,
        state: baseline && state.latest ? { id: state.latest.id, snapshot: baseline } : null,
        sources,
        select: inputs.select,
        exclude: inputs.exclude,
        targetName: isPullRequest ? "ci" : scope.environment,
        pointers: isPullRequest,
      },
      ports.now,
    );

  // A pull request's environment: planned over prod plus its own builds, then
  // created (schemas and pointer views) before dbt builds the rest into it.
  let result: Plan;
  let created: EnvironmentChange | null = null;
  const refusal = isPullRequest ? environmentRefusal(inputs, run) : "not a pull request";
  if (isPullRequest && refusal === null && run.event.kind === "pull_request") {
    const event = run.event;
    const envScope = environmentScope(run, scope.project);
    const outcome = await withEnvironmentContext(inputs, envScope, ports, (ctx) =>
      createPullRequestEnvironment(
        ctx,
        { project, prNumber: event.number, headSha: event.headSha, prod, planOver: planWith },
        ports,
      ),
    );
    result = outcome.plan;
    created = outcome.change;
  } else {
    if (isPullRequest && inputs.warehouse !== "") log.warning(`No environment: ${refusal}.`);
    result = planWith(prod);
  }

  // After a merge: promote what the merged pull request built, dbt builds the rest.
  let promotion: MergePromotion | null = null;
  if (mode === "default_branch" && inputs.warehouse !== "") {
    promotion = await promoteOnMerge(inputs, run, ports, {
      plan: result,
      project,
      prod,
      sources,
      required: inputs.command === "promote",
    });
  }

  const planPath = path.join(ports.tempDir, "ods-state", "plan.json");
  mkdirSync(path.dirname(planPath), { recursive: true });
  writeFileSync(planPath, `${JSON.stringify(result, null, 2)}\n`);
  const environment = created
    ? created.environment
    : run.event.kind === "pull_request"
      ? ""
      : scope.environment;
  setPlanOutputs(ports, result, planPath, state.found, environment, created?.schemas ?? []);
  log.info(
    `${result.scope}: ${result.summary.build} to build, ${result.summary.reuse} reused${result.build_command ? `: ${result.build_command}${exactNote(result)}` : "."}`,
  );
  if (!result.select_exact) log.warning(supersetWarning(result.select_extra?.length ?? 0, "plan", planPath));
  if (promotion) {
    const file = savePromotion(ports.tempDir, promotion);
    ports.stepState.save("promotion", file);
    ports.outputs.set("select", promotion.select);
    ports.outputs.set("exclude", promotion.exclude);
    ports.outputs.set("select-terms", String(promotion.selectTerms));
    ports.outputs.set("build-count", String(promotion.buildCount));
    ports.outputs.set("promoted-count", String(promotion.promoted.length));
    ports.outputs.set("promotion-path", file);
    if (promotion.promoted.length > 0) {
      log.info(
        promotion.select === ""
          ? "Everything to build was promoted: dbt has nothing to build."
          : `dbt builds the rest: ${buildCommand(promotion.select, promotion.exclude)} (${terms(promotion.selectTerms)}${promotion.selectExact ? ", exact" : ""}).`,
      );
      if (!promotion.selectExact)
        log.warning(supersetWarning(promotion.selectExtra.length, "promotion", file));
    }
  }

  // What the post step needs: where things are, and the run results that already existed.
  const previousResults = readRunResultsAt(inputs.runResults);
  ports.stepState.save("plan-path", planPath);
  // The manifest this plan was made from: dbt build rewrites target/manifest.json
  // with compiled code only for what it ran, and the environment's builds are
  // recorded against the code that was planned.
  const plannedManifest = path.join(ports.tempDir, "ods-state", "planned-manifest.json");
  copyFileSync(inputs.manifest, plannedManifest);
  ports.stepState.save("planned-manifest", plannedManifest);
  ports.stepState.save("scope", JSON.stringify(scope));
  ports.stepState.save("results-before", previousResults?.metadata.invocationId ?? "");

  const context = commentContext(run, result);
  if (created) context.environment = environmentBlock(created, result);
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
    log.info(
      "No job summary here (GITHUB_STEP_SUMMARY is not set): the plan is in the log and the plan file.",
    );

  if (isPullRequest && run.event.kind === "pull_request") {
    await upsertComment(inputs, run, ports, renderComment(result, context), result.project);
  }
  return { mode, plan: result };
}

export function commentContext(run: RunEnvironment, result: Plan): CommentContext {
  const repositoryUrl = `${run.serverUrl.replace(/\/+$/, "")}/${run.repository.owner}/${run.repository.repo}`;
  const context: CommentContext = {
    project: result.project,
    repositoryUrl,
    toolVersion: VERSION,
    links: { jobSummary: `${repositoryUrl}/actions/runs/${run.runId}` },
  };
  if (run.event.kind === "pull_request") {
    context.pullRequest = run.event.number;
    context.headSha = run.event.headSha;
  }
  return context;
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
  await withEnvironmentContext(inputs, environmentScope(run, project), ports, (ctx) =>
    closePullRequestEnvironment(ctx, { prNumber: event.number, merged: event.merged, prod }, ports),
  );
}

/**
 * The dbt project (the manifest's name, else dbt_project.yml's) and prod's state, restored, when the
 * manifest says which project it is; prod null otherwise (cleanup then relies on the registry).
 */
async function prodIfKnown(
  inputs: ActionInputs,
  ports: Ports,
): Promise<{ project: string | null; prod: StateSnapshot | null }> {
  if (!existsSync(inputs.manifest)) {
    ports.log.info(
      `No ${inputs.manifest}: the cleanup relies on the registry alone (it drops only what the environment created, never a schema that held prod relations when the environment was created).`,
    );
    return { project: projectNameFromDbtProject(inputs.projectDir), prod: null };
  }
  const project = readProjectAt(inputs.manifest, inputs.projectDir);
  const scope = scopeOf(project, inputs.environment, "manifest");
  const restored = await ports.restore(inputs.statePath, scope);
  for (const warning of restored.warnings) ports.log.warning(warning.message);
  const prod =
    (await openRestoredState(ports.stateFiles, inputs.statePath, scope, describeSource(restored.source)))
      .latest?.snapshot ?? null;
  return { project: scope.project, prod };
}

function terms(n: number): string {
  return `${n} selector term${n === 1 ? "" : "s"}`;
}

/** The plan's selection is exact: its size, after the command in the log line (issue 20). */
function exactNote(result: Plan): string {
  return result.select_exact ? ` (${terms(result.select_terms)}, exact)` : ` (${terms(result.select_terms)})`;
}

/**
 * Issue 20: a superset selection is never silent. No exact dbt selection fit
 * the bounds, so dbt runs more than planned (never less); the plan file (or
 * the promotion file) lists what it adds under `select_extra`.
 */
export function supersetWarning(extra: number, what: "plan" | "promotion", file: string): string {
  return `The selection runs ${extra} node${extra === 1 ? "" : "s"} and test${extra === 1 ? "" : "s"} beyond the ${what}: no exact dbt selection fits ${SELECT_BOUNDS.maxTerms} terms and ${SELECT_BOUNDS.maxChars.toLocaleString("en-US")} characters, so \`select\` runs a superset (more is built, never less). The ${what} file lists them under select_extra: ${file}`;
}

function setPlanOutputs(
  ports: Ports,
  result: Plan | null,
  planPath: string,
  stateFound: boolean,
  environment = "",
  schemas: string[] = [],
): void {
  ports.outputs.set("select", result?.select ?? "");
  ports.outputs.set("exclude", result?.exclude ?? "");
  ports.outputs.set("select-terms", String(result?.select_terms ?? 0));
  ports.outputs.set("build-count", String(result?.summary.build ?? 0));
  ports.outputs.set("reuse-count", String(result?.summary.reuse ?? 0));
  ports.outputs.set("plan-path", planPath);
  ports.outputs.set("state-found", String(stateFound));
  ports.outputs.set("environment", environment);
  ports.outputs.set("schemas", schemas.join(","));
  ports.outputs.set("promoted-count", "0");
  ports.outputs.set("promotion-path", "");
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
