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
  /**
   * `owner`/`repo` (GITHUB_REPOSITORY, for display and the API); `id`:
   * GitHub's id of the repository (GITHUB_REPOSITORY_ID, else the payload's
   * `repository.id`), which a rename or transfer keeps: environments are
   * keyed by it; `createdAt`: when the repository was created (the payload's
   * `repository.created_at`), null when the payload doesn't say.
   */
  repository: { owner: string; repo: string; id: string | null; createdAt: string | null };
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
  GITHUB_REPOSITORY_ID?: string;
  GITHUB_REF?: string;
  GITHUB_SHA?: string;
  GITHUB_RUN_ID?: string;
  GITHUB_RUN_ATTEMPT?: string;
  GITHUB_SERVER_URL?: string;
  GITHUB_API_URL?: string;
}

/** A repository id as text (decimal digits), from a variable or a payload number; null when neither is one. */
function idText(value: unknown): string | null {
  if (typeof value === "number" && Number.isSafeInteger(value) && value > 0) return String(value);
  if (typeof value === "string" && /^[1-9][0-9]{0,19}$/.test(value.trim())) return value.trim();
  return null;
}

/** The payload's `repository.created_at`: ISO 8601 text (pull_request…) or Unix seconds (push); null otherwise. */
function createdAtOf(value: unknown): string | null {
  if (typeof value === "number" && Number.isFinite(value) && value > 0)
    return new Date(value * 1000).toISOString();
  if (typeof value === "string" && Number.isFinite(Date.parse(value)))
    return new Date(Date.parse(value)).toISOString();
  return null;
}

/**
 * The repository's id: GITHUB_REPOSITORY_ID, else the payload's
 * `repository.id`. Both given and different is refused: one of them is not
 * this run's repository, and an environment keyed by the wrong one would be
 * another repository's.
 */
function repositoryIdOf(vars: RunVariables, repository: Json): string | null {
  const fromVariable = vars.GITHUB_REPOSITORY_ID === undefined ? null : idText(vars.GITHUB_REPOSITORY_ID);
  if (
    vars.GITHUB_REPOSITORY_ID !== undefined &&
    vars.GITHUB_REPOSITORY_ID.trim() !== "" &&
    fromVariable === null
  ) {
    throw new UserError(
      "input_invalid",
      "GITHUB_REPOSITORY_ID is not a repository id (decimal digits): environments are keyed by it.",
      {
        input: "GITHUB_REPOSITORY_ID",
        hint: "GitHub Actions sets it; don't override it in the workflow's `env`.",
      },
    );
  }
  const fromPayload = idText(repository.id);
  if (fromVariable !== null && fromPayload !== null && fromVariable !== fromPayload) {
    throw new UserError(
      "input_invalid",
      `GITHUB_REPOSITORY_ID (${fromVariable}) is not the event payload's repository id (${fromPayload}): environments are keyed by it, so ODS won't guess which is this run's.`,
      {
        input: "GITHUB_REPOSITORY_ID",
        hint: "GitHub Actions sets both; don't override GITHUB_REPOSITORY_ID in the workflow's `env`.",
      },
    );
  }
  return fromVariable ?? fromPayload;
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
    repository: {
      owner,
      repo,
      id: repositoryIdOf(vars, repository),
      createdAt: createdAtOf(repository.created_at),
    },
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
