/**
 * The default-branch job summary's promotion section: golden files for the
 * cases a reader meets, and hostile node names that stay inert.
 * `UPDATE_GOLDEN=1 vitest run test/comment` rewrites the golden files.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { type PromotionReport, renderPromotion } from "../../src/comment/render-promotion.js";
import { expectGolden } from "../support/golden.js";

const GOLDEN = path.join(path.dirname(fileURLToPath(import.meta.url)), "golden");

const committed: PromotionReport = {
  pullRequest: 7,
  environment: "pr-7",
  status: "committed",
  id: "e2afe3ce-ae30-4076-af1c-123d946b2bb2",
  atomic: true,
  nodes: [
    {
      unique_id: "model.shop.orders",
      name: "orders",
      promoted: true,
      code: "promoted",
      message:
        "Built by the pull request (run pr7-run-1) with main's code over the data prod has: moved into prod instead of built.",
    },
    {
      unique_id: "model.shop.stg_orders",
      name: "stg_orders",
      promoted: false,
      code: "not_a_table",
      message: "It is a view: only tables are promoted; dbt builds it.",
    },
  ],
  retainUntil: "2026-12-03T12:00:00.000Z",
  viewsLeft: [{ view: "analytics.orders_report", error: "permission denied" }],
};

describe("renderPromotion", () => {
  it.each([
    { name: "promotion-committed.md", report: committed },
    {
      name: "promotion-nothing-promotable.md",
      report: {
        ...committed,
        status: "nothing_to_promote",
        id: null,
        nodes: committed.nodes.slice(1),
        retainUntil: null,
        viewsLeft: [],
      },
    },
    {
      name: "promotion-failed.md",
      report: {
        ...committed,
        status: "failed",
        note: "the promotion failed and changed nothing: connection reset",
        nodes: [],
        viewsLeft: [],
      },
    },
    {
      name: "promotion-materialized-views.md",
      report: { ...committed, viewsLeft: [], materializedViews: ["analytics.returned", "bi.orders_daily"] },
    },
  ] as const)("$name", ({ name, report }) => {
    expectGolden(path.join(GOLDEN, name), renderPromotion(report as PromotionReport));
  });

  it("keeps hostile node names and messages inert", () => {
    const hostile = "x</code><img src=x onerror=alert(1)>`| [a](javascript:1) @team";
    const markdown = renderPromotion({
      ...committed,
      environment: "pr-7`<b>",
      nodes: [{ ...committed.nodes[0]!, name: hostile, message: `moved ${hostile}` }],
    });
    expect(markdown).not.toContain("<img");
    expect(markdown).not.toContain("<b>");
    expect(markdown).not.toMatch(/(^|[^\\])\]\(javascript:/m);
    expect(markdown).not.toMatch(/(^|\s)@team/);
    const views = renderPromotion({ ...committed, materializedViews: [hostile] });
    expect(views).not.toContain("<img");
    expect(views).not.toMatch(/(^|\s)@team/);
  });
});
