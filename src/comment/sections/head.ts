/**
 * The head of the plan comment: the hidden marker, the title, the headline
 * (counts, the build time reuse saves, or the run's outcome) and what the
 * plan was compared with. Never cut. Pure.
 */
import type { PlanEntry } from "../../state/plan.js";
import { SEPARATOR } from "../fit/fit-sections.js";
import { MAX_NAME, mdCode, mdText, safeUrl } from "../markdown-escape.js";
import { formatCount, formatDuration, formatTime, plural, shortSha } from "../words.js";
import type { CommentInput } from "./comment-input.js";
import { outcomeCounts, outcomeParts } from "./run-outcome.js";

export function headSection(input: CommentInput): string {
  const lines: string[] = [];
  if (input.marker !== undefined) lines.push(input.marker);
  lines.push(`### ods-state plan for ${mdCode(input.project)}`);
  return [lines.join("\n"), headline(input), compared(input)].join(SEPARATOR);
}

function headline(input: CommentInput): string {
  const { build, reuse } = input;
  const outcome = input.context.outcome;
  const reuseSeconds = sumDurations(reuse);
  const buildSeconds = sumDurations(build);
  const total = reuseSeconds + buildSeconds;
  const reused = `${formatCount(reuse.length)} reused`;
  if (outcome) {
    const parts = outcomeParts(outcomeCounts(input));
    parts.push(reused);
    const tail: string[] = [];
    if (outcome.total_duration_s !== undefined)
      tail.push(`dbt ran for ${formatDuration(outcome.total_duration_s)}`);
    if (reuseSeconds > 0) tail.push(`reuse saved about ${approx(reuseSeconds)}`);
    return `**${parts.join(" · ")}**` + (tail.length ? ` — ${tail.join("; ")}.` : "");
  }
  if (build.length === 0 && reuse.length === 0) return "**Nothing selected** — the plan is empty.";
  const counts = `**${formatCount(build.length)} to build · ${formatCount(reuse.length)} to reuse**`;
  if (reuseSeconds <= 0 || total <= 0) return counts;
  const missing = build.filter((e) => e.last_duration_s === undefined).length;
  const caveat =
    missing > 0
      ? ` (${plural(missing, "node")} to build ${missing === 1 ? "has" : "have"} no recorded duration)`
      : "";
  return `${counts} — reuse saves about ${approx(reuseSeconds)} of ${approx(total)} of build time${caveat}.`;
}

function compared(input: CommentInput): string {
  const { plan, context: c } = input;
  const env = c.base?.environment ?? plan.environment;
  const head = headReference(input);
  if (!plan.state.found) {
    return (
      `${head ? `${head}: no` : "No"} recorded state for **${mdText(env, MAX_NAME)}** yet, so every node is built. ` +
      "Once a run on the main branch records state, this comment shows what can be reused."
    );
  }
  const run = c.base?.runId ?? plan.state.run_id;
  const at = c.base?.recordedAt ?? plan.state.created_at;
  const details: string[] = [];
  if (c.base?.commit) details.push(`commit ${commitLink(input, c.base.commit)}`);
  if (at) details.push(`recorded ${formatTime(at)}`);
  const against =
    `**${mdText(env, MAX_NAME)}**` +
    (run ? ` at run ${mdCode(run)}` : "") +
    (details.length ? ` (${details.join(", ")})` : "");
  return head ? `${head} compared with ${against}.` : `Compared with ${against}.`;
}

function headReference(input: CommentInput): string | undefined {
  const c = input.context;
  const pr = Number.isSafeInteger(c.pullRequest) && c.pullRequest! > 0 ? c.pullRequest : undefined;
  if (c.headSha) return `${pr ? "Head" : "Commit"} ${commitLink(input, c.headSha)}${pr ? ` of #${pr}` : ""}`;
  return pr ? `Pull request #${pr}` : undefined;
}

function commitLink(input: CommentInput, sha: string): string {
  const repo = safeUrl(input.context.repositoryUrl);
  const codeSha = mdCode(shortSha(sha));
  return repo && /^[0-9a-f]{7,64}$/i.test(sha)
    ? `[${codeSha}](${repo.replace(/\/+$/, "")}/commit/${sha})`
    : codeSha;
}

function sumDurations(entries: readonly PlanEntry[]): number {
  let total = 0;
  for (const e of entries)
    if (e.last_duration_s !== undefined && Number.isFinite(e.last_duration_s) && e.last_duration_s > 0)
      total += e.last_duration_s;
  return total;
}

/** A duration for an estimate: whole minutes from one minute on. */
function approx(seconds: number): string {
  if (seconds < 60) return formatDuration(seconds);
  if (seconds < 10 * 3600) return formatDuration(Math.round(seconds / 60) * 60);
  return formatDuration(Math.round(seconds / 3600) * 3600);
}
