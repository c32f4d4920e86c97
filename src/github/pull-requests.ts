/**
 * What the lifecycle asks GitHub about pull requests, over Octokit:
 * - which pull request a default-branch commit merged
 *   (`GET /repos/{o}/{r}/commits/{sha}/pulls`): the one merged into the
 *   default branch whose `merge_commit_sha` is the commit itself. Squash,
 *   rebase and merge commits all set it; a commit that merely belongs to a
 *   pull request (pushed straight to the branch, or one of several rebased
 *   commits but not the last) is not taken for its merge: promotion never
 *   rests on a guess;
 * - which pull requests are open (`GET /repos/{o}/{r}/pulls?state=open`),
 *   for the janitor.
 * A failed call is a warning and an answer of "unknown", never a throw: the
 * caller then builds instead of promoting, or keeps environments.
 */
import type { Octokit } from "@octokit/rest";

export type Lookup<T> = { ok: true; value: T } | { ok: false; warning: string };

export interface MergedPullRequest {
  number: number;
  title: string;
  headSha: string;
  url: string;
}

export interface PullRequestLookups {
  /** The pull request merged into `base` as commit `sha`; null when the commit merged none. */
  mergedAs(sha: string, base: string): Promise<Lookup<MergedPullRequest | null>>;
  /** The numbers of the open pull requests. */
  open(): Promise<Lookup<ReadonlySet<number>>>;
}

export function pullRequestLookups(
  octokit: Octokit,
  repository: { owner: string; repo: string },
): PullRequestLookups {
  return {
    async mergedAs(sha, base) {
      try {
        const pulls = await octokit.paginate(octokit.rest.repos.listPullRequestsAssociatedWithCommit, {
          ...repository,
          commit_sha: sha,
          per_page: 100,
        });
        const merged = pulls.find(
          (pull) => pull.merged_at !== null && pull.merge_commit_sha === sha && pull.base.ref === base,
        );
        if (!merged) return { ok: true, value: null };
        return {
          ok: true,
          value: {
            number: merged.number,
            title: merged.title,
            headSha: merged.head.sha,
            url: merged.html_url,
          },
        };
      } catch (error) {
        return {
          ok: false,
          warning: `Can't ask GitHub which pull request commit ${sha.slice(0, 12)} merged (${describe(error)}): nothing is promoted, dbt builds everything the plan says. The token needs \`contents: read\` and \`pull-requests: read\`.`,
        };
      }
    },
    async open() {
      try {
        const pulls = await octokit.paginate(octokit.rest.pulls.list, {
          ...repository,
          state: "open",
          per_page: 100,
        });
        return { ok: true, value: new Set(pulls.map((pull) => pull.number)) };
      } catch (error) {
        return {
          ok: false,
          warning: `Can't list the open pull requests (${describe(error)}): the janitor only removes environments already marked closed.`,
        };
      }
    },
  };
}

function describe(error: unknown): string {
  const status = (error as { status?: unknown }).status;
  const message = error instanceof Error ? error.message : String(error);
  return typeof status === "number" ? `HTTP ${status}: ${message}` : message;
}
