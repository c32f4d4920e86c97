/**
 * The data diff section (issue 23): what the pull request's build does to
 * the data, under the lists of what is built. A heading; the summing-up
 * (what was compared with what, how many models differ, what was not
 * compared and why, the time budget, the samples); then one collapsed fold
 * per model, the changed models first, then those downstream, each in the
 * report's order; the models with plainly no difference (every row compared,
 * none differs) share one line instead of a fold each.
 *
 * Levels, applied in this order when the comment is too long: 0 all; 1
 * without key examples; 2 without the per-column tables; 3 the changed
 * models still folded, one line for each downstream model (a fold's
 * summary, as a list item); 4 one line per model; 5 the summing-up only.
 * At most LINES_SHOWN models are one line each (a report of thousands of
 * models would not fit a comment otherwise); the rest are counted.
 * Past level 0 the section says what it left out and where the whole diff is.
 * Pure.
 */
import type { DataDiffReport, NodeDataDiff } from "../../state/data-diff.js";
import { isCompared, isPlainlySame } from "../data-diff/diff-facts.js";
import { reportSentences } from "../data-diff/diff-words.js";
import { SEPARATOR } from "../fit/fit-sections.js";
import { mdCode } from "../markdown-escape.js";
import { formatCount, plural, wordsToMarkdown } from "../words.js";
import type { CommentInput } from "./comment-input.js";
import { diffFold, type FoldDetail, storyLine } from "./data-diff-fold.js";

/** The most detailed level past which nothing is left to cut. */
export const DATA_DIFF_LEVELS = 5;
/** One-line models listed at most (levels 3 and 4), the changed ones first; the rest are counted. */
const LINES_SHOWN = 200;
/** Models with no difference named on their shared line, at most. */
const SAME_NAMED = 30;

const HEADING = "### Data diff";

/** What each level leaves out, as the section says it. */
const LEFT_OUT: Record<number, string> = {
  1: "key examples are left out",
  2: "key examples and the rows that differ per column are left out",
  3: "each model downstream of the changes is one line",
  4: "each model is one line",
  5: "only the counts are shown",
};

/** The section in the comment or the job summary; "" without a diff. */
export function dataDiffSection(input: CommentInput, level: number): string {
  const report = input.context.dataDiff;
  if (!report) return "";
  return dataDiffMarkdown(report, level, wholeDiff(input));
}

/** The section standalone (`ods-state env diff --format markdown`): everything, no limit. */
export function renderDataDiffMarkdown(report: DataDiffReport): string {
  return `${dataDiffMarkdown(report, 0, undefined)}\n`;
}

/** `the [job summary](…) and \`ods-state env diff --pr 42\``: where the whole diff is. */
function wholeDiff(input: CommentInput): string {
  const pr = input.context.pullRequest;
  const command = mdCode(
    Number.isSafeInteger(pr) && pr! > 0 ? `ods-state env diff --pr ${pr}` : "ods-state env diff",
  );
  if (input.target === "job_summary") return command;
  const summary = input.jobSummaryUrl
    ? `the [job summary](${input.jobSummaryUrl})`
    : "this run's job summary";
  return `${summary} and ${command}`;
}

function dataDiffMarkdown(report: DataDiffReport, level: number, whole: string | undefined): string {
  const blocks = [HEADING, reportSentences(report).map(wordsToMarkdown).join(" ")];
  const cut = effectiveLevel(report, level);
  if (cut > 0 && whole)
    blocks.push(`<sub>Shortened to fit: ${LEFT_OUT[cut]}. The whole diff: ${whole}.</sub>`);
  if (cut >= 5) return blocks.join(SEPARATOR);
  const same = report.nodes.filter(isPlainlySame);
  const shown = report.nodes.filter((n) => !isPlainlySame(n));
  const groups: Array<[string, NodeDataDiff[]]> = [
    ["Changed by this pull request", shown.filter((n) => n.group === "changed")],
    ["Downstream of the changes", shown.filter((n) => n.group !== "changed")],
  ];
  let linesLeft = LINES_SHOWN;
  for (const [title, nodes] of groups) {
    if (nodes.length === 0) continue;
    blocks.push(`**${title} (${formatCount(nodes.length)})**`);
    const lines = cut >= 4 || (cut === 3 && nodes[0]!.group !== "changed");
    if (!lines) {
      blocks.push(...nodes.map((n) => diffFold(n, report, Math.min(cut, 2) as FoldDetail)));
      continue;
    }
    const listed = nodes.slice(0, Math.max(1, linesLeft)).map(storyLine);
    linesLeft -= listed.length;
    const rest = nodes.length - listed.length;
    if (rest > 0)
      listed.push(`- … and ${plural(rest, "more model")}${whole ? `: the whole diff is in ${whole}` : ""}`);
    blocks.push(listed.join("\n"));
  }
  if (same.length) blocks.push(sameLine(same));
  return blocks.join(SEPARATOR);
}

/**
 * The level a render is at, for what it says it left out: a cut that
 * leaves nothing out (no examples to drop, no column that differs) says
 * nothing.
 */
function effectiveLevel(report: DataDiffReport, level: number): number {
  if (level === 1 && !report.nodes.some((n) => isCompared(n.rows) && n.rows.examples)) return 0;
  // Without downstream models level 3 is level 2; without changed ones, level 4.
  if (level === 3 && !report.nodes.some((n) => n.group !== "changed" && !isPlainlySame(n))) return 2;
  if (level === 3 && !report.nodes.some((n) => n.group === "changed" && !isPlainlySame(n))) return 4;
  return Math.min(level, DATA_DIFF_LEVELS);
}

/** `**No difference (3):** <code>a</code>, <code>b</code>, <code>c</code> — same columns, row counts and rows by key.` */
function sameLine(nodes: readonly NodeDataDiff[]): string {
  const names = nodes.slice(0, SAME_NAMED).map((n) => mdCode(n.name));
  const rest = nodes.length - names.length;
  return (
    `**No difference (${formatCount(nodes.length)}):** ${names.join(", ")}${rest > 0 ? ` and ${plural(rest, "more")}` : ""}` +
    ` — the same columns and row count, and every row the same by key.`
  );
}
