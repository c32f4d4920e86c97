/**
 * The data diff (issue 23) as the comment, the job summary and the CLI show
 * it: the summing-up and each fold's one-line story per case (exact
 * strings), the CLI's markdown and text and the post step's job summary as
 * golden files (test/comment/golden/; `UPDATE_GOLDEN=1` rewrites them), the
 * privacy default (no key value unless the report has examples) and the
 * fitting (hundreds of models and wide tables still fit, cut in order).
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { reportSentences, storyWords } from "../../src/comment/data-diff/diff-words.js";
import { COMMENT_LIMIT, JOB_SUMMARY_LIMIT, renderComment } from "../../src/comment/render-comment.js";
import { renderDataDiffText } from "../../src/comment/render-data-diff-text.js";
import { renderDataDiffMarkdown } from "../../src/comment/sections/data-diff.js";
import { utf8Length } from "../../src/comment/utf8-length.js";
import { wordsToHtmlBlock, wordsToPlain } from "../../src/comment/words.js";
import { postStepSummary } from "../../src/run/step-summary.js";
import type { DataDiffReport, NodeDataDiff } from "../../src/state/data-diff.js";
import {
  everyCaseReport,
  examplesReport,
  node,
  report,
  rows,
  sameSchema,
  shopReport,
  wideReport,
} from "../support/comment-scenarios/data-diffs.js";
import { expectGolden } from "../support/golden.js";
import { scenarios } from "./scenarios.js";

const GOLDEN = path.join(path.dirname(fileURLToPath(import.meta.url)), "golden");

function byName(r: DataDiffReport, name: string): NodeDataDiff {
  const found = r.nodes.find((n) => n.name === name);
  if (!found) throw new Error(`no node ${name}`);
  return found;
}

const every = everyCaseReport();

describe("the summing-up of a report", () => {
  it.each<[string, DataDiffReport, string[]]>([
    [
      "some differ, one without a key",
      shopReport(),
      [
        "`pr_42` compared with `prod` (postgres, 5 s): 6 models, 4 differ, 1 shows no difference, 1 has the same columns and row count (rows not compared by key).",
        "Rows not compared by key for 1 model (no key).",
      ],
    ],
    [
      "every case: not compared, rows skipped, budget exhausted, a sample",
      every,
      [
        "`pr_42` compared with `prod` (postgres, 2 min): 17 models, 8 differ, 2 show no difference, 2 have the same columns and row count (rows not compared by key), 5 not compared (time budget ran out: 1; query timed out: 1; query failed: 1; no build of this version: 1; prod's state has no table for it: 1).",
        "Rows not compared by key for 5 models (key not unique: 1; no key: 1; key column missing: 1; key type changed: 1; query timed out: 1).",
        "The time budget for all diffs (2 min) ran out: 1 model not compared.",
        "Compared on a sample of keys (tables over 1,000,000 rows): `events` on 10% of keys (12,400,310 rows); their counts are within the sample.",
      ],
    ],
    [
      "nothing to compare",
      report([]),
      ["`pr_42` compared with `prod` (postgres, under 1 s): no model built for a code change to compare."],
    ],
    [
      "the budget ran out before two models",
      report(
        [
          node("a", "changed", {
            schema: sameSchema(2),
            counts: { prod: 5, pr: 5 },
            rows: rows({ unchanged: 5 }),
          }),
          node("b", "downstream", { status: "not_compared", reason: "budget", duration_ms: 0 }),
          node("c", "downstream", { status: "not_compared", reason: "budget", duration_ms: 0 }),
        ],
        { budget_exhausted: true, duration_ms: 120_000 },
      ),
      [
        "`pr_42` compared with `prod` (postgres, 2 min): 3 models, 1 shows no difference, 2 not compared (time budget ran out).",
        "The time budget for all diffs (2 min) ran out: 2 models not compared.",
      ],
    ],
  ])("%s", (_, r, expected) => {
    expect(reportSentences(r).map(wordsToPlain)).toEqual(expected);
  });
});

describe("a fold's summary tells the story in one line", () => {
  it.each<[string, string]>([
    [
      "stg_payments",
      "`stg_payments` · 113 → 120 rows (+7, +6.2%) · +2 −1 columns, 1 retyped · 4 only in prod · 11 only in PR · 37 changed",
    ],
    [
      "events",
      "`events` · 12,400,000 → 12,400,310 rows (+310) · 31 only in PR · 8 changed (in a 10% sample of keys)",
    ],
    ["wide_facts", "`wide_facts` · 5,000 rows in both · 5 changed"],
    ["new_model", "`new_model` · only in the PR (no table in prod) · 1,204 rows · 3 columns"],
    ["dropped_model", "`dropped_model` · only in prod (no table in the PR) · prod has 58 rows"],
    ["empty_orders", "`empty_orders` · 0 rows in both · no row differences"],
    ["orders", "`orders` · 99 rows in both · no row differences"],
    ["sessions", "`sessions` · 5,310 → 5,402 rows (+92, +1.7%) · rows not compared by key: key not unique"],
    ["customer_ltv", "`customer_ltv` · 100 rows in both · rows not compared by key: no key"],
    [
      "renamed_key",
      "`renamed_key` · 100 rows in both · +1 −1 columns · rows not compared by key: key column missing",
    ],
    [
      "retyped_key",
      "`retyped_key` · 99 rows in both · 1 column retyped · rows not compared by key: key type changed",
    ],
    ["slow_rollup", "`slow_rollup` · 3,000,000 rows in both · rows not compared by key: query timed out"],
    ["late_model", "`late_model` · not compared: time budget ran out"],
    ["timed_out_model", "`timed_out_model` · not compared: query timed out"],
    ["broken_model", "`broken_model` · not compared: query failed"],
    ["failed_build", "`failed_build` · not compared: no build of this version"],
    ["recorded_long_ago", "`recorded_long_ago` · not compared: prod's state has no table for it"],
  ])("%s", (name, expected) => {
    expect(wordsToPlain(storyWords(byName(every, name)))).toBe(expected);
  });

  it.each<[string, Partial<NodeDataDiff>, string]>([
    [
      "an empty table filled",
      { schema: sameSchema(2), counts: { prod: 0, pr: 5 }, rows: rows({ only_pr: 5 }) },
      "`m` · 0 → 5 rows (+5) · 5 only in PR",
    ],
    [
      "a table emptied",
      { schema: sameSchema(2), counts: { prod: 1_250, pr: 0 }, rows: rows({ only_prod: 1_250 }) },
      "`m` · 1,250 → 0 rows (−1,250, −100%) · 1,250 only in prod",
    ],
    [
      "an ephemeral model",
      { status: "not_compared", reason: "ephemeral" },
      "`m` · not compared: ephemeral, no table",
    ],
    [
      "two columns retyped",
      {
        schema: {
          added: [],
          removed: [],
          retyped: [
            { name: "a", prod: "integer", pr: "bigint" },
            { name: "b", prod: "text", pr: "varchar(8)" },
          ],
          columns: { prod: 2, pr: 2 },
        },
        counts: { prod: 1, pr: 1 },
        rows: rows({ unchanged: 1 }),
      },
      "`m` · 1 row in both · 2 columns retyped · no row differences",
    ],
  ])("%s", (_, more, expected) => {
    expect(wordsToPlain(storyWords(node("m", "changed", more)))).toBe(expected);
  });

  it("in the <summary>, names are <code> with entities, never markdown escapes", () => {
    const story = wordsToHtmlBlock(storyWords(byName(every, "stg_payments")));
    expect(story).toBe(
      "<code>stg_payments</code> · 113 → 120 rows (+7, +6.2%) · +2 −1 columns, 1 retyped · 4 only in prod · 11 only in PR · 37 changed",
    );
  });
});

describe("the fold's content", () => {
  const markdown = renderDataDiffMarkdown(every);

  it("says in words why rows were not compared and what the user can do", () => {
    expect(markdown).toContain(
      "Rows were not compared by key: no unique key is known for this model. Declare a unique key on the model with <code>meta: {ods: {key: \\[column, …\\]}}</code>",
    );
    expect(markdown).toContain(
      "the key <code>session\\_id</code> (its <code>unique</code> and <code>not\\_null</code> tests) is not unique: 14 rows in <code>prod</code> and 12 rows in the PR share their key value with another row",
    );
    expect(markdown).toContain("<code>customer\\_id</code> not in the PR's table");
    expect(markdown).toContain(
      "changed (from <code>integer</code> to <code>text</code>), so rows can't be matched on it reliably",
    );
    expect(markdown).toContain(
      "Rows with a NULL in the key match nothing and are left out of these counts: 3 in prod, 3 in the PR.",
    );
    expect(markdown).toContain("Compared on a 10% sample of keys, as a side has more than 1,000,000 rows");
  });

  it("a 300-column table lists the columns that differ and counts the rest", () => {
    const fold = markdown.slice(markdown.indexOf("<code>wide_facts</code>"));
    const table = fold.slice(0, fold.indexOf("</details>"));
    expect(table.split("\n").filter((line) => line.startsWith("| <code>c"))).toEqual([
      "| <code>c8</code> | 4 | <0.1% |",
      "| <code>c121</code> | 1 | <0.1% |",
    ]);
    expect(table).toContain("No difference in the other 298 columns.");
  });

  it("shows no key value unless the report holds examples (the privacy default)", () => {
    expect(markdown).not.toContain("Key examples");
    expect(renderDataDiffText(every)).not.toContain("key examples");
    const shown = renderDataDiffMarkdown(examplesReport());
    expect(shown).toContain(
      "only in prod: <code>1001</code>, NULL, <code>a very long payment identifier that goe…</code><br>\nchanged: <code>7</code>, <code>8</code>, <code>9</code>",
    );
    expect(shown).toContain("only in prod: (<code>e-17</code>, <code>web</code>)");
  });

  it("says a key only in the PR's table is not shown, and why a key's values were withheld (issue 37)", () => {
    const report = examplesReport();
    const shown = renderDataDiffMarkdown(report);
    expect(shown).toContain("only in the PR: not shown (the pull request's code decides them)");
    expect(shown).toContain(
      "**Key examples** are not shown: The key <code>id</code> is declared by this pull request",
    );
    const text = renderDataDiffText(report);
    expect(text).toContain("key examples, only in the PR: not shown (the pull request's code decides them)");
    expect(text).toContain("key examples not shown: The key `id` is declared by this pull request");
  });
});

describe("golden files: the CLI's markdown and text, the post step's job summary", () => {
  it.each<[string, DataDiffReport]>([
    ["data-diff-cli-every-case", every],
    ["data-diff-cli-examples", examplesReport()],
  ])("%s", (name, r) => {
    expectGolden(path.join(GOLDEN, `${name}.md`), renderDataDiffMarkdown(r));
    expectGolden(path.join(GOLDEN, `${name}.txt`), renderDataDiffText(r));
  });

  it("the job summary after the pull request's build", () => {
    const s = scenarios().find((x) => x.name === "post-run-data-diff")!;
    const summary = postStepSummary(s.plan, s.context);
    expect(summary).toContain("### Data diff");
    expectGolden(path.join(GOLDEN, "job-summary-data-diff.md"), summary);
  });

  it("the terminal text has no control character from a name and aligns the names", () => {
    const text = renderDataDiffText(every);
    expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f]/);
    expect(text).toContain("\n  stg_payments       113 → 120 rows (+7, +6.2%)");
  });
});

describe("fitting the comment", () => {
  const plan = scenarios().find((x) => x.name === "one-model-edited")!;

  it("300 models of 300 columns still fit, shortened in the comment, with more detail in the job summary", () => {
    const context = { ...plan.context, dataDiff: wideReport(300, 300) };
    const comment = renderComment(plan.plan, context);
    expect(comment.length).toBeLessThanOrEqual(COMMENT_LIMIT);
    expect(comment).toContain("This plan is too long for one comment, so parts of it are shortened.");
    expect(comment).toMatch(/<sub>Shortened to fit: each model (downstream of the changes )?is one line\./);
    // The changed nodes are never shortened.
    expect(comment).toContain("### Changed by this pull request (1)");
    expect(comment).toContain("compiled SQL and config changed");
    const summary = postStepSummary(plan.plan, context);
    expect(utf8Length(summary)).toBeLessThanOrEqual(JOB_SUMMARY_LIMIT);
    expect(summary.split("<details>").length).toBeGreaterThan(300);
  });

  it("1,000 models: one line each for the first 200, the rest counted", () => {
    const comment = renderComment(plan.plan, { ...plan.context, dataDiff: wideReport(1_000, 20) });
    expect(comment.length).toBeLessThanOrEqual(COMMENT_LIMIT);
    expect(comment).toContain("<sub>Shortened to fit: each model is one line.");
    // 100 changed models, then 100 of the 900 downstream.
    expect(comment).toContain("**Downstream of the changes (900)**");
    expect(comment).toContain("- … and 800 more models: the whole diff is in the [job summary](");
    expect(comment.match(/^- <code>model\\_\d+<\/code> · /gm)?.length).toBe(200);
  });

  it("drops the key examples first, then the per-column tables, then folds, then all but the counts", () => {
    const context = { ...plan.context, dataDiff: wideReport(12, 40) };
    const full = renderComment(plan.plan, context, { limit: 1_000_000 });
    expect(full).toContain("**Key examples**");
    const steps = [
      { limit: full.length - 1, has: "key examples are left out", keeps: "| Rows that differ |" },
      {
        limit: 30_000,
        has: "the rows that differ per column are left out",
        keeps: "<details>\n<summary><code>model_0001",
      },
      {
        limit: 12_000,
        has: "each model downstream of the changes is one line",
        keeps: "<details>\n<summary><code>model_0011",
      },
      { limit: 5_000, has: "each model is one line", keeps: "- <code>model\\_0012</code>" },
      { limit: 3_400, has: "only the counts are shown", keeps: "12 models, 12 differ" },
    ];
    for (const step of steps) {
      const comment = renderComment(plan.plan, context, { limit: step.limit });
      expect(comment.length, `limit ${step.limit}`).toBeLessThanOrEqual(step.limit);
      expect(comment, `limit ${step.limit}`).toContain(step.has);
      expect(comment, `limit ${step.limit}`).toContain(step.keeps);
      expect(comment).toContain("stg\\_orders");
    }
  });

  it("without a data diff, nothing changes (the golden files of issue 22 stay byte for byte)", () => {
    const without = renderComment(plan.plan, plan.context);
    expect(without).not.toContain("Data diff");
    expect(renderComment(plan.plan, { ...plan.context, dataDiff: undefined })).toBe(without);
  });
});
