/**
 * The lineage picture on the real large fixtures (issue 22): tuva
 * (Snowflake), global-trade (BigQuery) and across-analytics (PostgreSQL),
 * each recorded from a full build and planned with 1, 40 and 250 models'
 * SQL edited (spread over the project in DAG order). Never more than
 * MAX_BOXES boxes; every changed node drawn as changed, one by one when
 * they fit, else counted in "N changed" boxes that add up to all of them.
 */
import { describe, expect, it } from "vitest";
import { changeClassOf } from "../../src/comment/change-groups.js";
import { buildLineage } from "../../src/comment/lineage/build-lineage.js";
import { lineageNotes } from "../../src/comment/lineage/lineage-notes.js";
import { MAX_BOXES, MAX_CHARS } from "../../src/comment/lineage/mermaid-picture.js";
import { mermaidLabel } from "../../src/comment/markdown-escape.js";
import { entryLabel } from "../../src/comment/reason-phrases.js";
import { renderComment } from "../../src/comment/render-comment.js";
import type { Plan } from "../../src/state/plan.js";
import { editSql, FIXTURES, runScenario } from "../planner/realistic-changes/harness.js";
import { MERMAID_LINE } from "../support/mermaid-line.js";
import { sharedFixturesPresent } from "../support/shared-fixtures.js";

const BOX = /^ {2}n\d+[[({>]/;

/** The plan with `count` models edited, spread evenly over the models in DAG order. */
function planWithEdits(fixture: string, count: number): { plan: Plan; edited: string[] } {
  let edited: string[] = [];
  const out = runScenario({
    fixture,
    change: (m, o) => {
      const models = o.order.filter((id) => id.startsWith("model."));
      const step = models.length / count;
      edited = Array.from({ length: count }, (_, i) => models[Math.floor(i * step)]!);
      for (const id of edited) editSql(m.nodes[id], (sql) => `select * from (\n${sql}\n) as ods_edit`);
    },
  });
  return { plan: out.plan, edited };
}

/** The counts in the "N changed" group boxes. */
function changedInGroups(mermaid: string): number {
  let sum = 0;
  for (const m of mermaid.matchAll(/"#916; ([\d,]+) changed/g)) sum += Number(m[1]!.replaceAll(",", ""));
  return sum;
}

describe.skipIf(!sharedFixturesPresent)("the lineage picture on the real large fixtures", () => {
  for (const fixture of [FIXTURES.tuva, FIXTURES.trade, FIXTURES.across])
    for (const count of [1, 40, 250])
      it(`${fixture}, ${count} model(s) edited: at most ${MAX_BOXES} boxes, every changed node drawn or counted as changed`, () => {
        const { plan, edited } = planWithEdits(fixture, count);
        const changed = plan.entries.filter((e) => changeClassOf(e) === "changed");
        for (const id of edited)
          expect(changeClassOf(plan.entries.find((e) => e.unique_id === id)!), id).toBe("changed");
        for (const level of [0, 1] as const) {
          const lineage = buildLineage(plan, undefined, level)!;
          expect(lineage, `level ${level}`).toBeDefined();
          const lines = lineage.mermaid.split("\n");
          const boxes = lines.filter((l) => BOX.test(l));
          expect(boxes.length).toBe(lineage.boxes);
          expect(lineage.boxes).toBeLessThanOrEqual(MAX_BOXES);
          expect(lineage.mermaid.length).toBeLessThanOrEqual(MAX_CHARS);
          for (const line of lines.slice(1)) expect(line).toMatch(MERMAID_LINE);
          // Boxes of one changed node each (labels are cut at 50 characters, so
          // two nodes can share one: count the boxes, and check each names a changed node).
          const singles = boxes
            .map((l) => l.match(/"(#916; (?![\d,]+ changed)[^"]*)"/)?.[1])
            .filter((label): label is string => label !== undefined);
          const labels = new Set(changed.map((e) => mermaidLabel(`Δ ${entryLabel(e, plan.project)}`, 50)));
          for (const label of singles) expect(labels.has(label), label).toBe(true);
          // Every changed node is drawn one by one, or counted in a "N changed" box.
          expect(singles.length + changedInGroups(lineage.mermaid), `level ${level}`).toBe(changed.length);
          if (changed.length <= 20) expect(singles.length).toBe(changed.length);
          expect(lineage.classes[0]).toBe("changed");
          expect(lineageNotes(lineage).legend).toContain("Δ changed by this pull request");
        }
      }, 120_000);

  it("tuva, one model edited: the comment's picture is the changed model, its first children and counts", () => {
    const { plan, edited } = planWithEdits(FIXTURES.tuva, 1);
    const text = renderComment(plan, {});
    const mermaid = text.match(/```mermaid\n([\s\S]*?)\n```/)![1]!;
    expect(mermaid.split("\n").filter((l) => BOX.test(l)).length).toBeLessThanOrEqual(MAX_BOXES);
    const label = entryLabel(plan.entries.find((e) => e.unique_id === edited[0])!, plan.project);
    expect(mermaid).toContain(`["${mermaidLabel(`Δ ${label}`, 50)}"]`);
  }, 120_000);
});
