/**
 * Uploading the state artifact (the staged `state.db` and its manifest) with
 * @actions/artifact, kept for the repository's (or the given) retention.
 */
import { DefaultArtifactClient } from "@actions/artifact";
import { callClient } from "./client-call.js";
import type { ClientOutputWatch } from "./client-output-watch.js";
import { seconds } from "./message-text.js";
import type { SavedArtifact, SaveStateParams } from "./save-request.js";
import { clientWarning, type TransportWarning } from "./transport-warning.js";

export async function uploadStateArtifact(
  name: string,
  files: string[],
  root: string,
  params: SaveStateParams,
  timeoutMs: number,
  watch: ClientOutputWatch,
  warnings: TransportWarning[],
): Promise<SavedArtifact> {
  const call = await callClient(
    () =>
      new DefaultArtifactClient().uploadArtifact(
        name,
        files,
        root,
        params.retentionDays === undefined ? {} : { retentionDays: params.retentionDays },
      ),
    timeoutMs,
    watch,
  );
  if (call.kind === "timeout") {
    const reason = `the artifact service did not answer within ${seconds(timeoutMs)}`;
    warnings.push({
      transport: "artifact",
      reason: "timeout",
      message: `State was not uploaded as an artifact: ${reason}.`,
    });
    return { saved: false, name, reason };
  }
  if (call.kind === "error") {
    warnings.push(
      clientWarning(
        "artifact",
        `State was not uploaded as the \`${name}\` artifact: ${call.message}`,
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
      message: `State was not uploaded as an artifact: ${reason}.`,
    });
    return { saved: false, name, reason };
  }
  return { saved: true, name, artifactId: call.value.id, size: call.value.size ?? 0 };
}
