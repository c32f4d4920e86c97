/**
 * Every comment rendered as GitHub renders it (CommonMark + GFM, by
 * micromark: test/support/comment-scenarios/gfm-html.ts), and checked for
 * issue 22's "Done when": no merged lists, changed nodes within the first
 * screen, at most about 25 lineage boxes; and for what GitHub's pipeline
 * does to markdown: only HTML it keeps, <details> balanced, links well-formed.
 *
 * The golden files (test/comment/golden/*.md, test/comment/golden/real/*.md)
 * are checked as committed; the first-screen check needs the plan, so it
 * renders each scenario (the same text as its golden file).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, it } from "vitest";
import { renderComment } from "../../src/comment/render-comment.js";
import {
  expectChangedNodesOnFirstScreen,
  expectLineageBoxesAtMost,
  expectNoMergedLists,
  expectRendersAsMeant,
} from "../support/comment-scenarios/comment-structure.js";
import { renderGfm } from "../support/comment-scenarios/gfm-html.js";
import { REAL_SCENARIOS } from "../support/comment-scenarios/real-plans.js";
import { sharedFixturesPresent } from "../support/shared-fixtures.js";
import { scenarios } from "./scenarios.js";

const GOLDEN = path.join(path.dirname(fileURLToPath(import.meta.url)), "golden");
const goldenFiles = [GOLDEN, path.join(GOLDEN, "real")].flatMap((dir) =>
  readdirSync(dir)
    .filter((file) => file.endsWith(".md"))
    .sort()
    .map((file) => path.join(dir, file)),
);

describe("every golden comment, as GitHub renders it", () => {
  for (const file of goldenFiles) {
    const name = path.relative(GOLDEN, file);
    const markdown = readFileSync(file, "utf8");
    const html = renderGfm(markdown);
    it(`${name}: no merged lists`, () => expectNoMergedLists(markdown, html));
    it(`${name}: at most about 25 boxes in the lineage`, () => expectLineageBoxesAtMost(markdown));
    it(`${name}: renders as meant (HTML GitHub keeps, details balanced, links well-formed)`, () =>
      expectRendersAsMeant(html));
  }
});

describe("every changed node within the first screen", () => {
  for (const s of scenarios())
    it(s.name, () => expectChangedNodesOnFirstScreen(s.plan, renderGfm(renderComment(s.plan, s.context))));
  for (const s of REAL_SCENARIOS)
    it.skipIf(s.shared && !sharedFixturesPresent)(`real/${s.name}: ${s.what}`, () => {
      const { plan, context } = s.load();
      expectChangedNodesOnFirstScreen(plan, renderGfm(renderComment(plan, context)));
    });
});
