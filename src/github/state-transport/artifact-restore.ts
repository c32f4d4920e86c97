/**
 * Restoring from the newest qualifying `ods-state` artifact (see
 * artifact-choice.ts): downloaded with @actions/artifact's
 * `downloadArtifact({ findBy })`, which checks the digest, into a folder of
 * its own under the temp dir, and used only when it holds `state.db` and its
 * manifest (when there is one) names this scope and the file's sha256.
 */
import { existsSync, mkdirSync, mkdtempSync } from "node:fs";
import path from "node:path";
import { DefaultArtifactClient } from "@actions/artifact";
import { chooseArtifact } from "./artifact-choice.js";
import {
  manifestMismatch,
  STATE_ARTIFACT_NAME,
  STATE_FILE_NAME,
  TRANSPORT_MANIFEST,
} from "./artifact-contents.js";
import { callClient } from "./client-call.js";
import type { ClientOutputWatch } from "./client-output-watch.js";
import { restClient, restWarning } from "./github-rest.js";
import { capitalize, seconds } from "./message-text.js";
import type { FoundState, RestoreStateParams } from "./restore-request.js";
import { DEFAULT_TRANSPORT_TIMEOUT_MS } from "./transport-options.js";
import { clientWarning, type TransportWarning } from "./transport-warning.js";

export async function restoreFromArtifact(
  params: RestoreStateParams,
  watch: ClientOutputWatch,
  warnings: TransportWarning[],
  notes: string[],
): Promise<FoundState | undefined> {
  const name = params.artifactName ?? STATE_ARTIFACT_NAME;
  const github = params.github;
  if (!github) {
    warnings.push({
      transport: "artifact",
      reason: "not_configured",
      message: `No GitHub token was given, so the \`${name}\` artifact could not be looked for.`,
    });
    return undefined;
  }
  const timeoutMs = params.timeoutMs ?? DEFAULT_TRANSPORT_TIMEOUT_MS;
  const deadline = Date.now() + timeoutMs;
  const octokit = restClient(github, notes);
  const chosen = await chooseArtifact(octokit, github, params, name, deadline, warnings, notes);
  if (!chosen) return undefined;

  let dir: string;
  try {
    // RUNNER_TEMP exists on GitHub's runners; elsewhere (act, a local run) it may not.
    mkdirSync(params.tempDir, { recursive: true });
    dir = mkdtempSync(path.join(params.tempDir, "ods-state-artifact-"));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    warnings.push({
      transport: "artifact",
      reason: "failed",
      message: `No folder for downloading the \`${name}\` artifact could be made in ${params.tempDir} (${code}); it was not restored.`,
    });
    return undefined;
  }
  const call = await callClient(
    () =>
      new DefaultArtifactClient().downloadArtifact(chosen.id, {
        path: dir,
        findBy: {
          token: github.token,
          repositoryOwner: github.owner,
          repositoryName: github.repo,
          workflowRunId: chosen.runId,
        },
        ...(chosen.digest ? { expectedHash: chosen.digest } : {}),
      }),
    Math.max(1, deadline - Date.now()),
    watch,
  );
  const what = `the \`${name}\` artifact ${chosen.id} of run ${chosen.runId}`;
  if (call.kind === "timeout") {
    warnings.push({
      transport: "artifact",
      reason: "timeout",
      message: `Downloading ${what} did not finish within ${seconds(timeoutMs)}.`,
    });
    return undefined;
  }
  if (call.kind === "error") {
    const warning =
      call.status === undefined ? undefined : restWarning(call.status, `download ${what}`, call.message);
    warnings.push(
      warning ?? clientWarning("artifact", `Downloading ${what} failed: ${call.message}`, call.message),
    );
    return undefined;
  }
  if (call.value.digestMismatch) {
    warnings.push({
      transport: "artifact",
      reason: "invalid",
      message: `${capitalize(what)} does not match its recorded digest; it was not used.`,
    });
    return undefined;
  }
  const file = path.join(dir, STATE_FILE_NAME);
  if (!existsSync(file)) {
    warnings.push({
      transport: "artifact",
      reason: "invalid",
      message: `${capitalize(what)} has no ${STATE_FILE_NAME}; it was not used.`,
    });
    return undefined;
  }
  const mismatch = manifestMismatch(path.join(dir, TRANSPORT_MANIFEST), file, params);
  if (mismatch) {
    warnings.push({
      transport: "artifact",
      reason: "invalid",
      message: `${capitalize(what)} ${mismatch}; it was not used.`,
    });
    return undefined;
  }
  notes.push(`Artifacts: found ${what}.`);
  return {
    source: {
      kind: "artifact",
      name,
      artifactId: chosen.id,
      runId: chosen.runId,
      createdAt: chosen.createdAt,
    },
    file,
  };
}
