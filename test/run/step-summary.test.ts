/**
 * Issue 20: a step's job summary fits GitHub's 1 MiB (1,048,576 UTF-8 bytes)
 * whatever the plan's size, with what the step appends (the promotion report
 * on a merge), and still carries a runnable `dbt build` command (the plan's
 * `build_command` or its `short_command`); shortened, it says the whole plan
 * is in the plan file. Through the action's main and post steps at 10,000
 * nodes (9,869 built), and through the functions they call at 50,000 nodes
 * with every node built, promoted or failed, and with names whose characters
 * take 3 bytes each.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { CommentContext } from "../../src/comment/comment-context.js";
import { JOB_SUMMARY_LIMIT, JOB_SUMMARY_MAX_BYTES } from "../../src/comment/render-comment.js";
import type { PromotionReport } from "../../src/comment/render-promotion.js";
import { utf8Length } from "../../src/comment/utf8-length.js";
import { readActionInputs } from "../../src/github/action-inputs.js";
import { readRunEnvironment } from "../../src/github/event.js";
import { runMainStep } from "../../src/run/main-step.js";
import { runPostStep } from "../../src/run/post-step.js";
import { mainStepSummary, postStepSummary } from "../../src/run/step-summary.js";
import type { Plan } from "../../src/state/plan.js";
import { SqliteStateStore } from "../../src/store/sqlite-store.js";
import { commandsShown } from "../support/commands-shown.js";
import { largePlan, PlanBuilder, why } from "../support/plan-builder.js";
import { recordedRunnerPorts } from "../support/recording-core.js";
import { buildRunResults } from "../support/run-builders.js";
import { wideChange } from "../support/wide-change-plan.js";

/** What a summary must be: within the step's bound, with a command the plan carries. */
function expectBounded(summary: string, plan: Plan): void {
  // The runner adds a line end (at most 2 bytes) after the write.
  expect(utf8Length(summary) + 2).toBeLessThanOrEqual(JOB_SUMMARY_MAX_BYTES);
  expect(utf8Length(summary)).toBeLessThanOrEqual(JOB_SUMMARY_LIMIT);
  const shown = commandsShown(summary);
  expect(shown).toHaveLength(1);
  expect([plan.build_command, plan.short_command?.command]).toContain(shown[0]);
}

describe("the action's steps at 10,000 nodes, 9,869 built", () => {
  const root = mkdtempSync(path.join(os.tmpdir(), "ods-step-summary-"));
  const workspace = path.join(root, "workspace");
  const temp = path.join(root, "temp");
  const event = {
    action: "synchronize",
    number: 7,
    repository: { default_branch: "main", full_name: "acme/shop" },
    pull_request: {
      number: 7,
      merged: false,
      head: { sha: "c".repeat(40), ref: "wide", repo: { full_name: "acme/shop" } },
    },
  };
  const run = readRunEnvironment(
    {
      GITHUB_EVENT_NAME: "pull_request",
      GITHUB_REPOSITORY: "acme/shop",
      GITHUB_REF: "refs/pull/7/merge",
      GITHUB_RUN_ID: "9",
    },
    event,
  );
  const inputs = readActionInputs(() => "", workspace, undefined);
  const { recorder, ports } = recordedRunnerPorts(run, { tempDir: temp, hasSummary: true });
  let plan: Plan;
  let mainSummary: string;

  beforeAll(async () => {
    const { before, manifest } = wideChange(10_000, 9_869);
    mkdirSync(path.join(workspace, "target"), { recursive: true });
    const store = await SqliteStateStore.open(inputs.statePath);
    await store.commit({ project: "shop", environment: "prod" }, null, before);
    await store.close();
    writeFileSync(inputs.manifest, JSON.stringify(manifest));
    await runMainStep(inputs, run, ports);
    plan = JSON.parse(readFileSync(recorder.outputs["plan-path"]!, "utf8")) as Plan;
    mainSummary = recorder.summary();
  });

  it("the main step plans 9,869 builds and writes a bounded summary with the command", () => {
    expect(plan.summary).toEqual({ build: 9_869, reuse: 131 });
    expectBounded(mainSummary, plan);
  });

  it("the post step, after dbt failed every node with a long message, writes a bounded summary with the command", async () => {
    const failure = `Database Error in model → ${"列が見つかりません · ".repeat(30)}`;
    const statuses = Object.fromEntries(plan.entries.map((e) => [e.unique_id, "error"]));
    const results = buildRunResults({ statuses, invocationId: "11111111-1111-4111-8111-111111111111" });
    for (const result of results.results as Array<{ message: string | null }>) result.message = failure;
    writeFileSync(inputs.runResults, JSON.stringify(results));
    const before = recorder.summary().length;
    await runPostStep(inputs, run, ports);
    const postSummary = recorder.summary().slice(before);
    expect(postSummary).toContain("### Built: 0 built · 9,869 failed");
    expectBounded(postSummary, plan);
  });
});

/** Every BUILD node in the promotion report, half promoted, with the promotion's long messages. */
function promotionOf(plan: Plan): PromotionReport {
  return {
    pullRequest: 7,
    environment: "pr-7",
    status: "committed",
    id: "e2afe3ce-ae30-4076-af1c-123d946b2bb2",
    atomic: true,
    nodes: plan.entries
      .filter((e) => e.action === "BUILD")
      .map((e, i) => ({
        unique_id: e.unique_id,
        name: e.name,
        promoted: i % 2 === 0,
        code: i % 2 === 0 ? "promoted" : "not_a_table",
        message:
          i % 2 === 0
            ? "Built by the pull request (run pr7-run-1) with main's code over the data prod has: moved into prod instead of built."
            : "It is a view: only tables are promoted; dbt builds it.",
      })),
    retainUntil: "2026-12-03T12:00:00.000Z",
    viewsLeft: [],
  };
}

/** `n` nodes in a chain of layers whose names take 3 bytes a character, all built. */
function wideNamesPlan(n: number): Plan {
  const builder = new PlanBuilder();
  let previous: string | undefined;
  for (let i = 0; i < n; i++) {
    const name = `売上_集計_モデル_${String(i).padStart(6, "0")}_→_日次`;
    builder.build(name, i === 0 ? why.codeChanged(["sql"]) : why.parentCodeChanged(previous!), {
      parents: previous ? [`model.jaffle_shop.${previous}`] : [],
    });
    if (i % 50 === 0) previous = name;
  }
  return builder.plan();
}

// The post step's render at 50,000 nodes takes half a minute on 2 busy cores (the picture and
// the outcome lines, not the bound): its bound is checked at 10,000 through the step and here
// with 3-byte names.
describe.each([
  { name: "50,000 nodes, every one built", plan: () => largePlan(50_000, { changedEvery: 1 }), post: false },
  { name: "12,000 nodes with 3-byte names, every one built", plan: () => wideNamesPlan(12_000), post: true },
])("the job summary of $name", ({ plan: make, post }) => {
  const plan = make();
  const context: CommentContext = {
    pullRequest: 7,
    links: {
      jobSummary: "https://github.com/acme/shop/actions/runs/9",
      planFile: "/runner/_temp/ods-state/plan.json",
    },
  };

  it("the main step's, with a promotion report of every node, fits and carries the command", () => {
    expect(plan.summary.build).toBe(plan.entries.length);
    const summary = mainStepSummary(plan, context, promotionOf(plan));
    expectBounded(summary, plan);
    expect(summary).toContain(
      "The full plan is in the plan file <code>/runner/\\_temp/ods-state/plan.json</code>",
    );
    expect(summary).toContain("### Promotion from pull request #7");
    expect(summary).toMatch(
      /- … and [\d,]+ more nodes: the promotion file \(the action's `promotion-path` output\)/,
    );
  });

  it.runIf(post)("the post step's, with every node failed, fits and carries the command", () => {
    const failure = `Database Error → ${"列が見つかりません · ".repeat(30)}`;
    const outcome = {
      nodes: Object.fromEntries(
        plan.entries.map((e) => [
          e.unique_id,
          { status: "failed" as const, duration_s: 1.5, message: failure },
        ]),
      ),
    };
    expectBounded(postStepSummary(plan, { ...context, outcome }), plan);
  });
});
