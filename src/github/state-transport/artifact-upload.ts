/**
 * Uploading an artifact with @actions/artifact, kept for the repository's
 * (or the given) retention: the state artifact (the staged `state.db` and its
 * manifest), and the plan page (../plan-page-upload.ts). A service that is
 * down, slow or refuses is a warning, never a throw.
 */
import { DefaultArtifactClient } from "@actions/artifact";
import { callClient } from "./client-call.js";
import type { ClientOutputWatch } from "./client-output-watch.js";
import { seconds } from "./message-text.js";
import type { SavedArtifact, SaveStateParams } from "./save-request.js";
import { clientWarning, type TransportWarning } from "./transport-warning.js";

export function uploadStateArtifact(
  name: string,
  files: string[],
  root: string,
  params: SaveStateParams,
  timeoutMs: number,
  watch: ClientOutputWatch,
  warnings: TransportWarning[],
): Promise<SavedArtifact> {
  return uploadArtifactFiles(
    "State",
    { name, files, root, retentionDays: params.retentionDays },
    timeoutMs,
    watch,
    warnings,
  );
}

/** Uploads `files` (under `root`) as the artifact `name`; `what` starts the warning ("State was not uploaded …"). */
export async function uploadArtifactFiles(
  what: string,
  artifact: { name: string; files: string[]; root: string; retentionDays: number | undefined },
  timeoutMs: number,
  watch: ClientOutputWatch,
  warnings: TransportWarning[],
): Promise<SavedArtifact> {
  const { name, files, root, retentionDays } = artifact;
  const call = await callClient(
    () =>
      new DefaultArtifactClient().uploadArtifact(
        name,
        files,
        root,
        retentionDays === undefined ? {} : { retentionDays },
      ),
    timeoutMs,
    watch,
  );
  if (call.kind === "timeout") {
    const reason = `the artifact service did not answer within ${seconds(timeoutMs)}`;
    warnings.push({
      transport: "artifact",
      reason: "timeout",
      message: `${what} was not uploaded as an artifact: ${reason}.`,
    });
    return { saved: false, name, reason };
  }
  if (call.kind === "error") {
    warnings.push(
      clientWarning(
        "artifact",
        `${what} was not uploaded as the \`${name}\` artifact: ${call.message}`,
        call.message,
      ),
    );
    return { saved: false, name, reason: call.message };
  }
  if (call.value.id === undefined) {
    const reason = "the artifact service returned no artifact id";
    warnings.push({
      transport: "artifact",
      reason: "failed",
      message: `${what} was not uploaded as an artifact: ${reason}.`,
    });
    return { saved: false, name, reason };
  }
  return { saved: true, name, artifactId: call.value.id, size: call.value.size ?? 0 };
}
