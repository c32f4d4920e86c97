/**
 * Golden comments on real projects (issue 22, "Done when"): the demo,
 * jaffle-shop with one model edited, tuva with the one-model change of the
 * issue, a 40-model and a 250-model change on the large fixtures, and the
 * generated 10,000-node project. Plans come from the real planner
 * (test/support/comment-scenarios/real-plans.ts); each comment is compared
 * byte for byte with test/comment/golden/real/<name>.md, and rendered as
 * GitHub renders it to check that every changed node is within the first
 * screen (the other structure checks read the golden files:
 * gfm-structure.test.ts).
 * `UPDATE_GOLDEN=1 vitest run test/comment/real-fixture-goldens.test.ts` rewrites them; review the diff.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { COMMENT_LIMIT, commentMarker, renderComment } from "../../src/comment/render-comment.js";
import { expectChangedNodesOnFirstScreen } from "../support/comment-scenarios/comment-structure.js";
import { renderGfm } from "../support/comment-scenarios/gfm-html.js";
import { REAL_SCENARIOS } from "../support/comment-scenarios/real-plans.js";
import { expectGolden } from "../support/golden.js";
import { sharedFixturesPresent } from "../support/shared-fixtures.js";

const GOLDEN = path.join(path.dirname(fileURLToPath(import.meta.url)), "golden", "real");

describe("the comment on real projects (golden files)", () => {
  for (const scenario of REAL_SCENARIOS) {
    it.skipIf(scenario.shared && !sharedFixturesPresent)(`${scenario.name}: ${scenario.what}`, () => {
      const { plan, context } = scenario.load();
      const markdown = renderComment(plan, context);
      expect(markdown.length).toBeLessThanOrEqual(COMMENT_LIMIT);
      expect(markdown.startsWith(`${commentMarker(plan.project)}\n`)).toBe(true);
      expectGolden(path.join(GOLDEN, `${scenario.name}.md`), markdown);
    });
  }
});

describe("every changed node within the first screen, as GitHub renders the comment", () => {
  for (const scenario of REAL_SCENARIOS) {
    it.skipIf(scenario.shared && !sharedFixturesPresent)(scenario.name, () => {
      const { plan, context } = scenario.load();
      expectChangedNodesOnFirstScreen(plan, renderGfm(renderComment(plan, context)));
    });
  }
});
