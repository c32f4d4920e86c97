/**
 * The full-plan page of a 10,000-node plan (test/support/plan-builder.ts's
 * largePlan: 12 layers, two parents each, every 7th root edited) in a real
 * headless browser, with the checks of html-page-browser.e2e.test.ts: past
 * 2,000 nodes the page draws the impacted subgraph, at most 4,000 boxes
 * with the changed nodes first, and says so; the search still covers all
 * 10,120 nodes. Also bounds what a reviewer waits for: the page's size, the
 * render, the load and the search.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeClassOf } from "../../src/comment/change-groups.js";
import { renderHtml } from "../../src/comment/render-html.js";
import { chromiumMissing, HeadlessChromium } from "../support/headless-chromium.js";
import { checkPage, PageFiles, wholeGraph } from "../support/html-page-checks.js";
import { largePlan } from "../support/plan-builder.js";

const missing = chromiumMissing();
const files = new PageFiles();
let browser: HeadlessChromium;

beforeAll(async () => {
  if (!missing) browser = await HeadlessChromium.launch();
});
afterAll(async () => {
  await browser?.close();
  files.remove();
});

describe.skipIf(missing !== null)("the full-plan page of 10,000 nodes in a headless browser", () => {
  it("loads, finds a node, draws the impacted subgraph with every changed node, and zooms", async () => {
    const plan = largePlan(10_000);
    const whole = wholeGraph(plan);
    const started = performance.now();
    const html = renderHtml(plan);
    const renderMs = performance.now() - started;
    const changed = plan.entries.filter((e) => changeClassOf(e) === "changed");
    expect(changed.length).toBeGreaterThan(100);
    // Every changed node is drawn; the boxes stop at 4,000.
    for (const e of changed) expect(html).toContain(`data-k="${plan.entries.indexOf(e)}" transform=`);
    expect(html).toContain("drawn are 4,000, the first of the impacted subgraph, changed nodes first");
    // Reasons name parents without the `model.jaffle_shop.` prefix: the full id matches one node.
    const target = changed[3]!;
    const times = await checkPage(browser, files.write("large", html), whole.nodes, {
      query: target.unique_id,
      target: target.unique_id,
      boxes: 4_000,
      edges: (html.match(/<path class="e"/g) ?? []).length,
    });
    console.log(
      `10,000-node page: ${(html.length / 1e6).toFixed(1)} MB, rendered in ${Math.round(renderMs)} ms, loaded in ${Math.round(times.loadMs)} ms, search in ${Math.round(times.searchMs)} ms`,
    );
    expect(html.length).toBeLessThan(10_000_000);
    expect(renderMs).toBeLessThan(10_000);
    expect(times.loadMs).toBeLessThan(30_000);
    expect(times.searchMs).toBeLessThan(5_000);
  });
});
