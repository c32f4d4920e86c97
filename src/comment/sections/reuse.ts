/**
 * The REUSE list, folded in <details>: counts per reason in the summary, the
 * notable nodes (a reason besides `unchanged`, or tests that run) first, one
 * line per distinct reason, the rest grouped by when they were last built,
 * names in natural order. Level 1 lists as much as fits, level 2 the counts
 * only. Pure.
 */
import type { PlanEntry, ReasonCode } from "../../state/plan.js";
import { fitItems, fitLines } from "../fit/fit-lines.js";
import { SEPARATOR } from "../fit/fit-sections.js";
import { mdCode, mdText } from "../markdown-escape.js";
import { entryLabel, primaryCode, REASON_TITLES } from "../reason-phrases.js";
import { formatAge, formatCount, plural } from "../words.js";
import type { CommentInput } from "./comment-input.js";
import { seeFullPlan } from "./full-plan-links.js";
import { byName, nodeLines } from "./node-lines.js";

const REUSE_WORDS: Partial<Record<ReasonCode, string>> = {
  unchanged: "unchanged",
  formatting_only: "only reformatted",
  within_lag_tolerance: "within lag tolerance",
  quorum_not_met: "waiting for all inputs",
  parent_change_not_read: "not reading what changed",
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
  const summary = `<details>\n<summary><b>Reused (${formatCount(reuse.length)})</b>: ${summaryCounts}</summary>`;
  const note = relationNote(reuse);
  const close = "</details>";
  const compact = [summary, `Too many to list here${seeFullPlan(input)}.`, close].join(SEPARATOR);
  if (level === 2) return compact;

  const notableLines = nodeLines(input, notable);
  const plainGroups = groupUnchanged(input, plain);
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

/**
 * REUSE entries without a notable reason, grouped by when they were last
 * built as a reviewer reads it (`last built 3 h ago`), the latest first.
 */
function groupUnchanged(
  input: CommentInput,
  entries: readonly PlanEntry[],
): Array<{ heading: string; names: string[] }> {
  const groups = new Map<string, { latest: number; names: string[] }>();
  for (const e of byName(input, entries)) {
    const at = e.last_build?.built_at;
    const age = at ? formatAge(at, input.now) : undefined;
    const key = age ?? (e.last_build ? `run ${e.last_build.run_id}` : "");
    const name = mdCode(entryLabel(e, input.plan.project));
    const time = at ? Date.parse(at) : Number.NaN;
    const group = groups.get(key);
    if (group) {
      group.names.push(name);
      if (time > group.latest) group.latest = time;
    } else groups.set(key, { latest: Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time, names: [name] });
  }
  return [...groups.entries()]
    .sort((a, b) => b[1].latest - a[1].latest || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map(([key, { names }]) => ({
      heading: key.startsWith("run ")
        ? `Unchanged since run ${mdCode(key.slice(4))} (${formatCount(names.length)}): `
        : key
          ? `Unchanged, last built ${mdText(key)} (${formatCount(names.length)}): `
          : `Unchanged (${formatCount(names.length)}): `,
      names,
    }));
}
