/**
 * What a step writes to its job summary, bounded (issue 20): GitHub keeps at
 * most 1 MiB (1,048,576 UTF-8 bytes) of GITHUB_STEP_SUMMARY per step, and a
 * step over it loses its summary. Each step writes at most
 * JOB_SUMMARY_LIMIT bytes, everything it appends included; the whole plan is
 * in the plan file (the `plan-path` output), and the summary says so when it
 * is shortened.
 *
 * - The main step: the plan, and on a merge the promotion report (itself at
 *   most PROMOTION_SUMMARY_LIMIT bytes); the plan gets what the report leaves.
 * - The post step on a pull request: the plan with dbt's outcome and, when
 *   the context has one, the data diff (its section, with the job summary's
 *   larger limit: it is shortened later than in the comment).
 * - The post step on the default branch: one line on the recorded run and
 *   one on repaired pointer views, each a sentence of counts and names.
 *
 * The runner adds a line end after each write (1 or 2 bytes): the room
 * between JOB_SUMMARY_LIMIT and GitHub's limit covers them. Pure.
 */
import type { CommentContext } from "../comment/comment-context.js";
import { JOB_SUMMARY_LIMIT, renderJobSummary } from "../comment/render-comment.js";
import { type PromotionReport, renderPromotion } from "../comment/render-promotion.js";
import { utf8Length } from "../comment/utf8-length.js";
import type { Plan } from "../state/plan.js";

/** The main step's job summary: the plan, then the promotion report when there is one. */
export function mainStepSummary(
  plan: Plan,
  context: CommentContext,
  promotion: PromotionReport | null,
  limit = JOB_SUMMARY_LIMIT,
): string {
  if (!promotion) return renderJobSummary(plan, context, limit);
  const report = renderPromotion(promotion);
  // The "\n" that separates them counts too.
  return `${renderJobSummary(plan, context, limit - utf8Length(report) - 1)}\n${report}`;
}

/** The post step's job summary on a pull request: the plan with dbt's outcome and `context.dataDiff`'s section. */
export function postStepSummary(plan: Plan, context: CommentContext, limit = JOB_SUMMARY_LIMIT): string {
  return renderJobSummary(plan, context, limit);
}
