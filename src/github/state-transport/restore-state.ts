/**
 * Restore: how `.ods/state.db` arrives from an earlier workflow run. Every
 * run restores: the Actions cache first (cache-restore.ts), then the newest
 * `ods-state` artifact of a successful default-branch run
 * (artifact-restore.ts), else nothing. A service that is down, slow or
 * refuses is a warning and the next source is tried; nothing here throws for
 * a service failure. The file found is put at the state path (what was there
 * is moved aside) and its header checked with the store's file checks: a file
 * that is not an ods-state database is reported with where it came from.
 */
import { rmSync } from "node:fs";
import path from "node:path";
import { stateFileHeaderProblem } from "../../store/sqlite-file-checks.js";
import { restoreFromArtifact } from "./artifact-restore.js";
import { restoreFromCache } from "./cache-restore.js";
import { ClientOutputWatch } from "./client-output-watch.js";
import { placeRestoredFile } from "./place-restored-file.js";
import type { RestoreResult, RestoreStateParams } from "./restore-request.js";
import { describeSource } from "./restore-source.js";
import type { TransportWarning } from "./transport-warning.js";

export async function restoreState(params: RestoreStateParams): Promise<RestoreResult> {
  const warnings: TransportWarning[] = [];
  const notes: string[] = [];
  const watch = new ClientOutputWatch(params.clientLog);
  const found =
    (await restoreFromCache(params, watch, warnings, notes)) ??
    (await restoreFromArtifact(params, watch, warnings, notes));
  if (!found) {
    notes.push("No saved state: every node will be built.");
    return { source: { kind: "none" }, warnings, notes };
  }
  const replaced = placeRestoredFile(found.file, params.statePath);
  rmSync(path.dirname(found.file), { recursive: true, force: true });
  const problem = stateFileHeaderProblem(params.statePath);
  if (problem) {
    warnings.push({
      transport: "state",
      reason: "invalid",
      message: `The state restored from ${describeSource(found.source)} is not an ods-state database: ${problem}.`,
    });
  }
  notes.push(`Restored ${params.statePath} from ${describeSource(found.source)}.`);
  return {
    source: found.source,
    file: params.statePath,
    ...(problem ? { problem } : {}),
    ...(replaced ? { replaced } : {}),
    warnings,
    notes,
  };
}
