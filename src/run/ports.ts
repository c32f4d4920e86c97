/**
 * The ports the lifecycle runs over. src/main.ts and src/post.ts build them
 * from @actions/* and the environment; tests build them from real local
 * parts (HTTP servers, files). Nothing under src/run/ imports @actions/* or
 * reads process.env.
 */
import type { UpsertResult } from "../github/comment-upsert.js";
import type { PullRequestLookups } from "../github/pull-requests.js";
import type { RestoreResult } from "../github/state-transport/restore-request.js";
import type { SaveResult } from "../github/state-transport/save-request.js";

export interface Logger {
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

export interface Ports {
  log: Logger;
  outputs: Outputs;
  /** Appends markdown to the job summary (GITHUB_STEP_SUMMARY); absent outside a runner. */
  summary: ((markdown: string) => Promise<void>) | null;
  stepState: StepState;
  /** Restores the state file; never throws for a service failure. */
  restore: (statePath: string, scope: { project: string; environment: string }) => Promise<RestoreResult>;
  /** Saves the state file (default-branch runs only). */
  save: (statePath: string, scope: { project: string; environment: string }) => Promise<SaveResult>;
  /** Upserts the sticky plan comment; null when there is no token to write with. */
  upsertComment: ((pullRequest: number, project: string, body: string) => Promise<UpsertResult>) | null;
  /** Which pull request a commit merged, which are open; null when there is no token to ask with. */
  pullRequests: PullRequestLookups | null;
  /** A folder for the plan file and downloads (RUNNER_TEMP). */
  tempDir: string;
  now: () => Date;
}
