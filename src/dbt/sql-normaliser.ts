/**
 * Formatting-insensitive form of compiled SQL (ADR-0013, "Normalising SQL",
 * #209). The compiled SQL is split into tokens and the tokens are rejoined
 * with single spaces; comments are dropped, optimizer hints are kept. Nothing
 * else changes: identifiers, keywords and literals keep their case and
 * spelling. It is an allow-list: whatever could mean different things in
 * different dialects makes it give up (`ok: false`), and the caller hashes
 * the raw text instead, so formatting counts and only more gets built.
 *
 * The one property that matters: two inputs that normalise to the same text
 * mean the same thing (or one of them is a syntax error, the case the ADR
 * accepts, e.g. `count (*)` in MySQL without IGNORE_SPACE).
 *
 * Tokens:
 * - a word: a run of ASCII letters, digits and `_` (keywords, identifiers,
 *   numbers);
 * - a quoted string or identifier, `'…'` or `"…"`, verbatim;
 * - one of `( ) , ; = < > + - * / % | : !`, one character per token, so
 *   `<=` and `< =` are the same (one of them is a syntax error in every
 *   dialect that has `<=`);
 * - an optimizer hint `/*+ … *\/`, verbatim (inner whitespace counts);
 * - `.` is glued to both neighbours: `a.b`, `1.5`, `"db"."schema"."t"`,
 *   `t.*` each stay one token. Whitespace or a comment next to a `.` gives up,
 *   so the output keeps every `.` exactly where the input had it.
 *
 * Decisions where the ADR is silent (each one builds more, never less):
 * - Non-ASCII gives up everywhere, inside quotes and comments too: some
 *   lexers end a `--` comment at U+0085 or U+2028, and nothing here can tell
 *   which. Control characters other than tab and line feed give up
 *   everywhere for the same reason (Python's `splitlines` ends lines at
 *   `\v`, `\f`, `\x1c`…); "ASCII whitespace" is space, tab, LF and CR LF.
 * - A `\r` not followed by `\n` gives up everywhere, quotes included.
 * - Comment syntax depends on the dialect (`CommentSyntax`, chosen from the
 *   adapter by `commentSyntaxOf`):
 *   - `conservative` (any adapter, MySQL and MariaDB included): `--` must be
 *     followed by a space, a tab or a line break (MySQL's rule: "at least one
 *     whitespace or control character"); `--` followed by anything else or
 *     by the end of the input gives up. A block comment must open with
 *     whitespace, `*`, `-`, `=` or `+` (a hint): `/*!` and `/*M!` are
 *     MySQL/MariaDB executable comments.
 *   - `standard` (adapters whose SQL has neither: PostgreSQL, Snowflake,
 *     BigQuery, DuckDB, Redshift, Spark, Databricks, Trino, …): `--` starts
 *     a comment whatever follows (`--comment`, `----------`, `--` at the end
 *     of the input; `a--1` is `a` and a comment there), except `--+`, an
 *     Oracle hint, which gives up; a block comment may open with anything
 *     (`/*comment*\/`, `/*!x*\/`), `/*+` stays a hint.
 * - A line comment may contain anything ASCII and printable (it is dropped);
 *   so may a block comment, except `/*` (nested comments give up). A `--`
 *   comment ends at `\n`; one that runs to the end of the input is fine.
 * - Doubled-quote escapes (`'it''s'`, `"a""b"`) are a quote touching a
 *   quote: they give up.
 * - Backtick is not on the allow-list: `` `x` `` gives up as a character.
 * - "Two literals separated only by whitespace": both quote kinds count
 *   (`"` is a string in MySQL and BigQuery), and comments and hints count as
 *   whitespace there (PostgreSQL continues `'a'` into a `'b'` on a later line
 *   even across a `-- c` comment). So a quoted token that follows another
 *   with nothing but whitespace and comments between always gives up
 *   (`"db"."t"` is fine: the `.` is between them).
 * - "`.` next to whitespace": a comment or hint next to a `.` counts as
 *   whitespace (`a./*c*\/b` gives up).
 * - Exponents: a word that starts a number (`1e`, `1.5e`, `1.e`) followed by
 *   `+` or `-` and a digit keeps the sign in the token (`1e-5`), because in
 *   MySQL `1e - 5` is a column named `1e` minus 5. `1e -5` stays three
 *   tokens, as MySQL reads it.
 * - An empty input, or one with only comments, normalises to "".
 *
 * Linear time: one pass over the characters. The output is ASCII (anything
 * else gives up), so tokens are copied byte by byte into a reused buffer, with
 * one space between them: no string per token, and `normaliseSqlBytes` hands
 * the bytes to a hash without making a string at all (fingerprints hash tens
 * of megabytes of compiled SQL at 10,000 nodes).
 */

export type NormaliseResult = { ok: true; text: string } | { ok: false; reason: string };

/**
 * What starts a comment: `standard` where `--` always starts one and block
 * comments have no executable form; `conservative` everywhere else (see the
 * module comment).
 */
export type CommentSyntax = "standard" | "conservative";

/**
 * Adapters whose SQL reads `--` as a comment whatever follows it and has no
 * executable block comments (`/*!` of MySQL/MariaDB, `--+` of Oracle): each
 * dialect's lexical rules (PostgreSQL "Lexical Structure: Comments";
 * Snowflake, BigQuery, DuckDB, Spark and Trino SQL references).
 */
const STANDARD_COMMENT_ADAPTERS: ReadonlySet<string> = new Set([
  "postgres",
  "redshift",
  "materialize",
  "timescaledb",
  "snowflake",
  "bigquery",
  "duckdb",
  "spark",
  "databricks",
  "trino",
  "athena",
]);

/** The comment syntax of a dbt adapter's dialect; `conservative` when unknown or absent. */
export function commentSyntaxOf(adapterType: string | null): CommentSyntax {
  return adapterType !== null && STANDARD_COMMENT_ADAPTERS.has(adapterType) ? "standard" : "conservative";
}

/** Stable reasons, so callers and tests can match on them. */
export const GIVE_UP = {
  nonAscii: "non-ASCII character",
  control: "control character",
  backslash: "backslash in a quoted string",
  tripleQuote: "triple quote",
  quoteTouching: "quote touching a word or quote",
  dashDash: "`--` without a following space",
  lineHint: "`--+` (an optimizer hint in Oracle)",
  slashSlash: "`//`",
  nestedComment: "nested block comment",
  loneCr: "lone carriage return",
  adjacentLiterals: "two literals separated only by whitespace",
  dotSpace: "`.` next to whitespace",
  unterminatedQuote: "unterminated quote",
  unterminatedComment: "unterminated comment",
} as const;

/** The reason for a character outside the allow-list, e.g. "character `[`". */
export function characterReason(ch: string): string {
  return ch === "`" ? "character `` ` ``" : `character \`${ch}\``;
}

/** The reason for a block comment opening that isn't accepted, e.g. "block comment opening `/*!`". */
export function commentOpeningReason(ch: string): string {
  return ch === "`" ? "block comment opening `` /*` ``" : `block comment opening \`/*${ch}\``;
}

// Character classes of ASCII code units; 0 is a printable character not on the allow-list.
const WORD = 1;
const SPACE = 2; // space, tab, line feed
const PUNCT = 3;
const DOT = 4;
const QUOTE = 5;
const CONTROL = 6;
const CR = 7;

const CLASS = new Uint8Array(128);
for (let c = 0; c < 32; c++) CLASS[c] = CONTROL;
CLASS[127] = CONTROL;
for (let c = 48; c <= 57; c++) CLASS[c] = WORD;
for (let c = 65; c <= 90; c++) CLASS[c] = WORD;
for (let c = 97; c <= 122; c++) CLASS[c] = WORD;
CLASS[95] = WORD; // _
CLASS[32] = SPACE;
CLASS[9] = SPACE;
CLASS[10] = SPACE;
CLASS[13] = CR;
for (const ch of "(),;=<>+-*/%|:!") CLASS[ch.charCodeAt(0)] = PUNCT;
CLASS[46] = DOT;
CLASS[39] = QUOTE; // '
CLASS[34] = QUOTE; // "

const LF = 10;
const TAB = 9;
const SP = 32;
const DASH = 45;
const SLASH = 47;
const STAR = 42;
const PLUS = 43;
const EQUALS = 61;
const BACKSLASH = 92;
const CR_CODE = 13;
const DOT_CODE = 46;

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** Whitespace for the `.` rule: space, tab, LF, CR (a lone CR gives up anyway). */
function isSpaceLike(c: number): boolean {
  return c === SP || c === TAB || c === LF || c === CR_CODE;
}

/** The normalised text's bytes (ASCII), reused by every call: valid until the next one. */
let scratch = new Uint8Array(1 << 16);
/**
 * The input's code units as bytes, reused by every call: ASCII as is, every
 * code unit from 128 up as 128 (nothing here tells those apart: each gives up
 * as non-ASCII wherever it is read), then two zero bytes, so that looking one
 * or two past the end reads a control character, which no check confuses
 * with anything it looks for (as `charCodeAt`'s NaN there).
 */
let source = new Uint8Array(1 << 16);
/** Per output token: where it starts and ends in the input, and where it starts in the output. */
let tokenStarts = new Int32Array(1 << 12);
let tokenEnds = new Int32Array(1 << 12);
let tokenOut = new Int32Array(1 << 12);
let tokenCount = 0;
const decoder = new TextDecoder("latin1");
const encoder = new TextEncoder();

/** The bytes of the normalised SQL, or why it gives up. `bytes` is only valid until the next call. */
export type NormaliseBytesResult = { ok: true; bytes: Uint8Array } | { ok: false; reason: string };

export function normaliseSql(sql: string, syntax: CommentSyntax = "conservative"): NormaliseResult {
  const length = normaliseIntoScratch(sql, syntax);
  if (typeof length === "string") return { ok: false, reason: length };
  // ASCII only: latin1 decodes it byte for byte.
  return { ok: true, text: decoder.decode(scratch.subarray(0, length)) };
}

/** normaliseSql's text as bytes (ASCII, so also its UTF-8), without making a string. */
export function normaliseSqlBytes(sql: string, syntax: CommentSyntax = "conservative"): NormaliseBytesResult {
  const length = normaliseIntoScratch(sql, syntax);
  if (typeof length === "string") return { ok: false, reason: length };
  return { ok: true, bytes: scratch.subarray(0, length) };
}

/**
 * The tokens of the last successful normaliseSqlBytes call, in order: token
 * `t` is `input.slice(starts[t], ends[t])`, copied to the output at
 * `outStarts[t]`. Views of reused buffers: valid until the next call.
 */
export function lastTokens(): { count: number; starts: Int32Array; ends: Int32Array; outStarts: Int32Array } {
  return { count: tokenCount, starts: tokenStarts, ends: tokenEnds, outStarts: tokenOut };
}

/**
 * Why the comment or quote body character at `k` gives up, or undefined when
 * it is fine there (inside quotes and comments anything printable ASCII is).
 */
function bodyProblem(sql: Uint8Array, k: number, c: number): string | undefined {
  if (c >= 128) return GIVE_UP.nonAscii;
  if (c === CR_CODE) return sql[k + 1] === LF ? undefined : GIVE_UP.loneCr;
  if ((c < 32 && c !== TAB && c !== LF) || c === 127) return GIVE_UP.control;
  return undefined;
}

/** Writes the normalised text into `scratch`; its length, or why it gives up. */
function normaliseIntoScratch(text: string, syntax: CommentSyntax): number | string {
  return scan(toBytes(text), text.length, syntax === "standard");
}

/** `text`'s code units into `source` (see there); returns `source`. */
function toBytes(text: string): Uint8Array {
  const n = text.length;
  if (source.length < n + 2) source = new Uint8Array(Math.max(n + 2, source.length * 2));
  const bytes = source;
  // Native and fast; ASCII input comes out byte for byte (read and written both n).
  const { read, written } = encoder.encodeInto(text, bytes);
  if (read !== n || written !== n) {
    for (let k = 0; k < n; k++) {
      const c = text.charCodeAt(k);
      bytes[k] = Math.min(c, 128);
    }
  }
  bytes[n] = 0;
  bytes[n + 1] = 0;
  return bytes;
}

/**
 * Normalises the `n` code units of `sql` (see `source`) into `scratch`;
 * `standard`: the `standard` comment syntax.
 */
function scan(sql: Uint8Array, n: number, standard: boolean): number | string {
  // A token and the space before it never outgrow two bytes per input character.
  if (scratch.length < 2 * n + 1) scratch = new Uint8Array(Math.max(2 * n + 1, scratch.length * 2));
  // At most one token per input character.
  if (tokenStarts.length < n + 1) {
    const size = Math.max(n + 1, tokenStarts.length * 2);
    tokenStarts = new Int32Array(size);
    tokenEnds = new Int32Array(size);
    tokenOut = new Int32Array(size);
  }
  tokenCount = 0;
  // The output and the token being built, in locals (not module state: those
  // are re-read and hole-checked on every access).
  const out = scratch;
  const starts = tokenStarts;
  const ends = tokenEnds;
  const outs = tokenOut;
  let o = 0;
  let t = 0;
  /** The token being built: [curStart, curEnd) of the input (tokens are slices). */
  let curStart = -1;
  let curEnd = -1;
  let prevAtomWasDot = false;
  // The atom a branch below found, added by the loop's tail: glued to the
  // token being built across a `.`, else it starts the next token.
  let atomStart = 0;
  let atomEnd = 0;
  let atomIsDot = false;
  // The last atom was a quoted literal; whitespace and comments since don't reset it.
  let afterQuote = false;
  // Index just past the last comment or hint (for the `.` rule).
  let commentEnd = -1;

  let i = 0;
  while (i < n) {
    const c = sql[i]!;
    if (c >= 128) return GIVE_UP.nonAscii;
    const cls = CLASS[c];

    if (cls === SPACE) {
      i++;
      continue;
    }

    if (cls === CR) {
      if (sql[i + 1]! !== LF) return GIVE_UP.loneCr;
      i += 2;
      continue;
    }

    if (cls === WORD) {
      const start = i;
      let j = i + 1;
      while (j < n && CLASS[sql[j]!] === WORD) j++;
      const numeric = isDigit(c) || (start >= 2 && sql[start - 1]! === DOT_CODE && isDigit(sql[start - 2]!));
      if (numeric) {
        // Keep an exponent's sign in the token: `1e-5`, `1.5E+10`.
        for (;;) {
          const last = sql[j - 1]! | 0x20; // lower case
          const sign = sql[j]!;
          if (last !== 101 || (sign !== PLUS && sign !== DASH) || !isDigit(sql[j + 1]!)) break;
          j += 2;
          while (j < n && CLASS[sql[j]!] === WORD) j++;
        }
      }
      atomStart = start;
      atomEnd = j;
      atomIsDot = false;
      afterQuote = false;
      i = j;
    } else if (cls === QUOTE) {
      if (i > 0) {
        const p = sql[i - 1]!;
        if (p < 128 && (CLASS[p] === WORD || CLASS[p] === QUOTE)) return GIVE_UP.quoteTouching;
      }
      if (sql[i + 1]! === c && sql[i + 2]! === c) return GIVE_UP.tripleQuote;
      if (afterQuote) return GIVE_UP.adjacentLiterals;
      let k = i + 1;
      for (;;) {
        if (k >= n) return GIVE_UP.unterminatedQuote;
        const q = sql[k]!;
        if (q === c) break;
        if (q === BACKSLASH) return GIVE_UP.backslash;
        const problem = bodyProblem(sql, k, q);
        if (problem !== undefined) return problem;
        k++;
      }
      const after = sql[k + 1]!; // 0 at the end of the input
      if (after < 128 && (CLASS[after] === WORD || CLASS[after] === QUOTE)) {
        return GIVE_UP.quoteTouching;
      }
      atomStart = i;
      atomEnd = k + 1;
      atomIsDot = false;
      afterQuote = true;
      i = k + 1;
    } else if (cls === DOT) {
      if (i > 0 && (isSpaceLike(sql[i - 1]!) || commentEnd === i)) return GIVE_UP.dotSpace;
      const next = sql[i + 1]!;
      const next2 = sql[i + 2]!;
      if (isSpaceLike(next) || (next === DASH && next2 === DASH) || (next === SLASH && next2 === STAR)) {
        return GIVE_UP.dotSpace;
      }
      atomStart = i;
      atomEnd = i + 1;
      atomIsDot = true;
      afterQuote = false;
      i++;
    } else if (cls === PUNCT) {
      const next = sql[i + 1]!;
      if (c === DASH && next === DASH) {
        const after = sql[i + 2]!; // 0 at the end of the input
        if (standard) {
          if (after === PLUS) return GIVE_UP.lineHint;
        } else if (
          after !== SP &&
          after !== TAB &&
          after !== LF &&
          !(after === CR_CODE && sql[i + 3]! === LF)
        ) {
          return GIVE_UP.dashDash;
        }
        if (i > 0 && sql[i - 1]! === DOT_CODE) return GIVE_UP.dotSpace;
        // A line comment: dropped, up to (not including) the line feed.
        let k = i + 2;
        while (k < n) {
          const q = sql[k]!;
          if (q === LF) break;
          const problem = bodyProblem(sql, k, q);
          if (problem !== undefined) return problem;
          k++;
        }
        commentEnd = k;
        i = k;
        continue;
      }
      if (c === SLASH && next === SLASH) return GIVE_UP.slashSlash;
      if (c === SLASH && next === STAR) {
        if (i > 0 && sql[i - 1]! === DOT_CODE) return GIVE_UP.dotSpace;
        if (i + 2 >= n) return GIVE_UP.unterminatedComment;
        const opener = sql[i + 2]!;
        const hint = opener === PLUS;
        if (
          !hint &&
          !standard &&
          opener !== STAR &&
          opener !== DASH &&
          opener !== EQUALS &&
          opener !== SP &&
          opener !== TAB &&
          opener !== LF &&
          opener !== CR_CODE &&
          opener > 32 &&
          opener < 127
        ) {
          return commentOpeningReason(String.fromCharCode(opener));
        }
        // Other openings (control, non-ASCII) are caught by the body check below.
        let k = i + 2;
        let end = -1;
        while (k < n) {
          const q = sql[k]!;
          if (q === STAR && sql[k + 1]! === SLASH) {
            end = k + 2;
            break;
          }
          if (q === SLASH && sql[k + 1]! === STAR) return GIVE_UP.nestedComment;
          const problem = bodyProblem(sql, k, q);
          if (problem !== undefined) return problem;
          k++;
        }
        if (end < 0) return GIVE_UP.unterminatedComment;
        if (sql[end]! === DOT_CODE) return GIVE_UP.dotSpace;
        // A hint is a token of its own, verbatim; it counts as a comment for
        // the `.` and adjacent-literal rules (dialects without hints read it so).
        commentEnd = end;
        if (!hint) {
          i = end;
          continue;
        }
        atomStart = i;
        atomEnd = end;
        atomIsDot = false;
        i = end;
      } else {
        atomStart = i;
        atomEnd = i + 1;
        atomIsDot = false;
        afterQuote = false;
        i++;
      }
    } else if (cls === CONTROL) {
      return GIVE_UP.control;
    } else {
      return characterReason(String.fromCharCode(c));
    }

    // The tail: add the atom.
    if (curStart >= 0 && curEnd === atomStart && (atomIsDot || prevAtomWasDot)) {
      curEnd = atomEnd;
    } else {
      if (curStart >= 0) o = copyToken(sql, curStart, curEnd, out, o, starts, ends, outs, t++);
      curStart = atomStart;
      curEnd = atomEnd;
    }
    prevAtomWasDot = atomIsDot;
  }

  if (curStart >= 0) o = copyToken(sql, curStart, curEnd, out, o, starts, ends, outs, t++);
  tokenCount = t;
  return o;
}

/**
 * Copies token `t`, [start, end) of the input, to the output at `o`, after a
 * space unless it is the first; records where it came from and went; returns
 * the output's new length.
 */
function copyToken(
  sql: Uint8Array,
  start: number,
  end: number,
  out: Uint8Array,
  o: number,
  starts: Int32Array,
  ends: Int32Array,
  outs: Int32Array,
  t: number,
): number {
  if (o > 0) out[o++] = SP;
  starts[t] = start;
  ends[t] = end;
  outs[t] = o;
  for (let k = start; k < end; k++) out[o++] = sql[k]!;
  return o;
}
