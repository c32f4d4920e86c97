/**
 * Text for the HTML page: every untrusted string goes through `htmlText`
 * (one line, control characters replaced, markup escaped), and data for the
 * page's script through `scriptJson` (JSON that can't end its <script>). Pure.
 */
import { cleanText, MAX_NAME } from "../markdown-escape.js";
import type { Words } from "../words.js";

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

/** Words as HTML: names in <code>. */
export function wordsToHtml(words: Words): string {
  return words
    .map((w) => (typeof w === "string" ? htmlText(w) : `<code>${htmlText(w.code, MAX_NAME)}</code>`))
    .join("");
}

/**
 * A value as the text of a `<script type="application/json">`: `<`, `>` and
 * `&` as \u escapes (so no `</script>` or `<!--` can appear), and the line
 * separators U+2028/U+2029 too. JSON.parse reads it back unchanged.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}
