/**
 * Every comment rendered as GitHub renders it (CommonMark + GFM, by
 * micromark: test/support/comment-scenarios/gfm-html.ts), and checked for
 * issue 22's "Done when": no merged lists, changed nodes within the first
 * screen, at most about 25 lineage boxes; and for what GitHub's pipeline
 * does to markdown: only HTML it keeps, <details> balanced, links well-formed.
 *
 * The golden files (test/comment/golden/*.md, test/comment/golden/real/*.md)
 * are checked as committed; the first-screen check needs the plan, so it
 * renders each scenario of test/comment/scenarios.ts (the same text as its
 * golden file); real-fixture-goldens.int.test.ts does it for the real projects'
 * comments, with the plans it makes anyway (they take seconds each).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { renderComment } from "../../src/comment/render-comment.js";
import {
  expectChangedNodesOnFirstScreen,
  expectLineageBoxesAtMost,
  expectNoMergedLists,
  expectRendersAsMeant,
  mermaidBoxes,
} from "../support/comment-scenarios/comment-structure.js";
import { shownLines } from "../support/comment-scenarios/first-screen.js";
import { renderGfm } from "../support/comment-scenarios/gfm-html.js";
import { id, PlanBuilder, why } from "../support/plan-builder.js";
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
});

describe("the structure checks themselves", () => {
  const merged =
    "### To build (3)\n\nBy reason:\n- code changed: 1\n- a parent changes code: 2\n\n- `a` — changed\n- `b` — parent\n- `c` — parent\n";
  const separate = merged.replace("\n\n- `a`", "\n\n<!-- nodes -->\n\n- `a`");

  it("a blank line between two lists is one merged list; something between them keeps two", () => {
    expect(() => expectNoMergedLists(merged)).toThrow(
      /1 lists of \[5\] items; the comment writes 2 of \[2, 3\]/,
    );
    expect(() => expectNoMergedLists(separate)).not.toThrow();
    expect(() => expectNoMergedLists("- a\n- b\nnot a list\n")).toThrow(/joins the list above it/);
    expect(() => expectNoMergedLists("> [!NOTE]\n> - a\n\n- b\n")).not.toThrow();
  });

  it("counts the boxes of a flowchart, not its classes, styles or edge labels", () => {
    const picture = [
      "graph LR",
      '  n1["stg_orders (changed)"]:::changed',
      '  n2(["raw.orders"])',
      "  n2 -->|reads| n1",
      "  n1 --> n3 & n4",
      "  classDef changed stroke-width:3px",
      "  class n3,n4 downstream",
    ];
    expect([...mermaidBoxes(picture)].sort()).toEqual(["n1", "n2", "n3", "n4"]);
    const many = `\`\`\`mermaid\ngraph LR\n${Array.from({ length: 26 }, (_, i) => `  n${i}["m${i}"]`).join("\n")}\n\`\`\`\n`;
    expect(() => expectLineageBoxesAtMost(many)).toThrow(/\[26\], at most 25/);
  });

  it("the first screen: folded and pictured names are not shown; a list of changed nodes may run on", () => {
    const plan = new PlanBuilder()
      .build("changed_model", why.codeChanged(["sql"]))
      .build("child", why.parentCodeChanged(id("changed_model")))
      .plan();
    const folded = "<details>\n<summary>Changed</summary>\n\n- <code>changed_model</code>\n\n</details>\n";
    expect(() => expectChangedNodesOnFirstScreen(plan, renderGfm(folded))).toThrow(/not in the text shown/);
    const pictured = '```mermaid\ngraph LR\n  n1["changed_model"]\n```\n';
    expect(() => expectChangedNodesOnFirstScreen(plan, renderGfm(pictured))).toThrow(/not in the text shown/);
    const late = `${"filler line\n\n".repeat(70)}- <code>changed_model</code>\n`;
    expect(() => expectChangedNodesOnFirstScreen(plan, renderGfm(late))).toThrow(/past the first screen/);
    const many = new PlanBuilder();
    for (let i = 0; i < 30; i++) many.build(`c${i}`, why.codeChanged(["sql"]));
    const thirty = many.build("child", why.parentCodeChanged(id("c0"))).plan();
    const list = Array.from({ length: 30 }, (_, i) => `- <code>c${i}</code> — compiled SQL changed`);
    const runsOn = `${"filler line\n\n".repeat(40)}${list.join("\n")}\n`;
    expect(shownLines(renderGfm(runsOn)).length).toBe(70);
    expect(() => expectChangedNodesOnFirstScreen(thirty, renderGfm(runsOn))).not.toThrow();
    const broken = runsOn.replace("- <code>c25</code>", "- <code>child</code>\n- <code>c25</code>");
    expect(() => expectChangedNodesOnFirstScreen(thirty, renderGfm(broken))).toThrow(
      /c25: on line 67, past the first screen \(60 lines\) and after "child"/,
    );
  });

  it("flags HTML GitHub strips, unbalanced details and malformed links", () => {
    expect(() => expectRendersAsMeant(renderGfm("<script>x</script>\n"))).toThrow(/<script> is filtered/);
    expect(() => expectRendersAsMeant(renderGfm("<details>\n\n- a\n\n</details>\n"))).toThrow(/summary/);
    expect(() => expectRendersAsMeant(renderGfm("[plan](javascript:alert)\n"))).toThrow(/target/);
    expect(() => expectRendersAsMeant(renderGfm("[plan](https://github.com/a/b)\n"))).not.toThrow();
  });
});
