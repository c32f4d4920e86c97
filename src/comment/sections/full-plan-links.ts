/**
 * Where the full plan is (the HTML page, the job summary, the plan artifact,
 * the plan file on the runner), as the shortened note, the footer and the
 * cut lists say it. Pure.
 */
import { mdCode, safeUrl } from "../markdown-escape.js";
import type { CommentInput } from "./comment-input.js";

/** The uploaded HTML page's link (an artifact of the run), when it is a safe URL and not the plan artifact's. */
function htmlPageUrl(input: CommentInput): string | undefined {
  const url = safeUrl(input.context.links?.htmlPage);
  return url === input.artifactUrl ? undefined : url;
}

/** `[full plan page](…) · [job summary](…) · [plan artifact](…)`, or undefined without links. */
export function fullPlanLinks(input: CommentInput): string | undefined {
  const links: string[] = [];
  const page = htmlPageUrl(input);
  if (page) links.push(`[full plan page](${page})`);
  if (input.jobSummaryUrl) links.push(`[job summary](${input.jobSummaryUrl})`);
  if (input.artifactUrl) links.push(`[plan artifact](${input.artifactUrl})`);
  return links.length ? links.join(" · ") : undefined;
}

/** The job summary names the plan file on the runner (the action's `plan-path` output); a comment doesn't. */
export function planFile(input: CommentInput): string | undefined {
  const file = input.context.links?.planFile;
  if (input.target !== "job_summary" || !file) return undefined;
  return `${mdCode(file, 300)} (the action's ${mdCode("plan-path")} output)`;
}

/** `: see the [job summary](…) or the plan file …` after a cut list, or "" with nowhere to point. */
export function seeFullPlan(input: CommentInput): string {
  const links: string[] = [];
  const page = htmlPageUrl(input);
  if (page) links.push(`the [full plan page](${page})`);
  if (input.jobSummaryUrl) links.push(`the [job summary](${input.jobSummaryUrl})`);
  if (input.artifactUrl) links.push(`the [plan artifact](${input.artifactUrl})`);
  const file = planFile(input);
  if (file) links.push(`the plan file ${file}`);
  return links.length ? `: see ${links.join(" or ")}` : "";
}
