/**
 * The run environment of a `pull_request` (synchronize) job on github.com,
 * as src/github/event.ts reads it from the runner, for tests that call the
 * main step's pieces directly: pull request 7 of `acme/<repo>`, run 9001.
 */
import type { RunEnvironment } from "../../src/github/event.js";

export function pullRequestRun(repo: string, sha: string, headSha: string, title: string): RunEnvironment {
  return {
    eventName: "pull_request",
    repository: { owner: "acme", repo, id: "700100", createdAt: "2026-01-01T00:00:00.000Z" },
    defaultBranch: "main",
    ref: "refs/pull/7/merge",
    sha,
    runId: 9001,
    runAttempt: 1,
    serverUrl: "https://github.com",
    apiUrl: "https://api.github.com",
    event: {
      kind: "pull_request",
      action: "synchronize",
      number: 7,
      headSha,
      merged: false,
      fork: false,
      target: false,
      title,
      headRef: "edit",
    },
  };
}
