/**
 * Issue 22's "Done when", as assertions on a comment rendered the way GitHub
 * renders it (./gfm-html.ts): no merged lists, every changed node within
 * the first screen, at most LINEAGE_MAX_BOXES boxes in the lineage, and
 * markdown that survives GitHub's pipeline (only HTML it keeps, <details>
 * balanced, links well-formed, no markdown left raw). Each check collects
 * every problem and fails once, listing them.
 */
import { changeGroupOf } from "../../../src/comment/change-groups.js";
import { entryLabel } from "../../../src/comment/reason-phrases.js";
import type { Plan } from "../../../src/state/plan.js";
import { FIRST_SCREEN_LINES, namesIn, shownLines } from "./first-screen.js";
import { attribute, decodeEntities, htmlTokens, renderGfm } from "./gfm-html.js";

/** Fails with every problem listed, when there is any. */
function failOn(what: string, problems: readonly string[]): void {
  if (problems.length > 0) throw new Error(`${what}:\n- ${problems.join("\n- ")}`);
}

/** The most boxes the comment's lineage picture may draw (issue 22: "at most about 25"). */
export const LINEAGE_MAX_BOXES = 25;

/** A list item line of the markdown source: a bullet or an ordered item at the start of the line. */
const ITEM = /^(?:[-+*]|\d{1,9}[.)])(?:[ \t]|$)/;
const FENCE = /^(`{3,}|~{3,})/;
/** CommonMark's HTML block start conditions 6: the block-level tag names. */
const HTML_BLOCK_TAGS =
  "address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|details|dialog|dir|div|dl|dt|" +
  "fieldset|figcaption|figure|footer|form|frame|frameset|h[1-6]|head|header|hr|html|iframe|legend|li|link|main|menu|" +
  "menuitem|nav|noframes|ol|optgroup|option|p|param|search|section|summary|table|tbody|td|tfoot|th|thead|title|tr|track|ul";
/**
 * Lines that end a list rather than join its last item: the blocks that may
 * interrupt a paragraph (a blockquote, an ATX heading, a fence, a thematic
 * break, an HTML block of CommonMark's kinds 1 to 6).
 */
const INTERRUPTS = new RegExp(
  "^(>|#{1,6}(\\s|$)|`{3,}|~{3,}|([-*_])( *\\3){2,} *$|<!--|<\\?|<![A-Za-z]|<!\\[CDATA\\[|" +
    `<(script|pre|style|textarea)(\\s|>|$)|</?(${HTML_BLOCK_TAGS})(\\s|/?>|$))`,
  "i",
);

/**
 * The lists the comment means, read off its markdown: a list is a run of
 * item lines with nothing between them but lines indented under an item (no
 * blank line: the renderer writes its lists tight). Returns the number of
 * items of each, in order, and the places where the line right after a list
 * would be joined to its last item (a lazy continuation line).
 */
export function listsWritten(markdown: string): { items: number[]; joined: string[] } {
  const items: number[] = [];
  const joined: string[] = [];
  let fence: string | null = null;
  let run = 0;
  /** The blockquote prefix (`> `) of the run's lines: a list in a quote is a list of its own. */
  let runQuote = "";
  const end = () => {
    if (run) items.push(run);
    run = 0;
  };
  markdown.split("\n").forEach((whole, i) => {
    const quote = /^(?:> ?)*/.exec(whole)![0].replace(/ /g, "");
    const line = whole.replace(/^(?:> ?)*/, "");
    const f = FENCE.exec(line);
    if (fence !== null) {
      if (f && line.startsWith(fence)) fence = null;
      return;
    }
    if (run && quote !== runQuote) end();
    if (f) {
      end();
      fence = f[1]!;
      return;
    }
    if (ITEM.test(line)) {
      runQuote = quote;
      run++;
    } else if (run && /^ {2,}\S/.test(line)) return;
    else {
      if (run && line.trim() !== "" && !INTERRUPTS.test(line))
        joined.push(`line ${i + 1} (${JSON.stringify(whole.slice(0, 60))}) joins the list above it`);
      end();
    }
  });
  end();
  return { items, joined };
}

/**
 * The lists GitHub draws: each top-level <ul>/<ol> with its number of items,
 * and the items drawn loose (a <p> in an <li>: what GitHub makes of two lists
 * with only a blank line between them, merged into one).
 */
export function listsRendered(html: string): { items: number[]; loose: number } {
  const items: number[] = [];
  let depth = 0;
  let loose = 0;
  let inItem = false;
  for (const token of htmlTokens(html)) {
    if (token.kind !== "open" && token.kind !== "close") continue;
    const list = token.name === "ul" || token.name === "ol";
    if (token.kind === "open") {
      if (list) {
        if (depth === 0) items.push(0);
        depth++;
      } else if (token.name === "li" && depth === 1) {
        items[items.length - 1]!++;
        inItem = true;
      } else if (token.name === "p" && inItem && depth === 1) loose++;
    } else if (list) depth--;
    else if (token.name === "li" && depth === 1) inItem = false;
  }
  return { items, loose };
}

/**
 * (a) No merged lists: every list GitHub draws is one list the comment wrote,
 * with the same items. Concretely: the top-level lists of the HTML, in order,
 * have the item counts of the runs of item lines in the markdown; no item is
 * drawn loose (two lists merged by a blank line become one loose list, the
 * "by reason" counts and the node list of issue 22); and no line after a
 * list is joined to its last item.
 */
export function expectNoMergedLists(markdown: string, html = renderGfm(markdown)): void {
  const written = listsWritten(markdown);
  const rendered = listsRendered(html);
  const problems = [...written.joined];
  if (rendered.loose > 0)
    problems.push(`${rendered.loose} list items are drawn loose (<li><p>): lists merged`);
  if (JSON.stringify(rendered.items) !== JSON.stringify(written.items))
    problems.push(
      `GitHub draws ${rendered.items.length} lists of [${rendered.items.join(", ")}] items; the comment writes ${written.items.length} of [${written.items.join(", ")}]`,
    );
  failOn("lists as GitHub renders them", problems);
}

/**
 * (b) Every node the pull request changed (changeGroupOf: `changed`) is named
 * in the text shown without a click (not in a closed <details>, not only in
 * the lineage picture) and within the first screen (./first-screen.ts): on
 * its first FIRST_SCREEN_LINES lines, or further down in a list of changed
 * nodes that starts on the first screen and runs on unbroken (every line
 * from the end of the first screen to it names changed nodes only, with no
 * fold or picture between). A node counts as named by its label (the name,
 * with the package when it is not the project's) or its bare name.
 */
export function expectChangedNodesOnFirstScreen(plan: Plan, html: string): void {
  const changed = plan.entries.filter((e) => changeGroupOf(e) === "changed");
  const changedNames = new Set(changed.flatMap((e) => [entryLabel(e, plan.project), e.name]));
  const others = new Set(
    plan.entries
      .filter((e) => changeGroupOf(e) !== "changed")
      .map((e) => entryLabel(e, plan.project))
      .filter((label) => !changedNames.has(label)),
  );
  const lines = shownLines(html).map((line) => ({ ...line, names: new Set(namesIn(line.text)) }));
  const firstBreak = lines.findIndex(
    (line) =>
      line.at + line.height > FIRST_SCREEN_LINES &&
      (line.kind === "mermaid" || line.kind === "summary" || [...line.names].some((n) => others.has(n))),
  );
  const reach = firstBreak === -1 ? Number.POSITIVE_INFINITY : lines[firstBreak]!.at;
  const problems: string[] = [];
  let firstSeen = Number.POSITIVE_INFINITY;
  for (const entry of changed) {
    const label = entryLabel(entry, plan.project);
    const line = lines.find((l) => l.kind !== "mermaid" && (l.names.has(label) || l.names.has(entry.name)));
    if (!line) {
      problems.push(`${label}: not in the text shown without a click`);
      continue;
    }
    firstSeen = Math.min(firstSeen, line.at);
    if (line.at >= FIRST_SCREEN_LINES && line.at >= reach)
      problems.push(
        `${label}: on line ${line.at + 1}, past the first screen (${FIRST_SCREEN_LINES} lines) and after ${JSON.stringify(lines[firstBreak]!.text.slice(0, 60) || lines[firstBreak]!.kind)} on line ${reach + 1}`,
      );
  }
  if (changed.length > 0 && firstSeen >= FIRST_SCREEN_LINES && firstSeen !== Number.POSITIVE_INFINITY)
    problems.unshift(`the first changed node is on line ${firstSeen + 1}, past the first screen`);
  failOn(`${changed.length} changed nodes on the first screen`, problems);
}

/** The mermaid blocks of the markdown, each as its source lines. */
export function mermaidBlocks(markdown: string): string[][] {
  const blocks: string[][] = [];
  let current: string[] | null = null;
  for (const line of markdown.split("\n")) {
    if (current === null) {
      if (/^```mermaid\s*$/.test(line)) current = [];
    } else if (/^```\s*$/.test(line)) {
      blocks.push(current);
      current = null;
    } else current.push(line);
  }
  return blocks;
}

const NOT_A_NODE = /^(graph|flowchart|classDef|class|style|linkStyle|click|subgraph|end|direction|%%)\b/;

/**
 * The boxes a mermaid flowchart draws: the distinct node ids in its
 * statements (node definitions and both ends of every edge), not counting
 * subgraphs, class or style lines and comments.
 */
export function mermaidBoxes(lines: readonly string[]): Set<string> {
  const ids = new Set<string>();
  for (const raw of lines) {
    const line = raw.trim();
    if (!line || NOT_A_NODE.test(line)) continue;
    const bare = line
      .replace(/"[^"]*"/g, "")
      .replace(/@\{[^}]*\}/g, "")
      .replace(/:::[\w-]+/g, "")
      .replace(/\|[^|]*\|/g, "")
      .replace(/\[[^\]]*\]|\([^)]*\)|\{[^}]*\}|>[^\]]*\]/g, "")
      .replace(/--\s[^->]*?\s-->/g, "-->");
    for (const word of bare.match(/[A-Za-z_][\w-]*/g) ?? []) ids.add(word);
  }
  return ids;
}

/** (c) The lineage a reviewer can read: each mermaid block draws at most `max` boxes. */
export function expectLineageBoxesAtMost(markdown: string, max = LINEAGE_MAX_BOXES): void {
  const counts = mermaidBlocks(markdown).map((block) => mermaidBoxes(block).size);
  failOn(
    `boxes per lineage picture: [${counts.join(", ")}], at most ${max}`,
    counts.filter((n) => n > max).map((n) => `a picture of ${n} boxes`),
  );
}

/**
 * The elements GitHub's sanitizer keeps in a comment (and the ones markdown
 * makes): anything else (script, style, iframe, form, …) is stripped, so a
 * comment that relies on it renders otherwise than meant.
 */
export const GITHUB_KEEPS: ReadonlySet<string> = new Set(
  (
    "a abbr b bdo blockquote br caption cite code dd del details dfn div dl dt em figcaption figure " +
    "h1 h2 h3 h4 h5 h6 hr i img input ins kbd li mark ol p picture pre q rp rt ruby s samp section small " +
    "source span strike strong sub summary sup table tbody td tfoot th thead time tr tt ul var wbr"
  ).split(" "),
);

/**
 * GFM's tag filter (as GitHub applies it) writes these raw tags as text,
 * escaping only their `<`: `&lt;script>`. Text the comment escaped itself
 * has its `>` escaped too, so it does not match.
 */
const FILTERED_TAG =
  /&lt;\/?(title|textarea|style|xmp|iframe|noembed|noframes|script|plaintext)(?=[\s/>])[^<&]*>/gi;

/**
 * Markdown that renders as meant: no tag GitHub filters or strips (script,
 * style, iframe, …: only elements it keeps); <details>
 * balanced, each opening with its <summary> and nothing else before it; every
 * link and image target an absolute http(s) or mailto URL or a #fragment,
 * with no space in it; no markdown left raw in the text (a `](` of a broken
 * link, a line starting with a list marker, a heading's `#` or a fence).
 */
export function expectRendersAsMeant(html: string): void {
  const problems: string[] = [];
  for (const m of html.matchAll(FILTERED_TAG))
    problems.push(`<${m[1]!.toLowerCase()}> is filtered by GitHub (shown as text)`);
  const tokens = htmlTokens(html);
  const open: string[] = [];
  let pre = 0;
  tokens.forEach((token, i) => {
    if (token.kind === "text") {
      if (pre > 0) return;
      const text = decodeEntities(token.text);
      if (text.includes("]("))
        problems.push(`raw link syntax in the text: ${JSON.stringify(text.slice(0, 80))}`);
      for (const line of text.split("\n"))
        if (/^\s*([-+*] |#{1,6} |```)/.test(line))
          problems.push(`raw markdown in the text: ${JSON.stringify(line.slice(0, 80))}`);
      return;
    }
    if (token.kind === "comment") return;
    if (!GITHUB_KEEPS.has(token.name)) problems.push(`<${token.name}> is stripped by GitHub`);
    if (token.name === "pre") pre += token.kind === "open" ? 1 : -1;
    if (token.name === "details") {
      if (token.kind === "open") {
        open.push("details");
        const next = tokens.slice(i + 1).find((t) => !(t.kind === "text" && t.text.trim() === ""));
        if (!(next?.kind === "open" && next.name === "summary"))
          problems.push("a <details> does not start with its <summary>");
      } else if (open.pop() !== "details") problems.push("a </details> closes nothing");
    }
    if (token.kind === "open" && (token.name === "a" || token.name === "img")) {
      const target = attribute(token.attributes, token.name === "a" ? "href" : "src");
      if (target === undefined) {
        if (token.name === "img") problems.push("an <img> without src");
      } else if (!wellFormedTarget(target)) problems.push(`<${token.name}> target ${JSON.stringify(target)}`);
    }
  });
  if (open.length) problems.push(`${open.length} <details> not closed`);
  failOn("what GitHub renders", problems);
}

function wellFormedTarget(target: string): boolean {
  if (/\s/.test(target) || target === "") return false;
  if (/^#[\w-]+$/.test(target)) return true;
  try {
    const url = new URL(target);
    return (
      (url.protocol === "https:" || url.protocol === "http:" || url.protocol === "mailto:") &&
      (url.protocol === "mailto:" || url.hostname !== "")
    );
  } catch {
    return false;
  }
}
