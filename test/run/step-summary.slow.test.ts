/**
 * Issue 20 at 50,000 nodes, every one built (the test builder's layered
 * plan): the main step's job summary, with a promotion report of every node,
 * stays within GitHub's 1 MiB per step and carries a runnable `dbt build`
 * command the plan carries; shortened, it names the plan file. A slow test
 * (`npm run test:slow`): rendering 50,000 nodes takes a while on 2 cores.
 */
import { describe, expect, it } from "vitest";
import { mainStepSummary } from "../../src/run/step-summary.js";
import { largePlan } from "../support/plan-builder.js";
import { expectBounded, promotionOf } from "../support/step-summary-checks.js";

describe("the main step's job summary at 50,000 nodes, every one built", () => {
  const plan = largePlan(50_000, { changedEvery: 1 });

  it("fits with a promotion report of every node, and carries the command", () => {
    expect(plan.summary.build).toBe(50_000);
    const summary = mainStepSummary(
      plan,
      {
        pullRequest: 7,
        links: {
          jobSummary: "https://github.com/acme/shop/actions/runs/9",
          planFile: "/runner/_temp/ods-state/plan.json",
        },
      },
      promotionOf(plan),
    );
    expectBounded(summary, plan);
    expect(summary).toContain(
      "The full plan is in the plan file <code>/runner/\\_temp/ods-state/plan.json</code>",
    );
    expect(summary).toMatch(
      /- … and [\d,]+ more nodes: the promotion file \(the action's `promotion-path` output\)/,
    );
  });
});
