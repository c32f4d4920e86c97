/**
 * One node's data diff as markdown: a collapsed <details> whose <summary>
 * alone tells the story in one line (the name, the row counts, the column
 * changes, the row diff by key), and inside it the relations, the schema
 * changes with types, the row diff by key (which key, where it came from),
 * the rows that differ per column, the sample, the NULL keys, the key
 * examples when the workflow opted in, and why rows or the node were not
 * compared, with what the user can do. `detail` drops the examples (1) and
 * the per-column table (2); `storyLine` is the one-line form. Pure.
 */
import type {
  ComparedRows,
  DataDiffReport,
  DiffRelation,
  NodeDataDiff,
  RowExamples,
} from "../../state/data-diff.js";
import {
  historySentence,
  notComparedSentence,
  oneSidedSentence,
  skipSentences,
} from "../data-diff/diff-explanations.js";
import {
  columnChanges,
  isCompared,
  isSkipped,
  matchedRows,
  schemaChanged,
  schemaRows,
} from "../data-diff/diff-facts.js";
import { sampleShare, shareOf } from "../data-diff/diff-numbers.js";
import { keyWords, storyWords } from "../data-diff/diff-words.js";
import { SEPARATOR } from "../fit/fit-sections.js";
import { MAX_NAME, mdCode, mdMessage, mdText } from "../markdown-escape.js";
import {
  formatCount,
  formatDuration,
  plural,
  type Words,
  wordsToHtmlBlock,
  wordsToMarkdown,
} from "../words.js";

/** Rows of the schema table, and of the per-column table, at most. */
export const TABLE_ROWS_SHOWN = 20;
/** Columns of a one-sided table listed, at most. */
const COLUMNS_LISTED = 30;
/** Unchanged columns named (more are counted). */
const UNCHANGED_NAMED = 5;
/** Key values shown per kind, at most, and the length of each value (code points). */
export const EXAMPLES_SHOWN = 10;
export const EXAMPLE_MAX = 40;

/** What a fold leaves out: 0 nothing, 1 the key examples, 2 the per-column table too. */
export type FoldDetail = 0 | 1 | 2;

/** `- <code>orders</code> · 1,204 → 1,198 rows (−6, −0.5%) · …` */
export function storyLine(node: NodeDataDiff): string {
  return `- ${wordsToMarkdown(storyWords(node))}`;
}

export function diffFold(node: NodeDataDiff, report: DataDiffReport, detail: FoldDetail): string {
  const blocks = [`<details>\n<summary>${wordsToHtmlBlock(storyWords(node))}</summary>`];
  blocks.push(...foldBody(node, report, detail));
  blocks.push("</details>");
  return blocks.join(SEPARATOR);
}

function sentences(list: Words[]): string {
  return list.map(wordsToMarkdown).join(" ");
}

function foldBody(node: NodeDataDiff, report: DataDiffReport, detail: FoldDetail): string[] {
  const blocks: string[] = [];
  const where = relations(node, report);
  if (node.status === "not_compared") {
    blocks.push(sentences([notComparedSentence(node, report)]));
    if (where) blocks.push(where);
    if (node.message && node.reason !== "timeout" && node.reason !== "failed")
      blocks.push(`Note: ${mdMessage(node.message)}`);
    return blocks;
  }
  if (node.status !== "compared") {
    blocks.push(sentences([oneSidedSentence(node, report)]));
    if (where) blocks.push(where);
    const side = node.status === "only_in_pr" ? node.counts?.pr : node.counts?.prod;
    const columns = node.columns ?? [];
    const what: string[] = [];
    if (side != null) what.push(plural(side, "row"));
    if (columns.length) what.push(plural(columns.length, "column"));
    if (what.length) {
      const listed = columns
        .slice(0, COLUMNS_LISTED)
        .map((c) => `${mdCode(c.name)} ${mdText(c.type, MAX_NAME)}`)
        .join(", ");
      const more =
        columns.length > COLUMNS_LISTED ? ` and ${plural(columns.length - COLUMNS_LISTED, "more")}` : "";
      blocks.push(`**Its table:** ${what.join(", ")}${listed ? `: ${listed}${more}` : ""}.`);
    }
  } else {
    if (where) blocks.push(where);
    blocks.push(...schemaBlocks(node, report));
    const rows = node.rows;
    if (isCompared(rows)) blocks.push(...rowBlocks(rows, report, detail));
    else if (isSkipped(rows)) blocks.push(sentences(skipSentences(node, rows, report)));
    const history = historySentence(node, report);
    if (history) blocks.push(sentences([history]));
  }
  if (node.message) blocks.push(`Note: ${mdMessage(node.message)}`);
  return blocks;
}

function relationText(relation: DiffRelation): string {
  return mdCode(`${relation.schema}.${relation.identifier}`, 2 * MAX_NAME);
}

/** `<code>analytics.orders</code> in prod → <code>analytics_pr_42.orders</code> in the PR; diffed in 2 s.` */
function relations(node: NodeDataDiff, report: DataDiffReport): string | undefined {
  const sides: string[] = [];
  if (node.prod) sides.push(`${relationText(node.prod)} in ${mdText(report.compared_with, MAX_NAME)}`);
  if (node.pr) sides.push(`${relationText(node.pr)} in the PR`);
  if (sides.length === 0) return undefined;
  const time = node.duration_ms > 0 ? `; diffed in ${formatDuration(node.duration_ms / 1000)}` : "";
  return `${sides.join(" → ")}${time}.`;
}

function schemaBlocks(node: NodeDataDiff, report: DataDiffReport): string[] {
  const counts = node.counts;
  const rows =
    counts && counts.prod !== null && counts.pr !== null
      ? counts.prod === counts.pr
        ? `**Rows:** ${formatCount(counts.prod)} on both sides.`
        : `**Rows:** ${formatCount(counts.prod)} in ${mdText(report.compared_with, MAX_NAME)} → ${formatCount(counts.pr)} in the PR.`
      : undefined;
  const schema = node.schema;
  if (!schema) return rows ? [rows] : [];
  const columns = schemaChanged(schema)
    ? `**Columns:** ${formatCount(schema.columns.prod)} → ${formatCount(schema.columns.pr)}.`
    : `**Columns:** the same ${formatCount(schema.columns.prod)} on both sides.`;
  const out = [[rows, columns].filter((t) => t !== undefined).join(" ")];
  if (!schemaChanged(schema)) return out;
  const table = schemaRows(schema);
  const lines = [
    `| Column | In ${mdText(report.compared_with, MAX_NAME)} | In the PR |`,
    "| --- | --- | --- |",
    ...table
      .slice(0, TABLE_ROWS_SHOWN)
      .map(
        (r) =>
          `| ${mdCode(r.name)} | ${r.prod === null ? "—" : mdCode(r.prod)} | ${r.pr === null ? "—" : mdCode(r.pr)} |`,
      ),
  ];
  out.push(lines.join("\n"));
  if (table.length > TABLE_ROWS_SHOWN)
    out.push(`… and ${plural(table.length - TABLE_ROWS_SHOWN, "more column change")}.`);
  return out;
}

function rowBlocks(rows: ComparedRows, report: DataDiffReport, detail: FoldDetail): string[] {
  const out: string[] = [];
  const counts = [
    `${formatCount(rows.only_prod)} only in ${mdText(report.compared_with, MAX_NAME)}`,
    `${formatCount(rows.only_pr)} only in the PR`,
    `${formatCount(rows.changed)} changed`,
    `${formatCount(rows.unchanged)} unchanged`,
  ];
  const notes: string[] = [];
  if (rows.sample)
    notes.push(
      `Compared on a ${sampleShare(rows.sample.fraction)} sample of keys, as a side has more than ${plural(rows.sample.above_rows, "row")}: these counts are within the sample.`,
    );
  if (rows.null_keys.prod + rows.null_keys.pr > 0)
    notes.push(
      `Rows with a NULL in the key match nothing and are left out of these counts: ${formatCount(rows.null_keys.prod)} in ${mdText(report.compared_with, MAX_NAME)}, ${formatCount(rows.null_keys.pr)} in the PR.`,
    );
  out.push([`**By ${wordsToMarkdown(keyWords(rows.key))}:** ${counts.join(" · ")}.`, ...notes].join(" "));
  if (detail < 2) out.push(...columnBlocks(rows));
  else if (rows.changed > 0) out.push("The rows that differ per column are left out to fit.");
  if (rows.examples)
    out.push(detail < 1 ? examplesBlock(rows, rows.examples, report) : "Key examples are left out to fit.");
  else if (rows.examples_withheld)
    out.push(`**Key examples** are not shown: ${mdMessage(rows.examples_withheld)}`);
  return out;
}

function columnBlocks(rows: ComparedRows): string[] {
  const { changed, unchanged } = columnChanges(rows);
  if (rows.columns.length === 0) return [];
  if (changed.length === 0)
    return [
      rows.changed > 0
        ? "No compared column differs."
        : `No difference in the ${plural(unchanged.length, "compared column")}.`,
    ];
  const matched = matchedRows(rows);
  const lines = [
    "| Column | Rows that differ | Of the rows matched |",
    "| --- | ---: | ---: |",
    ...changed
      .slice(0, TABLE_ROWS_SHOWN)
      .map(
        (c) =>
          `| ${mdCode(c.name)}${c.as_text ? " (compared as text: its type changed)" : ""} | ${formatCount(c.changed)} | ${shareOf(c.changed, matched) ?? "<0.1%"} |`,
      ),
  ];
  const out = [lines.join("\n")];
  const rest = changed.length - TABLE_ROWS_SHOWN;
  const after: string[] = [];
  if (rest > 0) after.push(`… and ${plural(rest, "more column")} that ${rest === 1 ? "differs" : "differ"}.`);
  if (unchanged.length > 0 && unchanged.length <= UNCHANGED_NAMED)
    after.push(`No difference in ${unchanged.map((n) => mdCode(n)).join(", ")}.`);
  else if (unchanged.length > 0)
    after.push(`No difference in the other ${plural(unchanged.length, "column")}.`);
  if (after.length) out.push(after.join(" "));
  return out;
}

/** A key's values: `<code>1001</code>`, or `(<code>7</code>, NULL)` for a key of several columns. */
function keyValue(values: (string | null)[]): string {
  const shown = values.map((v) => (v === null ? "NULL" : mdCode(v, EXAMPLE_MAX)));
  return shown.length === 1 ? shown[0]! : `(${shown.join(", ")})`;
}

/** Why keys only in the PR's table are never shown (src/drivers/data-diff/statements.ts `examplesSql`). */
export const ONLY_IN_PR_NOT_SHOWN = "not shown (the pull request's code decides them)";

function examplesBlock(rows: ComparedRows, examples: RowExamples, report: DataDiffReport): string {
  const kinds: Array<[string, (string | null)[][]]> = [
    [`only in ${mdText(report.compared_with, MAX_NAME)}`, examples.only_prod],
    ["changed", examples.changed],
  ];
  const lines = kinds
    .filter(([, list]) => list.length > 0)
    .map(([kind, list]) => {
      const more =
        list.length > EXAMPLES_SHOWN ? ` and ${formatCount(list.length - EXAMPLES_SHOWN)} more` : "";
      return `${kind}: ${list.slice(0, EXAMPLES_SHOWN).map(keyValue).join(", ")}${more}`;
    });
  if (rows.only_pr > 0) lines.push(`only in the PR: ${ONLY_IN_PR_NOT_SHOWN}`);
  if (lines.length === 0) return "**Key examples:** none.";
  return [`**Key examples** (shown because the workflow asks for them):`, ...lines].join("<br>\n");
}
