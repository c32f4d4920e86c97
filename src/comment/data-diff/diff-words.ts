/**
 * A data diff in words, one phrasing for the comment, the job summary, the
 * CLI's markdown and the terminal: the summing-up sentences of a report and
 * the one-line story of each node (a fold's summary); the sentences that say
 * why rows or a node were not compared are diff-explanations.ts's. Names,
 * types and messages are untrusted: they are code words or message words,
 * escaped by the renderer (wordsToMarkdown, wordsToHtmlBlock, wordsToPlain).
 * Pure.
 */
import type {
  DataDiffReport,
  DiffKey,
  DiffKeySource,
  NodeDataDiff,
  NodeNotComparedReason,
  RowDiffSkip,
  SchemaDiff,
  SkippedRows,
} from "../../state/data-diff.js";
import { codeWord, formatCount, formatDuration, joinWords, plural, type Words } from "../words.js";
import { isCompared, isSkipped, rowsDiffer, verdictOf } from "./diff-facts.js";
import { rowChange, sampleShare } from "./diff-numbers.js";

/** Why rows were not compared, in a few words (a fold's summary, the summing-up). */
export const SKIP_WORDS: Record<RowDiffSkip, string> = {
  no_key: "no key",
  key_column_missing: "key column missing",
  key_not_unique: "key not unique",
  key_retyped: "key type changed",
  budget: "time budget ran out",
  timeout: "query timed out",
  failed: "query failed",
};

/** Why a node was not compared, in a few words. */
export const NOT_COMPARED_WORDS: Record<NodeNotComparedReason, string> = {
  budget: "time budget ran out",
  timeout: "query timed out",
  failed: "query failed",
  not_built: "no build of this version",
  ephemeral: "ephemeral, no table",
  no_prod_relation: "prod's state has no table for it",
};

/** Where the key came from, after the key's columns: `(declared in its meta)`. */
const KEY_SOURCE_WORDS: Record<DiffKeySource, Words> = {
  meta: ["declared in its ", codeWord("meta: {ods: {key: …}}")],
  unique_key: ["its ", codeWord("unique_key"), " config"],
  primary_key: ["its primary-key constraint"],
  tests: ["its ", codeWord("unique"), " and ", codeWord("not_null"), " tests"],
  snapshot: ["the snapshot's row-version id"],
};

/** Column names as code words: `a`, `b` and `c`. */
export function columnNames(columns: readonly string[]): Words {
  return joinWords(
    columns.map((c) => [codeWord(c)]),
    columns.length,
  );
}

/** `key `order_id`, `line` (its `unique_key` config)`. */
export function keyWords(key: DiffKey): Words {
  return ["key ", ...columnNames(key.columns), " (", ...(KEY_SOURCE_WORDS[key.source] ?? [key.source]), ")"];
}

/** `+2 −1 columns, 1 retyped`, `1 column retyped`; undefined when the columns are the same. */
export function schemaChangeText(schema: SchemaDiff | undefined): string | undefined {
  if (!schema) return undefined;
  const { added, removed, retyped } = schema;
  const moved: string[] = [];
  if (added.length) moved.push(`+${formatCount(added.length)}`);
  if (removed.length) moved.push(`\u2212${formatCount(removed.length)}`);
  const word = added.length + removed.length === 1 ? "column" : "columns";
  if (moved.length === 0) return retyped.length ? `${plural(retyped.length, "column")} retyped` : undefined;
  return `${moved.join(" ")} ${word}${retyped.length ? `, ${formatCount(retyped.length)} retyped` : ""}`;
}

/** The parts of a node's one-line story after its name, joined with ` · ` by the renderer. */
export function storyParts(node: NodeDataDiff): Words[] {
  const counts = node.counts;
  switch (node.status) {
    case "not_compared":
      return [[`not compared: ${node.reason ? NOT_COMPARED_WORDS[node.reason] : "no reason given"}`]];
    case "only_in_pr":
      return [
        ["only in the PR (no table in prod)"],
        ...(counts?.pr != null ? [[plural(counts.pr, "row")]] : []),
        ...(node.columns ? [[plural(node.columns.length, "column")]] : []),
      ];
    case "only_in_prod":
      return [
        ["only in prod (no table in the PR)"],
        ...(counts?.prod != null ? [[`prod has ${plural(counts.prod, "row")}`]] : []),
      ];
  }
  const parts: Words[] = [];
  if (counts) parts.push([rowChange(counts.prod, counts.pr)]);
  const schema = schemaChangeText(node.schema);
  if (schema) parts.push([schema]);
  const rows = node.rows;
  if (isCompared(rows)) {
    const sample = rows.sample ? ` (in a ${sampleShare(rows.sample.fraction)} sample of keys)` : "";
    if (!rowsDiffer(rows)) parts.push([`no row differences${sample}`]);
    else {
      const found: string[] = [];
      if (rows.only_prod) found.push(`${formatCount(rows.only_prod)} only in prod`);
      if (rows.only_pr) found.push(`${formatCount(rows.only_pr)} only in PR`);
      if (rows.changed) found.push(`${formatCount(rows.changed)} changed`);
      parts.push([found.join(" · ") + sample]);
    }
  } else if (isSkipped(rows)) parts.push([`rows not compared by key: ${SKIP_WORDS[rows.status]}`]);
  return parts;
}

/** A node's story in one line: its name, then the parts. */
export function storyWords(node: NodeDataDiff): Words {
  const out: Words = [codeWord(node.name)];
  for (const part of storyParts(node)) out.push(" · ", ...part);
  return out;
}

/** `3 models`: the diff calls every node a model (seeds and snapshots are rare here). */
function models(n: number): string {
  return plural(n, "model");
}

/** `(time budget ran out)` or `(time budget ran out: 2; not built in this run: 1)`. */
function tally(counts: Map<string, number>): string {
  if (counts.size === 1) return `(${[...counts.keys()][0]})`;
  return `(${[...counts.entries()].map(([why, n]) => `${why}: ${formatCount(n)}`).join("; ")})`;
}

function countBy<T>(items: readonly T[], key: (item: T) => string): Map<string, number> {
  const out = new Map<string, number>();
  for (const item of items) out.set(key(item), (out.get(key(item)) ?? 0) + 1);
  return out;
}

/** Sampled tables named in the summing-up, at most. */
const SAMPLED_NAMED = 5;

/**
 * The summing-up of a report, as sentences: what was compared with what and
 * what it found; why rows were not compared by key; that the time budget ran
 * out; which tables were compared on a sample of keys.
 */
export function reportSentences(report: DataDiffReport): Words[] {
  const nodes = report.nodes;
  const against: Words = [
    codeWord(report.environment),
    " compared with ",
    codeWord(report.compared_with),
    ` (${report.engine}, ${formatDuration(report.duration_ms / 1000)})`,
  ];
  if (nodes.length === 0) return [[...against, ": no model built for a code change to compare."]];
  const verdicts = countBy(nodes, verdictOf);
  const found: string[] = [];
  const differ = verdicts.get("differs") ?? 0;
  const same = verdicts.get("same") ?? 0;
  const unknown = verdicts.get("rows_unknown") ?? 0;
  const skipped = nodes.filter((n) => n.status === "not_compared");
  if (differ) found.push(`${formatCount(differ)} ${differ === 1 ? "differs" : "differ"}`);
  if (same) found.push(`${formatCount(same)} ${same === 1 ? "shows" : "show"} no difference`);
  if (unknown)
    found.push(
      `${formatCount(unknown)} ${unknown === 1 ? "has" : "have"} the same columns and row count (rows not compared by key)`,
    );
  if (skipped.length)
    found.push(
      `${formatCount(skipped.length)} not compared ${tally(countBy(skipped, (n) => NOT_COMPARED_WORDS[n.reason ?? "failed"]))}`,
    );
  const sentences: Words[] = [[...against, `: ${models(nodes.length)}, ${found.join(", ")}.`]];

  const rowsSkipped = nodes.filter((n) => isSkipped(n.rows));
  if (rowsSkipped.length)
    sentences.push([
      `Rows not compared by key for ${models(rowsSkipped.length)} ${tally(countBy(rowsSkipped, (n) => SKIP_WORDS[(n.rows as SkippedRows).status]))}.`,
    ]);
  if (report.budget_exhausted) {
    const left = nodes.filter((n) => n.reason === "budget" || n.rows?.status === "budget").length;
    sentences.push([
      `The time budget for all diffs (${formatDuration(report.limits.budget_ms / 1000)}) ran out: ${models(left)} not compared.`,
    ]);
  }
  const sampled = nodes.filter((n) => isCompared(n.rows) && n.rows.sample !== null);
  if (sampled.length) {
    const shown = sampled.slice(0, SAMPLED_NAMED).map((n): Words => {
      const fraction = isCompared(n.rows) ? (n.rows.sample?.fraction ?? 1) : 1;
      const most = Math.max(n.counts?.prod ?? 0, n.counts?.pr ?? 0);
      return [codeWord(n.name), ` on ${sampleShare(fraction)} of keys (${plural(most, "row")})`];
    });
    const rest = sampled.length - shown.length;
    sentences.push([
      `Compared on a sample of keys (tables over ${plural(report.limits.sample_above_rows, "row")}): `,
      ...joinWords(shown, shown.length),
      rest > 0 ? ` and ${models(rest)} more` : "",
      "; their counts are within the sample.",
    ]);
  }
  return sentences;
}
