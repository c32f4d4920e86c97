/**
 * What a restore is asked for and what it answers, and a file a source
 * (cache, artifact) found.
 */
import type { GitHubAccess } from "./github-rest.js";
import type { RestoreSource } from "./restore-source.js";
import type { TransportOptions } from "./transport-options.js";
import type { TransportWarning } from "./transport-warning.js";

export interface RestoreStateParams extends TransportOptions {
  /** Where the restored state database goes (absolute). An existing file is moved aside first. */
  statePath: string;
  project: string;
  /** The scope's environment, e.g. `prod`. Pull requests restore the default branch's `prod`. */
  environment: string;
  defaultBranch: string;
  /** A directory for downloads (RUNNER_TEMP). */
  tempDir: string;
  /** Try the Actions cache (default true). */
  cache?: boolean;
  /** Where to list and download artifacts; without it the artifact fallback is skipped with a warning. */
  github?: GitHubAccess;
  artifactName?: string;
  /** How many of the newest artifacts are considered (default 10). */
  maxArtifactCandidates?: number;
}

export interface RestoreResult {
  source: RestoreSource;
  /** The restored file (= statePath) when the source is not `none`. */
  file?: string;
  /**
   * Set when the restored file is not an ods-state database: opening it will
   * fail, and the message should name `source` (see describeSource).
   */
  problem?: string;
  /** Where a file that was at statePath before the restore was moved. */
  replaced?: string;
  warnings: TransportWarning[];
  /** What was tried, one line each, for the log. */
  notes: string[];
}

/** A file a source found, in a staging folder of its own (removed once the file is placed). */
export interface FoundState {
  source: Exclude<RestoreSource, { kind: "none" }>;
  file: string;
}
