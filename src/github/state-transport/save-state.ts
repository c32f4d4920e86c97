/**
 * Save: how `.ods/state.db` is kept for later workflow runs. Default branch
 * only (a save from another branch breaks this module's contract and
 * throws), after a successful record: a new cache entry under this run
 * attempt's own key (cache-save.ts) and an `ods-state` artifact
 * (artifact-upload.ts). A file the store's file checks refuse (not an
 * ods-state database, a write-ahead log not checkpointed) is not saved. A
 * service that is down, slow or refuses is a warning; nothing here throws
 * for a service failure.
 */
import { copyFileSync, existsSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import * as cache from "@actions/cache";
import { copyableStateFileProblem } from "../../store/sqlite-file-checks.js";
import { STATE_ARTIFACT_NAME, writeTransportManifest } from "./artifact-contents.js";
import { uploadStateArtifact } from "./artifact-upload.js";
import { CACHE_STAGING_PATH, stateCacheKey } from "./cache-keys.js";
import { saveToCache } from "./cache-save.js";
import { ClientOutputWatch } from "./client-output-watch.js";
import type { SavedArtifact, SavedCache, SaveResult, SaveStateParams } from "./save-request.js";
import { DEFAULT_TRANSPORT_TIMEOUT_MS } from "./transport-options.js";
import type { TransportWarning } from "./transport-warning.js";

export async function saveState(params: SaveStateParams): Promise<SaveResult> {
  if (params.branch !== params.defaultBranch) {
    throw new Error(
      `saveState is only for runs on the default branch (${params.defaultBranch}); this run is on ${params.branch}.`,
    );
  }
  const key = stateCacheKey(params, params.runId, params.runAttempt);
  const name = params.artifactName ?? STATE_ARTIFACT_NAME;
  const warnings: TransportWarning[] = [];
  const notes: string[] = [];
  let savedCache: SavedCache = { saved: false, key, reason: "not tried" };
  let savedArtifact: SavedArtifact = { saved: false, name, reason: "not tried" };

  const problem = existsSync(params.statePath)
    ? copyableStateFileProblem(params.statePath)
    : "it does not exist";
  if (problem) {
    const reason = `${params.statePath} ${problem.replace(/^it /, "")}`;
    warnings.push({ transport: "state", reason: "invalid", message: `State was not saved: ${reason}.` });
    return {
      cache: { saved: false, key, reason },
      artifact: { saved: false, name, reason },
      warnings,
      notes,
    };
  }

  const staging = path.resolve(CACHE_STAGING_PATH);
  const stagingDir = path.dirname(staging);
  rmSync(stagingDir, { recursive: true, force: true });
  mkdirSync(stagingDir, { recursive: true });
  copyFileSync(params.statePath, staging);
  const manifest = writeTransportManifest(staging, {
    project: params.project,
    environment: params.environment,
    cacheKey: key,
    runId: params.runId,
    runAttempt: params.runAttempt,
  });
  const timeoutMs = params.timeoutMs ?? DEFAULT_TRANSPORT_TIMEOUT_MS;
  const watch = new ClientOutputWatch(params.clientLog);
  try {
    if (params.cache === false) {
      savedCache = { saved: false, key, reason: "turned off" };
    } else if (!cache.isFeatureAvailable()) {
      savedCache = { saved: false, key, reason: "the Actions cache service is not available here" };
      warnings.push({
        transport: "cache",
        reason: "not_configured",
        message: `State was not saved to the Actions cache: the cache service is not available here (no ACTIONS_RESULTS_URL).`,
      });
    } else {
      savedCache = await saveToCache(key, timeoutMs, watch, warnings);
      if (savedCache.saved) notes.push(`Actions cache: saved ${key} (entry ${savedCache.entryId}).`);
    }

    if (params.artifact === false) {
      savedArtifact = { saved: false, name, reason: "turned off" };
    } else {
      savedArtifact = await uploadStateArtifact(
        name,
        [staging, manifest],
        stagingDir,
        params,
        timeoutMs,
        watch,
        warnings,
      );
      if (savedArtifact.saved)
        notes.push(`Artifacts: uploaded \`${name}\` (artifact ${savedArtifact.artifactId}).`);
    }
  } finally {
    rmSync(stagingDir, { recursive: true, force: true });
  }
  return { cache: savedCache, artifact: savedArtifact, warnings, notes };
}
