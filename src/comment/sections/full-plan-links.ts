/**
 * Where the full plan is (the job summary, the plan artifact, the plan file
 * on the runner), as the shortened note, the footer and the cut lists say
 * it. Pure.
 */
import { mdCode } from "../markdown-escape.js";
import type { CommentInput } from "./comment-input.js";

/** `[job summary](…) · [plan artifact](…)`, or undefined without links. */
export function fullPlanLinks(input: CommentInput): string | undefined {
  const links: string[] = [];
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
  if (input.jobSummaryUrl) links.push(`the [job summary](${input.jobSummaryUrl})`);
  if (input.artifactUrl) links.push(`the [plan artifact](${input.artifactUrl})`);
  const file = planFile(input);
  if (file) links.push(`the plan file ${file}`);
  return links.length ? `: see ${links.join(" or ")}` : "";
}
