/**
 * `npm run demo` end to end: scripts/demo.mjs runs in a child process with
 * the CLI `npm run demo` runs, the committed dist/cli (like the other e2e
 * tests: rebuild dist/ with `npm run build` after changing src/;
 * ODS_DEMO_CLI=src/cli.ts runs the sources instead), and its outputs are
 * checked: every step's line with its cost,
 * the pull request's plan decisions (the JSON plan file), the comment files,
 * what the environment held, the promotion in the warehouse and in the
 * state, the cleanup, and the final plan.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SqliteStateStore } from "../../src/store/sqlite-store.js";
import { openDuckDbFile } from "../../tools/dbt-standin.js";
import { chromiumMissing, HeadlessChromium } from "../support/headless-chromium.js";
import { checkPage, wholeGraph } from "../support/html-page-checks.js";
import { PROJECT_ROOT } from "../support/shared-fixtures.js";

const dir = mkdtempSync(path.join(os.tmpdir(), "ods-demo-test-"));
const out = path.join(dir, "demo");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// biome-ignore lint/suspicious/noExplicitAny: JSON the demo wrote
const json = (name: string): any => JSON.parse(readFileSync(path.join(out, name), "utf8"));
const text = (name: string) => readFileSync(path.join(out, name), "utf8");

/** name → "ACTION reason_code" of a plan's entries. */
function decisions(plan: { entries: { name: string; action: string; reasons: { code: string }[] }[] }) {
  return Object.fromEntries(plan.entries.map((e) => [e.name, `${e.action} ${e.reasons[0]?.code}`]));
}

let run: { status: number | null; stdout: string; stderr: string; ms: number };
beforeAll(() => {
  const started = performance.now();
  const result = spawnSync(process.execPath, [path.join(PROJECT_ROOT, "scripts", "demo.mjs"), "--out", out], {
    cwd: PROJECT_ROOT,
    encoding: "utf8",
    env: process.env,
  });
  run = {
    status: result.status,
    stdout: result.stdout,
    stderr: result.stderr,
    ms: performance.now() - started,
  };
});

describe("npm run demo", () => {
  it("runs every step, one line each with its cost, in under a minute, and names its folder", () => {
    expect(run.status, run.stderr).toBe(0);
    expect(run.ms).toBeLessThan(60_000);
    expect(run.stdout).toContain("`dbt build` is stood in for by running each manifest's compiled SQL");
    const lines = run.stdout.split("\n").filter((line) => /^ ?\d+\. /.test(line));
    expect(lines).toHaveLength(13);
    for (const line of lines) expect(line).toMatch(/ \(\d+ ms\)$/);
    expect(lines.map((line) => line.replace(/ \(\d+ ms\)$/, "").replace(/^ ?\d+\. /, ""))).toEqual([
      expect.stringMatching(
        /^dbt build of prod \(stand-in.*\): 8 models and seeds built, 8 of 8 tests passed$/,
      ),
      "ods-state record: 8 built, 0 failed, 0 skipped in state.db",
      "PR 7 (edits stg_orders, reformats customers): 4 to build, 4 to reuse; the comment is plan-pr-7.md and plan-pr-7.html",
      "ods-state env create: environment pr-7 with 4 pointer views to prod (schema analytics_pr_7), 4 to build",
      expect.stringMatching(/into analytics_pr_7 \(stand-in\): 4 built, 5 of 5 tests passed$/),
      "ods-state env record: 4 built, 0 failed",
      "query analytics_pr_7: customers (a pointer view) answers with prod's 24 rows; fct_daily_revenue (built by the PR) has 23 days, revenue 1397.50 (prod: 24 days, 1633.50)",
      "ods-state env diff: stg_orders: 40 rows, no key to compare rows by; orders: 3 changed, 0 only in prod, 0 only in the PR; fct_daily_revenue: 2 changed, 1 only in prod, 0 only in the PR; the comment's section is data-diff.md",
      expect.stringMatching(
        /^merge, ods-state env promote: committed; orders promoted into prod without a rebuild .*; 2 built by dbt; state updated$/,
      ),
      "dbt build of the rest into prod (stand-in): 2 built, 2 of 2 tests passed",
      "ods-state record: 2 built, 0 failed, 0 skipped",
      // customer_countries' hook reads `target.name`: compared by value (issue 36), the same target: reused.
      "plan again on main: 8 reused, 0 built",
      "ods-state env cleanup: dropped 9 objects of pr-7; schema analytics_pr_7 is gone; prod's relations unchanged",
    ]);
    expect(run.stdout).toContain(`The demo's files are in ${out}`);
    const steps = json("steps.json");
    expect(steps.steps.map((s: { step: number }) => s.step)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13,
    ]);
  });

  it("the pull request's plan: the edited model and what reads it are built, the reformatted one reused", () => {
    expect(decisions(json("plan-pr-7.json"))).toEqual({
      stg_customers: "REUSE unchanged",
      stg_orders: "BUILD code_changed",
      stg_payments: "REUSE unchanged",
      country_codes: "REUSE unchanged",
      customers: "REUSE formatting_only",
      orders: "BUILD parent_code_changed",
      // Its hook reads `target.name`; the demo's CLI is not given the build's target environment here.
      customer_countries: "BUILD run_time_value_unknown",
      fct_daily_revenue: "BUILD parent_code_changed",
    });
    // Shown on the terminal as the text format, and written as markdown and as an HTML page.
    expect(run.stdout).toContain("ods-state plan for shop: 4 to build, 4 to reuse");
    expect(run.stdout).toMatch(/REUSE {2}customers +only formatting changed/);
    // stg_orders and its whole downstream, and customer_countries (rebuilt every run) alone.
    expect(text("plan-pr-7.txt")).toContain("dbt build --select stg_orders+ customer_countries\n");
    const markdown = text("plan-pr-7.md");
    expect(markdown).toContain(
      "**1 model changed → 2 downstream · 1 rebuilt regardless ([why ↓](#rebuilt-regardless-of-code-changes-1)) · 4 reused**",
    );
    expect(markdown).toContain("<code>stg\\_orders</code> — compiled SQL changed");
    expect(markdown).toContain("```mermaid");
    const html = text("plan-pr-7.html");
    expect(html.startsWith("<!doctype html>")).toBe(true);
    expect(html).toContain("<h1>shop: 1 changed → 2 downstream · 1 rebuilt regardless · 4 reused</h1>");
    expect(html).toMatch(/<span class="mark">Δ<\/span> <code>stg_orders<\/code> — compiled SQL changed/);
    expect(html).toContain('<svg id="lineage"');
    // Self-contained: its own style and script only, nothing loaded.
    expect(html).not.toMatch(/<link|\ssrc=|href="/i);
  });

  it.skipIf(chromiumMissing() !== null)(
    "the pull request's HTML page works in a headless browser: search, lineage, zoom",
    async () => {
      const browser = await HeadlessChromium.launch();
      try {
        const whole = wholeGraph(json("plan-pr-7.json"));
        await checkPage(browser, pathToFileURL(path.join(out, "plan-pr-7.html")).href, whole.nodes, {
          query: "fct_daily",
          target: "model.shop.fct_daily_revenue",
          boxes: whole.nodes,
          edges: whole.edges,
        });
      } finally {
        await browser.close();
      }
    },
  );

  it("the environment held pointer views to prod and the tables the pull request built", () => {
    const query = json("steps.json").steps[6].environment;
    expect(query.views.sort()).toEqual([
      "country_codes",
      "customers",
      "stg_customers",
      "stg_orders",
      "stg_payments",
    ]);
    expect(query.tables.sort()).toEqual(["customer_countries", "fct_daily_revenue", "orders"]);
    expect(query).toMatchObject({
      pointer_rows: 24,
      pr: { days: 23, revenue: 1397.5 },
      prod: { days: 24, revenue: 1633.5 },
    });
    expect(json("env-create.json")).toMatchObject({ environment: "acme/shop:shop:pr-7", pointers: 4 });
  });

  it("the data diff: what the pull request does to prod's tables, by key, with no row value shown", () => {
    const report = json("data-diff.json");
    expect(
      report.nodes.map((n: { name: string; counts: unknown; rows: { status: string } }) => [
        n.name,
        n.counts,
        n.rows.status,
      ]),
    ).toEqual([
      ["stg_orders", { prod: 40, pr: 40 }, "no_key"],
      ["orders", { prod: 40, pr: 40 }, "compared"],
      ["fct_daily_revenue", { prod: 24, pr: 23 }, "compared"],
    ]);
    expect(report.nodes[2].rows).toMatchObject({ only_prod: 1, only_pr: 0, changed: 2, unchanged: 21 });
    expect(JSON.stringify(report)).not.toContain("examples");
    expect(text("data-diff.md")).toContain(
      "<summary><code>fct_daily_revenue</code> · 24 → 23 rows (−1, −4.2%) · 1 only in prod · 2 changed</summary>",
    );
    expect(run.stdout).toContain("    orders             40 rows in both · 3 changed\n");
  });

  it("the merge promoted orders into prod's warehouse and state; the record and the next plan reuse it", async () => {
    const promotion = json("promote.json");
    expect(promotion.status).toBe("committed");
    expect(promotion.promoted.map((p: { unique_id: string }) => p.unique_id)).toEqual(["model.shop.orders"]);
    expect(promotion.state).toMatchObject({ scope: "shop/prod", nodes: ["model.shop.orders"] });
    expect(promotion.state.snapshot_id).toEqual(expect.any(String));

    const duck = await openDuckDbFile(path.join(out, "shop.duckdb"));
    try {
      // Prod's orders are the PR's (3 more returned orders); the replaced table is kept for rollback.
      expect(
        await duck.rows(`select count(*)::int as n from "analytics"."orders" where is_returned`),
      ).toEqual([{ n: 11 }]);
      const kept = await duck.rows(
        `select table_name from information_schema.tables where table_schema = 'analytics' and table_name like 'orders__ods_r_%'`,
      );
      expect(kept).toHaveLength(1);
      expect(
        await duck.rows(
          `select count(*)::int as n from "analytics"."${String(kept[0]!.table_name)}" where is_returned`,
        ),
      ).toEqual([{ n: 8 }]);
      // Cleanup: nothing of the environment is left.
      expect(
        await duck.rows(
          `select schema_name from information_schema.schemata where schema_name like 'analytics_pr_7%'`,
        ),
      ).toEqual([]);
    } finally {
      await duck.close();
    }
    const cleanup = json("cleanup.json");
    expect(cleanup).toMatchObject({ found: true, complete: true, failed: [] });
    expect(cleanup.dropped.map((d: { object: string }) => d.object)).toContain("analytics_pr_7");

    const store = await SqliteStateStore.open(path.join(out, "state.db"), { create: false });
    try {
      const head = (await store.latest({ project: "shop", environment: "prod" }))!;
      expect(head.snapshot.nodes["model.shop.orders"]).toMatchObject({
        run_id: "pr7-demo-run",
        promoted_by: "demo-main-run",
      });
      expect(head.snapshot.nodes["model.shop.fct_daily_revenue"]!.parents["model.shop.orders"]).toBe(
        "pr7-demo-run",
      );
      expect((await store.runs({ project: "shop", environment: "prod" })).length).toBe(2);
    } finally {
      await store.close();
    }

    expect(decisions(json("plan-after-merge.json"))).toEqual({
      stg_customers: "REUSE unchanged",
      stg_orders: "REUSE unchanged",
      stg_payments: "REUSE unchanged",
      country_codes: "REUSE unchanged",
      customers: "REUSE formatting_only",
      orders: "REUSE unchanged",
      customer_countries: "REUSE unchanged",
      fct_daily_revenue: "REUSE unchanged",
    });
  });
});
