/**
 * The sticky plan comment: one comment per pull request and per project,
 * found by the hidden marker the renderer puts on its first line, updated in
 * place on every push, never posted twice. Through an Octokit instance passed
 * in (`@octokit/rest`, or `@actions/github`'s getOctokit: same plugins).
 *
 * Which comment is "ours". A comment counts when its body starts with the
 * marker for this project (a quote of it starts with `>`, so replies that
 * quote the plan don't count). When the caller knows the login the token acts
 * as (`github-actions[bot]` for the default GITHUB_TOKEN), only that author's
 * comments count: anyone can post a comment that starts with the marker, and
 * updating it would put the plan under their name (or fail with a 403 that
 * would read as "can't write"). When the login is not known, any author
 * counts, bots first, oldest first. The token's own login can't be asked for
 * reliably: GET /user answers 403 to installation tokens such as
 * GITHUB_TOKEN, so it is the caller's to pass.
 *
 * Failures never throw for an HTTP answer: the result says what happened and
 * carries a warning for the log; the caller writes the plan to the job summary
 * and the run goes on. 403 (a fork's read-only token, or no
 * `pull-requests: write`): `forbidden`. 404 (the pull request or repository is
 * gone, or the token can't see it): `not_found`. 422 (the body is too long,
 * which the renderer prevents): `too_long`, or `rejected` for another
 * validation error. Rate limits: `rate_limited`. Anything else with a status:
 * `failed`. Errors without an HTTP status (a bug, a network failure) throw.
 */
import type { Octokit } from "@octokit/rest";
import { commentMarker, GITHUB_COMMENT_MAX } from "../comment/render-comment.js";

/** The part of an Octokit instance the upsert uses. */
export type CommentsOctokit = Pick<Octokit, "paginate" | "rest">;

export interface UpsertRequest {
  owner: string;
  repo: string;
  pullRequest: number;
  /** The dbt project: one comment per project. */
  project: string;
  /** The rendered comment, starting with the marker (renderComment's output). */
  body: string;
  /** The login the token comments as; when given, only that author's comments are updated. */
  author?: string;
}

export type UpsertResult =
  | {
      ok: true;
      action: "created" | "updated" | "unchanged";
      commentId: number;
      url: string;
      /** Other comments with this project's marker (left alone; a warning may name them). */
      duplicates: number[];
      /** List requests made (pages read). */
      pages: number;
    }
  | {
      ok: false;
      reason: "forbidden" | "not_found" | "too_long" | "rejected" | "rate_limited" | "failed";
      status: number | null;
      /** What to log as a warning; the plan goes to the job summary instead. */
      warning: string;
    };

interface IssueComment {
  id: number;
  body?: string | null;
  html_url: string;
  user?: { login: string; type?: string } | null;
}

const PER_PAGE = 100;

export async function upsertPlanComment(
  octokit: CommentsOctokit,
  request: UpsertRequest,
): Promise<UpsertResult> {
  const { owner, repo, pullRequest, project, body } = request;
  const where = `pull request #${pullRequest} of ${owner}/${repo}`;
  const marker = commentMarker(project);
  if (!body.startsWith(marker)) {
    throw new Error(`the comment body must start with the marker ${marker} (use renderComment)`);
  }
  if (Array.from(body).length > GITHUB_COMMENT_MAX) {
    return {
      ok: false,
      reason: "too_long",
      status: null,
      warning: `The plan comment for ${where} has ${body.length} characters, over GitHub's ${GITHUB_COMMENT_MAX}; it was not posted. The plan is in the job summary.`,
    };
  }

  let stage: Stage = "list";
  try {
    const found: IssueComment[] = [];
    let preferred: IssueComment | undefined;
    let pages = 0;
    const iterator = octokit.paginate.iterator(octokit.rest.issues.listComments, {
      owner,
      repo,
      issue_number: pullRequest,
      per_page: PER_PAGE,
    });
    for await (const page of iterator) {
      pages++;
      for (const comment of page.data as IssueComment[]) {
        if (!hasMarker(comment.body, marker)) continue;
        if (request.author !== undefined && comment.user?.login !== request.author) continue;
        found.push(comment);
        if (!preferred && (request.author !== undefined || comment.user?.type === "Bot")) preferred = comment;
      }
      // Ours is found: no need to read the remaining pages.
      if (preferred) break;
    }
    const target = preferred ?? found[0];
    const duplicates = found.filter((c) => c !== target).map((c) => c.id);

    if (target) {
      if (normalise(target.body ?? "") === normalise(body)) {
        return {
          ok: true,
          action: "unchanged",
          commentId: target.id,
          url: target.html_url,
          duplicates,
          pages,
        };
      }
      stage = "update";
      const { data } = await octokit.rest.issues.updateComment({ owner, repo, comment_id: target.id, body });
      return { ok: true, action: "updated", commentId: data.id, url: data.html_url, duplicates, pages };
    }
    stage = "create";
    const { data } = await octokit.rest.issues.createComment({
      owner,
      repo,
      issue_number: pullRequest,
      body,
    });
    return { ok: true, action: "created", commentId: data.id, url: data.html_url, duplicates, pages };
  } catch (error) {
    const status = httpStatus(error);
    if (status === undefined) throw error;
    return failure(status, error, stage, where, body.length);
  }
}

type Stage = "list" | "update" | "create";

/** Whether a comment body starts with the marker (GitHub may have added leading whitespace or \r\n). */
function hasMarker(body: string | null | undefined, marker: string): boolean {
  return typeof body === "string" && body.trimStart().startsWith(marker);
}

/** GitHub stores bodies with \r\n at times; compare without that difference. */
function normalise(body: string): string {
  return body.replace(/\r\n/g, "\n").trimEnd();
}

function httpStatus(error: unknown): number | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const status = (error as { status?: unknown }).status;
  return typeof status === "number" && status >= 100 ? status : undefined;
}

function failure(status: number, error: unknown, stage: Stage, where: string, length: number): UpsertResult {
  const message = cleanMessage(error);
  const doing =
    stage === "list"
      ? "read the comments of"
      : stage === "update"
        ? "update the plan comment on"
        : "comment on";
  const fallback = "The plan is in the job summary; the run goes on.";
  const headers = (error as { response?: { headers?: Record<string, unknown> } }).response?.headers ?? {};
  if (
    (status === 403 || status === 429) &&
    (headers["x-ratelimit-remaining"] === "0" || /rate limit/i.test(message))
  ) {
    return {
      ok: false,
      reason: "rate_limited",
      status,
      warning: `GitHub's rate limit stopped ods-state from trying to ${doing} ${where} (HTTP ${status}: ${message}). ${fallback}`,
    };
  }
  if (status === 403) {
    return {
      ok: false,
      reason: "forbidden",
      status,
      warning:
        `ods-state can't ${doing} ${where} (HTTP 403: ${message}): the token needs the \`pull-requests: write\` permission ` +
        "(add `permissions: { pull-requests: write }` to the workflow or job). Pull requests from forks get a read-only " +
        `token, so they never get the comment. ${fallback}`,
    };
  }
  if (status === 404) {
    return {
      ok: false,
      reason: "not_found",
      status,
      warning: `ods-state couldn't ${doing} ${where}: GitHub answered 404 (${message}). The pull request or repository is gone, or the token can't see it. ${fallback}`,
    };
  }
  if (status === 422) {
    const tooLong = /too long|maximum/i.test(message);
    return {
      ok: false,
      reason: tooLong ? "too_long" : "rejected",
      status,
      warning: tooLong
        ? `GitHub refused the plan comment on ${where} as too long (${length} characters; HTTP 422: ${message}). This is a bug in ods-state's size rule; please report it. ${fallback}`
        : `GitHub refused the plan comment on ${where} (HTTP 422: ${message}). ${fallback}`,
    };
  }
  return {
    ok: false,
    reason: "failed",
    status,
    warning: `ods-state couldn't ${doing} ${where} (HTTP ${status}: ${message}). ${fallback}`,
  };
}

/** The error's message on one line, without the documentation URL Octokit appends. */
function cleanMessage(error: unknown): string {
  const raw = error instanceof Error ? error.message : String(error);
  return (
    raw
      .replace(/\s*-\s*https:\/\/docs\.github\.com\S*/g, "")
      .replace(/[\r\n]+/g, " ")
      .trim()
      .slice(0, 300) || "no message"
  );
}
