/**
 * The GitHub REST API as the artifact fallback uses it: a client for the
 * repository, calls with a deadline, and what a refusal means in a warning
 * (403: the workflow lacks `actions: read`; 401: the token).
 */
import { Octokit } from "@octokit/rest";
import { errorMessage, oneLine, statusOf } from "./message-text.js";
import { classify, type TransportWarning } from "./transport-warning.js";

export interface GitHubAccess {
  /** A token that may read Actions artifacts of the repository (`actions: read`). */
  token: string;
  owner: string;
  repo: string;
  /** The REST API root (GITHUB_API_URL). */
  apiUrl: string;
}

/** A REST client for `github`; what Octokit warns about goes to `notes`. */
export function restClient(github: GitHubAccess, notes: string[]): Octokit {
  return new Octokit({
    auth: github.token,
    baseUrl: github.apiUrl.replace(/\/+$/, ""),
    log: { debug() {}, info() {}, warn: (m: string) => notes.push(m), error() {} },
  });
}

export type RestResult<T> =
  | { ok: true; value: T }
  | { ok: false; status: number | undefined; message: string; timedOut: boolean };

export async function rest<T>(
  deadline: number,
  call: (signal: AbortSignal) => Promise<T>,
): Promise<RestResult<T>> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), Math.max(1, deadline - Date.now()));
  timer.unref();
  try {
    return { ok: true, value: await call(controller.signal) };
  } catch (error) {
    return {
      ok: false,
      status: statusOf(error),
      message: errorMessage(error),
      timedOut: controller.signal.aborted,
    };
  } finally {
    clearTimeout(timer);
  }
}

export function restFailure(
  failure: { status: number | undefined; message: string; timedOut: boolean },
  what: string,
): TransportWarning {
  if (failure.timedOut) {
    return {
      transport: "artifact",
      reason: "timeout",
      message: `The GitHub API did not answer in time to ${what}.`,
    };
  }
  return (
    restWarning(failure.status, what, failure.message) ?? {
      transport: "artifact",
      reason: classify(failure.message),
      message: oneLine(`Could not ${what}: ${failure.message}`),
    }
  );
}

export function restWarning(
  status: number | undefined,
  what: string,
  message: string,
): TransportWarning | undefined {
  if (status === 403) {
    return {
      transport: "artifact",
      reason: "forbidden",
      permission: "actions: read",
      message: `The GitHub API refused to ${what} (403): add \`actions: read\` to the workflow's \`permissions:\` so state can be restored from artifacts.`,
    };
  }
  if (status === 401) {
    return {
      transport: "artifact",
      reason: "forbidden",
      message: `The GitHub API refused the token (401) when asked to ${what}: check the \`github-token\` input.`,
    };
  }
  if (status !== undefined && status >= 500) {
    return {
      transport: "artifact",
      reason: classify(`${status} ${message}`),
      message: oneLine(`Could not ${what}: ${message}`),
    };
  }
  return undefined;
}
