/**
 * Uploading the full plan (the HTML page and the plan file) as an artifact
 * of the workflow run, so that the comment and the job summary can link to
 * it. Through the same @actions/artifact path as the state artifact
 * (state-transport/artifact-upload.ts: a deadline, the client's printed
 * failures collected): a service that is absent, down, slow or refusing is
 * a warning for the log, never a failed step.
 */
import { uploadArtifactFiles } from "./state-transport/artifact-upload.js";
import { ClientOutputWatch } from "./state-transport/client-output-watch.js";
import { DEFAULT_TRANSPORT_TIMEOUT_MS } from "./state-transport/transport-options.js";
import type { TransportWarning } from "./state-transport/transport-warning.js";

export interface PlanPageUpload {
  /** The artifact's name, unique within the workflow run (e.g. `ods-state-plan-jaffle_shop-1`). */
  name: string;
  /** The files to upload, all under `root`. */
  files: string[];
  root: string;
  retentionDays?: number;
  timeoutMs?: number;
  clientLog?: (line: string) => void;
}

export type PlanPageUploaded =
  | { uploaded: true; name: string; artifactId: number }
  | { uploaded: false; name: string; warning: string };

export async function uploadPlanPage(params: PlanPageUpload): Promise<PlanPageUploaded> {
  const warnings: TransportWarning[] = [];
  const watch = new ClientOutputWatch(params.clientLog);
  const saved = await uploadArtifactFiles(
    "The plan page",
    { name: params.name, files: params.files, root: params.root, retentionDays: params.retentionDays },
    params.timeoutMs ?? DEFAULT_TRANSPORT_TIMEOUT_MS,
    watch,
    warnings,
  );
  if (saved.saved) return { uploaded: true, name: params.name, artifactId: saved.artifactId };
  return {
    uploaded: false,
    name: params.name,
    warning:
      warnings.map((w) => w.message).join(" ") ||
      `The plan page was not uploaded as the \`${params.name}\` artifact: ${saved.reason}.`,
  };
}
