/** What dbt did with the BUILD set, counted per status (after the post step). Pure. */
import type { NodeRunStatus } from "../comment-context.js";
import { formatCount } from "../words.js";
import type { CommentInput } from "./comment-input.js";

export type OutcomeStatus = NodeRunStatus | "not_run";

export function outcomeCounts(input: CommentInput): Record<OutcomeStatus, number> {
  const counts = { built: 0, failed: 0, skipped: 0, not_run: 0 };
  for (const e of input.build) counts[input.context.outcome?.nodes[e.unique_id]?.status ?? "not_run"]++;
  return counts;
}

/** `3 built · 1 failed · 2 not run`'s parts: built always, the others when there are any. */
export function outcomeParts(counts: Record<OutcomeStatus, number>): string[] {
  const parts = [`${formatCount(counts.built)} built`];
  if (counts.failed) parts.push(`${formatCount(counts.failed)} failed`);
  if (counts.skipped) parts.push(`${formatCount(counts.skipped)} skipped`);
  if (counts.not_run) parts.push(`${formatCount(counts.not_run)} not run`);
  return parts;
}
