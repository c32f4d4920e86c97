/**
 * The plan as plain text for the CLI's text format: a summary, one line per
 * node (action, name, reason in the same words as the comment) grouped as
 * the comment groups them (changed, downstream, rebuilt regardless by cause
 * with what the cause means, reused; names in natural order), warnings and
 * the dbt command (the exact `build_command`, with its `--exclude`: a
 * terminal has no length limit, so never the short one). Every untrusted string is cleaned of control characters
 * (so a node name can't move the cursor or recolour the terminal) and of line
 * breaks. Pure.
 */
import type { Plan, PlanEntry } from "../state/plan.js";
import { groupByCause, groupEntries } from "./change-groups.js";
import { cleanText, MAX_NAME } from "./markdown-escape.js";
import { causeTitle, entryLabel, phraseContext, phraseEntry, REGARDLESS_CAUSES } from "./reason-phrases.js";
import { orderedWarnings, warningParts } from "./warning-titles.js";
import {
  formatCount,
  formatDuration,
  formatTime,
  messageWords,
  naturalCompare,
  plural,
  wordsToPlain,
} from "./words.js";

/** Widest name column; longer names push their reason to the right. */
const NAME_COLUMN = 40;

export function renderTerminal(plan: Plan): string {
  const phrase = phraseContext(plan);
  const lines: string[] = [];
  const build = plan.entries.filter((e) => e.action === "BUILD");
  const reuse = plan.entries.filter((e) => e.action === "REUSE");
  const saves = reuse.reduce((sum, e) => sum + (e.last_duration_s ?? 0), 0);
  const total = saves + build.reduce((sum, e) => sum + (e.last_duration_s ?? 0), 0);
  lines.push(
    `ods-state plan for ${cleanText(plan.project, MAX_NAME)}: ${formatCount(build.length)} to build, ${formatCount(reuse.length)} to reuse` +
      (saves > 0 && total > 0
        ? ` (reuse saves about ${formatDuration(saves)} of ${formatDuration(total)})`
        : ""),
  );
  const env = cleanText(plan.environment, MAX_NAME);
  lines.push(
    plan.state.found
      ? `compared with ${env}` +
          (plan.state.run_id ? ` at run ${cleanText(plan.state.run_id, MAX_NAME)}` : "") +
          (plan.state.created_at ? ` (recorded ${formatTime(plan.state.created_at)})` : "")
      : `no recorded state for ${env}: every node is built`,
  );
  lines.push("");

  const labels = new Map(plan.entries.map((e) => [e, cleanText(entryLabel(e, plan.project), MAX_NAME)]));
  const width = Math.min(NAME_COLUMN, Math.max(0, ...[...labels.values()].map((l) => l.length)));
  const nodeLine = (entry: PlanEntry) =>
    `${entry.action}  ${labels.get(entry)!.padEnd(width)}  ${wordsToPlain(phraseEntry(entry, phrase))}`;
  const sorted = (entries: readonly PlanEntry[]) =>
    [...entries].sort(
      (a, b) => naturalCompare(labels.get(a)!, labels.get(b)!) || naturalCompare(a.unique_id, b.unique_id),
    );
  const groups = groupEntries(plan.entries);
  const section = (title: string, entries: readonly PlanEntry[]) => {
    if (entries.length === 0) return;
    if (lines.at(-1) !== "") lines.push("");
    lines.push(`${title} (${formatCount(entries.length)}):`);
    for (const entry of sorted(entries)) lines.push(nodeLine(entry));
  };
  section("changed", groups.changed);
  section("downstream of the changes", groups.downstream);
  for (const { code, entries } of groupByCause(groups.regardless)) {
    const why = code ? REGARDLESS_CAUSES[code]?.why : undefined;
    section(`rebuilt regardless: ${causeTitle(code).toLowerCase()}`, entries);
    if (why) lines.splice(lines.length - entries.length, 0, `  ${wordsToPlain(messageWords(why))}`);
  }
  section("reused", groups.reused);
  if (plan.entries.length === 0) lines.push("(no node selected)");

  for (const check of plan.source_checks ?? [])
    if (check.action === "RUN")
      lines.push(
        `CHECK  ${cleanText(check.name, MAX_NAME).padEnd(width)}  ${wordsToPlain(messageWords(check.reason.message))}`,
      );

  const unchecked = reuse.filter((e) => !e.relation_check?.checked).length;
  if (unchecked > 0)
    lines.push(
      "",
      `note: whether the relation still exists was not checked for ${plural(unchecked, "reused node")}`,
    );
  if (plan.warnings.length) {
    lines.push("");
    for (const w of orderedWarnings(plan.warnings)) {
      const { title, message } = warningParts(w);
      lines.push(`warning: ${title ? `${title}: ` : ""}${wordsToPlain(messageWords(message))}`);
    }
  }
  if (plan.build_command) {
    lines.push("", cleanText(plan.build_command, Number.POSITIVE_INFINITY));
    if (plan.select_exact === false)
      lines.push(
        `(this command runs ${supersetCount(plan)} than the plan, listed in the plan's select_extra: no exact dbt selection fits the bounds; dbt build also runs the tests of what it selects)`,
      );
  }
  return lines.join("\n") + "\n";
}

/** `3 more nodes and tests`: what a superset selection runs beyond the plan. */
function supersetCount(plan: Plan): string {
  const n = plan.select_extra?.length ?? 0;
  return `${formatCount(n)} more ${n === 1 ? "node or test" : "nodes and tests"}`;
}
