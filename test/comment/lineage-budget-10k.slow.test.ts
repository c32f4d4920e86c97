/**
 * The lineage picture's box budget on the real planner's 10,000-node plans
 * (the rest of the budget's cases: lineage-budget.int.test.ts). Scale runs in the
 * slow project; CI runs both.
 */
import { describe, expect, it } from "vitest";
import { buildLineage } from "../../src/comment/lineage/build-lineage.js";
import { built, builtShown, expectWithinBudget } from "../support/lineage-budget-checks.js";
import { planChange, scatteredChange, wideChangePlan } from "../support/wide-change-plan.js";

describe("the lineage picture's box budget at 10,000 nodes", () => {
  it.each([
    ["one edited root reaching 9,869 of 10,000 nodes", () => wideChangePlan()],
    ["200 of 400 roots edited, 10,000 nodes", () => planChange(scatteredChange())],
  ])(
    "the real planner's 10,000-node plans: %s",
    (_, make) => {
      const plan = make();
      for (const level of [0, 1] as const) {
        const { labels, classOf } = expectWithinBudget(buildLineage(plan, undefined, level));
        expect(builtShown(labels, classOf), `level ${level}`).toBe(built(plan));
      }
    },
    60_000,
  );
});
