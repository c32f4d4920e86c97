/**
 * Which `ods-state` artifact to restore. The REST API lists them (the token
 * needs `actions: read`), newest first; one qualifies when its run is a
 * default-branch run of this repository (not a fork, not a pull_request
 * event) that concluded `success`. Artifacts are ordered by creation time,
 * as cache entries are (see cache-keys.ts).
 */
import type { Octokit } from "@octokit/rest";
import { type GitHubAccess, rest, restFailure } from "./github-rest.js";
import type { RestoreStateParams } from "./restore-request.js";
import type { TransportWarning } from "./transport-warning.js";

const DEFAULT_MAX_CANDIDATES = 10;

export interface ArtifactCandidate {
  id: number;
  name: string;
  createdAt: string | undefined;
  digest: string | undefined;
  runId: number;
}

/** The newest artifact named `name` whose run is a successful default-branch run of this repository. */
export async function chooseArtifact(
  octokit: Octokit,
  github: GitHubAccess,
  params: RestoreStateParams,
  name: string,
  deadline: number,
  warnings: TransportWarning[],
  notes: string[],
): Promise<ArtifactCandidate | undefined> {
  const listed = await rest(deadline, (signal) =>
    octokit.rest.actions.listArtifactsForRepo({
      owner: github.owner,
      repo: github.repo,
      name,
      per_page: 100,
      request: { signal },
    }),
  );
  if (!listed.ok) {
    warnings.push(restFailure(listed, `list the \`${name}\` artifacts`));
    return undefined;
  }
  const artifacts = listed.value.data.artifacts
    .filter((a) => a.name === name && !a.expired)
    .sort((a, b) => Date.parse(b.created_at ?? "") - Date.parse(a.created_at ?? "") || b.id - a.id)
    .slice(0, params.maxArtifactCandidates ?? DEFAULT_MAX_CANDIDATES);
  for (const artifact of artifacts) {
    const run = artifact.workflow_run;
    if (!run?.id) continue;
    if (run.head_branch !== params.defaultBranch) {
      notes.push(
        `Artifacts: skipped ${artifact.id} (run ${run.id} is on ${run.head_branch ?? "no branch"}).`,
      );
      continue;
    }
    if (run.head_repository_id !== run.repository_id) {
      notes.push(`Artifacts: skipped ${artifact.id} (run ${run.id} comes from a fork).`);
      continue;
    }
    const details = await rest(deadline, (signal) =>
      octokit.rest.actions.getWorkflowRun({
        owner: github.owner,
        repo: github.repo,
        run_id: run.id!,
        request: { signal },
      }),
    );
    if (!details.ok) {
      warnings.push(restFailure(details, `read workflow run ${run.id}`));
      return undefined;
    }
    const info = details.value.data;
    const why = runProblem(info, params.defaultBranch);
    if (why) {
      notes.push(`Artifacts: skipped ${artifact.id} (run ${run.id} ${why}).`);
      continue;
    }
    return {
      id: artifact.id,
      name,
      createdAt: artifact.created_at ?? undefined,
      digest: artifact.digest ?? undefined,
      runId: run.id,
    };
  }
  notes.push(`Artifacts: no \`${name}\` artifact of a successful ${params.defaultBranch} run.`);
  return undefined;
}

interface RunInfo {
  event: string;
  head_branch: string | null;
  conclusion: string | null;
  repository?: { id: number } | null;
  head_repository?: { id: number } | null;
}

function runProblem(run: RunInfo, defaultBranch: string): string | undefined {
  if (run.event.startsWith("pull_request")) return `is a ${run.event} run`;
  if (run.head_branch !== defaultBranch) return `is on ${run.head_branch ?? "no branch"}`;
  if (run.head_repository && run.repository && run.head_repository.id !== run.repository.id) {
    return "comes from another repository";
  }
  if (run.conclusion !== "success")
    return run.conclusion ? `concluded ${run.conclusion}` : "has not finished";
  return undefined;
}
