#!/usr/bin/env node
/**
 * A screenshot of the plan comment as a reviewer sees it on GitHub, for the
 * README: a golden comment rendered by the GFM renderer the structure test
 * uses (micromark + micromark-extension-gfm), in a page styled like a GitHub
 * comment (light mode, CSS of our own), its mermaid block drawn by mermaid
 * (the library GitHub draws it with), and the page captured by Debian's
 * headless `chromium`. Nothing is fetched: the page and its scripts are
 * local files.
 *
 * Usage: node tools/screenshot-comment.mjs [--comment FILE] [--out FILE] [--width PX]
 *   --comment FILE  the markdown (default test/comment/golden/real/demo-shop-pr-7.md)
 *   --out FILE      the PNG (default docs/screenshots/comment.png)
 *   --width PX      the window's width (default 962: the comment box and its margins)
 *   --max-height PX cut the picture at this height (the first screen of a long comment)
 *   --html FILE     also keep the page it captured
 *   CHROMIUM        the browser (default `chromium`; `apt-get install chromium`)
 *
 * mermaid is not a dependency of the project (about 200 MB installed, for a
 * picture made by hand now and then): install it for the run with
 * `npm install --no-save mermaid@12.3.0` (docs/decisions/comment-goldens.md).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { micromark } from "micromark";
import { gfm, gfmHtml } from "micromark-extension-gfm";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const MERMAID = path.join(root, "node_modules", "mermaid", "dist", "mermaid.min.js");

function fail(message) {
  process.stderr.write(`screenshot-comment: ${message}\n`);
  process.exit(1);
}

const options = {
  comment: path.join(root, "test", "comment", "golden", "real", "demo-shop-pr-7.md"),
  out: path.join(root, "docs", "screenshots", "comment.png"),
  width: 962,
  html: null,
  "max-height": Number.POSITIVE_INFINITY,
};
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
  const flag = args[i];
  const value = args[i + 1];
  if (flag === "-h" || flag === "--help") {
    process.stdout.write(
      "Usage: node tools/screenshot-comment.mjs [--comment FILE] [--out FILE] [--width PX] [--max-height PX] [--html FILE]\n",
    );
    process.exit(0);
  }
  if (!["--comment", "--out", "--width", "--max-height", "--html"].includes(flag) || value === undefined)
    fail(`unknown argument \`${flag}\`; see --help`);
  options[flag.slice(2)] =
    flag === "--width" || flag === "--max-height" ? Number(value) : path.resolve(value);
  i++;
}
if (!existsSync(options.comment)) fail(`no comment at ${options.comment}`);
if (!existsSync(MERMAID))
  fail(
    `mermaid is not installed (${path.relative(root, MERMAID)}): run \`npm install --no-save mermaid@12.3.0\` first.`,
  );
const chromium = process.env.CHROMIUM || "chromium";

/** GitHub's alerts (`> [!NOTE]` …): a blockquote whose first line names the kind. */
function alerts(html) {
  return html.replace(
    /<blockquote>\n<p>\[!(NOTE|TIP|IMPORTANT|WARNING|CAUTION)\]\n?/g,
    (_, kind) =>
      `<blockquote class="alert alert-${kind.toLowerCase()}">\n<p class="alert-title">${kind[0]}${kind.slice(1).toLowerCase()}</p>\n<p>`,
  );
}

/** The mermaid blocks as mermaid's own elements (their text stays escaped; mermaid reads the text). */
function mermaidBlocks(html) {
  return html.replace(
    /<pre><code class="language-mermaid">([\s\S]*?)<\/code><\/pre>/g,
    (_, source) => `<pre class="mermaid">${source}</pre>`,
  );
}

const markdown = readFileSync(options.comment, "utf8");
const body = mermaidBlocks(
  alerts(micromark(markdown, { allowDangerousHtml: true, extensions: [gfm()], htmlExtensions: [gfmHtml()] })),
);

const CSS = `
  body { margin: 0; padding: 16px 24px; background: #ffffff; color: #1f2328;
    font-family: -apple-system, BlinkMacSystemFont, "Segoe UI", "Noto Sans", Helvetica, "Liberation Sans", Arial, sans-serif;
    font-size: 14px; line-height: 1.5; }
  .comment { max-width: 914px; border: 1px solid #d1d9e0; border-radius: 6px; }
  .comment-header { display: flex; gap: 6px; align-items: center; padding: 8px 16px; background: #f6f8fa;
    border-bottom: 1px solid #d1d9e0; border-radius: 6px 6px 0 0; color: #59636e; }
  .comment-header b { color: #1f2328; }
  .comment-header .label { border: 1px solid #d1d9e0; border-radius: 2em; padding: 0 7px; font-size: 12px; }
  .markdown-body { padding: 16px; overflow-wrap: break-word; }
  .markdown-body > :first-child { margin-top: 0; }
  .markdown-body > :last-child { margin-bottom: 0; }
  h1, h2, h3, h4 { margin: 24px 0 16px; font-weight: 600; line-height: 1.25; }
  h3 { font-size: 1.25em; }
  p, ul, ol, blockquote, pre, details, table { margin: 0 0 16px; }
  ul, ol { padding-left: 2em; }
  li + li { margin-top: 0.25em; }
  a { color: #0969da; text-decoration: none; }
  code { font-family: ui-monospace, SFMono-Regular, "SF Mono", Menlo, Consolas, "Liberation Mono", monospace;
    font-size: 85%; padding: 0.2em 0.4em; background: #818b981f; border-radius: 6px; }
  pre { padding: 16px; background: #f6f8fa; border-radius: 6px; overflow: auto; font-size: 85%; line-height: 1.45; }
  pre code { padding: 0; background: transparent; font-size: 100%; }
  pre.mermaid { background: transparent; padding: 0; text-align: center; font-family: inherit; }
  sub { font-size: 75%; color: #59636e; }
  summary { cursor: pointer; }
  details > summary { margin-bottom: 0; }
  blockquote { padding: 0 1em; color: #59636e; border-left: 0.25em solid #d1d9e0; }
  .alert { color: inherit; padding: 8px 16px; }
  .alert-title { font-weight: 500; margin-bottom: 4px; }
  .alert-note { border-left-color: #0969da; } .alert-note .alert-title { color: #0969da; }
  .alert-tip { border-left-color: #1a7f37; } .alert-tip .alert-title { color: #1a7f37; }
  .alert-important { border-left-color: #8250df; } .alert-important .alert-title { color: #8250df; }
  .alert-warning { border-left-color: #9a6700; } .alert-warning .alert-title { color: #9a6700; }
  .alert-caution { border-left-color: #d1242f; } .alert-caution .alert-title { color: #d1242f; }
  table { border-collapse: collapse; } th, td { border: 1px solid #d1d9e0; padding: 6px 13px; }
`;

const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>plan comment</title>
<style>${CSS}</style>
<script src="${pathToFileURL(MERMAID).href}"></script>
</head><body>
<div class="comment">
<div class="comment-header"><b>github-actions</b> <span class="label">bot</span> commented</div>
<div class="markdown-body">
${body}
</div></div>
<script>
  mermaid.initialize({ startOnLoad: false, theme: "default", securityLevel: "strict" });
  mermaid.run({ querySelector: "pre.mermaid" })
    .catch((error) => { document.body.dataset.mermaidError = String(error); })
    .finally(() => { document.body.dataset.height = String(Math.ceil(document.querySelector(".comment").getBoundingClientRect().bottom + 16)); });
</script>
</body></html>
`;

const work = mkdtempSync(path.join(os.tmpdir(), "ods-screenshot-"));
const pageFile = path.join(work, "comment.html");
writeFileSync(pageFile, page);
if (options.html) writeFileSync(options.html, page);

function browse(extra, height) {
  const result = spawnSync(
    chromium,
    [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--hide-scrollbars",
      "--allow-file-access-from-files",
      "--virtual-time-budget=20000",
      `--user-data-dir=${path.join(work, "profile")}`,
      `--window-size=${options.width},${height}`,
      ...extra,
      pathToFileURL(pageFile).href,
    ],
    { encoding: "utf8", maxBuffer: 64 * 1024 * 1024, timeout: 120_000 },
  );
  if (result.error) fail(`could not run ${chromium}: ${result.error.message} (apt-get install chromium)`);
  if (result.status !== 0) fail(`${chromium} failed (exit ${result.status}):\n${result.stderr}`);
  return result.stdout;
}

// 1. Lay the page out and draw the picture, to learn its height (and whether mermaid drew it).
const dom = browse(["--dump-dom"], 2000);
const error = /data-mermaid-error="([^"]*)"/.exec(dom);
if (error) fail(`mermaid could not draw the lineage: ${error[1]}`);
const height = Number(/data-height="(\d+)"/.exec(dom)?.[1]);
if (!height) fail("the page did not report its height (did its script run?)");
if (body.includes('<pre class="mermaid">') && !dom.includes("<svg")) fail("mermaid left the lineage undrawn");

// 2. The screenshot, the page's full height.
mkdirSync(path.dirname(options.out), { recursive: true });
const shown = Math.min(height, options["max-height"]);
browse([`--screenshot=${options.out}`], shown);
rmSync(work, { recursive: true, force: true });
process.stdout.write(
  `${path.relative(root, options.out)}: ${path.relative(root, options.comment)}, ${options.width}×${shown} px${shown < height ? ` of ${height}` : ""}\n`,
);
