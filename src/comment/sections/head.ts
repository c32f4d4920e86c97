/**
 * The head of the plan comment: the hidden marker, the title, the headline
 * in one line (what this pull request changed → what is downstream · what is
 * rebuilt regardless, with a link to why · what is reused; the build time
 * reuse saves, or the run's outcome) and the reference point (what the plan
 * was compared with, linked to the run that saved it). Never cut. Pure.
 */
import type { PlanEntry } from "../../state/plan.js";
import { SEPARATOR } from "../fit/fit-sections.js";
import { MAX_NAME, mdCode, mdText, safeUrl } from "../markdown-escape.js";
import { formatAge, formatCount, formatDuration, formatTime, plural, shortSha } from "../words.js";
import type { CommentInput } from "./comment-input.js";
import { regardlessAnchor } from "./group-titles.js";
import { outcomeCounts, outcomeParts } from "./run-outcome.js";

export function headSection(input: CommentInput): string {
  const lines: string[] = [];
  if (input.marker !== undefined) lines.push(input.marker);
  lines.push(`### ods-state plan for ${mdCode(input.project)}`);
  return [lines.join("\n"), headline(input), compared(input)].join(SEPARATOR);
}

/** `1 model changed → 38 downstream · 208 rebuilt regardless (why ↓) · 85 reused`, in bold. */
function groupCounts(input: CommentInput): string {
  const { changed, downstream, regardless, reused } = input.groups;
  const flow: string[] = [];
  if (changed.length) flow.push(`${countOf(changed)} changed`);
  if (downstream.length) flow.push(`${formatCount(downstream.length)} downstream`);
  const parts = flow.length ? [flow.join(" → ")] : [];
  if (regardless.length)
    parts.push(`${formatCount(regardless.length)} rebuilt regardless ([why ↓](#${regardlessAnchor(input)}))`);
  if (parts.length === 0) parts.push("Nothing to build");
  parts.push(`${formatCount(reused.length)} reused`);
  return `**${parts.join(" · ")}**`;
}

/** `1 model`, `3 seeds`: the resource type's word when the nodes are all of one type, else `nodes`. */
function countOf(entries: readonly PlanEntry[]): string {
  const type = entries[0]?.resource_type;
  const one =
    type && /^[a-z_]+$/.test(type) && entries.every((e) => e.resource_type === type)
      ? type.replaceAll("_", " ")
      : "node";
  return plural(entries.length, one);
}

function headline(input: CommentInput): string {
  const { build, reuse } = input;
  const outcome = input.context.outcome;
  const reuseSeconds = sumDurations(reuse);
  if (outcome) {
    const did = outcomeParts(outcomeCounts(input)).join(" · ");
    const time =
      outcome.total_duration_s !== undefined ? ` in ${formatDuration(outcome.total_duration_s)}` : "";
    const saved = reuseSeconds > 0 ? `; reuse saved about ${approx(reuseSeconds)}` : "";
    return `${groupCounts(input)} — dbt: ${did}${time}${saved}.`;
  }
  if (build.length === 0 && reuse.length === 0) return "**Nothing selected** — the plan is empty.";
  return groupCounts(input) + estimate(input, reuseSeconds);
}

/**
 * ` — reuse saves about 36 s of 5 min of build time.`: the sum of the
 * recorded durations; when some nodes have none, says how many and calls the
 * total what it is (what was recorded), never a partial sum as the whole.
 */
function estimate(input: CommentInput, reuseSeconds: number): string {
  const all = input.plan.entries;
  const total = reuseSeconds + sumDurations(input.build);
  if (reuseSeconds <= 0 || total <= 0) return "";
  const missing = all.filter((e) => !hasDuration(e)).length;
  if (missing === 0) return ` — reuse saves about ${approx(reuseSeconds)} of ${approx(total)} of build time.`;
  return (
    ` — reuse saves about ${approx(reuseSeconds)} of the ${approx(total)} of build time recorded; ` +
    `${formatCount(missing)} of ${plural(all.length, "node")} ${missing === 1 ? "has" : "have"} no recorded duration.`
  );
}

/**
 * "Head `1a2b3c4` of #42 compared with **prod** from [main@`9f8e7d6`, 3 h ago](run)":
 * the state's branch, commit and age, linked to the workflow run that saved it.
 */
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
  const at = c.base?.recordedAt ?? plan.state.created_at;
  const runUrl = safeUrl(c.base?.runUrl ?? undefined);
  const branch = c.base?.branch ? mdText(c.base.branch, MAX_NAME) : undefined;
  const commit = c.base?.commit
    ? runUrl
      ? mdCode(shortSha(c.base.commit))
      : commitLink(input, c.base.commit)
    : undefined;
  const where = branch && commit ? `${branch}@${commit}` : (branch ?? commit);
  const age = at ? formatAge(at, input.now) : undefined;
  const when = age ?? (at ? `recorded ${mdText(formatTime(at), 40)}` : undefined);
  const text = [where, when].filter((part) => part !== undefined).join(", ");
  let from = "";
  const recorded = age ? `recorded ${age}` : when;
  if (runUrl) from = where ? ` from [${text}](${runUrl})` : ` as [${recorded ?? "recorded"}](${runUrl})`;
  else if (text) from = where ? ` from ${text}` : ` as ${recorded}`;
  const against = `**${mdText(env, MAX_NAME)}**${from}`;
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

function hasDuration(e: PlanEntry): boolean {
  return e.last_duration_s !== undefined && Number.isFinite(e.last_duration_s) && e.last_duration_s >= 0;
}

function sumDurations(entries: readonly PlanEntry[]): number {
  let total = 0;
  for (const e of entries) if (hasDuration(e)) total += e.last_duration_s!;
  return total;
}

/** A duration for an estimate: whole minutes from one minute on. */
function approx(seconds: number): string {
  if (seconds < 60) return formatDuration(seconds);
  if (seconds < 10 * 3600) return formatDuration(Math.round(seconds / 60) * 60);
  return formatDuration(Math.round(seconds / 3600) * 3600);
}
