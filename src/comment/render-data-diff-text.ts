/**
 * A data diff as plain text for a terminal (`ods-state env diff --format
 * text`): the summing-up, then per group one line per model (its name and
 * its story, aligned), each followed by what the comment's fold holds,
 * indented: the relations, the column changes with types, the row diff by
 * key, the rows that differ per column (every column that differs; those
 * that don't are counted), the sample, the NULL keys, the key examples when
 * the workflow opted in, and why rows or the model were not compared. No
 * markdown; every untrusted string is cleaned of control characters and
 * line breaks (shown as U+FFFD or a space: a name can't move the cursor or
 * recolour the terminal). Pure.
 */
import type { ComparedRows, DataDiffReport, NodeDataDiff } from "../state/data-diff.js";
import {
  historySentence,
  notComparedSentence,
  oneSidedSentence,
  skipSentences,
} from "./data-diff/diff-explanations.js";
import { columnChanges, isCompared, isSkipped, matchedRows, schemaRows } from "./data-diff/diff-facts.js";
import { sampleShare, shareOf } from "./data-diff/diff-numbers.js";
import { keyWords, reportSentences, storyParts } from "./data-diff/diff-words.js";
import { cleanText, MAX_NAME } from "./markdown-escape.js";
import { EXAMPLE_MAX, ONLY_IN_PR_NOT_SHOWN } from "./sections/data-diff-fold.js";
import { formatCount, formatDuration, messageWords, plural, type Words, wordsToPlain } from "./words.js";

/** Widest name column; longer names push their story to the right. */
const NAME_COLUMN = 40;
const INDENT = "    ";

export function renderDataDiffText(report: DataDiffReport): string {
  const [first, ...rest] = reportSentences(report).map(wordsToPlain);
  const lines = [`data diff: ${first}`, ...rest];
  const names = new Map(report.nodes.map((n) => [n, cleanText(n.name, MAX_NAME)]));
  const width = Math.min(NAME_COLUMN, Math.max(0, ...[...names.values()].map((n) => n.length)));
  const groups: Array<[string, NodeDataDiff[]]> = [
    ["changed by this pull request", report.nodes.filter((n) => n.group === "changed")],
    ["downstream of the changes", report.nodes.filter((n) => n.group !== "changed")],
  ];
  for (const [title, nodes] of groups) {
    if (nodes.length === 0) continue;
    lines.push("", `${title} (${formatCount(nodes.length)}):`);
    for (const node of nodes) {
      const story = storyParts(node).map(wordsToPlain).join(" · ");
      lines.push(`  ${names.get(node)!.padEnd(width)}  ${story}`);
      lines.push(...nodeDetail(node, report).map((line) => INDENT + line));
    }
  }
  return `${lines.join("\n")}\n`;
}

function plain(sentences: Words[]): string {
  return sentences.map(wordsToPlain).join(" ");
}

function relation(r: { schema: string; identifier: string }): string {
  return cleanText(`${r.schema}.${r.identifier}`, 2 * MAX_NAME);
}

function nodeDetail(node: NodeDataDiff, report: DataDiffReport): string[] {
  const out: string[] = [];
  const against = cleanText(report.compared_with, MAX_NAME);
  const sides: string[] = [];
  if (node.prod) sides.push(`${relation(node.prod)} in ${against}`);
  if (node.pr) sides.push(`${relation(node.pr)} in the PR`);
  if (node.status === "not_compared") out.push(plain([notComparedSentence(node, report)]));
  else if (node.status !== "compared") out.push(plain([oneSidedSentence(node, report)]));
  if (sides.length)
    out.push(
      sides.join(" → ") +
        (node.duration_ms > 0 ? `; diffed in ${formatDuration(node.duration_ms / 1000)}` : ""),
    );
  if (node.status !== "compared" && node.columns?.length) {
    out.push(`columns (${formatCount(node.columns.length)}):`);
    out.push(...aligned(node.columns.map((c) => [c.name, c.type])).map((l) => `  ${l}`));
  }
  if (node.status === "compared") {
    const schema = node.schema;
    if (schema) {
      const table = schemaRows(schema);
      out.push(
        table.length
          ? `columns: ${formatCount(schema.columns.prod)} → ${formatCount(schema.columns.pr)}`
          : `columns: the same ${formatCount(schema.columns.prod)} on both sides`,
      );
      const marks = table.map((r) => [
        `${r.prod === null ? "+" : r.pr === null ? "\u2212" : "~"} ${r.name}`,
        r.prod === null ? r.pr! : r.pr === null ? r.prod : `${r.prod} → ${r.pr}`,
      ]);
      out.push(...aligned(marks).map((l) => `  ${l}`));
    }
    const rows = node.rows;
    if (isCompared(rows)) out.push(...rowLines(rows, against));
    else if (isSkipped(rows)) out.push(...skipSentences(node, rows, report).map(wordsToPlain));
    const history = historySentence(node, report);
    if (history) out.push(wordsToPlain(history));
  }
  const messageShown =
    node.status === "not_compared" && (node.reason === "timeout" || node.reason === "failed");
  if (node.message && !messageShown) out.push(`note: ${wordsToPlain(messageWords(node.message))}`);
  return out;
}

function rowLines(rows: ComparedRows, against: string): string[] {
  const out = [
    `by ${wordsToPlain(keyWords(rows.key))}: ${formatCount(rows.only_prod)} only in ${against}, ${formatCount(rows.only_pr)} only in the PR, ${formatCount(rows.changed)} changed, ${formatCount(rows.unchanged)} unchanged`,
  ];
  if (rows.sample)
    out.push(
      `compared on a ${sampleShare(rows.sample.fraction)} sample of keys (a side has more than ${plural(rows.sample.above_rows, "row")}): the counts are within the sample`,
    );
  if (rows.null_keys.prod + rows.null_keys.pr > 0)
    out.push(
      `rows with a NULL in the key, left out of the counts: ${formatCount(rows.null_keys.prod)} in ${against}, ${formatCount(rows.null_keys.pr)} in the PR`,
    );
  const { changed, unchanged } = columnChanges(rows);
  const matched = matchedRows(rows);
  if (changed.length) {
    out.push("rows that differ per column:");
    const table = changed.map((c) => [
      c.name,
      formatCount(c.changed),
      `${shareOf(c.changed, matched) ?? "<0.1%"}${c.as_text ? "  (compared as text: its type changed)" : ""}`,
    ]);
    out.push(...aligned(table, [false, true]).map((l) => `  ${l}`));
  }
  if (unchanged.length)
    out.push(
      `no difference in ${plural(unchanged.length, changed.length ? "other column" : "compared column")}`,
    );
  const ex = rows.examples;
  if (ex) {
    const kinds: Array<[string, (string | null)[][]]> = [
      [`only in ${against}`, ex.only_prod],
      ["changed", ex.changed],
    ];
    for (const [kind, list] of kinds)
      if (list.length) out.push(`key examples, ${kind}: ${list.map(keyValue).join(", ")}`);
    if (rows.only_pr > 0) out.push(`key examples, only in the PR: ${ONLY_IN_PR_NOT_SHOWN}`);
  } else if (rows.examples_withheld) {
    out.push(`key examples not shown: ${wordsToPlain(messageWords(rows.examples_withheld))}`);
  }
  return out;
}

function keyValue(values: (string | null)[]): string {
  const shown = values.map((v) => (v === null ? "NULL" : `\`${cleanText(v, EXAMPLE_MAX)}\``));
  return shown.length === 1 ? shown[0]! : `(${shown.join(", ")})`;
}

/** Cells cleaned and padded to their column's width (the last column is not padded; `right` aligns numbers). */
function aligned(rows: string[][], right: boolean[] = []): string[] {
  const cells = rows.map((row) => row.map((cell) => cleanText(cell, MAX_NAME)));
  const widths = cells[0]?.map((_, i) => Math.max(...cells.map((row) => row[i]!.length))) ?? [];
  return cells.map((row) =>
    row
      .map((cell, i) =>
        i === row.length - 1 ? cell : right[i] ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!),
      )
      .join("  "),
  );
}
