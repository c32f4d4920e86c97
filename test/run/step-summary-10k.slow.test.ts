/**
 * Issue 20: a step's job summary fits GitHub's 1 MiB (1,048,576 UTF-8 bytes)
 * whatever the plan's size, with what the step appends (the promotion report
 * on a merge), and still carries a runnable `dbt build` command (the plan's
 * `build_command` or its `short_command`); shortened, it says the whole plan
 * is in the plan file. Through the action's main and post steps at 10,000
 * nodes (9,869 built), and through the functions they call with every node
 * built, promoted or failed and names whose characters take 3 bytes each
 * (50,000 nodes: step-summary.slow.test.ts). Scale: the slow project.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { CommentContext } from "../../src/comment/comment-context.js";
import { runMainStep } from "../../src/run/main-step.js";
import { runPostStep } from "../../src/run/post-step.js";
import { mainStepSummary, postStepSummary } from "../../src/run/step-summary.js";
import type { Plan } from "../../src/state/plan.js";
import { SqliteStateStore } from "../../src/store/sqlite-store.js";
import { actionJob, pullRequestEvent } from "../support/action-job.js";
import { PlanBuilder, why } from "../support/plan-builder.js";
import { buildRunResults } from "../support/run-builders.js";
import { expectBounded, promotionOf } from "../support/step-summary-checks.js";
import { wideChange } from "../support/wide-change-plan.js";

describe("the action's steps at 10,000 nodes, 9,869 built", () => {
  const root = mkdtempSync(path.join(os.tmpdir(), "ods-step-summary-"));
  const workspace = path.join(root, "workspace");
  const temp = path.join(root, "temp");
  const { inputs, run, recorder, ports } = actionJob({
    workspace,
    event: pullRequestEvent("synchronize", { headSha: "c".repeat(40), headRef: "wide" }),
    tempDir: temp,
    runId: 9,
  });
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
    expect(postSummary).toContain("— dbt: 0 built · 9,869 failed");
    expectBounded(postSummary, plan);
  });
});

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

// 50,000 nodes: step-summary.slow.test.ts (npm run test:slow).
describe.each([
  { name: "12,000 nodes with 3-byte names, every one built", plan: () => wideNamesPlan(12_000) },
])("the job summary of $name", ({ plan: make }) => {
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

  it("the post step's, with every node failed, fits and carries the command", () => {
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
