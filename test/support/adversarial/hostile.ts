/**
 * Hostile text for every untrusted field, a real project rewritten to carry
 * it everywhere (node, source, macro and project names, schemas, aliases,
 * descriptions, SQL), and the checks that nothing of it reaches markdown,
 * a shell or the runner's log with its power intact.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { MERMAID_LINE } from "../mermaid-line.js";
import { PROJECT_ROOT } from "../shared-fixtures.js";

export interface Hostile {
  text: string;
  /** Substrings that must never appear raw in rendered markdown. */
  power: string[];
}

/** Each string, and the part of it that would act if it got through. */
export const HOSTILE: readonly Hostile[] = [
  { text: "<img src=x onerror=alert(1)>", power: ["<img"] },
  { text: "<script>alert(1)</script>", power: ["<script"] },
  { text: "</details><details open>", power: ["</details><details", "<details open"] },
  { text: "@octocat", power: ["@octocat"] },
  { text: "@org/team", power: ["@org/team"] },
  { text: "`x`", power: ["`x`"] },
  { text: "a|b", power: ["a|b"] },
  { text: "]]", power: ["]]"] },
  { text: "--><!--", power: ["--><!--"] },
  { text: "[link](javascript:alert(1))", power: ["[link](javascript:"] },
  { text: '"];click x call y;', power: ['"];click'] },
  { text: "$x^2$", power: ["$x^2$"] },
  { text: "**bold**", power: ["**bold**"] },
  { text: "line\nbreak", power: ["line\nbreak"] },
  // For the runner's log: a line starting with `::` is a workflow command (markdown doesn't care).
  { text: "\r\n::warning::injected", power: [] },
  { text: "\n::set-output name=select::injected", power: [] },
  { text: "\r::stop-commands::injected", power: [] },
  { text: "\n  ##[error]injected", power: [] },
  { text: "\u202eevil", power: ["\u202e"] },
  { text: "\u001b[31mred", power: ["\u001b"] },
  { text: "$(touch pwned-subst)", power: [] },
  { text: "`touch pwned-backtick`", power: ["`touch"] },
  { text: "'; touch pwned-quote; '", power: [] },
  { text: '"; touch pwned-dquote; "', power: [] },
  { text: "| touch pwned-pipe", power: [] },
  { text: "&& touch pwned-and", power: [] },
  { text: "\ntouch pwned-newline\n", power: [] },
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell parameter expansion, on purpose
  { text: "${IFS}x", power: [] },
  { text: "*", power: [] },
  { text: "~root", power: [] },
  { text: "{a,b}", power: [] },
  { text: "\\", power: [] },
  { text: "!!", power: [] },
  { text: "#1", power: [] },
  { text: "ok_name", power: [] },
];

/** Tags the renderer writes itself; any other tag came from a name. */
const OWN_TAGS = ["code", "details", "summary", "b", "sub", "br", "pre"];

/**
 * Problems of rendered markdown: a hostile part that got through, an HTML
 * comment other than the marker, a tag the renderer doesn't write, a link to
 * anything but https (or the renderer's own heading anchor), a mention.
 */
export function markdownProblems(markdown: string, options: { marker: boolean }): string[] {
  const problems: string[] = [];
  const body = options.marker ? markdown.slice(markdown.indexOf("\n")) : markdown;
  // Inside a fenced code block markdown and HTML are inert; a name that closed the fence would leave text outside, checked here.
  const outsideFences = body.replace(/^```[a-z]*\n[\s\S]*?\n```$/gm, "");
  for (const h of HOSTILE) {
    for (const power of h.power)
      if (outsideFences.includes(power)) problems.push(`raw ${JSON.stringify(power)}`);
  }
  const prose = markdown.replace(/```mermaid\n[\s\S]*?\n```/g, "");
  const comments = prose.split("<!--").length - 1;
  if (comments !== (options.marker ? 1 : 0)) problems.push(`${comments} HTML comments`);
  if (prose.split("-->").length - 1 !== (options.marker ? 1 : 0)) problems.push("a stray -->");
  if (options.marker && markdown.indexOf("-->") !== markdown.indexOf("\n") - 3)
    problems.push("marker not closed on line 1");
  for (const tag of new Set(
    [...markdown.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9]*)/g)].map((m) => m[1]!.toLowerCase()),
  ))
    if (!OWN_TAGS.includes(tag)) problems.push(`tag <${tag}>`);
  // https URLs the renderer made, or its own heading's anchor (the headline's "why ↓").
  for (const link of markdown.matchAll(/(?<!\\)\]\(([^)]*)\)/g))
    if (!/^(https:\/\/|#rebuilt-regardless-of-[a-z-]+-[0-9]+$)/.test(link[1]!))
      problems.push(`link to ${JSON.stringify(link[1])}`);
  if (/@[A-Za-z0-9]/.test(markdown)) problems.push("a mention");
  // Inside the mermaid block, labels only from the safe alphabet.
  for (const block of markdown.matchAll(/```mermaid\n([\s\S]*?)\n```/g)) {
    for (const line of block[1]!.split("\n").slice(1)) {
      if (!MERMAID_LINE.test(line)) problems.push(`mermaid line ${JSON.stringify(line)}`);
    }
  }
  return problems;
}

/**
 * Lines of a step's stdout the runner would take as workflow commands (it
 * trims white space, then looks for `::` or `##[`), other than the kinds the
 * action writes itself through @actions/core, which escapes their data.
 */
export function injectedCommands(stdout: string): string[] {
  const own = /^::(debug|warning|error|notice|add-mask|group|endgroup)::/;
  return stdout
    .split(/\r\n|\r|\n/)
    .map((line) => line.trimStart())
    .filter(
      (line) =>
        (line.startsWith("::") || line.startsWith("##[")) &&
        (!own.test(line) || /^::[a-z-]+( [^:]*)?::injected/.test(line)),
    );
}

/**
 * Runs `dbt build --select <select>` through bash the way a workflow step
 * does after GitHub pastes the output into the script, with `dbt` a function
 * that prints its arguments; in an empty folder holding only a decoy file
 * (so an unquoted `*` would show). Returns the arguments dbt got and whether
 * anything ran (a file appeared).
 */
export function throughBash(select: string): { args: string[]; created: string[]; stderr: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), "ods-adv-bash-"));
  try {
    writeFileSync(path.join(dir, "decoy"), "");
    const script = `dbt() { printf '%s\\0' "$@" > "$ODS_ARGS"; }\ncd "$ODS_DIR"\ndbt build --select ${select}\n`;
    const out = path.join(os.tmpdir(), `ods-adv-args-${process.pid}-${Math.random().toString(36).slice(2)}`);
    const run = spawnSync("bash", ["--norc", "--noprofile", "-c", script], {
      env: { PATH: "/usr/bin:/bin", ODS_DIR: dir, ODS_ARGS: out, HOME: dir },
      encoding: "utf8",
      timeout: 10_000,
    });
    const args = existsSync(out) ? readFileSync(out, "utf8").split("\0").slice(0, -1) : [];
    rmSync(out, { force: true });
    const created = readdirSync(dir).filter((f) => f !== "decoy");
    return { args, created, stderr: run.stderr ?? "" };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/* ------------------------------------------------- the shop, made hostile */

type Json = Record<string, unknown>;
const SHOP = path.join(PROJECT_ROOT, "fixtures", "shop", "prod");

/** Replaces ids everywhere in a document: as object keys and as whole string values. */
export function renameIds<T>(value: T, ids: ReadonlyMap<string, string>): T {
  if (typeof value === "string") return (ids.get(value) ?? value) as T;
  if (Array.isArray(value)) return value.map((v) => renameIds(v, ids)) as T;
  if (value !== null && typeof value === "object") {
    const out: Json = {};
    for (const [k, v] of Object.entries(value as Json)) {
      Object.defineProperty(out, ids.get(k) ?? k, {
        value: renameIds(v, ids),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out as T;
  }
  return value;
}

export interface HostileShop {
  project: string;
  manifest: Json;
  runResults: Json;
  /** sources.json taken before the recorded build. */
  sourcesBefore: Json;
  /** sources.json taken after it, same versions. */
  sourcesAfter: Json;
  /** Old unique_id -> new. */
  ids: Map<string, string>;
}

/**
 * The shop fixture (real dbt artifacts) with every name the project chose
 * carrying `texts` (one per node, source and macro, cycling): model, seed,
 * source and macro names, the project name, schemas, aliases, databases,
 * descriptions, and a comment in every compiled SQL.
 */
export function hostileShop(texts: readonly string[]): HostileShop {
  let i = 0;
  const next = () => texts[i++ % texts.length]!;
  const manifest = JSON.parse(readFileSync(path.join(SHOP, "manifest.json"), "utf8")) as Json;
  const project = `shop${texts[0]}`;
  const ids = new Map<string, string>();
  const nodes = manifest.nodes as Record<string, Json>;
  const rewritten: Json[] = [];
  for (const [id, node] of Object.entries(nodes)) {
    if (node.package_name !== "shop") continue;
    const type = String(node.resource_type);
    const planned = type === "model" || type === "seed" || type === "snapshot";
    const name = planned ? `${String(node.name)}${next()}` : String(node.name);
    ids.set(id, `${type}.${project}.${name}${id.slice(`${type}.shop.${String(node.name)}`.length)}`);
    node.name = name;
    node.package_name = project;
    if (Array.isArray(node.fqn)) node.fqn = [project, ...(node.fqn as string[]).slice(1, -1), name];
    if (planned) {
      node.alias = `${String(node.alias)}${next()}`;
      node.schema = `${String(node.schema)}${next()}`;
      node.database = `${String(node.database)}${next()}`;
      node.description = next();
      if (typeof node.compiled_code === "string") node.compiled_code = `-- ${next()}\n${node.compiled_code}`;
    }
    rewritten.push(node);
  }
  const sources = manifest.sources as Record<string, Json>;
  for (const [id, source] of Object.entries(sources)) {
    const sourceName = `${String(source.source_name)}${next()}`;
    const name = `${String(source.name)}${next()}`;
    ids.set(id, `source.${project}.${sourceName}.${name}`);
    Object.assign(source, {
      source_name: sourceName,
      name,
      package_name: project,
      fqn: [project, sourceName, name],
      schema: `${String(source.schema)}${next()}`,
      identifier: `${String(source.identifier)}${next()}`,
      description: next(),
    });
  }
  const macros = manifest.macros as Record<string, Json>;
  for (const [id, macro] of Object.entries(macros)) {
    if (macro.package_name !== "shop") continue;
    const name = `${String(macro.name)}${next()}`;
    ids.set(id, `macro.${project}.${name}`);
    Object.assign(macro, { name, package_name: project });
  }
  for (const key of ["unit_tests"]) {
    for (const [id, test] of Object.entries((manifest[key] ?? {}) as Record<string, Json>)) {
      if (test.package_name === "shop") {
        test.package_name = project;
        ids.set(id, id.replace(".shop.", `.${project}.`));
      }
    }
  }
  (manifest.metadata as Json).project_name = project;
  const renamed = renameIds(manifest, ids);
  const runResults = renameIds(
    JSON.parse(readFileSync(path.join(SHOP, "run_results.json"), "utf8")) as Json,
    ids,
  );
  const sourcesAfter = renameIds(
    JSON.parse(readFileSync(path.join(SHOP, "sources.json"), "utf8")) as Json,
    ids,
  );
  // The real sources.json was taken before the build; for the plan, the same versions observed an hour after it.
  const sourcesBefore = structuredClone(sourcesAfter);
  (sourcesAfter.metadata as Json).generated_at = "2026-11-30T09:05:00Z";
  for (const result of sourcesAfter.results as Json[]) result.snapshotted_at = "2026-11-30T09:05:00Z";
  return { project, manifest: renamed, runResults, sourcesBefore, sourcesAfter, ids };
}

/** The same project after a pull request edits `model` (old unique_id) and adds a hostile literal to its SQL. */
export function editedModel(shop: HostileShop, model: string, text: string): Json {
  const manifest = structuredClone(shop.manifest);
  const node = (manifest.nodes as Record<string, Json>)[shop.ids.get(model)!]!;
  node.compiled_code = `${String(node.compiled_code)}\nwhere ${JSON.stringify(text)} is not null and ${sqlLiteral(text)} <> ''`;
  return manifest;
}

function sqlLiteral(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}
