/**
 * What a state artifact holds: `state.db` and `ods-state.json` (the manifest:
 * format, project, environment, cache key, run, size, sha256), how the
 * manifest is written next to the staged file, and how a downloaded one is
 * checked against the scope and the file.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

export const STATE_ARTIFACT_NAME = "ods-state";
export const TRANSPORT_MANIFEST = "ods-state.json";
const MANIFEST_FORMAT = "ods-state-transport/1";
export const STATE_FILE_NAME = "state.db";

export interface ManifestFields {
  project: string;
  environment: string;
  cacheKey: string;
  runId: number;
  runAttempt: number;
}

/** Writes the manifest of `stateFile` into its folder; returns the manifest's path. */
export function writeTransportManifest(stateFile: string, fields: ManifestFields): string {
  const manifest = path.join(path.dirname(stateFile), TRANSPORT_MANIFEST);
  writeFileSync(
    manifest,
    `${JSON.stringify(
      {
        format: MANIFEST_FORMAT,
        project: fields.project,
        environment: fields.environment,
        cache_key: fields.cacheKey,
        run_id: fields.runId,
        run_attempt: fields.runAttempt,
        bytes: statSync(stateFile).size,
        sha256: sha256File(stateFile),
      },
      null,
      2,
    )}\n`,
  );
  return manifest;
}

/** What is wrong with a downloaded artifact for `scope` (said of the artifact), or undefined; an artifact without a manifest passes. */
export function manifestMismatch(
  manifestFile: string,
  stateFile: string,
  scope: { project: string; environment: string },
): string | undefined {
  if (!existsSync(manifestFile)) return undefined;
  let manifest: { format?: unknown; project?: unknown; environment?: unknown; sha256?: unknown };
  try {
    manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as typeof manifest;
  } catch {
    return `has an unreadable ${TRANSPORT_MANIFEST}`;
  }
  if (manifest.format !== MANIFEST_FORMAT) return `has ${TRANSPORT_MANIFEST} of an unknown format`;
  if (manifest.project !== scope.project || manifest.environment !== scope.environment) {
    return `holds state of ${String(manifest.project)}/${String(manifest.environment)}, not ${scope.project}/${scope.environment}`;
  }
  if (manifest.sha256 !== sha256File(stateFile))
    return `has a ${STATE_FILE_NAME} that does not match its sha256`;
  return undefined;
}

function sha256File(file: string): string {
  return createHash("sha256").update(readFileSync(file)).digest("hex");
}
