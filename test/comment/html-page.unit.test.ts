/**
 * The full-plan HTML page as text (src/comment/render-html.ts): the
 * comment's groups in order (rebuilt regardless by cause), natural order,
 * every node once with its reasons, the data for the script as JSON that
 * can't end its <script>, a Content-Security-Policy naming exactly the
 * page's style and script, nothing loaded from anywhere, classes told apart
 * by markers, and the links to the page from the comment and the job
 * summary. What the page does in a browser: test/e2e/html-page-browser*.
 */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { renderComment, renderJobSummary } from "../../src/comment/render-comment.js";
import { renderHtml } from "../../src/comment/render-html.js";
import { naturalCompare } from "../../src/comment/words.js";
import { id, PlanBuilder, sourceId, why } from "../support/plan-builder.js";
import { LINKS } from "./scenarios.js";

const PAGE_URL = "https://github.com/acme/analytics/actions/runs/9001/artifacts/77";

function mixed() {
  return new PlanBuilder()
    .build("stg_orders", why.codeChanged(["sql"]), { parents: [sourceId("raw", "orders")] })
    .build("orders", why.parentCodeChanged("stg_orders"), { parents: [id("stg_orders")] })
    .build("c10", why.hookReads("env_var"), { parents: [] })
    .build("c2", why.hookReads("env_var"), { parents: [] })
    .build("events", why.newUpstreamData(sourceId("raw", "events")), { parents: [sourceId("raw", "events")] })
    .reuse("customers", why.unchanged(), { parents: [] })
    .plan();
}

const between = (html: string, start: string, end: string) => {
  const i = html.indexOf(start);
  return html.slice(i + start.length, html.indexOf(end, i + start.length));
};

describe("the full-plan page", () => {
  it("lists the nodes rebuilt regardless under the causes the comment lists them under, in the same order", () => {
    // `late` has no declared inputs first but new upstream data too: the comment lists it under new upstream data.
    const plan = new PlanBuilder()
      .build("late", [why.hookReads("env_var"), why.newUpstreamData(sourceId("raw", "events"))], {
        parents: [sourceId("raw", "events")],
      })
      .build("b_10", why.hookReads("env_var"), { parents: [] })
      .build("B_9", why.hookReads("env_var"), { parents: [] })
      .plan();
    const causesOf = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].map((m) => m[1]);
    const page = renderHtml(plan);
    const comment = renderComment(plan, {});
    expect(causesOf(page, /<h3>([^<(]+) \(/g)).toEqual(causesOf(comment, /\*\*([^*]+)\*\* \(\d+\)/g));
    expect(causesOf(page, /<h3>([^<(]+) \(/g)).toEqual(["Reads the environment", "New upstream data"]);
    // Names in the comment's order (words.ts naturalCompare), not a collator of the page's own.
    const section = between(page, "Reads the environment", "</section>");
    const names = [...section.matchAll(/<\/span> <code>([^<]+)<\/code>/g)].map((m) => m[1]!);
    expect(names).toEqual(["B_9", "b_10"].sort(naturalCompare));
  });

  it("shows the comment's groups in order, rebuilt regardless by cause, names in natural order", () => {
    const html = renderHtml(mixed());
    expect(html).toContain(
      "<h1>jaffle_shop: 1 changed → 1 downstream · 3 rebuilt regardless · 1 reused</h1>",
    );
    const headings = [...html.matchAll(/<h[23]>([^<]*)<\/h[23]>/g)].map((m) => m[1]);
    expect(headings).toEqual([
      "Lineage",
      "Changed by this pull request (1)",
      "Downstream of those changes (1)",
      "Rebuilt regardless of this pull request (3)",
      "Reads the environment (2)",
      "New upstream data (1)",
      "Reused (1)",
      "The dbt command",
    ]);
    expect(html.indexOf("<code>c2</code>")).toBeLessThan(html.indexOf("<code>c10</code>"));
  });

  it("lists every planned node once, with its class marker and reasons, keyed to the script's data", () => {
    const plan = mixed();
    const html = renderHtml(plan);
    const data = JSON.parse(between(html, '<script type="application/json" id="ods-data">', "</script>"));
    // The planned nodes, then the two sources outside the plan.
    expect(data.nodes.map((n: string[]) => n[1])).toEqual([
      ...plan.entries.map((e) => e.unique_id),
      sourceId("raw", "events"),
      sourceId("raw", "orders"),
    ]);
    plan.entries.forEach((_entry, k) => {
      expect(html.match(new RegExp(`<li class="c-[a-z_]+" data-k="${k}" `, "g"))).toHaveLength(1);
    });
    expect(html).toContain(
      `<li class="c-changed" data-k="${plan.entries.findIndex((e) => e.name === "stg_orders")}" id="n-`,
    );
    expect(html).toMatch(/<span class="mark">Δ<\/span> <code>stg_orders<\/code> — /);
    expect(html).toMatch(
      /<span class="mark">↓<\/span> <code>orders<\/code> — parent <code>stg_orders<\/code>/,
    );
    expect(html).toMatch(/<span class="mark">\?<\/span> <code>c2<\/code>/);
    expect(html).toMatch(/<span class="mark">⟳<\/span> <code>events<\/code>/);
    expect(html).toMatch(/<span class="mark">✓<\/span> <code>customers<\/code>/);
    // The lineage: one box per node with its marker, one curve per edge; the legend names every class.
    expect(html.match(/<g class="n c-/g)).toHaveLength(8);
    expect(html.match(/<path class="e"/g)).toHaveLength(3);
    expect(html).toContain('<text x="8" y="18">Δ stg_orders</text>');
    for (const name of [
      "Δ changed by this pull request (thick stroke)",
      "dashed",
      "dotted",
      "dash-dot",
      "✓ reused (thin)",
      "rounded",
    ])
      expect(between(html, '<ul class="legend">', "</ul>")).toContain(name);
  });

  it("is self-contained: a CSP allowing only its own style and script by digest, nothing loaded", () => {
    const html = renderHtml(mixed());
    const style = between(html, "<style>", "</style>");
    const script = between(html, "<script>", "</script>");
    const digest = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
    expect(html).toContain(
      `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src ${digest(style)}; script-src ${digest(script)}; img-src data:; base-uri 'none'; form-action 'none'">`,
    );
    expect(html).not.toMatch(/\ssrc=|href="|url\(|@import|<link|<iframe|<object/i);
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(html).not.toMatch(/\sstyle="/);
  });

  it("escapes hostile names everywhere: markup, attributes, the SVG, and the script's JSON", () => {
    const evil = `x</script><!--<script>alert(1)</script>"'&\u2028\u0007`;
    const plan = new PlanBuilder()
      .build(evil, why.codeChanged(["sql"]), { parents: [sourceId("raw", evil)] })
      .build("child", why.parentCodeChanged(evil), { parents: [id(evil)] })
      .plan();
    plan.project = `p<b>${evil}`;
    plan.entries[0]!.reasons[0]!.message = `changed \`${evil}\``;
    const html = renderHtml(plan);
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(html).not.toContain("<!--");
    expect(html).not.toContain("<b>");
    expect(html).not.toContain("\u0007");
    const json = between(html, '<script type="application/json" id="ods-data">', "</script>");
    expect(json).not.toMatch(/[<>&\u2028]/);
    const data = JSON.parse(json);
    expect(data.nodes.some((n: string[]) => n[0] === `jaffle_shop.${evil}` && n[1] === id(evil))).toBe(true);
    expect(html).toContain("x&lt;/script&gt;&lt;!--&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;");
  });

  it("says when nothing was changed rather than '0 changed →'", () => {
    const plan = new PlanBuilder()
      .build("events", why.newUpstreamData(sourceId("raw", "events")), { parents: [] })
      .reuse("customers", why.unchanged(), { parents: [] })
      .plan();
    expect(renderHtml(plan)).toContain(
      "<h1>jaffle_shop: nothing changed · 1 rebuilt regardless · 1 reused</h1>",
    );
  });

  it("says what the lineage draws, and has no lineage without parents", () => {
    expect(renderHtml(mixed())).toContain("All 8 nodes and 3 edges.");
    const flat = new PlanBuilder().build("a", why.noState()).plan();
    for (const e of flat.entries) delete e.parents;
    const html = renderHtml(flat);
    expect(html).not.toContain('<svg id="lineage"');
    expect(html).toContain('<input id="search"');
  });
});

describe("links to the page", () => {
  it("the comment's footer and the job summary link the page first", () => {
    const plan = mixed();
    const context = { pullRequest: 42, links: { ...LINKS, htmlPage: PAGE_URL } };
    expect(renderComment(plan, context)).toContain(
      `[full plan page](${PAGE_URL}) · [job summary](${LINKS.jobSummary}) · [plan artifact](${LINKS.planArtifact})`,
    );
    expect(renderJobSummary(plan, context)).toContain(`[full plan page](${PAGE_URL})`);
  });

  it("drops an unsafe link and doesn't repeat the plan artifact's", () => {
    const plan = mixed();
    const unsafe = renderComment(plan, { links: { htmlPage: "javascript:alert(1)" } });
    expect(unsafe).not.toContain("full plan page");
    expect(unsafe).not.toContain("javascript:");
    const same = renderComment(plan, { links: { planArtifact: PAGE_URL, htmlPage: PAGE_URL } });
    expect(same).not.toContain("full plan page");
    expect(same).toContain(`[plan artifact](${PAGE_URL})`);
  });
});
