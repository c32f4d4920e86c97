/**
 * What a reviewer sees of a rendered comment before clicking or scrolling.
 *
 * The rendered HTML is read as lines of text as GitHub lays them out, each
 * block (paragraph, list item, heading, summary, table row, line of a code
 * block) on its own line, and a paragraph longer than CHARS_PER_LINE
 * characters wrapping onto more lines. What is inside a closed <details> is
 * not shown (its <summary> is one line). The mermaid block is a picture: it
 * takes MERMAID_LINES lines and its text is not read as text.
 *
 * The first screen is the first FIRST_SCREEN_LINES lines of that layout
 * (GitHub's comment column is about 100 characters of 14 px text wide; 60
 * lines is a laptop screen and a half, the first stretch a reviewer reads
 * without looking for something).
 */
import { attribute, decodeEntities, htmlTokens } from "./gfm-html.js";

/** Lines of the first screen. */
export const FIRST_SCREEN_LINES = 60;
/** Characters of text on one line of GitHub's comment column. */
export const CHARS_PER_LINE = 100;
/** Lines the lineage picture takes (GitHub draws it about 300–400 px high). */
export const MERMAID_LINES = 15;

export interface ShownLine {
  /** The line's text (entities decoded, whitespace collapsed); "" for the picture. */
  text: string;
  kind: "text" | "summary" | "code" | "mermaid";
  /** The screen line it starts on (0-based). */
  at: number;
  /** The screen lines it takes. */
  height: number;
}

/** Block-level tags: each starts and ends a line. */
const BLOCK = new Set([
  "p",
  "li",
  "ul",
  "ol",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "pre",
  "blockquote",
  "summary",
  "details",
  "table",
  "thead",
  "tbody",
  "tr",
  "div",
  "hr",
  "br",
  "dl",
  "dt",
  "dd",
]);

/** The lines shown without a click, in order, with where each starts. */
export function shownLines(html: string): ShownLine[] {
  const lines: Array<Omit<ShownLine, "at" | "height">> = [];
  /** For each open <details>: whether it is open (`<details open>`). */
  const details: boolean[] = [];
  let inSummary = 0;
  let pre: "code" | "mermaid" | null = null;
  let buffer = "";
  let kind: ShownLine["kind"] = "text";
  const shown = () => details.every((open, i) => open || (i === details.length - 1 && inSummary > 0));
  const flush = () => {
    const text = buffer.replace(/\s+/g, " ").trim();
    if (text) lines.push({ text, kind });
    buffer = "";
  };
  for (const token of htmlTokens(html)) {
    if (token.kind === "comment") continue;
    if (token.kind === "text") {
      if (!shown() || pre === "mermaid") continue;
      const text = decodeEntities(token.text);
      if (pre === "code") {
        for (const line of text.split("\n")) if (line.trim()) lines.push({ text: line.trim(), kind: "code" });
      } else buffer += text;
      continue;
    }
    const { name } = token;
    if (token.kind === "open" && name === "code" && pre !== null) {
      const language = attribute(token.attributes, "class") ?? "";
      if (language.split(/\s+/).includes("language-mermaid")) {
        pre = "mermaid";
        if (shown()) lines.push({ text: "", kind: "mermaid" });
      }
      continue;
    }
    if (!BLOCK.has(name)) continue;
    flush();
    if (token.kind === "open") {
      if (name === "details") details.push(/(^|\s)open(\s|=|$)/i.test(token.attributes));
      if (name === "summary") inSummary++;
      if (name === "pre") pre = "code";
    } else {
      if (name === "details") details.pop();
      if (name === "summary") inSummary = Math.max(0, inSummary - 1);
      if (name === "pre") pre = null;
    }
    kind = inSummary > 0 ? "summary" : "text";
  }
  flush();
  let at = 0;
  return lines.map((line) => {
    const height =
      line.kind === "mermaid" ? MERMAID_LINES : Math.max(1, Math.ceil(line.text.length / CHARS_PER_LINE));
    const placed = { ...line, at, height };
    at += height;
    return placed;
  });
}

/** The names a line of text mentions: runs of the characters dbt names and labels are made of. */
export function namesIn(text: string): string[] {
  return (text.match(/[A-Za-z0-9_.]+/g) ?? []).map((word) => word.replace(/\.+$/, ""));
}
