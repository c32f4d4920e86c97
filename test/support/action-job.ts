/**
 * The action's job in the test's own process: the runner's variables and the
 * event's payload read as src/github/event.ts reads them, the inputs as
 * src/github/action-inputs.ts reads them, the runner's ports over a recording
 * core (recording-core.ts), and the main and post steps sharing them as a
 * job's two steps share GITHUB_STATE. One harness for every test that drives
 * the steps in-process (test/run/, test/env/connection.int.test.ts); the
 * bundles run as the runner runs them are run-dist.ts's.
 *
 * The repository is acme/shop (id 700100), its default branch main.
 */
import { readActionInputs } from "../../src/github/action-inputs.js";
import { type RunEnvironment, readRunEnvironment } from "../../src/github/event.js";
import type { RunnerSettings } from "../../src/github/runner-ports.js";
import { runMainStep } from "../../src/run/main-step.js";
import type { Ports } from "../../src/run/ports.js";
import { runPostStep } from "../../src/run/post-step.js";
import { type RecordingCore, recordedRunnerPorts } from "./recording-core.js";

export const REPOSITORY = { owner: "acme", name: "shop", fullName: "acme/shop", id: "700100" } as const;

/** What GITHUB_EVENT_NAME, GITHUB_REF, GITHUB_SHA and the event's payload say. */
export interface JobEvent {
  name: string;
  ref: string;
  sha?: string;
  payload: Record<string, unknown>;
}

/** The payload's `repository` of acme/shop; `identity` adds its id and creation time as GitHub sends them. */
export function repositoryPayload(identity = false): Record<string, unknown> {
  return {
    default_branch: "main",
    full_name: REPOSITORY.fullName,
    ...(identity ? { id: Number(REPOSITORY.id), created_at: "2019-01-01T00:00:00Z" } : {}),
  };
}

/** A `pull_request` event on pull request `number` (7) of acme/shop, from a branch of the same repository. */
export function pullRequestEvent(
  action: string,
  options: { headSha: string; headRef?: string; merged?: boolean; number?: number; sha?: string },
): JobEvent {
  const number = options.number ?? 7;
  return {
    name: "pull_request",
    ref: `refs/pull/${number}/merge`,
    ...(options.sha === undefined ? {} : { sha: options.sha }),
    payload: {
      action,
      number,
      repository: repositoryPayload(),
      pull_request: {
        number,
        merged: options.merged === true,
        head: {
          sha: options.headSha,
          ref: options.headRef ?? "returns",
          repo: { full_name: REPOSITORY.fullName },
        },
      },
    },
  };
}

/** A `push` to main: with `sha`, the payload's `after` and GITHUB_SHA say which commit. */
export function pushEvent(sha?: string): JobEvent {
  const ref = "refs/heads/main";
  if (sha === undefined) return { name: "push", ref, payload: { repository: { default_branch: "main" } } };
  return { name: "push", ref, sha, payload: { ref, after: sha, repository: { default_branch: "main" } } };
}

export interface JobOptions {
  /** GITHUB_WORKSPACE: the inputs' paths are relative to it. */
  workspace: string;
  event: JobEvent;
  /** RUNNER_TEMP. */
  tempDir: string;
  /** The step's inputs by name (`with:`); any other is empty, as on a runner (`github-token`: the token). */
  inputs?: Record<string, string> | ((name: string) => string | undefined);
  runId?: number | string;
  /** GITHUB_API_URL (the local GitHub services'). */
  apiUrl?: string;
  /** The `github-token` input and the ports' token (none when absent). */
  token?: string;
  /** GITHUB_STEP_SUMMARY exists (true on github.com). */
  hasSummary?: boolean;
  /** Further runner variables, over these (the local services' ACTIONS_* and GITHUB_* of a run). */
  variables?: Record<string, string>;
  /** Further runner settings (an artifact service, retention). */
  settings?: Partial<RunnerSettings>;
}

export interface ActionJob {
  runId: string;
  inputs: ReturnType<typeof readActionInputs>;
  run: RunEnvironment;
  recorder: RecordingCore;
  ports: Ports;
  main(): ReturnType<typeof runMainStep>;
  post(): ReturnType<typeof runPostStep>;
}

/** The runner's variables of one job, as the runner sets them. */
export function runnerVariables(options: JobOptions): Record<string, string> {
  const { event } = options;
  return {
    GITHUB_EVENT_NAME: event.name,
    GITHUB_REPOSITORY: REPOSITORY.fullName,
    GITHUB_REPOSITORY_ID: REPOSITORY.id,
    GITHUB_REF: event.ref,
    GITHUB_RUN_ID: String(options.runId ?? 1),
    ...(event.sha === undefined ? {} : { GITHUB_SHA: event.sha }),
    ...(options.apiUrl === undefined ? {} : { GITHUB_API_URL: options.apiUrl }),
    ...options.variables,
  };
}

/** One job of the action: its inputs, run and ports, and its two steps over them. */
export function actionJob(options: JobOptions): ActionJob {
  const given = options.inputs ?? {};
  const input = typeof given === "function" ? given : (name: string) => given[name];
  const token = options.token ?? "";
  const inputs = readActionInputs(
    (name) => input(name) ?? (name === "github-token" ? token : ""),
    options.workspace,
    undefined,
  );
  const run = readRunEnvironment(runnerVariables(options), options.event.payload);
  const { recorder, ports } = recordedRunnerPorts(run, {
    ...options.settings,
    token,
    tempDir: options.tempDir,
    hasSummary: options.hasSummary ?? true,
  });
  return {
    runId: String(options.runId ?? 1),
    inputs,
    run,
    recorder,
    ports,
    main: () => runMainStep(inputs, run, ports),
    post: () => runPostStep(inputs, run, ports),
  };
}
