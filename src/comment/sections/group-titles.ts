/**
 * The headings of the three groups (changed, downstream, rebuilt regardless)
 * and the anchor the headline's "why ↓" links to. On a pull request the
 * changes are the pull request's; on a main-branch run (the job summary),
 * they are changes since the compared state. Pure.
 */
import { formatCount } from "../words.js";
import type { CommentInput } from "./comment-input.js";

export function onPullRequest(input: CommentInput): boolean {
  const pr = input.context.pullRequest;
  return Number.isSafeInteger(pr) && pr! > 0;
}

export function changedHeading(input: CommentInput): string {
  const title = onPullRequest(input) ? "Changed by this pull request" : "Changed since the compared state";
  return `### ${title} (${formatCount(input.groups.changed.length)})`;
}

export function downstreamHeading(input: CommentInput): string {
  return `### Downstream of those changes (${formatCount(input.groups.downstream.length)})`;
}

function regardlessTitle(input: CommentInput): string {
  const title = onPullRequest(input)
    ? "Rebuilt regardless of this pull request"
    : "Rebuilt regardless of code changes";
  return `${title} (${formatCount(input.groups.regardless.length)})`;
}

export function regardlessHeading(input: CommentInput): string {
  return `### ${regardlessTitle(input)}`;
}

/**
 * The id GitHub gives the regardless heading (its slug: lower case, spaces
 * to `-`, everything but letters, digits, `-` and `_` dropped), which the
 * headline links to. The title is ours, never an untrusted string.
 */
export function regardlessAnchor(input: CommentInput): string {
  return regardlessTitle(input)
    .toLowerCase()
    .replace(/[^a-z0-9 _-]/g, "")
    .replaceAll(" ", "-");
}
