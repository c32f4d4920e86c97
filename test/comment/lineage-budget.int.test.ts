/**
 * The comment's lineage picture within MAX_BOXES boxes: every node when they
 * fit; else the changed nodes, their first children, "+N downstream" per
 * folder and the nodes rebuilt regardless per class; the changed nodes
 * grouped ("N changed · folder") when they are too many. Never more boxes,
 * whatever the plan; every built node drawn or counted once. The real
 * planner's 10,000-node plans: lineage-budget-10k.slow.test.ts.
 */
import { describe, expect, it } from "vitest";
import { buildLineage } from "../../src/comment/lineage/build-lineage.js";
import { lineageNotes } from "../../src/comment/lineage/lineage-notes.js";
import { mermaidLabel } from "../../src/comment/markdown-escape.js";
import type { Plan } from "../../src/state/plan.js";
import { built, builtShown, expectWithinBudget } from "../support/lineage-budget-checks.js";
import { id, largePlan, PlanBuilder, sourceId, why } from "../support/plan-builder.js";

const RAW = sourceId("shop", "raw_orders");
/** `changed` edited models in folders models/<domain>, each with `children` children and as many grandchildren. */
function fanOut(changed: number, children: number, regardless = 0): Plan {
  const b = new PlanBuilder();
  const domains = ["orders", "customers", "payments"];
  for (let c = 0; c < changed; c++) {
    const domain = domains[c % 3]!;
    const root = `edited_${c}`;
    b.build(root, why.codeChanged(["sql"]), { parents: [RAW], path: `models/${domain}/${root}.sql` });
    for (let k = 0; k < children; k++) {
      const child = `child_${c}_${k}`;
      b.build(child, why.parentCodeChanged(id(root)), {
        parents: [id(root)],
        path: `models/${domain}/marts/${child}.sql`,
      });
      b.build(`grandchild_${c}_${k}`, why.parentCodeChanged(id(child)), {
        parents: [id(child)],
        path: `models/${domain}/marts/deep/grandchild_${c}_${k}.sql`,
      });
    }
  }
  for (let r = 0; r < regardless; r++)
    b.build(`audit_${r}`, why.hookReads("env_var"), { parents: [RAW], path: `models/audit/audit_${r}.sql` });
  return b.plan();
}

describe("the lineage picture's box budget", () => {
  it("draws a node changed itself as changed even when a parent is rebuilt too", () => {
    const b = new PlanBuilder();
    b.build("stg_orders", why.codeChanged(["sql"]), { parents: [RAW] });
    b.build("orders", [why.parentCodeChanged(id("stg_orders")), why.codeChanged(["sql"])], {
      parents: [id("stg_orders")],
    });
    b.build("order_items", why.parentCodeChanged(id("orders")), { parents: [id("orders")] });
    const { labels, classOf } = expectWithinBudget(buildLineage(b.plan(), undefined));
    const byLabel = new Map([...labels].map(([n, label]) => [label, classOf.get(n)]));
    expect(byLabel.get("Δ stg_orders")).toBe("changed");
    expect(byLabel.get("Δ orders")).toBe("changed");
    expect(byLabel.get("↓ order_items")).toBe("downstream");
    expect(byLabel.get("◎ shop.raw_orders")).toBe("source");
  });

  it("draws every node when they fit", () => {
    const plan = fanOut(2, 5);
    const lineage = buildLineage(plan, undefined)!;
    expect(lineage.mode).toBe("full");
    expect(lineage.boxes).toBe(built(plan) + 1);
    expect(lineageNotes(lineage).note).toBeUndefined();
  });

  it("past the budget: the changed nodes, their first children, +N downstream per folder, the rest per class", () => {
    const plan = fanOut(6, 4, 30);
    const lineage = buildLineage(plan, undefined)!;
    const { labels, classOf } = expectWithinBudget(lineage);
    expect(lineage.mode).toBe("changed_and_groups");
    const texts = [...labels.values()];
    for (let c = 0; c < 6; c++) expect(texts).toContain(`Δ edited_${c}`);
    expect(texts.filter((t) => /^↓ child_/.test(t)).length).toBeGreaterThan(0);
    expect(texts).toContain("↓ +8 downstream · models/orders/marts/deep");
    expect(texts).toContain("? 30 rebuilt regardless: ODS can't tell");
    expect(builtShown(labels, classOf)).toBe(built(plan));
    expect(lineageNotes(lineage).note).toBe(
      "What this plan builds and its inputs are 85 nodes, more than the 25 boxes a readable picture can show: the changed nodes and their first children are drawn one by one, the rest grouped per folder with counts.",
    );
  });

  it("the compact form draws no first children and no inputs", () => {
    const plan = fanOut(6, 4, 30);
    const { labels, classOf } = expectWithinBudget(buildLineage(plan, undefined, 1));
    const texts = [...labels.values()];
    expect(texts.filter((t) => /^↓ child_/.test(t))).toEqual([]);
    expect(texts.filter((t) => t.startsWith("◎"))).toEqual([]);
    expect(builtShown(labels, classOf)).toBe(built(plan));
  });

  it("more changed nodes than fit: grouped per folder, each box saying how many changed", () => {
    const plan = fanOut(40, 1);
    const lineage = buildLineage(plan, undefined)!;
    const { labels, classOf } = expectWithinBudget(lineage);
    expect(lineage.mode).toBe("groups");
    const texts = [...labels.values()];
    expect(texts).toContain("Δ 14 changed · models/orders");
    expect(texts).toContain("Δ 13 changed · models/customers");
    expect(texts).toContain("Δ 13 changed · models/payments");
    expect(builtShown(labels, classOf)).toBe(built(plan));
    expect(lineageNotes(lineage).note).toContain("the changed nodes are too many to draw one by one");
  });

  it.each([
    [10, "⟳ stg_0"],
    [30, "⟳ 30 rebuilt regardless: new data · models/staging"],
  ])(
    "with no changed node (new data only), draws the nodes no built parent explains: %i of them",
    (roots, shown) => {
      const b = new PlanBuilder();
      for (let i = 0; i < roots; i++) {
        b.build(`stg_${i}`, why.newUpstreamData(RAW), {
          parents: [RAW],
          path: `models/staging/stg_${i}.sql`,
        });
        b.build(`mart_${i}`, why.newUpstreamData(id(`stg_${i}`)), {
          parents: [id(`stg_${i}`)],
          path: `models/marts/mart_${i}.sql`,
        });
      }
      const lineage = buildLineage(b.plan(), undefined)!;
      const { labels, classOf } = expectWithinBudget(lineage);
      expect(builtShown(labels, classOf)).toBe(roots * 2);
      expect([...labels.values()]).toContain(shown);
      expect([...labels.values()].join("\n")).not.toContain("changed");
      if (roots === 30)
        expect(lineageNotes(lineage).note).toBe(
          "What this plan builds and its inputs are 61 nodes, more than the 25 boxes a readable picture can show: no node is changed by this pull request, and nodes are grouped per folder with counts.",
        );
    },
  );

  it("after the run, failed and skipped nodes keep their shape and marker, grouped by class too", () => {
    const plan = fanOut(6, 4);
    const outcome = {
      nodes: Object.fromEntries(
        plan.entries.map((e, i) => [
          e.unique_id,
          { status: i % 5 === 0 ? ("failed" as const) : ("skipped" as const) },
        ]),
      ),
    };
    const lineage = buildLineage(plan, outcome)!;
    const { labels, classOf } = expectWithinBudget(lineage);
    expect(lineage.classes).toEqual(expect.arrayContaining(["failed", "skipped"]));
    expect(builtShown(labels, classOf)).toBe(built(plan));
  });

  it.each([
    [30, 1],
    [200, 3],
    [1_000, 7],
    [3_000, 1],
    [3_000, 50],
  ])("never more than the budget: %i nodes, every %i-th root changed", (n, changedEvery) => {
    const plan = largePlan(n, { changedEvery, fanIn: 3 });
    for (const level of [0, 1] as const) {
      const { labels, classOf } = expectWithinBudget(buildLineage(plan, undefined, level));
      expect(builtShown(labels, classOf), `level ${level}`).toBe(built(plan));
    }
  });

  it("keeps the labels escaped in group boxes too", () => {
    const b = new PlanBuilder();
    for (let i = 0; i < 40; i++)
      b.build(`m${i}`, why.codeChanged(["sql"]), { parents: [RAW], path: `models/"];click x/m${i}.sql` });
    const lineage = buildLineage(b.plan(), undefined)!;
    expectWithinBudget(lineage);
    expect(lineage.mermaid).toContain(mermaidLabel('Δ 40 changed · models/"];click x', 70));
  });

  it("is deterministic", () => {
    const plan = largePlan(1_000, { changedEvery: 3 });
    expect(buildLineage(plan, undefined)!.mermaid).toBe(
      buildLineage(largePlan(1_000, { changedEvery: 3 }), undefined)!.mermaid,
    );
  });
});
