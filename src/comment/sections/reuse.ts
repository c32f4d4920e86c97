/**
 * The REUSE list, folded in <details>: counts per reason in the summary, the
 * notable nodes (a reason besides `unchanged`, or tests that run) first, the
 * rest grouped by the run they were last built in. Level 1 lists as much as
 * fits, level 2 the counts only. Pure.
 */
import type { PlanEntry, ReasonCode } from "../../state/plan.js";
import { fitItems, fitLines } from "../fit/fit-lines.js";
import { SEPARATOR } from "../fit/fit-sections.js";
import { mdCode } from "../markdown-escape.js";
import { entryLabel, phraseEntry, primaryCode, REASON_TITLES } from "../reason-phrases.js";
import { formatCount, plural, wordsToMarkdown } from "../words.js";
import type { CommentInput } from "./comment-input.js";
import { seeFullPlan } from "./full-plan-links.js";

const REUSE_WORDS: Partial<Record<ReasonCode, string>> = {
  unchanged: "unchanged",
  formatting_only: "only reformatted",
  within_lag_tolerance: "within lag tolerance",
  quorum_not_met: "waiting for all inputs",
};

export function reuseSection(input: CommentInput, level: number, budget: number): string {
  const { reuse, size } = input;
  if (reuse.length === 0) return "";
  const notable = reuse.filter(
    (e) => e.checks !== undefined || e.reasons.some((r) => r.code !== "unchanged"),
  );
  const plain = reuse.filter((e) => !notable.includes(e));
  const byCode = new Map<ReasonCode, number>();
  for (const e of reuse) {
    const c = primaryCode(e);
    if (c) byCode.set(c, (byCode.get(c) ?? 0) + 1);
  }
  const summaryCounts = [...byCode.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([c, n]) => `${formatCount(n)} ${REUSE_WORDS[c] ?? REASON_TITLES[c]}`)
    .join(", ");
  const summary = `<details>\n<summary><b>To reuse (${formatCount(reuse.length)})</b>: ${summaryCounts}</summary>`;
  const note = relationNote(reuse);
  const close = "</details>";
  const compact = [summary, `Too many to list here${seeFullPlan(input)}.`, close].join(SEPARATOR);
  if (level === 2) return compact;

  const notableLines = notable.map(
    (e) =>
      `- ${mdCode(entryLabel(e, input.plan.project))} — ${wordsToMarkdown(phraseEntry(e, input.phrase))}`,
  );
  const plainGroups = groupUnchanged(plain, input.plan.project);
  if (level === 0) {
    const blocks = [summary];
    if (notableLines.length) blocks.push(notableLines.join("\n"));
    for (const g of plainGroups) blocks.push(g.heading + g.names.join(", ") + ".");
    if (note) blocks.push(note);
    blocks.push(close);
    return blocks.join(SEPARATOR);
  }
  // Level 1: as much as fits, notable nodes first.
  let room = budget - size(summary) - close.length - 3 * SEPARATOR.length - (note ? size(note) + 2 : 0);
  const blocks = [summary];
  const notableFit = fitLines(
    notableLines,
    Math.min(room, Math.max(0, room - 200)),
    (rest) => `- … and ${plural(rest, "more")}`,
    size,
  );
  if (notableFit === undefined) return compact;
  if (notableFit) {
    blocks.push(notableFit);
    room -= size(notableFit) + SEPARATOR.length;
  }
  for (const g of plainGroups) {
    const names = fitItems(g.names, room - size(g.heading) - 40, size);
    if (names === undefined) {
      blocks.push(`${g.heading}${plural(g.names.length, "node")}.`);
      room -= size(g.heading) + 20;
      continue;
    }
    const text = g.heading + names.text + (names.rest ? ` and ${plural(names.rest, "more")}.` : ".");
    blocks.push(text);
    room -= size(text) + SEPARATOR.length;
  }
  if (note) blocks.push(note);
  blocks.push(close);
  const text = blocks.join(SEPARATOR);
  return size(text) <= budget ? text : compact;
}

function relationNote(reuse: readonly PlanEntry[]): string | undefined {
  const unchecked = reuse.filter((e) => !e.relation_check?.checked).length;
  if (unchecked === 0) return undefined;
  if (unchecked === reuse.length)
    return "<sub>Whether the reused relations still exist was not checked (no warehouse connection when planning).</sub>";
  return `<sub>Whether the relation still exists was not checked for ${plural(unchecked, "reused node")}.</sub>`;
}

/** REUSE entries without a notable reason, grouped by the run they were last built in. */
function groupUnchanged(
  entries: readonly PlanEntry[],
  project: string,
): Array<{ heading: string; names: string[] }> {
  const groups = new Map<string, string[]>();
  for (const e of entries) {
    const run = e.last_build?.run_id ?? "";
    const name = mdCode(entryLabel(e, project));
    const list = groups.get(run);
    if (list) list.push(name);
    else groups.set(run, [name]);
  }
  return [...groups.entries()]
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map(([run, names]) => ({
      heading: run
        ? `Unchanged since run ${mdCode(run)} (${formatCount(names.length)}): `
        : `Unchanged (${formatCount(names.length)}): `,
      names,
    }));
}
