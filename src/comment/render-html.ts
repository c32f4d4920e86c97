/**
 * The plan as one self-contained HTML page (`ods-state plan --format html`):
 * the same headline, warnings, reasons and dbt command as the comment (the
 * exact `build_command` with its `--exclude`, whatever its length), readable in a
 * browser without GitHub. No script, no external resource; every untrusted
 * string (node names, messages, the project, run ids) is HTML-escaped and
 * cleaned of control characters. Pure: a plan in, a string out.
 */

import type { Plan, PlanEntry } from "../state/plan.js";
import { cleanText, MAX_NAME } from "./markdown-escape.js";
import { entryLabel, phraseContext, phraseEntry } from "./reason-phrases.js";
import { orderedWarnings, warningParts } from "./warning-titles.js";
import { formatCount, formatDuration, formatTime, messageWords, plural, type Words } from "./words.js";

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Text for an HTML element or a quoted attribute: one line, control characters replaced, markup escaped. */
export function htmlText(text: string, max?: number): string {
  return cleanText(text, max).replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

function wordsToHtml(words: Words): string {
  return words
    .map((w) => (typeof w === "string" ? htmlText(w) : `<code>${htmlText(w.code, MAX_NAME)}</code>`))
    .join("");
}

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1f2328}
h1{font-size:1.4rem}h2{font-size:1.1rem;margin-top:2rem}
table{border-collapse:collapse;width:100%}td,th{text-align:left;vertical-align:top;padding:.3rem .5rem;border-bottom:1px solid #d0d7de}
code,pre{font:13px ui-monospace,monospace;background:#f6f8fa}pre{padding:.7rem;overflow-x:auto;white-space:pre-wrap}
.BUILD{color:#9a6700;font-weight:600}.REUSE{color:#1a7f37;font-weight:600}.muted{color:#59636e}`;

export function renderHtml(plan: Plan): string {
  const phrase = phraseContext(plan);
  const build = plan.entries.filter((e) => e.action === "BUILD");
  const reuse = plan.entries.filter((e) => e.action === "REUSE");
  const saves = reuse.reduce((sum, e) => sum + (e.last_duration_s ?? 0), 0);
  const total = saves + build.reduce((sum, e) => sum + (e.last_duration_s ?? 0), 0);
  const project = htmlText(plan.project, MAX_NAME);
  const environment = htmlText(plan.environment, MAX_NAME);
  const rows = (entries: PlanEntry[]) =>
    entries
      .map(
        (e) =>
          `<tr><td class="${e.action}">${e.action}</td><td><code>${htmlText(entryLabel(e, plan.project), MAX_NAME)}</code></td><td>${wordsToHtml(phraseEntry(e, phrase))}</td></tr>`,
      )
      .join("\n");
  const section = (title: string, entries: PlanEntry[]) =>
    entries.length === 0
      ? ""
      : `<h2>${title}</h2>\n<table><thead><tr><th>action</th><th>node</th><th>why</th></tr></thead><tbody>\n${rows(entries)}\n</tbody></table>`;
  const checks = (plan.source_checks ?? []).filter((c) => c.action === "RUN");
  const parts = [
    "<!doctype html>",
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>ods-state plan: ${project}</title>`,
    `<style>${STYLE}</style></head><body>`,
    `<h1>${project}: ${formatCount(build.length)} to build · ${formatCount(reuse.length)} to reuse</h1>`,
    saves > 0 && total > 0
      ? `<p>Reuse saves about ${formatDuration(saves)} of ${formatDuration(total)} of build time.</p>`
      : "",
    `<p class="muted">${
      plan.state.found
        ? `Compared with ${environment}${plan.state.run_id ? ` at run <code>${htmlText(plan.state.run_id, MAX_NAME)}</code>` : ""}${plan.state.created_at ? ` (recorded ${htmlText(formatTime(plan.state.created_at))})` : ""}`
        : `No recorded state for ${environment}: every node is built.`
    }${plan.pointers ? "; planned for a pull request's environment (reused nodes are pointer views)" : ""}. Planned ${htmlText(formatTime(plan.planned_at))}.</p>`,
    plan.warnings.length > 0
      ? `<h2>Warnings</h2>\n<ul>${orderedWarnings(plan.warnings)
          .map((w) => warningParts(w))
          .map(
            ({ title, message }) =>
              `<li>${title ? `<strong>${htmlText(title)}</strong>: ` : ""}${wordsToHtml(messageWords(message))}</li>`,
          )
          .join("")}</ul>`
      : "",
    section("To build", build),
    checks.length > 0
      ? `<h2>Source checks that run</h2>\n<ul>${checks.map((c) => `<li><code>${htmlText(c.name, MAX_NAME)}</code>: ${wordsToHtml(messageWords(c.reason.message))}</li>`).join("")}</ul>`
      : "",
    section("Reused", reuse),
    plan.build_command
      ? `<h2>The dbt command</h2>\n<pre>${htmlText(plan.build_command, Number.POSITIVE_INFINITY)}</pre>${supersetNote(plan)}`
      : "<p>Nothing to build.</p>",
    `<p class="muted">${plural(plan.entries.length, "node")} planned; the full plan is <code>ods-state plan --format json</code> (docs/cli-formats.md).</p>`,
    "</body></html>",
  ];
  return `${parts.filter((p) => p !== "").join("\n")}\n`;
}

/** Under a superset command: how many more it runs than the plan, and that their tests run. */
function supersetNote(plan: Plan): string {
  if (plan.select_exact !== false) return "";
  const n = plan.select_extra?.length ?? 0;
  return `\n<p>No exact dbt selection fits the bounds, so this command runs ${formatCount(n)} more ${n === 1 ? "node or test" : "nodes and tests"} than the plan (listed in the plan's <code>select_extra</code>): more, never fewer. <code>dbt build</code> also runs the tests of what it selects.</p>`;
}
