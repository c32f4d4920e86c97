/**
 * Words: a sentence as text parts and code parts (names), so that one
 * phrasing renders to markdown (names as escaped `<code>`) and to plain text
 * (names in backticks, control characters removed) alike. Plus the formats
 * of durations, times and counts both renderers share. Pure.
 */
import {
  cleanText,
  htmlBlockCode,
  htmlBlockText,
  MAX_NAME,
  mdCode,
  mdText,
  splitBackticks,
} from "./markdown-escape.js";

export type Word = string | { code: string };
export type Words = Word[];

/**
 * A name as a word (rendered as escaped `<code>` or in backticks). The
 * planner writes names into its messages with `code()` (src/planner/
 * reason-words.ts), as backticks; messageWords reads them back as these.
 */
export function codeWord(text: string): { code: string } {
  return { code: text };
}

/** A planner message as words: its backticked parts are names. */
export function messageWords(message: string): Words {
  return splitBackticks(message);
}

export function wordsToMarkdown(words: Words): string {
  return words.map((w) => (typeof w === "string" ? mdText(w) : mdCode(w.code))).join("");
}

/** Words inside a raw HTML block (a fold's `<summary>`), where markdown is not read. */
export function wordsToHtmlBlock(words: Words): string {
  return words.map((w) => (typeof w === "string" ? htmlBlockText(w) : htmlBlockCode(w.code))).join("");
}

export function wordsToPlain(words: Words): string {
  return words
    .map((w) => (typeof w === "string" ? cleanText(w) : "`" + cleanText(w.code, MAX_NAME) + "`"))
    .join("");
}

/** `a`, `a and b`, `a, b and c`; past `limit` items, `a, b and 3 more`. */
export function joinWords(items: Words[], limit = 3, conjunction = "and"): Words {
  const shown = items.length > limit ? items.slice(0, limit - 1) : items;
  const rest = items.length - shown.length;
  const out: Words = [];
  shown.forEach((item, i) => {
    if (i > 0) out.push(i === shown.length - 1 && rest === 0 ? ` ${conjunction} ` : ", ");
    out.push(...item);
  });
  if (rest > 0) out.push(` ${conjunction} ${rest} more`);
  return out;
}

/** `1,234` */
export function formatCount(n: number): string {
  return n.toLocaleString("en-US");
}

/** `1 node`, `2 nodes` */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

/** A duration in words: `under 1 s`, `42 s`, `4 min 10 s`, `12 min`, `1 h 5 min`. */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return "unknown";
  if (seconds < 1) return "under 1 s";
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  if (s < 600) {
    const m = Math.floor(s / 60);
    const rest = s % 60;
    return rest === 0 ? `${m} min` : `${m} min ${rest} s`;
  }
  const minutes = Math.round(s / 60);
  if (minutes < 60) return `${minutes} min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/** An ISO 8601 time as `2025-03-01 06:12 UTC`; anything unparsable as given (cleaned). */
export function formatTime(iso: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return cleanText(iso, 40);
  const d = new Date(ms).toISOString();
  return `${d.slice(0, 10)} ${d.slice(11, 16)} UTC`;
}

/** `in 2 h 10 min` / `2 h ago` between two ISO times, or undefined when either is unparsable. */
export function formatRelative(at: string, now: string): string | undefined {
  const a = Date.parse(at);
  const b = Date.parse(now);
  if (Number.isNaN(a) || Number.isNaN(b)) return undefined;
  const delta = (a - b) / 1000;
  if (Math.abs(delta) < 60) return "now";
  return delta > 0 ? `in ${formatDuration(delta)}` : `${formatDuration(-delta)} ago`;
}

/** The first 7 characters of a commit sha (cleaned). */
export function shortSha(sha: string): string {
  return cleanText(sha, 40).slice(0, 7);
}

/**
 * Natural order of names (`c2` before `c10`), the one comparator every sorted
 * list of the comment, the job summary and the terminal uses: runs of digits
 * compare as numbers, letters without regard to ASCII case, anything else by
 * code unit; names equal so (`A1`, `a01`) fall back to code-unit order, so
 * the order is total and the same on every machine (no locale). Hand-written
 * rather than `Intl.Collator("en", { numeric: true })`, which sorts the same
 * names about ten times slower (150 ms for 10,000 names, for each list).
 */
export function naturalCompare(a: string, b: string): number {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const ca = a.charCodeAt(i);
    const cb = b.charCodeAt(j);
    if (isDigit(ca) && isDigit(cb)) {
      let ie = i;
      while (ie < a.length && isDigit(a.charCodeAt(ie))) ie++;
      let je = j;
      while (je < b.length && isDigit(b.charCodeAt(je))) je++;
      // Leading zeros don't count (the tie-break sees them).
      let is = i;
      while (is < ie - 1 && a.charCodeAt(is) === 48) is++;
      let js = j;
      while (js < je - 1 && b.charCodeAt(js) === 48) js++;
      if (ie - is !== je - js) return ie - is - (je - js);
      for (let k = 0; k < ie - is; k++) {
        const d = a.charCodeAt(is + k) - b.charCodeAt(js + k);
        if (d !== 0) return d;
      }
      i = ie;
      j = je;
      continue;
    }
    const la = lowerAscii(ca);
    const lb = lowerAscii(cb);
    if (la !== lb) return la - lb;
    i++;
    j++;
  }
  const rest = (i < a.length ? 1 : 0) - (j < b.length ? 1 : 0);
  if (rest !== 0) return rest;
  return a < b ? -1 : a > b ? 1 : 0;
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function lowerAscii(c: number): number {
  return c >= 65 && c <= 90 ? c + 32 : c;
}

/**
 * How long ago `at` was, seen from `now` (both ISO 8601), in the coarse unit
 * a reviewer reads: `just now`, `12 min ago`, `3 h ago`, `2 days ago`;
 * `in 5 min` for a time after `now`. Undefined when either is unparsable.
 * The renderer's `now` comes from its input (the plan's clock value), never
 * from a clock.
 */
export function formatAge(at: string, now: string): string | undefined {
  const a = Date.parse(at);
  const b = Date.parse(now);
  if (Number.isNaN(a) || Number.isNaN(b)) return undefined;
  const seconds = Math.abs(b - a) / 1000;
  if (seconds < 60) return "just now";
  const minutes = Math.round(seconds / 60);
  const hours = Math.round(seconds / 3600);
  const span =
    minutes < 60 ? `${minutes} min` : hours < 48 ? `${hours} h` : plural(Math.round(seconds / 86_400), "day");
  return b >= a ? `${span} ago` : `in ${span}`;
}
