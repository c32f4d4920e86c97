/**
 * The BUILD list: each node with its reasons (or, after the run, its
 * outcome). Level 0 lists every node (one sentence for a reason all share);
 * level 1 gives the counts per reason and as many nodes as fit; level 2 the
 * counts only. Pure.
 */
import type { PlanEntry, ReasonCode } from "../../state/plan.js";
import { fitLines } from "../fit/fit-lines.js";
import { SEPARATOR } from "../fit/fit-sections.js";
import { mdCode, mdMessage, mdText } from "../markdown-escape.js";
import { entryLabel, phraseEntry, primaryCode, REASON_TITLES } from "../reason-phrases.js";
import { formatCount, formatDuration, plural, wordsToMarkdown } from "../words.js";
import type { CommentInput } from "./comment-input.js";
import { seeFullPlan } from "./full-plan-links.js";
import { type OutcomeStatus, outcomeCounts, outcomeParts } from "./run-outcome.js";

const STATUS_ICONS: Record<OutcomeStatus, string> = {
  built: "✅",
  failed: "❌",
  skipped: "⏭️",
  not_run: "➖",
};

/** Reasons that, when every BUILD node has them, are said once for all. */
const SHARED_CODES: ReadonlySet<ReasonCode> = new Set<ReasonCode>([
  "no_state",
  "scheme_changed",
  "target_changed",
  "never_built",
]);

/** The BUILD section at a level (its lines and shared reason are phrased once per render). */
export function buildSection(input: CommentInput): (level: number, budget: number) => string {
  let lines: string[] | undefined;
  let shared: { value: string | undefined } | undefined;
  return (level, budget) => {
    const { build } = input;
    if (build.length === 0)
      return input.reuse.length ? "Nothing to build: every selected node is reused." : "";
    const heading = buildHeading(input);
    lines ??= build.map((e) => buildLine(input, e));
    if (level === 0) {
      shared ??= { value: sharedReason(input) };
      if (shared.value !== undefined) {
        const names = build.map((e) => mdCode(entryLabel(e, input.plan.project))).join(", ");
        return [
          heading,
          `${plural(build.length, "node")}, all for the same reason: ${shared.value}.`,
          names,
        ].join(SEPARATOR);
      }
      return [heading, lines.join("\n")].join(SEPARATOR);
    }
    const counts = countsByReason(build);
    const compact = [heading, `Too many to list here; by reason:\n${counts}`].join(SEPARATOR);
    if (level === 2) return compact;
    const intro = [heading, `By reason:\n${counts}`].join(SEPARATOR);
    const list = fitLines(
      lines,
      budget - input.size(intro) - SEPARATOR.length,
      (rest) => `- … and ${plural(rest, "more node")}${seeFullPlan(input)}`,
      input.size,
    );
    return list === undefined ? compact : [intro, list].join(SEPARATOR);
  };
}

function buildHeading(input: CommentInput): string {
  if (!input.context.outcome) return `### To build (${formatCount(input.build.length)})`;
  return `### Built: ${outcomeParts(outcomeCounts(input)).join(" · ")}`;
}

function buildLine(input: CommentInput, entry: PlanEntry): string {
  const name = mdCode(entryLabel(entry, input.plan.project));
  const kind =
    entry.resource_type && entry.resource_type !== "model" ? ` (${mdText(entry.resource_type, 20)})` : "";
  const why = wordsToMarkdown(phraseEntry(entry, input.phrase));
  const outcome = input.context.outcome;
  if (!outcome) return `- ${name}${kind} — ${why}`;
  const result = outcome.nodes[entry.unique_id];
  const status = result?.status ?? "not_run";
  const duration = result?.duration_s !== undefined ? formatDuration(result.duration_s) : undefined;
  let what: string;
  if (status === "built") what = duration ? `built in ${duration}` : "built";
  else if (status === "failed")
    what =
      `**failed**${duration ? ` after ${duration}` : ""}` +
      (result?.message ? `: ${mdMessage(result.message, 300)}` : "");
  else if (status === "skipped") what = "skipped";
  else what = "not run";
  return `- ${STATUS_ICONS[status]} ${name}${kind} — ${what} · ${why}`;
}

/** The reason every BUILD node shares (no state, a new scheme), before the run and past 3 nodes. */
function sharedReason(input: CommentInput): string | undefined {
  const { build } = input;
  if (input.context.outcome || build.length <= 3) return undefined;
  const code = primaryCode(build[0]!);
  if (!code || !SHARED_CODES.has(code)) return undefined;
  const first = wordsToMarkdown(phraseEntry(build[0]!, input.phrase));
  for (const e of build) if (wordsToMarkdown(phraseEntry(e, input.phrase)) !== first) return undefined;
  return first;
}

function countsByReason(entries: readonly PlanEntry[]): string {
  const counts = new Map<string, number>();
  for (const e of entries) {
    const code = primaryCode(e);
    const title = code ? REASON_TITLES[code] : "no reason given";
    counts.set(title, (counts.get(title) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([title, n]) => `- ${title}: ${formatCount(n)}`)
    .join("\n");
}
