/** fullLineage: the whole plan's graph as data, for the HTML page. */
import { describe, expect, it } from "vitest";
import { fullLineage } from "../../src/comment/lineage/full-lineage.js";
import { id, PlanBuilder, sourceId, why } from "../support/plan-builder.js";

const RAW = sourceId("shop", "raw_orders");

function plan() {
  const b = new PlanBuilder();
  b.reuse("stg_customers", why.unchanged(), { parents: [RAW] });
  b.build("stg_orders", why.codeChanged(["sql"]), { parents: [RAW] });
  // Changed itself and downstream of a change: drawn as changed.
  b.build("orders", [why.parentCodeChanged(id("stg_orders")), why.codeChanged(["sql"])], {
    parents: [id("stg_orders"), id("stg_customers")],
  });
  b.build("order_items", why.parentCodeChanged(id("orders")), { parents: [id("orders")] });
  b.build("audit", why.hookReads("env_var"), { parents: ["model.other_pkg.outside_node"] });
  b.build("daily", why.newUpstreamData(RAW), { parents: [RAW] });
  return b.plan();
}

describe("fullLineage", () => {
  it("gives every planned node in plan order (PlanBuilder's), then the parents outside the plan, with classes and edges", () => {
    const g = fullLineage(plan());
    expect(g.nodes.map((n) => [n.label, n.cls, n.action])).toEqual([
      ["audit", "no_evidence", "BUILD"],
      ["daily", "new_data", "BUILD"],
      ["stg_customers", "reused", "REUSE"],
      ["stg_orders", "changed", "BUILD"],
      ["orders", "changed", "BUILD"],
      ["order_items", "downstream", "BUILD"],
      ["other_pkg.outside_node", "outside", undefined],
      ["shop.raw_orders", "source", undefined],
    ]);
    expect(g.nodes.find((n) => n.id === RAW)).toMatchObject({
      folder: "source shop",
      package: "jaffle_shop",
    });
    expect(g.nodes.find((n) => n.label === "orders")).toMatchObject({ folder: "jaffle_shop analytics" });
    expect(g.edges).toContainEqual([id("stg_orders"), id("orders")]);
    expect(g.edges).toHaveLength(7);
  });

  it("marks what failed or was skipped after the run", () => {
    const g = fullLineage(plan(), {
      nodes: { [id("orders")]: { status: "failed" }, [id("order_items")]: { status: "skipped" } },
    });
    // Failed, and still known as changed by the pull request.
    expect(g.nodes.find((n) => n.label === "orders")).toMatchObject({ cls: "failed", change: "changed" });
    expect(g.nodes.find((n) => n.label === "order_items")!.cls).toBe("skipped");
  });

  it("is deterministic", () => {
    expect(JSON.stringify(fullLineage(plan()))).toBe(JSON.stringify(fullLineage(plan())));
  });
});
