/**
 * The full plan as one self-contained HTML page (issue 22, item 8; also
 * `ods-state plan --format html`): the comment's headline and groups
 * (changed by this pull request, downstream, rebuilt regardless by cause,
 * reused) with every node's reasons, a search box, the lineage drawn as
 * inline SVG (zoomable, pannable), warnings and the exact dbt command.
 *
 * Nothing is loaded from anywhere: style and script are inline, and a
 * Content-Security-Policy allows only those two (by their sha256), so no
 * injected markup could run or fetch. Every untrusted string is
 * HTML-escaped (html/html-text.ts); the script is a constant that reads its
 * data from a `<script type="application/json">` with `<` escaped. Pure: a
 * plan in, a string out (node:crypto only digests).
 */
import { createHash } from "node:crypto";
import type { Plan } from "../state/plan.js";
import { groupEntries } from "./change-groups.js";
import { htmlText, scriptJson, wordsToHtml } from "./html/html-text.js";
import { NODE_HEIGHT, NODE_WIDTH } from "./html/lineage-layout.js";
import { lineageSvg } from "./html/lineage-svg.js";
import { nodeLists } from "./html/node-lists.js";
import { CLASS_ORDER, NODE_LOOK } from "./html/node-look.js";
import { type DrawnPart, drawnPart, type PageGraph, pageGraph } from "./html/page-graph.js";
import { PAGE_SCRIPT } from "./html/script.js";
import { PAGE_STYLE } from "./html/styles.js";
import { MAX_NAME } from "./markdown-escape.js";
import { phraseContext, phraseEntry } from "./reason-phrases.js";
import { orderedWarnings, warningParts } from "./warning-titles.js";
import { formatCount, formatDuration, formatTime, messageWords, plural, wordsToPlain } from "./words.js";

export function renderHtml(plan: Plan): string {
  const phrase = phraseContext(plan);
  const graph = pageGraph(plan);
  const part = drawnPart(graph);
  const build = plan.entries.filter((e) => e.action === "BUILD");
  const reuse = plan.entries.filter((e) => e.action === "REUSE");
  const saves = reuse.reduce((sum, e) => sum + (e.last_duration_s ?? 0), 0);
  const total = saves + build.reduce((sum, e) => sum + (e.last_duration_s ?? 0), 0);
  const project = htmlText(plan.project, MAX_NAME);
  const checks = (plan.source_checks ?? []).filter((c) => c.action === "RUN");
  const data = {
    nodes: graph.nodes.map((n) => [
      n.label,
      n.id,
      n.entry ? wordsToPlain(phraseEntry(n.entry, phrase)) : "outside the plan",
    ]),
  };
  const parts = [
    "<!doctype html>",
    '<html lang="en"><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy()}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>ods-state plan: ${project}</title>`,
    `<style>${PAGE_STYLE}</style></head><body>`,
    `<h1>${project}: ${headline(plan)}</h1>`,
    saves > 0 && total > 0
      ? `<p>Reuse saves about ${formatDuration(saves)} of ${formatDuration(total)} of build time.</p>`
      : "",
    `<p class="muted">${comparedWith(plan)}</p>`,
    plan.warnings.length > 0
      ? `<h2>Warnings</h2>\n<ul>${orderedWarnings(plan.warnings)
          .map((w) => warningParts(w))
          .map(
            ({ title, message }) =>
              `<li>${title ? `<strong>${htmlText(title)}</strong>: ` : ""}${wordsToHtml(messageWords(message))}</li>`,
          )
          .join("")}</ul>`
      : "",
    searchBox(graph),
    lineageSection(graph, part),
    nodeLists(graph, phrase),
    checks.length > 0
      ? `<h2>Source checks that run</h2>\n<ul>${checks.map((c) => `<li><code>${htmlText(c.name, MAX_NAME)}</code>: ${wordsToHtml(messageWords(c.reason.message))}</li>`).join("")}</ul>`
      : "",
    plan.build_command
      ? `<h2>The dbt command</h2>\n<pre>${htmlText(plan.build_command, Number.POSITIVE_INFINITY)}</pre>${supersetNote(plan)}`
      : "<p>Nothing to build.</p>",
    `<p class="muted">${plural(plan.entries.length, "node")} planned; the full plan is <code>ods-state plan --format json</code> (docs/cli-formats.md).</p>`,
    `<script type="application/json" id="ods-data">${scriptJson(data)}</script>`,
    `<script>${PAGE_SCRIPT}</script>`,
    "</body></html>",
  ];
  return `${parts.filter((p) => p !== "").join("\n")}\n`;
}

/** Only the page's own style and script, by digest; nothing else may load, run, or be sent. */
function contentSecurityPolicy(): string {
  const digest = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
  return `default-src 'none'; style-src ${digest(PAGE_STYLE)}; script-src ${digest(PAGE_SCRIPT)}; img-src data:; base-uri 'none'; form-action 'none'`;
}

/** "1 changed → 38 downstream · 208 rebuilt regardless · 85 reused" (the groups that have nodes), or "nothing changed · 3 rebuilt regardless · 5 reused". */
function headline(plan: Plan): string {
  const groups = groupEntries(plan.entries);
  const counts = [
    groups.downstream.length > 0 ? `${formatCount(groups.downstream.length)} downstream` : "",
    groups.regardless.length > 0 ? `${formatCount(groups.regardless.length)} rebuilt regardless` : "",
    groups.reused.length > 0 ? `${formatCount(groups.reused.length)} reused` : "",
  ].filter((c) => c !== "");
  if (plan.entries.length === 0) return "nothing planned";
  // The arrow says "and what follows from it": without a change, nothing follows.
  if (groups.changed.length === 0) return ["nothing changed", ...counts].join(" · ");
  const changed = `${formatCount(groups.changed.length)} changed`;
  return counts.length > 0 ? `${changed} → ${counts.join(" · ")}` : changed;
}

function comparedWith(plan: Plan): string {
  const environment = htmlText(plan.environment, MAX_NAME);
  const base = plan.state.found
    ? `Compared with ${environment}${plan.state.run_id ? ` at run <code>${htmlText(plan.state.run_id, MAX_NAME)}</code>` : ""}${plan.state.created_at ? ` (recorded ${htmlText(formatTime(plan.state.created_at))})` : ""}`
    : `No recorded state for ${environment}: every node is built.`;
  const pointers = plan.pointers
    ? "; planned for a pull request's environment (reused nodes are pointer views)"
    : "";
  return `${base}${pointers}. Planned ${htmlText(formatTime(plan.planned_at))}.`;
}

function searchBox(graph: PageGraph): string {
  return (
    '<div class="toolbar"><label for="search">Find a node</label>' +
    '<input id="search" type="search" placeholder="name, id or reason" autocomplete="off">' +
    `<span id="search-count" class="muted" aria-live="polite">${formatCount(graph.nodes.length)} nodes</span></div>`
  );
}

function lineageSection(graph: PageGraph, part: DrawnPart): string {
  if (graph.edges.length === 0) return "";
  const drawn = lineageSvg(graph, part);
  const legend = CLASS_ORDER.map(
    (cls) =>
      `<li><svg viewBox="0 0 ${NODE_WIDTH / 5} ${NODE_HEIGHT}" aria-hidden="true"><g class="c-${cls}"><rect x="2" y="2" width="${NODE_WIDTH / 5 - 4}" height="${NODE_HEIGHT - 4}" rx="${cls === "outside" ? 12 : 3}"/></g></svg>${NODE_LOOK[cls].marker} ${htmlText(NODE_LOOK[cls].name)}</li>`,
  ).join("");
  const note =
    part.cut === "none"
      ? `All ${formatCount(drawn.boxes)} nodes and ${formatCount(drawn.edges)} edges.`
      : `The graph has ${formatCount(graph.nodes.length)} nodes: drawn are ${formatCount(drawn.boxes)}, ${
          part.cut === "impacted"
            ? "the impacted subgraph (what is built and its descendants, and their parents)"
            : "the first of the impacted subgraph, changed nodes first"
        }. Every node is in the lists below.`;
  return (
    `<h2>Lineage</h2>\n<p class="muted" id="lineage-note">${note} Scroll to zoom, drag to pan.</p>` +
    `<ul class="legend">${legend}</ul>` +
    '<div class="toolbar"><button type="button" id="zoom-in" title="Zoom in">+</button><button type="button" id="zoom-out" title="Zoom out">−</button><button type="button" id="zoom-fit">Fit</button></div>' +
    `<div class="frame">${drawn.svg}</div>`
  );
}

/** Under a superset command: how many more it runs than the plan, and that their tests run. */
function supersetNote(plan: Plan): string {
  if (plan.select_exact !== false) return "";
  const n = plan.select_extra?.length ?? 0;
  return `\n<p>No exact dbt selection fits the bounds, so this command runs ${formatCount(n)} more ${n === 1 ? "node or test" : "nodes and tests"} than the plan (listed in the plan's <code>select_extra</code>): more, never fewer. <code>dbt build</code> also runs the tests of what it selects.</p>`;
}
