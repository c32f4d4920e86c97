/**
 * The full-plan HTML page (src/comment/render-html.ts) opened in a real
 * headless browser (Debian's chromium, driven over the DevTools protocol by
 * test/support/headless-chromium.ts): one browser for the file, one tab per
 * page. On the comment scenarios' shop plan (one model edited; the demo's own
 * page is opened in test/demo/demo.e2e.test.ts) and on jaffle-shop planned
 * by the real planner after an edit of `stg_orders`: the page loads without
 * a console error or exception, the search finds a node and hides the
 * others, the lineage draws every node and edge, zoom and dark mode work.
 * The 10,000-node page is html-page-browser.slow.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderHtml } from "../../src/comment/render-html.js";
import { scenarios } from "../comment/scenarios.js";
import { editSql, FIXTURES, runScenario } from "../planner/realistic-changes/harness.js";
import { chromiumMissing, HeadlessChromium } from "../support/headless-chromium.js";
import { checkPage, PageFiles, wholeGraph } from "../support/html-page-checks.js";
import { fixturePresent, sharedFixture } from "../support/shared-fixtures.js";

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

describe("without chromium", () => {
  it("the browser tests skip with a message, or fail under ODS_REQUIRE_CHROMIUM=1", () => {
    const saved = { PATH: process.env.PATH, ODS_REQUIRE_CHROMIUM: process.env.ODS_REQUIRE_CHROMIUM };
    try {
      process.env.PATH = files.dir;
      delete process.env.ODS_REQUIRE_CHROMIUM;
      expect(chromiumMissing()).toMatch(/no `chromium` on PATH/);
      process.env.ODS_REQUIRE_CHROMIUM = "1";
      expect(() => chromiumMissing()).toThrow(/A headless browser is required \(ODS_REQUIRE_CHROMIUM=1\)/);
    } finally {
      process.env.PATH = saved.PATH;
      if (saved.ODS_REQUIRE_CHROMIUM === undefined) delete process.env.ODS_REQUIRE_CHROMIUM;
      else process.env.ODS_REQUIRE_CHROMIUM = saved.ODS_REQUIRE_CHROMIUM;
    }
  });
});

describe.skipIf(missing !== null)("the full-plan page in a headless browser", () => {
  it("the harness sees a page's exceptions and console errors (so an empty list means none)", async () => {
    const page = await browser.newPage();
    try {
      await page.goto(
        files.write("broken", '<!doctype html><script>console.error("said"); null.x;</script>'),
      );
      expect(page.errors).toEqual([expect.stringContaining("said"), expect.stringContaining("TypeError")]);
    } finally {
      await page.close();
    }
  });

  it("the demo's shop plan: one model edited, four downstream, sources and reused nodes", async () => {
    const plan = scenarios().find((s) => s.name === "one-model-edited")!.plan;
    const whole = wholeGraph(plan);
    expect(whole).toEqual({ nodes: 11, edges: 10 });
    await checkPage(browser, files.write("shop", renderHtml(plan)), whole.nodes, {
      query: "customer_lifetime",
      target: "model.jaffle_shop.customer_lifetime_value",
      boxes: whole.nodes,
      edges: whole.edges,
    });
  });

  it.skipIf(!fixturePresent(sharedFixture(FIXTURES.jaffle, "manifest.json")))(
    "jaffle-shop, planned by the real planner after an edit of stg_orders",
    async () => {
      const { plan } = runScenario({
        fixture: FIXTURES.jaffle,
        change: (m) => editSql(m.nodes["model.jaffle_shop.stg_orders"], (sql) => `${sql}\n-- edited`),
      });
      expect(plan.entries.find((e) => e.name === "stg_orders")?.reasons[0]?.code).toBe("code_changed");
      const whole = wholeGraph(plan);
      const html = renderHtml(plan);
      expect(html).toContain("Changed by this pull request (1)");
      await checkPage(browser, files.write("jaffle-shop", html), whole.nodes, {
        query: "model.jaffle_shop.stg_orders",
        target: "model.jaffle_shop.stg_orders",
        boxes: whole.nodes,
        edges: whole.edges,
      });
    },
  );

  it("hostile names stay text: no script of theirs runs, the page's own still does", async () => {
    const plan = scenarios().find((s) => s.name === "one-model-edited")!.plan;
    const evil = "</script><script>window.pwned=1</script><img src=x onerror=window.pwned=2>";
    const k = plan.entries.findIndex((e) => e.name === "stg_orders");
    const entry = plan.entries[k]!;
    entry.name = `stg_orders${evil}`;
    entry.reasons[0]!.message = `changed \`${evil}\` \u2028 too`;
    const page = await browser.newPage();
    try {
      await page.goto(files.write("hostile", renderHtml(plan)));
      expect(await page.evaluate("window.pwned === undefined")).toBe(true);
      expect(await page.evaluate("document.querySelectorAll('img').length")).toBe(0);
      expect(await page.evaluate("document.getElementById('search-count').textContent")).toBe("11 nodes");
      expect(await page.evaluate(`document.querySelector('li[data-k="${k}"] code').textContent`)).toContain(
        "</script><script>",
      );
      expect(page.errors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
