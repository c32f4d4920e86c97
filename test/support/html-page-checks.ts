/**
 * What the browser tests check on a rendered plan page (src/comment/render-html.ts),
 * shared by test/e2e/html-page-browser.e2e.test.ts and its slow 10,000-node run:
 * it loads without a console error or exception, the search finds a node and
 * hides the others (and fades the other boxes) (and says how many match), the lineage has the boxes and
 * edges expected from the plan, zoom changes the drawing's transform, and
 * dark mode changes the colours.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { expect } from "vitest";
import type { Plan } from "../../src/state/plan.js";
import type { BrowserPage, HeadlessChromium } from "./headless-chromium.js";

export interface PageCheck {
  /** A search text that matches exactly one node, and that node's unique id. */
  query: string;
  target: string;
  /** Boxes and edges the lineage must draw. */
  boxes: number;
  edges: number;
}

/** The nodes and edges of the whole graph, from the plan (every entry and every parent named). */
export function wholeGraph(plan: Plan): { nodes: number; edges: number } {
  const ids = new Set(plan.entries.map((e) => e.unique_id));
  let edges = 0;
  for (const e of plan.entries) {
    const parents = new Set(e.parents ?? []);
    edges += parents.size;
    for (const p of parents) ids.add(p);
  }
  return { nodes: ids.size, edges };
}

export class PageFiles {
  readonly dir = mkdtempSync(path.join(os.tmpdir(), "ods-html-page-"));
  write(name: string, html: string): string {
    const file = path.join(this.dir, `${name}.html`);
    writeFileSync(file, html);
    return pathToFileURL(file).href;
  }
  remove(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

export interface PageTimes {
  loadMs: number;
  searchMs: number;
}

/** Opens the page in a new tab and runs every check; the tab is closed after. */
export async function checkPage(
  browser: HeadlessChromium,
  url: string,
  nodes: number,
  check: PageCheck,
): Promise<PageTimes> {
  const page = await browser.newPage();
  try {
    const loadMs = await page.goto(url);
    expect(page.errors).toEqual([]);
    expect(await page.evaluate("document.getElementById('search-count').textContent")).toBe(
      `${nodes.toLocaleString("en-US")} nodes`,
    );

    expect(await page.evaluate("document.querySelectorAll('#lineage g.n').length")).toBe(check.boxes);
    expect(await page.evaluate("document.querySelectorAll('#lineage path.e').length")).toBe(check.edges);

    const searchMs = await typeSearch(page, check.query);
    expect(await page.evaluate("document.getElementById('search-count').textContent")).toBe(
      `1 of ${nodes.toLocaleString("en-US")} nodes match`,
    );
    const k = await page.evaluate<number>(
      `JSON.parse(document.getElementById('ods-data').textContent).nodes.findIndex((n) => n[1] === ${JSON.stringify(check.target)})`,
    );
    expect(k).toBeGreaterThanOrEqual(0);
    const state = await page.evaluate<{
      shown: number[];
      hidden: number;
      hit: number[];
      searching: boolean;
    }>(`(() => {
      const items = [...document.querySelectorAll("li[data-k]")];
      const boxes = [...document.querySelectorAll("#lineage g.n")];
      return {
        shown: items.filter((li) => !li.hidden && li.offsetParent !== null).map((li) => Number(li.dataset.k)),
        hidden: items.filter((li) => li.hidden).length,
        hit: boxes.filter((g) => g.classList.contains("hit")).map((g) => Number(g.dataset.k)),
        searching: document.getElementById("lineage").classList.contains("searching"),
      };
    })()`);
    expect(state.shown).toEqual([k]);
    expect(state.hidden).toBe(
      (await page.evaluate<number>("document.querySelectorAll('li[data-k]').length")) - 1,
    );
    expect(state.hit).toEqual([k]);
    expect(state.searching).toBe(true);

    // Enter centres the match; the wheel and the buttons zoom.
    const transform = () =>
      page.evaluate<string>("document.getElementById('viewport').getAttribute('transform')");
    const before = await transform();
    await page.send("Input.dispatchKeyEvent", {
      type: "keyDown",
      key: "Enter",
      code: "Enter",
      windowsVirtualKeyCode: 13,
    });
    await page.send("Input.dispatchKeyEvent", {
      type: "keyUp",
      key: "Enter",
      code: "Enter",
      windowsVirtualKeyCode: 13,
    });
    const centred = await transform();
    expect(await page.evaluate("document.getElementById('zoom-fit') !== null")).toBe(true);
    const box = await page.evaluate<{ x: number; y: number }>(
      "(() => { document.getElementById('lineage').scrollIntoView(); const r = document.getElementById('lineage').getBoundingClientRect(); return { x: r.left + r.width / 2, y: r.top + r.height / 2 }; })()",
    );
    await page.send("Input.dispatchMouseEvent", {
      type: "mouseWheel",
      x: box.x,
      y: box.y,
      deltaX: 0,
      deltaY: -120,
    });
    const wheeled = await transform();
    expect(wheeled).not.toBe(centred);
    expect(scaleOf(wheeled)).toBeGreaterThan(scaleOf(centred));
    await page.evaluate("document.getElementById('zoom-out').click()");
    expect(scaleOf(await transform())).toBeLessThan(scaleOf(wheeled));
    await page.evaluate("document.getElementById('zoom-fit').click()");
    expect(before).toMatch(/^translate\(-?[\d.]+ -?[\d.]+\) scale\([\d.]+\)$/);

    // Clearing the search shows every node again.
    await page.evaluate(
      "(() => { const i = document.getElementById('search'); i.value = ''; i.dispatchEvent(new Event('input')); })()",
    );
    expect(await page.evaluate("document.querySelectorAll('li[data-k][hidden]').length")).toBe(0);
    expect(
      await page.evaluate("document.querySelectorAll('#lineage g.hit, #lineage.searching').length"),
    ).toBe(0);

    // Dark mode: the page follows prefers-color-scheme.
    const background = () => page.evaluate<string>("getComputedStyle(document.body).backgroundColor");
    const light = await background();
    await page.send("Emulation.setEmulatedMedia", {
      features: [{ name: "prefers-color-scheme", value: "dark" }],
    });
    expect(await background()).not.toBe(light);

    expect(page.errors).toEqual([]);
    return { loadMs, searchMs };
  } finally {
    await page.close();
  }
}

/** Types into the search box as a user does (focus, then text input events); the time to filter, in ms. */
async function typeSearch(page: BrowserPage, text: string): Promise<number> {
  await page.evaluate("document.getElementById('search').focus()");
  const started = performance.now();
  await page.send("Input.insertText", { text });
  await page.evaluate("new Promise((resolve) => requestAnimationFrame(() => resolve(true)))");
  return performance.now() - started;
}

function scaleOf(transform: string): number {
  return Number(/scale\(([\d.]+)\)/.exec(transform)?.[1]);
}
