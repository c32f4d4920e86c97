/**
 * The size rule: GitHub refuses a comment body over 65,536 characters. A
 * 10,000-node plan renders under the limit, says it was shortened, links to
 * the full plan, and keeps the most useful parts (picture, reasons, the
 * command) before the REUSE list. The job summary is bounded in UTF-8 bytes.
 */
import { describe, expect, it } from "vitest";
import { mdCode } from "../../src/comment/markdown-escape.js";
import {
  COMMENT_LIMIT,
  commentMarker,
  GITHUB_COMMENT_MAX,
  JOB_SUMMARY_LIMIT,
  renderComment,
  renderJobSummary,
} from "../../src/comment/render-comment.js";
import { utf8Length } from "../../src/comment/utf8-length.js";
import { largePlan } from "../support/plan-builder.js";
import { LINKS } from "./scenarios.js";

const plan = largePlan(10_000);

describe("a 10,000-node plan", () => {
  const markdown = renderComment(plan, { pullRequest: 42, links: LINKS });

  it("fits in a GitHub comment", () => {
    expect(plan.entries.length).toBe(10_000);
    expect(markdown.length).toBeLessThanOrEqual(COMMENT_LIMIT);
    expect(Array.from(markdown).length).toBeLessThan(GITHUB_COMMENT_MAX);
    // Close to the target: the cut gives back what fits.
    expect(markdown.length).toBeGreaterThan(COMMENT_LIMIT * 0.9);
    expect(markdown.startsWith(commentMarker(plan.project))).toBe(true);
  });

  it("says it was shortened and links to the full plan", () => {
    expect(markdown).toContain(
      "> [!NOTE]\n> This plan is too long for one comment, so parts of it are shortened.",
    );
    expect(markdown).toContain(`[job summary](${LINKS.jobSummary})`);
    expect(markdown).toContain(`[plan artifact](${LINKS.planArtifact})`);
    expect(markdown).toMatch(/- … and [\d,]+ more nodes: see the \[job summary\]/);
    expect(markdown).toContain("\n<summary>7,208 nodes that read a changed node</summary>\n");
  });

  it("keeps the headline, every changed node, a grouped picture and the short command; cuts the REUSE list first", () => {
    const changed = plan.entries.filter((e) => e.action === "BUILD" && e.reasons[0]!.code === "code_changed");
    const downstream = plan.entries.filter((e) => e.action === "BUILD").length - changed.length;
    expect(markdown).toContain(
      `**${changed.length} models changed → ${downstream.toLocaleString("en-US")} downstream · `,
    );
    // Issue 22: the fitting never shortens the changed nodes, whatever the size.
    const section = markdown.slice(
      markdown.indexOf("### Changed by this pull request"),
      markdown.indexOf("### Lineage"),
    );
    for (const e of changed) expect(section).toContain(mdCode(e.name));
    expect(markdown).toContain("```mermaid\ngraph LR\n");
    expect(markdown).toMatch(/nodes are grouped per folder with counts|the rest grouped per folder/);
    expect(markdown).toContain("Too many to list here: see the [job summary]");
    // The exact command is half a megabyte: the plan's short command stands in for it, whole.
    expect(plan.build_command!.length).toBeGreaterThan(400_000);
    expect(markdown).toContain("```sh\n" + plan.short_command!.command + "\n```");
    expect(markdown).not.toContain("the command selects");
    const mermaid = markdown.match(/```mermaid\n([\s\S]*?)\n```/)![1]!;
    expect(mermaid.length).toBeLessThan(50_000);
    expect((mermaid.match(/ --> /g) ?? []).length).toBeLessThanOrEqual(400);
  });

  it("still fits without links, saying where the full plan is", () => {
    const text = renderComment(plan, {});
    expect(text.length).toBeLessThanOrEqual(COMMENT_LIMIT);
    expect(text).toContain("The full plan is in this run's job summary.");
  });

  it("fits any limit, down to a minimal comment", () => {
    for (const limit of [30_000, 10_000, 3_000, 800]) {
      const text = renderComment(plan, { links: LINKS }, { limit });
      expect(text.length, `limit ${limit}`).toBeLessThanOrEqual(limit);
      expect(text.startsWith(commentMarker(plan.project))).toBe(true);
      expect(text, `limit ${limit}`).toContain("```sh\n" + plan.short_command!.command + "\n```");
      // Every changed node while they fit at all (120 long names take about 10,000 characters).
      if (limit >= 30_000)
        for (const e of plan.entries)
          if (e.reasons[0]!.code === "code_changed") expect(text, `limit ${limit}`).toContain(mdCode(e.name));
    }
  });

  it("the job summary has room for more", () => {
    const summary = renderJobSummary(plan, { links: LINKS });
    expect(utf8Length(summary)).toBeLessThanOrEqual(JOB_SUMMARY_LIMIT);
    expect(summary.length).toBeGreaterThan(markdown.length);
    // The summary has room for the exact command, whole: it is what CI runs.
    expect(summary).toContain("```sh\n" + plan.build_command + "\n```");
  });
});

describe("a huge graph picture alone", () => {
  it("groups per package when folders are too many, and stays under mermaid's limits", () => {
    const wide = largePlan(3_000, { changedEvery: 1 });
    for (const e of wide.entries) (e as { path?: string }).path = `models/${e.name}/x.sql`;
    const text = renderComment(wide, {});
    const mermaid = text.match(/```mermaid\n([\s\S]*?)\n```/)![1]!;
    expect(mermaid.split("\n").filter((l) => /^ {2}n\d+[[(]/.test(l)).length).toBeLessThanOrEqual(80);
    expect(text).toMatch(/grouped per (folder|package)/);
  });
});
