/**
 * The action's main step: decide what the run is, restore prod state, plan,
 * and tell the reviewer and the next step (outputs, job summary, the sticky
 * comment on pull requests). State is never written here, except by an
 * explicit `command: record`.
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { CommentContext } from "../comment/comment-context.js";
import { renderComment, renderJobSummary } from "../comment/render-comment.js";
import type { ActionInputs } from "../github/action-inputs.js";
import type { RunEnvironment } from "../github/event.js";
import { describeSource } from "../github/state-transport.js";
import { plan } from "../planner/plan.js";
import type { Plan } from "../state/plan.js";
import type { Scope } from "../state/scope.js";
import { VERSION } from "../version.js";
import { readProjectAt, readRunResultsAt, readSourcesAt } from "./artifacts.js";
import { decideMode, type Mode } from "./decide-mode.js";
import type { Ports } from "./ports.js";
import { recordAndSave } from "./record-run.js";
import { openRestoredState } from "./restored-state.js";

export const DEFAULT_ENVIRONMENT = "prod";

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

  if (mode === "pr_closed") {
    log.info("Nothing to plan for a closed pull request.");
    setPlanOutputs(ports, null, "", false);
    return { mode, plan: null };
  }

  const project = readProjectAt(inputs.manifest);
  const scope: Scope = {
    project: scopeProject(project.manifest.metadata.projectName, inputs.manifest),
    environment: inputs.environment ?? DEFAULT_ENVIRONMENT,
  };

  const restored = await ports.restore(inputs.statePath, scope);
  for (const note of restored.notes) log.info(note);
  for (const warning of restored.warnings) log.warning(warning.message);

  if (mode === "record") {
    await recordAndSave(inputs, run, ports, scope, describeSource(restored.source));
    setPlanOutputs(ports, null, "", existsSync(inputs.statePath));
    return { mode, plan: null };
  }

  const state = await openRestoredState(inputs, scope, describeSource(restored.source));
  const sources = readSourcesAt(inputs.sources);
  const isPullRequest = mode === "pr_plan";
  const result = plan({
    project,
    scope,
    state: state.latest ? { id: state.latest.id, snapshot: state.latest.snapshot } : null,
    sources,
    select: inputs.select,
    now: ports.now().toISOString(),
    target: {
      name: isPullRequest ? "ci" : scope.environment,
      adapter_type: project.manifest.metadata.adapterType ?? "unknown",
    },
    pointers: isPullRequest,
  });

  const planPath = path.join(ports.tempDir, "ods-state", "plan.json");
  mkdirSync(path.dirname(planPath), { recursive: true });
  writeFileSync(planPath, `${JSON.stringify(result, null, 2)}\n`);
  const environment = run.event.kind === "pull_request" ? `pr-${run.event.number}` : scope.environment;
  setPlanOutputs(ports, result, planPath, state.found, environment);
  log.info(
    `${result.scope}: ${result.summary.build} to build, ${result.summary.reuse} reused${result.build_command ? `: ${result.build_command}` : "."}`,
  );

  // What the post step needs: where things are, and the run results that already existed.
  const previousResults = readRunResultsAt(inputs.runResults);
  ports.stepState.save("plan-path", planPath);
  ports.stepState.save("scope", JSON.stringify(scope));
  ports.stepState.save("results-before", previousResults?.metadata.invocationId ?? "");

  const context = commentContext(run, result);
  if (ports.summary) await ports.summary(renderJobSummary(result, context));
  else
    log.info(
      "No job summary here (GITHUB_STEP_SUMMARY is not set): the plan is in the log and the plan file.",
    );

  if (isPullRequest && run.event.kind === "pull_request") {
    await upsertComment(inputs, run, ports, renderComment(result, context), result.project);
  }
  return { mode, plan: result };
}

function scopeProject(name: string | null, file: string): string {
  if (name) return name;
  throw new Error(`unreachable: ${file} has no project name`);
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

function setPlanOutputs(
  ports: Ports,
  result: Plan | null,
  planPath: string,
  stateFound: boolean,
  environment = "",
): void {
  ports.outputs.set("select", result?.select ?? "");
  ports.outputs.set("build-count", String(result?.summary.build ?? 0));
  ports.outputs.set("reuse-count", String(result?.summary.reuse ?? 0));
  ports.outputs.set("plan-path", planPath);
  ports.outputs.set("state-found", String(stateFound));
  ports.outputs.set("environment", environment);
  ports.outputs.set("schemas", "");
}
