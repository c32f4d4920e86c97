/**
 * The page's own layered layout (src/comment/html/lineage-layout.ts) and the
 * part of the graph it draws (page-graph.ts): columns by longest path, no
 * two boxes overlapping, the barycentre sweeps untangling what a bad input
 * order tangles, cycles and self-loops not hanging it, a bounded time at
 * 10,000 nodes, and past 2,000 nodes the impacted subgraph (changed first
 * when it is cut).
 */
import { describe, expect, it } from "vitest";
import { type Layout, layoutDag, NODE_HEIGHT, NODE_WIDTH } from "../../src/comment/html/lineage-layout.js";
import { DRAWN_LIMIT, drawnPart, FULL_GRAPH_LIMIT, pageGraph } from "../../src/comment/html/page-graph.js";
import { id, largePlan, PlanBuilder, sourceId, why } from "../support/plan-builder.js";

/** Pairs of edges between adjacent columns that cross. */
function crossings(layout: Layout, edges: ReadonlyArray<readonly [number, number]>): number {
  const adjacent = edges.filter(([a, b]) => layout.column[b]! - layout.column[a]! === 1);
  let count = 0;
  for (let i = 0; i < adjacent.length; i++) {
    const [a1, b1] = adjacent[i]!;
    for (let j = i + 1; j < adjacent.length; j++) {
      const [a2, b2] = adjacent[j]!;
      if (layout.column[a1] !== layout.column[a2]) continue;
      if ((layout.row[a1]! - layout.row[a2]!) * (layout.row[b1]! - layout.row[b2]!) < 0) count++;
    }
  }
  return count;
}

function expectNoOverlap(layout: Layout, n: number) {
  const seen = new Set<string>();
  for (let v = 0; v < n; v++) {
    const key = `${layout.x[v]},${layout.y[v]}`;
    expect(seen.has(key)).toBe(false);
    seen.add(key);
    expect(layout.x[v]! + NODE_WIDTH).toBeLessThanOrEqual(layout.width);
    expect(layout.y[v]! + NODE_HEIGHT).toBeLessThanOrEqual(layout.height);
  }
}

describe("the layered layout", () => {
  it("puts each node one column after its furthest parent (longest path)", () => {
    // 0 → 1 → 2 → 3, and 0 → 3 directly: 3 is in column 3, not 1.
    const edges = [
      [0, 1],
      [1, 2],
      [2, 3],
      [0, 3],
      [4, 3],
    ] as const;
    const layout = layoutDag({ n: 5, edges });
    expect(layout.column).toEqual([0, 1, 2, 3, 0]);
    expect(layout.columns).toBe(4);
    for (const [a, b] of edges) expect(layout.x[a]!).toBeLessThan(layout.x[b]!);
    expectNoOverlap(layout, 5);
  });

  it("the barycentre sweeps remove the crossings a bad input order makes", () => {
    // Two columns of 6; child i's parent is 5 - i in the input order: every pair crosses as given.
    const edges: Array<[number, number]> = [];
    for (let i = 0; i < 6; i++) edges.push([i, 6 + (5 - i)]);
    const layout = layoutDag({ n: 12, edges });
    expect(crossings(layout, edges)).toBe(0);
  });

  it("crosses less than the input order on a random layered graph", () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const perLayer = 30;
    const edges: Array<[number, number]> = [];
    for (let layer = 1; layer < 5; layer++)
      for (let i = 0; i < perLayer; i++)
        for (let k = 0; k < 2; k++)
          edges.push([(layer - 1) * perLayer + Math.floor(random() * perLayer), layer * perLayer + i]);
    const unordered: Layout = {
      ...layoutDag({ n: 150, edges: [] }),
      column: Array.from({ length: 150 }, (_, v) => Math.floor(v / perLayer)),
      row: Array.from({ length: 150 }, (_, v) => v % perLayer),
    };
    const layout = layoutDag({ n: 150, edges });
    expect(crossings(layout, edges)).toBeLessThan(crossings(unordered, edges) * 0.6);
  });

  it("a cycle, a self-loop and an edge to nowhere don't hang it", () => {
    const layout = layoutDag({
      n: 4,
      edges: [
        [0, 1],
        [1, 2],
        [2, 1],
        [3, 3],
        [0, 9],
      ],
    });
    expect(layout.column[0]).toBe(0);
    expect(layout.column[3]).toBe(0);
    expect(layout.column[1]).toBeGreaterThan(0);
    expectNoOverlap(layout, 4);
  });

  it("an empty graph has no size", () => {
    expect(layoutDag({ n: 0, edges: [] })).toMatchObject({ width: 0, height: 0, columns: 0 });
  });

  it("lays out 10,000 nodes and 20,000 edges in bounded time", () => {
    const graph = pageGraph(largePlan(10_000));
    const started = performance.now();
    const layout = layoutDag({ n: graph.nodes.length, edges: graph.edges });
    const ms = performance.now() - started;
    expect(layout.columns).toBe(13);
    expectNoOverlap(layout, graph.nodes.length);
    expect(ms).toBeLessThan(5_000);
  });
});

describe("what the page draws", () => {
  it("the whole graph, sources and parents outside the plan included, up to 2,000 nodes", () => {
    const plan = new PlanBuilder()
      .build("stg_orders", why.codeChanged(["sql"]), { parents: [sourceId("raw", "orders")] })
      .build("orders", why.parentCodeChanged("stg_orders"), {
        parents: [id("stg_orders"), id("not_selected")],
      })
      .reuse("customers", why.unchanged(), { parents: [] })
      .plan();
    const graph = pageGraph(plan);
    const label = (k: number) => graph.nodes[k]!.label;
    // The planned nodes in plan order, then the parents outside the plan.
    expect(graph.nodes.slice(0, 3).map((n) => n.id)).toEqual(plan.entries.map((e) => e.unique_id));
    expect(Object.fromEntries(graph.nodes.map((n) => [n.label, [n.cls, n.source]]))).toEqual({
      stg_orders: ["changed", false],
      orders: ["downstream", false],
      customers: ["reused", false],
      not_selected: ["outside", false],
      "raw.orders": ["outside", true],
    });
    expect(graph.nodes.slice(3).map((n) => n.label)).toEqual(["not_selected", "raw.orders"]);
    expect(graph.edges.map(([p, c]) => `${label(p)} → ${label(c)}`).sort()).toEqual([
      "not_selected → orders",
      "raw.orders → stg_orders",
      "stg_orders → orders",
    ]);
    expect(drawnPart(graph)).toEqual({ nodes: [0, 1, 2, 3, 4], cut: "none" });
  });

  it("past the limit, the impacted subgraph: what is built, its descendants and their parents", () => {
    const plan = new PlanBuilder()
      .reuse("root", why.unchanged(), { parents: [] })
      .build("edited", why.codeChanged(["sql"]), { parents: [id("root")] })
      .reuse("child_in_lag", why.withinLag("2026-01-01T00:00:00Z", "4h"), { parents: [id("edited")] })
      .reuse("elsewhere", why.unchanged(), { parents: [] })
      .plan();
    const graph = pageGraph(plan);
    const labels = (part: { nodes: number[] }) => part.nodes.map((k) => graph.nodes[k]!.label).sort();
    const impacted = drawnPart(graph, 2);
    expect(impacted.cut).toBe("impacted");
    expect(labels(impacted)).toEqual(["child_in_lag", "edited", "root"]);
    const capped = drawnPart(graph, 2, 1);
    expect(capped.cut).toBe("impacted_capped");
    expect(labels(capped)).toEqual(["edited"]);
  });

  it("at 10,000 nodes: at most 4,000 boxes, every changed node among them", () => {
    const graph = pageGraph(largePlan(10_000));
    expect(graph.nodes.length).toBeGreaterThan(FULL_GRAPH_LIMIT);
    const part = drawnPart(graph);
    expect(part.cut).toBe("impacted_capped");
    expect(part.nodes).toHaveLength(DRAWN_LIMIT);
    const drawn = new Set(part.nodes);
    const changed = graph.nodes.flatMap((n, k) => (n.cls === "changed" ? [k] : []));
    expect(changed.length).toBeGreaterThan(100);
    for (const k of changed) expect(drawn.has(k)).toBe(true);
  });
});
