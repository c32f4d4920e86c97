/**
 * Escaping for everything the comment shows that came from the manifest, the
 * state or the planner's messages: node names, paths, schemas, SQL, messages.
 * All of it is untrusted. Pure string functions; the rules, per context:
 *
 * - Every string is first normalised (`cleanText`): line breaks and tabs
 *   become spaces, other control characters and the bidirectional overrides
 *   (Trojan Source) become U+FFFD, and it is cut to a length (by code point,
 *   never inside a surrogate pair) with "…".
 * - Markdown text (`mdText`) and inline code (`mdCode`): `& < >` and the
 *   backtick and `$` (GitHub math) become entities; `\ * _ [ ] | ~` are
 *   backslash-escaped (`|` also inside tables). `@` is followed by a
 *   zero-width joiner in text, so `@org/team` can't mention anyone; inside
 *   `<code>` it is `&#64;`, which GitHub never turns into a mention there
 *   (its mention filter skips code) and which copies back as `@`. `#` is
 *   followed by a zero-width joiner in text, so `#12` can't cross-reference an
 *   issue. Inline code is the `<code>` element, not backticks: inside a
 *   backtick span nothing can be escaped, so an `<img …>` in a name would stay
 *   raw in the markdown (harmless to GitHub, but then the markdown is only as
 *   safe as every renderer it is pasted into).
 * - Text inside a raw HTML block, such as a fold's `<summary>` line
 *   (`htmlBlockText`, `htmlBlockCode`): markdown is not read there, so a
 *   backslash escape would show; `& < > " '`, the backtick, `$ * [ ] | ~ \`
 *   become entities (so the text stays inert wherever the markdown is
 *   pasted), and `@` and `#` are neutralised as in markdown text.
 * - Code blocks (`codeBlock`): a fenced block when the text only has
 *   characters from a short allow-list (so it gets highlighting and GitHub's
 *   copy button); otherwise `<pre><code>` with every other character as an
 *   entity. Line breaks are kept there.
 * - The hidden marker (`markerToken`): percent-encoding of everything but
 *   `[A-Za-z0-9_.-]`, so it can't hold `-->` and is injective (project `a`
 *   never matches the marker of project `a b`).
 * - Mermaid labels (`mermaidLabel`): everything outside `[A-Za-z0-9 _.,:/-]`
 *   becomes mermaid's `#<decimal>;` entity, so quotes, brackets, `#`, `;`,
 *   backticks and `<` can't leave the label or the code fence.
 * - Links (`safeUrl`): only `https://` (or `http://`) URLs without spaces,
 *   quotes, angle brackets, backticks or parentheses; anything else is dropped.
 */

/** Longest name shown (code points); longer names end in "…". */
export const MAX_NAME = 120;
/** Longest message shown (code points). */
export const MAX_MESSAGE = 400;

const LINE_BREAK = /\r\n|[\n\r\t\v\f\u0085\u2028\u2029]/g;
// C0 and C1 controls (ESC included: no terminal escapes), DEL, bidi marks,
// embeddings, overrides and isolates, the BOM.
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

/** One line of plain text: no line breaks or control characters, at most `max` code points. */
export function cleanText(text: string, max = MAX_MESSAGE): string {
  const flat = text.replace(LINE_BREAK, " ").replace(UNSAFE, "\ufffd");
  return truncate(flat, max);
}

/** Cuts to `max` code points, ending in "…" when cut. Never splits a surrogate pair. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const points = Array.from(text);
  if (points.length <= max) return text;
  return points.slice(0, Math.max(1, max - 1)).join("") + "…";
}

const ZWJ = "\u200d";

const TEXT_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  "`": "&#96;",
  $: "&#36;",
  "\\": "\\\\",
  "*": "\\*",
  _: "\\_",
  "[": "\\[",
  "]": "\\]",
  "|": "\\|",
  "~": "\\~",
  "@": `@${ZWJ}`,
  "#": `#${ZWJ}`,
};

const CODE_ESCAPES: Record<string, string> = { ...TEXT_ESCAPES, "@": "&#64;", "#": "&#35;" };

const TEXT_SPECIAL = /[&<>`$\\*_[\]|~@#]/g;

/** Untrusted text inside markdown prose (not at the start of a line). */
export function mdText(text: string, max = MAX_MESSAGE): string {
  return cleanText(text, max).replace(TEXT_SPECIAL, (c) => TEXT_ESCAPES[c]!);
}

/** Untrusted text as inline code: `<code>…</code>` with its content escaped. */
export function mdCode(text: string, max = MAX_NAME): string {
  return `<code>${cleanText(text, max).replace(TEXT_SPECIAL, (c) => CODE_ESCAPES[c]!)}</code>`;
}

const HTML_BLOCK_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
  "`": "&#96;",
  $: "&#36;",
  "*": "&#42;",
  "[": "&#91;",
  "]": "&#93;",
  "|": "&#124;",
  "~": "&#126;",
  "\\": "&#92;",
  "@": `@${ZWJ}`,
  "#": `#${ZWJ}`,
};

const HTML_BLOCK_CODE_ESCAPES: Record<string, string> = { ...HTML_BLOCK_ESCAPES, "@": "&#64;", "#": "&#35;" };

const HTML_BLOCK_SPECIAL = /[&<>"'`$*[\]|~\\@#]/g;

/** Untrusted text inside a raw HTML block (a `<summary>` line): entities only, no backslash escapes. */
export function htmlBlockText(text: string, max = MAX_MESSAGE): string {
  return cleanText(text, max).replace(HTML_BLOCK_SPECIAL, (c) => HTML_BLOCK_ESCAPES[c]!);
}

/** Untrusted text as inline code inside a raw HTML block: `<code>…</code>` with entities. */
export function htmlBlockCode(text: string, max = MAX_NAME): string {
  return `<code>${cleanText(text, max).replace(HTML_BLOCK_SPECIAL, (c) => HTML_BLOCK_CODE_ESCAPES[c]!)}</code>`;
}

/**
 * A planner message, where names are in backticks: text parts as `mdText`,
 * backticked parts as `mdCode`. A name that itself holds backticks splits
 * wrongly, but every part is escaped either way.
 */
export function mdMessage(message: string, max = MAX_MESSAGE): string {
  return splitBackticks(cleanText(message, max))
    .map((part) => (typeof part === "string" ? escapeCleanText(part) : mdCodeClean(part.code)))
    .join("");
}

function escapeCleanText(text: string): string {
  return text.replace(TEXT_SPECIAL, (c) => TEXT_ESCAPES[c]!);
}

function mdCodeClean(text: string): string {
  return `<code>${text.replace(TEXT_SPECIAL, (c) => CODE_ESCAPES[c]!)}</code>`;
}

/** Text and code parts of a message that marks names with backticks. */
export function splitBackticks(message: string): Array<string | { code: string }> {
  const parts: Array<string | { code: string }> = [];
  const pieces = message.split("`");
  // An odd number of backticks leaves the last piece unclosed: it is text.
  const closed = pieces.length % 2 === 1 ? pieces.length : pieces.length - 1;
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i]!;
    if (i % 2 === 1 && i < closed) parts.push({ code: piece });
    else if (piece !== "") parts.push(i % 2 === 1 ? "`" + piece : piece);
  }
  return parts;
}

// Characters a fenced code block may show as they are. Everything else (the
// backtick, `<`, `>`, `&`, `@`, `|`, `[`, `]`, `#`, `$`, `\`, non-ASCII…)
// sends the block through <pre> with entities.
const FENCE_SAFE = /^[A-Za-z0-9 _\-.,:;=+*/'"(){}%!?\n]*$/;

/**
 * An untrusted text as a code block; other control characters become U+FFFD.
 * With `multiline` (an example query), line breaks are kept as lines; without
 * it (a shell command, where a line break can only come from a name), a line
 * break sends the text through <pre>, as the entity `&#10;`: it shows as a
 * break and is copied as one, but the markdown never gets an untrusted line.
 */
export function codeBlock(text: string, language = "", max = 20_000, multiline = true): string {
  const lines = text
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) => line.replace(UNSAFE, "\ufffd").replace(/[\t\v\f\u0085\u2028\u2029]/g, " "));
  const body = truncate(lines.join("\n"), max);
  if (FENCE_SAFE.test(body) && (multiline || !body.includes("\n")))
    return "```" + language + "\n" + body + "\n```";
  const escaped = Array.from(body)
    .map((c) =>
      (c === "\n" && multiline) || /[A-Za-z0-9 _\-.,:;=+/'"(){}%!?]/.test(c) ? c : `&#${c.codePointAt(0)};`,
    )
    .join("");
  return `<pre><code>${escaped}</code></pre>`;
}

/** The project as it appears in the hidden marker: percent-encoded, never `-->`. */
export function markerToken(text: string): string {
  return Array.from(new TextEncoder().encode(text))
    .map((byte) => {
      const c = String.fromCharCode(byte);
      return /[A-Za-z0-9_.-]/.test(c) && byte < 128
        ? c
        : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
    })
    .join("");
}

const MERMAID_SAFE = /[A-Za-z0-9 _.,:/-]/;

/** Untrusted text as the inside of a quoted mermaid label. */
export function mermaidLabel(text: string, max = 60): string {
  return Array.from(cleanText(text, max))
    .map((c) => (MERMAID_SAFE.test(c) ? c : `#${c.codePointAt(0)};`))
    .join("");
}

/** The URL when it is a plain http(s) URL that can't break a markdown link; otherwise undefined. */
export function safeUrl(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  return /^https?:\/\/[^\s<>"'`()[\]\\]+$/.test(url) && url.length <= 2000 ? url : undefined;
}
