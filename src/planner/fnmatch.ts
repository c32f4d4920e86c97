/**
 * Python's `fnmatch.fnmatchcase` (what dbt's selector methods call; on POSIX
 * `fnmatch` does not fold case): `*` any run of characters (`/` and `.`
 * included), `?` one character, `[seq]` / `[!seq]` a set, an unclosed `[`
 * a literal. The translation follows CPython's `fnmatch._translate` step by
 * step (ranges, empty ranges dropped, `[!]`), written for a JavaScript
 * regular expression. Patterns are compiled once and cached.
 */

const cache = new Map<string, RegExp>();

/** True when `name` matches the shell pattern `pattern` (case-sensitive, whole string). */
export function fnmatch(name: string, pattern: string): boolean {
  return compileGlob(pattern).test(name);
}

/** True when the pattern has a character fnmatch treats specially. */
export function hasGlob(pattern: string): boolean {
  return /[*?[]/.test(pattern);
}

export function compileGlob(pattern: string): RegExp {
  let re = cache.get(pattern);
  if (re === undefined) {
    re = new RegExp(`^(?:${translate(pattern)})$`, "su");
    if (cache.size > 10_000) cache.clear();
    cache.set(pattern, re);
  }
  return re;
}

const SPECIAL = /[\\^$.*+?()[\]{}|/]/;

function escapeChar(c: string): string {
  return SPECIAL.test(c) ? `\\${c}` : c;
}

/** Inside a character class: escape what JavaScript's `u` mode reads as syntax. */
function escapeInSet(text: string): string {
  let out = "";
  for (const c of text) out += c === "\\" || c === "]" || c === "[" || c === "-" || c === "^" ? `\\${c}` : c;
  return out;
}

function translate(pat: string): string {
  const chars = [...pat];
  const n = chars.length;
  const res: string[] = [];
  let i = 0;
  while (i < n) {
    const c = chars[i]!;
    i++;
    if (c === "*") {
      if (res.length === 0 || res[res.length - 1] !== ".*") res.push(".*");
    } else if (c === "?") {
      res.push(".");
    } else if (c === "[") {
      let j = i;
      if (j < n && chars[j] === "!") j++;
      if (j < n && chars[j] === "]") j++;
      while (j < n && chars[j] !== "]") j++;
      if (j >= n) {
        res.push("\\[");
        continue;
      }
      const negated = chars[i] === "!";
      // The set's text, split at the hyphens that make ranges (CPython's chunks).
      let chunks: string[];
      const stuffText = chars.slice(i, j).join("");
      if (!stuffText.includes("-")) {
        chunks = [stuffText];
      } else {
        chunks = [];
        let start = i;
        let k = negated ? i + 2 : i + 1;
        for (;;) {
          k = indexOf(chars, "-", k, j);
          if (k < 0) break;
          chunks.push(chars.slice(start, k).join(""));
          start = k + 1;
          k = k + 3;
        }
        const chunk = chars.slice(start, j).join("");
        if (chunk !== "") chunks.push(chunk);
        else chunks[chunks.length - 1] += "-";
        for (let m = chunks.length - 1; m > 0; m--) {
          const prev = [...chunks[m - 1]!];
          const next = [...chunks[m]!];
          if (prev[prev.length - 1]! > next[0]!) {
            chunks[m - 1] = prev.slice(0, -1).join("") + next.slice(1).join("");
            chunks.splice(m, 1);
          }
        }
      }
      i = j + 1;
      // Rebuild the set: chunks joined by range hyphens, each escaped.
      const first = chunks[0] ?? "";
      const stuffRaw = chunks.join("-");
      if (stuffRaw === "") {
        res.push("(?!)");
      } else if (stuffRaw === "!") {
        res.push(".");
      } else {
        const lead = first.startsWith("!") ? "^" : "";
        const parts = chunks.map((chunk, index) => escapeInSet(index === 0 && lead ? chunk.slice(1) : chunk));
        const body = parts.join("-");
        if (lead && body === "") res.push(".");
        else res.push(`[${lead}${body}]`);
      }
    } else {
      res.push(escapeChar(c));
    }
  }
  return res.join("");
}

function indexOf(chars: readonly string[], wanted: string, from: number, to: number): number {
  for (let k = from; k < to; k++) if (chars[k] === wanted) return k;
  return -1;
}
