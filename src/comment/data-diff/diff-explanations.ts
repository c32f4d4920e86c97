/**
 * Why rows or a node were not compared, in sentences, with what the user
 * can do (declare a key, fix duplicates, wait for the merge), and what a
 * table on one side only means. Words, as diff-words.ts's. Pure.
 */
import type { DataDiffReport, NodeDataDiff, SkippedRows } from "../../state/data-diff.js";
import { codeWord, formatDuration, joinWords, messageWords, plural, type Words } from "../words.js";
import { retypedKeyColumns } from "./diff-facts.js";
import { columnNames, keyWords } from "./diff-words.js";

/** What a user writes to declare the key, shown in the advice. */
const DECLARE_KEY: Words = [
  "Declare a unique key on the model with ",
  codeWord("meta: {ods: {key: [column, …]}}"),
];

/** Why a node was not compared, and what it means. */
export function notComparedSentence(node: NodeDataDiff, report: DataDiffReport): Words {
  const message = node.message ? [": ", ...messageWords(node.message)] : [];
  switch (node.reason) {
    case "budget":
      return [
        `Not compared: the time budget for all diffs (${formatDuration(report.limits.budget_ms / 1000)}) ran out before this model.`,
      ];
    case "timeout":
      return [
        `Not compared: a query ran past the statement timeout (${formatDuration(report.limits.statement_timeout_ms / 1000)})`,
        ...message,
        ".",
      ];
    case "not_built":
      return [
        "Not compared: ",
        codeWord(report.environment),
        " holds no build of this version of it (dbt failed or skipped it, or a newer push is not built yet): its table there would be an older one.",
      ];
    case "no_prod_relation":
      return [
        "Not compared: ",
        codeWord(report.compared_with),
        "'s state records a build of it but not its table (written by an older ods-state); the next default-branch run records it.",
      ];
    case "ephemeral":
      return ["Not compared: an ephemeral model has no table."];
    default:
      return ["Not compared: a query failed", ...message, "."];
  }
}

/** What a one-sided node means. */
export function oneSidedSentence(node: NodeDataDiff, report: DataDiffReport): Words {
  if (node.status === "only_in_pr")
    return [
      "Only in the PR: ",
      codeWord(report.compared_with),
      " has no table for it (a new model, or its table is not in the warehouse).",
    ];
  return [
    "Only in ",
    codeWord(report.compared_with),
    ": the PR's table is not in the warehouse (dbt did not build it, or the change dropped it).",
  ];
}

/** Why rows were not compared by key, and what the user can do, as sentences. */
export function skipSentences(node: NodeDataDiff, rows: SkippedRows, report: DataDiffReport): Words[] {
  const lead = "Rows were not compared by key: ";
  const key = rows.key ? keyWords(rows.key) : ["the key"];
  const message = rows.message ? messageWords(rows.message) : [];
  switch (rows.status) {
    case "no_key":
      return [
        [lead, "no unique key is known for this model."],
        [
          ...DECLARE_KEY,
          ", a ",
          codeWord("unique_key"),
          " config or a primary-key constraint, or give a column both ",
          codeWord("unique"),
          " and ",
          codeWord("not_null"),
          " tests.",
        ],
      ];
    case "key_column_missing": {
      const missing: Words[] = [];
      if (rows.missing?.prod.length)
        missing.push([
          ...columnNames(rows.missing.prod),
          " not in ",
          codeWord(report.compared_with),
          "'s table",
        ]);
      if (rows.missing?.pr.length) missing.push([...columnNames(rows.missing.pr), " not in the PR's table"]);
      return [
        [
          lead,
          "the ",
          ...key,
          " is incomplete: ",
          ...(missing.length ? joinWords(missing, 2, ";") : ["a column is missing"]),
          ".",
        ],
        [
          "If the key changed on purpose, declare the new one with ",
          codeWord("meta: {ods: {key: [column, …]}}"),
          "; rows are compared by key again once both sides have its columns.",
        ],
      ];
    }
    case "key_not_unique": {
      const dup = rows.duplicates;
      const shared = dup
        ? [
            `: ${plural(dup.prod, "row")} in `,
            codeWord(report.compared_with),
            ` and ${plural(dup.pr, "row")} in the PR share their key value with another row`,
          ]
        : [];
      return [
        [lead, "the ", ...key, " is not unique", ...shared, ", and a join would count them twice."],
        [
          ...DECLARE_KEY,
          " (several columns if one is not enough), or remove the duplicates (a ",
          codeWord("unique"),
          " test finds them).",
        ],
      ];
    }
    case "key_retyped": {
      const retyped = retypedKeyColumns(node, rows.key?.columns ?? []);
      // One key column: its name is already said.
      const single = retyped.length === 1 && rows.key?.columns.length === 1;
      const types = retyped.flatMap(
        (r, i): Words => [
          i ? ", " : "",
          ...(single ? [] : [codeWord(r.name), " "]),
          "from ",
          codeWord(r.prod),
          " to ",
          codeWord(r.pr),
        ],
      );
      return [
        [
          lead,
          "the type of the ",
          ...key,
          " changed",
          ...(types.length ? [" (", ...types, ")"] : []),
          ", so rows can't be matched on it reliably.",
        ],
        ["Rows are compared by key again once prod has the new type (after the merge)."],
      ];
    }
    case "budget":
      return [
        [
          lead,
          `the time budget for all diffs (${formatDuration(report.limits.budget_ms / 1000)}) ran out first.`,
        ],
      ];
    case "timeout":
      return [
        [
          lead,
          `a query ran past the statement timeout (${formatDuration(report.limits.statement_timeout_ms / 1000)})`,
          ...(message.length ? [": ", ...message] : []),
          ".",
        ],
      ];
    case "failed":
      return [[lead, "a query failed", ...(message.length ? [": ", ...message] : []), "."]];
  }
}

/**
 * An incremental model or a snapshot compared with prod's: the environment
 * built it whole from the data there now, while prod's table also holds
 * what earlier runs added; undefined for other materializations.
 */
export function historySentence(node: NodeDataDiff, report: DataDiffReport): Words | undefined {
  if (node.status !== "compared") return undefined;
  const prod = codeWord(report.compared_with);
  if (node.materialized === "incremental")
    return [
      "An incremental model: the PR's environment built it whole from the data there now, while ",
      prod,
      "'s table also holds what earlier runs added, so rows only in ",
      prod,
      " may be that history rather than the change.",
    ];
  if (node.materialized === "snapshot")
    return [
      "A snapshot: the PR's environment started it from the data there now, while ",
      prod,
      "'s keeps every version recorded since it began, so versions only in ",
      prod,
      " are that history rather than the change.",
    ];
  return undefined;
}
