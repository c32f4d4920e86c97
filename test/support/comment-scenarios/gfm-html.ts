/**
 * A comment as GitHub renders it: CommonMark with GitHub's extensions
 * (tables, strikethrough, autolinks, task lists, footnotes), by micromark with
 * micromark-extension-gfm, the JavaScript parser that follows cmark-gfm's
 * spec most closely (docs/decisions/comment-goldens.md says why). Raw HTML
 * is passed through as GitHub passes it to its sanitizer; the checks in
 * ./comment-structure.ts then read the HTML the way a reviewer's browser gets it.
 */
import { micromark } from "micromark";
import { gfm, gfmHtml } from "micromark-extension-gfm";

/** The HTML GitHub's markdown pipeline makes of `markdown` (before its sanitizer). */
export function renderGfm(markdown: string): string {
  return micromark(markdown, {
    allowDangerousHtml: true,
    extensions: [gfm()],
    htmlExtensions: [gfmHtml()],
  });
}

/** One piece of the rendered HTML: a tag (opening, closing or void) or text between tags. */
export type HtmlToken =
  | { kind: "open"; name: string; attributes: string; raw: string }
  | { kind: "close"; name: string; raw: string }
  | { kind: "text"; text: string }
  | { kind: "comment"; raw: string };

/**
 * The tokens of micromark's HTML. Its own tags are simple and its text has
 * `<` escaped, so a scanner is exact here; raw HTML from the markdown comes
 * through as written (the comment's is simple tags too).
 */
export function htmlTokens(html: string): HtmlToken[] {
  const out: HtmlToken[] = [];
  const pattern = /<!--[\s\S]*?-->|<(\/?)([A-Za-z][A-Za-z0-9-]*)((?:"[^"]*"|'[^']*'|[^'">])*)>|([^<]+|<)/g;
  for (const m of html.matchAll(pattern)) {
    if (m[0].startsWith("<!--")) out.push({ kind: "comment", raw: m[0] });
    else if (m[2] !== undefined) {
      const name = m[2].toLowerCase();
      if (m[1]) out.push({ kind: "close", name, raw: m[0] });
      else out.push({ kind: "open", name, attributes: m[3] ?? "", raw: m[0] });
    } else out.push({ kind: "text", text: m[4] ?? m[0] });
  }
  return out;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** Text with HTML's character references decoded (the named ones micromark writes, and numeric ones). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === "#")
      return String.fromCodePoint(
        ref[1] === "x" || ref[1] === "X" ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1)),
      );
    return ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

/** The value of attribute `name` in a tag's attribute text, decoded; undefined when absent. */
export function attribute(attributes: string, name: string): string | undefined {
  const m = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, "i").exec(attributes);
  if (!m) return undefined;
  return decodeEntities(m[1] ?? m[2] ?? m[3] ?? "");
}
