/**
 * What the workflow run is, from GitHub's environment and event payload:
 * which event, which pull request, whether it comes from a fork, which branch
 * is the default one. Pure: the entry point reads the variables and the
 * payload file and passes them in.
 */
import { UserError } from "../errors/user-error.js";

export type EventKind =
  | {
      kind: "pull_request";
      action: string;
      number: number;
      headSha: string;
      merged: boolean;
      fork: boolean;
      target: boolean;
      title: string;
      headRef: string;
    }
  | { kind: "push"; branch: string | null; sha: string }
  | { kind: "schedule" | "workflow_dispatch"; branch: string | null; sha: string }
  | { kind: "other"; name: string; branch: string | null; sha: string };

export interface RunEnvironment {
  eventName: string;
  repository: { owner: string; repo: string };
  defaultBranch: string;
  ref: string;
  sha: string;
  runId: number;
  runAttempt: number;
  serverUrl: string;
  apiUrl: string;
  event: EventKind;
}

type Json = Record<string, unknown>;

function record(value: unknown): Json {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Json) : {};
}

function branchOf(ref: string): string | null {
  return ref.startsWith("refs/heads/") ? ref.slice("refs/heads/".length) : null;
}

export interface RunVariables {
  GITHUB_EVENT_NAME?: string;
  GITHUB_REPOSITORY?: string;
  GITHUB_REF?: string;
  GITHUB_SHA?: string;
  GITHUB_RUN_ID?: string;
  GITHUB_RUN_ATTEMPT?: string;
  GITHUB_SERVER_URL?: string;
  GITHUB_API_URL?: string;
}

/** Reads the run from the runner's variables and the event payload (already parsed). */
export function readRunEnvironment(vars: RunVariables, payload: unknown): RunEnvironment {
  const eventName = vars.GITHUB_EVENT_NAME ?? "";
  const [owner = "", repo = ""] = (vars.GITHUB_REPOSITORY ?? "/").split("/");
  const body = record(payload);
  const repository = record(body.repository);
  const defaultBranch = typeof repository.default_branch === "string" ? repository.default_branch : "main";
  const ref = vars.GITHUB_REF ?? "";
  const sha = vars.GITHUB_SHA ?? "";
  let event: EventKind;
  if (eventName === "pull_request" || eventName === "pull_request_target") {
    const pr = record(body.pull_request);
    const number =
      typeof pr.number === "number" ? pr.number : typeof body.number === "number" ? body.number : NaN;
    if (!Number.isInteger(number)) {
      throw new UserError("input_invalid", `The ${eventName} event payload has no pull request number.`, {
        hint: "Run the action on pull_request events (opened, reopened, synchronize, closed).",
      });
    }
    const head = record(pr.head);
    const headRepo = record(head.repo);
    event = {
      kind: "pull_request",
      action: typeof body.action === "string" ? body.action : "",
      number,
      headSha: typeof head.sha === "string" ? head.sha : sha,
      merged: pr.merged === true,
      // A head repository that isn't this one, or that the payload doesn't name (a deleted fork), is a fork.
      fork:
        typeof headRepo.full_name !== "string" ||
        headRepo.full_name.toLowerCase() !== `${owner}/${repo}`.toLowerCase(),
      target: eventName === "pull_request_target",
      title: typeof pr.title === "string" ? pr.title : "",
      headRef: typeof head.ref === "string" ? head.ref : "",
    };
  } else if (eventName === "push") {
    event = { kind: "push", branch: branchOf(ref), sha };
  } else if (eventName === "schedule" || eventName === "workflow_dispatch") {
    event = { kind: eventName, branch: branchOf(ref), sha };
  } else {
    event = { kind: "other", name: eventName, branch: branchOf(ref), sha };
  }
  return {
    eventName,
    repository: { owner, repo },
    defaultBranch,
    ref,
    sha,
    runId: Number(vars.GITHUB_RUN_ID ?? 0) || 0,
    runAttempt: Number(vars.GITHUB_RUN_ATTEMPT ?? 1) || 1,
    serverUrl: vars.GITHUB_SERVER_URL ?? "https://github.com",
    apiUrl: vars.GITHUB_API_URL ?? "https://api.github.com",
    event,
  };
}

/** True for a run on the default branch (push, schedule, workflow_dispatch): the only runs that write prod state. */
export function onDefaultBranch(run: RunEnvironment): boolean {
  const e = run.event;
  return e.kind !== "pull_request" && e.branch !== null && e.branch === run.defaultBranch;
}
