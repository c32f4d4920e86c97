/**
 * The lifecycle's ports on a GitHub runner: @actions/core (passed in by the
 * entry point, which is the only code that imports it), the state transport,
 * and Octokit for the plan comment. Works without a token or a cache service
 * (as `act` or a local run would): what can't be done is skipped with a
 * warning.
 */
import { Octokit } from "@octokit/rest";
import { type UpsertResult, upsertPlanComment } from "./comment-upsert.js";
import type { RunEnvironment } from "./event.js";
import type { PlanPageUploaded } from "./plan-page-upload.js";
import { type PullRequestLookups, pullRequestLookups } from "./pull-requests.js";
import type { RestoreResult } from "./state-transport/restore-request.js";
import type { SaveResult } from "./state-transport/save-request.js";
import { type WorkflowRunLookups, workflowRunLookups } from "./workflow-runs.js";

// The cache and artifact clients are large (about 50 MB in memory): loaded when a step restores or saves,
// not before the manifest is read, so that they don't add to the step's peak.
const restoring = () => import("./state-transport/restore-state.js");
const saving = () => import("./state-transport/save-state.js");
const uploadingPage = () => import("./plan-page-upload.js");

export interface RunnerLog {
  info(message: string): void;
  warning(message: string): void;
  debug(message: string): void;
}

export interface Outputs {
  set(name: string, value: string): void;
}

/** State handed from the main step to the post step (GITHUB_STATE). */
export interface StepState {
  save(name: string, value: string): void;
  get(name: string): string;
}

/** What the runner gives the action's steps (src/run/ports.ts adds the adapters the entry point opens). */
export interface RunnerPorts {
  log: RunnerLog;
  outputs: Outputs;
  /** Appends markdown to the job summary (GITHUB_STEP_SUMMARY); absent outside a runner. */
  summary: ((markdown: string) => Promise<void>) | null;
  stepState: StepState;
  /** Restores the state file; never throws for a service failure. */
  restore: (statePath: string, scope: { project: string; environment: string }) => Promise<RestoreResult>;
  /** Saves the state file (default-branch runs only). */
  save: (statePath: string, scope: { project: string; environment: string }) => Promise<SaveResult>;
  /**
   * Uploads the full plan's files (the HTML page, the plan file) under `root`
   * as the artifact `name`; never throws for a service failure. Absent where
   * the runner has no artifact service to upload to.
   */
  uploadPlanPage?: (name: string, root: string, files: string[]) => Promise<PlanPageUploaded>;
  /** Upserts the sticky plan comment; null when there is no token to write with. */
  upsertComment: ((pullRequest: number, project: string, body: string) => Promise<UpsertResult>) | null;
  /** Which pull request a commit merged, which are open; null when there is no token to ask with. */
  pullRequests: PullRequestLookups | null;
  /** The commit a workflow run built (the reference point's commit); absent or null without a token. */
  workflowRuns?: WorkflowRunLookups | null;
  /** A folder for the plan file and downloads (RUNNER_TEMP). */
  tempDir: string;
  now: () => Date;
}

/** The part of @actions/core the ports use. */
export interface CoreLike {
  info(message: string): void;
  warning(message: string): void;
  debug(message: string): void;
  setOutput(name: string, value: string): void;
  saveState(name: string, value: string): void;
  getState(name: string): string;
  summary: { addRaw(text: string, addEOL?: boolean): { write(): Promise<unknown> } };
}

export interface RunnerSettings {
  token: string;
  tempDir: string;
  /** GITHUB_STEP_SUMMARY is set. */
  hasSummary: boolean;
  retentionDays: number;
  /** The runner gives an artifact service (ACTIONS_RUNTIME_TOKEN and ACTIONS_RESULTS_URL are set). */
  hasArtifactService?: boolean;
}

export function runnerPorts(core: CoreLike, run: RunEnvironment, settings: RunnerSettings): RunnerPorts {
  const github =
    settings.token !== ""
      ? { token: settings.token, owner: run.repository.owner, repo: run.repository.repo, apiUrl: run.apiUrl }
      : undefined;
  const octokit = github
    ? new Octokit({ auth: github.token, baseUrl: github.apiUrl, log: quietLog(core) })
    : null;
  const branch = "branch" in run.event ? run.event.branch : null;
  return {
    log: {
      info: (m) => core.info(inertLines(m)),
      warning: (m) => core.warning(m),
      debug: (m) => core.debug(m),
    },
    outputs: { set: (name, value) => core.setOutput(name, value) },
    summary: settings.hasSummary
      ? async (markdown) => {
          await core.summary.addRaw(markdown, true).write();
        }
      : null,
    stepState: { save: (name, value) => core.saveState(name, value), get: (name) => core.getState(name) },
    restore: async (statePath, scope) =>
      (await restoring()).restoreState({
        statePath,
        project: scope.project,
        environment: scope.environment,
        defaultBranch: run.defaultBranch,
        tempDir: settings.tempDir,
        ...(github ? { github } : {}),
        clientLog: (line) => core.debug(line),
      }),
    save: async (statePath, scope) =>
      (await saving()).saveState({
        statePath,
        project: scope.project,
        environment: scope.environment,
        runId: run.runId,
        runAttempt: run.runAttempt,
        branch: branch ?? "",
        defaultBranch: run.defaultBranch,
        retentionDays: settings.retentionDays,
        clientLog: (line) => core.debug(line),
      }),
    ...(settings.hasArtifactService
      ? {
          uploadPlanPage: async (name: string, root: string, files: string[]) =>
            (await uploadingPage()).uploadPlanPage({
              name,
              root,
              files,
              retentionDays: settings.retentionDays,
              clientLog: (line) => core.debug(line),
            }),
        }
      : {}),
    upsertComment: octokit
      ? (pullRequest, project, body) =>
          upsertPlanComment(octokit, {
            owner: run.repository.owner,
            repo: run.repository.repo,
            pullRequest,
            project,
            body,
          })
      : null,
    pullRequests: octokit
      ? pullRequestLookups(octokit, { owner: run.repository.owner, repo: run.repository.repo })
      : null,
    workflowRuns: octokit
      ? workflowRunLookups(octokit, { owner: run.repository.owner, repo: run.repository.repo })
      : null,
    tempDir: settings.tempDir,
    now: () => new Date(),
  };
}

/**
 * core.info writes its text as it is, and the runner takes every line of a
 * step's output that starts (after white space) with `::` or `##[` as a
 * workflow command. A message carries names from the manifest, branches and
 * titles: a line of it that would start a command gets a zero-width space
 * first (not white space to the runner, invisible in the log).
 * core.warning and core.debug escape their text themselves.
 */
export function inertLines(message: string): string {
  return message.replace(/(^|\r\n|\r|\n)(\s*)(::|##\[)/g, "$1$2\u200b$3");
}

function quietLog(core: CoreLike) {
  return {
    debug: (message: string) => core.debug(message),
    info: (message: string) => core.debug(message),
    warn: (message: string) => core.debug(message),
    error: (message: string) => core.debug(message),
  };
}
