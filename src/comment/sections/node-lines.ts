/**
 * The lines that name nodes in the groups: names in natural order (`c2`
 * before `c10`), one line per distinct reason (`- a, b and c — reason`, not
 * three identical lines), with dbt's outcome after the run, and a long list
 * folded in <details>. Pure.
 */
import type { PlanEntry } from "../../state/plan.js";
import { SEPARATOR } from "../fit/fit-sections.js";
import { mdCode, mdMessage, mdText } from "../markdown-escape.js";
import { entryLabel, phraseEntry } from "../reason-phrases.js";
import { formatDuration, naturalCompare, wordsToMarkdown } from "../words.js";
import { type CommentInput, diffLink } from "./comment-input.js";
import type { OutcomeStatus } from "./run-outcome.js";

/** A list of more nodes than this (in one cause) is folded in <details>. */
export const FOLD_OVER = 10;

const STATUS_ICONS: Record<OutcomeStatus, string> = {
  built: "✅",
  failed: "❌",
  skipped: "⏭️",
  not_run: "➖",
};

export interface LineOptions {
  /** Link each name to its file in the pull request's diff (when the context allows). */
  link?: boolean;
  /** Leave the reason out (the cause's sentence already says it all). */
  omitReason?: boolean;
}

/** Entries sorted by their names, naturally. */
export function byName(input: CommentInput, entries: readonly PlanEntry[]): PlanEntry[] {
  const project = input.plan.project;
  return entries
    .map((e) => ({ e, label: entryLabel(e, project) }))
    .sort((a, b) => naturalCompare(a.label, b.label) || naturalCompare(a.e.unique_id, b.e.unique_id))
    .map(({ e }) => e);
}

/**
 * One markdown list item per distinct (outcome, reason), in the order of
 * their first name. A failed node has a line of its own (with dbt's message).
 */
export function nodeLines(
  input: CommentInput,
  entries: readonly PlanEntry[],
  options: LineOptions = {},
): string[] {
  return nodeGroups(input, entries, options).map(({ names, what }) => nodeLine(names, what));
}

/** `- a, b and c — what`. */
export function nodeLine(names: readonly string[], what: string): string {
  return `- ${names.join(", ")}${what ? ` — ${what}` : ""}`;
}

/** The nodes of each line (markdown names) and what the line says of them (outcome and reason, markdown). */
export function nodeGroups(
  input: CommentInput,
  entries: readonly PlanEntry[],
  options: LineOptions = {},
): Array<{ names: string[]; what: string }> {
  const groups = new Map<string, { names: string[]; status: string; reason: string }>();
  for (const entry of byName(input, entries)) {
    const reason = options.omitReason ? "" : wordsToMarkdown(phraseEntry(entry, input.phrase));
    const status = statusOf(input, entry);
    const key = `${status.key}\u0000${reason}`;
    const name = nameOf(input, entry, options.link === true);
    const group = groups.get(key);
    if (group) group.names.push(name);
    else groups.set(key, { names: [name], status: status.text, reason });
  }
  return [...groups.values()].map(({ names, status, reason }) => ({
    names,
    what: [status, reason].filter((part) => part !== "").join(" · "),
  }));
}

/** `<code>orders</code>`, `[<code>orders</code>](…#diff-…)`, `<code>codes</code> (seed)`. */
function nameOf(input: CommentInput, entry: PlanEntry, link: boolean): string {
  const code = mdCode(entryLabel(entry, input.plan.project));
  const url = link ? diffLink(input, entry) : undefined;
  const name = url ? `[${code}](${url})` : code;
  const kind =
    entry.resource_type && entry.resource_type !== "model" ? ` (${mdText(entry.resource_type, 20)})` : "";
  return name + kind;
}

/** After the run: the icon and what dbt did (the key groups equal outcomes; a failure is its own). */
function statusOf(input: CommentInput, entry: PlanEntry): { key: string; text: string } {
  const outcome = input.context.outcome;
  if (!outcome || entry.action !== "BUILD") return { key: "", text: "" };
  const result = outcome.nodes[entry.unique_id];
  const status: OutcomeStatus = result?.status ?? "not_run";
  const icon = STATUS_ICONS[status];
  if (status === "failed") {
    const after = result?.duration_s !== undefined ? ` after ${formatDuration(result.duration_s)}` : "";
    const message = result?.message ? `: ${mdMessage(result.message, 300)}` : "";
    return { key: `failed:${entry.unique_id}`, text: `${icon} **failed**${after}${message}` };
  }
  return { key: status, text: `${icon} ${status === "not_run" ? "not run" : status}` };
}

/** A list, folded in <details> with `summary` when it names more than FOLD_OVER nodes. */
export function foldedList(list: string, nodes: number, summary: string): string {
  if (nodes <= FOLD_OVER) return list;
  return [`<details>\n<summary>${summary}</summary>`, list, "</details>"].join(SEPARATOR);
}
