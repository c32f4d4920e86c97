/**
 * The tests of the real projects' comments (issue 22, "Done when"), for the
 * test files that run them (real-fixture-goldens.int.test.ts, and the slow
 * project's real-fixture-goldens-10k.slow.test.ts for the 10,000-node plan):
 * each comment compared byte for byte with test/comment/golden/real/<name>.md,
 * and rendered as GitHub renders it to check that every changed node is
 * within the first screen (the other structure checks read the golden files:
 * test/comment/gfm-structure.int.test.ts). Each plan is made once per file.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { COMMENT_LIMIT, commentMarker, renderComment } from "../../../src/comment/render-comment.js";
import { expectGolden } from "../golden.js";
import { PROJECT_ROOT, sharedFixturesPresent } from "../shared-fixtures.js";
import { expectChangedNodesOnFirstScreen } from "./comment-structure.js";
import { renderGfm } from "./gfm-html.js";
import type { RealScenario } from "./real-plans.js";

/** Where the real projects' golden comments are. */
export const REAL_GOLDEN = path.join(PROJECT_ROOT, "test", "comment", "golden", "real");

export function testRealComments(scenarios: readonly RealScenario[]): void {
  describe("the comment on real projects (golden files)", () => {
    for (const scenario of scenarios) {
      it.skipIf(scenario.shared && !sharedFixturesPresent)(`${scenario.name}: ${scenario.what}`, () => {
        const { plan, context } = scenario.load();
        const markdown = renderComment(plan, context);
        expect(markdown.length).toBeLessThanOrEqual(COMMENT_LIMIT);
        expect(markdown.startsWith(`${commentMarker(plan.project)}\n`)).toBe(true);
        expectGolden(path.join(REAL_GOLDEN, `${scenario.name}.md`), markdown);
      });
    }
  });

  describe("every changed node within the first screen, as GitHub renders the comment", () => {
    for (const scenario of scenarios) {
      it.skipIf(scenario.shared && !sharedFixturesPresent)(scenario.name, () => {
        const { plan, context } = scenario.load();
        expectChangedNodesOnFirstScreen(plan, renderGfm(renderComment(plan, context)));
      });
    }
  });
}
