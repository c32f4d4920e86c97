/**
 * What a save is asked for and what it answers: whether the cache entry and
 * the artifact were saved, and why not.
 */
import type { TransportOptions } from "./transport-options.js";
import type { TransportWarning } from "./transport-warning.js";

export interface SaveStateParams extends TransportOptions {
  statePath: string;
  project: string;
  environment: string;
  runId: number;
  runAttempt: number;
  /** The branch this run is on: saving is refused (thrown) unless it is the default branch. */
  branch: string;
  defaultBranch: string;
  /** Artifact retention in days (default: the repository's setting). */
  retentionDays?: number;
  artifactName?: string;
  /** Save to the Actions cache (default true). */
  cache?: boolean;
  /** Upload the artifact (default true). */
  artifact?: boolean;
}

export type SavedCache =
  | { saved: true; key: string; entryId: number }
  | { saved: false; key: string; reason: string };

export type SavedArtifact =
  | { saved: true; name: string; artifactId: number; size: number }
  | { saved: false; name: string; reason: string };

export interface SaveResult {
  cache: SavedCache;
  artifact: SavedArtifact;
  warnings: TransportWarning[];
  notes: string[];
}
