/**
 * The commit a workflow run built (`GET /repos/{o}/{r}/actions/runs/{id}`,
 * its `head_sha`), for the comment's reference point ("compared with prod
 * from main@abc1234"): the restored state names the run that saved it (the
 * cache key, the artifact's run) but not that run's commit. Needs
 * `actions: read`. A failed call is an unknown commit (null), never a
 * throw: the comment then says "from main" without one.
 */
import type { Octokit } from "@octokit/rest";

export interface WorkflowRunLookups {
  /** The commit run `runId` built; null when GitHub doesn't say (no access, no such run). */
  headSha(runId: number): Promise<string | null>;
}

export function workflowRunLookups(
  octokit: Octokit,
  repository: { owner: string; repo: string },
): WorkflowRunLookups {
  return {
    async headSha(runId) {
      try {
        const run = await octokit.rest.actions.getWorkflowRun({ ...repository, run_id: runId });
        const sha = run.data.head_sha;
        return typeof sha === "string" && /^[0-9a-f]{7,64}$/i.test(sha) ? sha : null;
      } catch {
        return null;
      }
    },
  };
}
