/**
 * Jinja purity check (ADR-0013, "Fingerprints", the exception to "SQL models
 * usually have no file component"). A model's `{{ }}` and `{% %}` may only use
 * `if`, `elif`, `else`, `for`, `set` and their end tags, call `ref`, `source`,
 * `config`, `var`, `env_var` or `is_incremental`, and read names. Anything else
 * could run SQL the compiled code doesn't show, so the model keeps its `file`
 * component. It is an allow-list: whatever isn't recognised is impure, with a
 * reason naming the first offending construct.
 *
 * Decisions where the ADR is silent (each keeps `file`, never drops it):
 * - `{# #}` comments are ignored; whitespace control (`{{-`, `-}}`, `{%+`,
 *   `+%}` …) is accepted. Unbalanced brackets, unterminated strings or
 *   delimiters, a stray `}` and unknown characters (non-ASCII outside strings
 *   too) are "cannot parse: …". So are block tags that don't nest (`endif`
 *   without `if`, an `if` never closed): dbt couldn't have compiled them.
 * - Filters (`x | upper`) are calls of a function. Only Jinja's built-in
 *   filters that transform values and dbt's `as_*` conversions are accepted,
 *   with arguments (`| replace('a', 'b')`); everything else, including `attr`
 *   and `random`, is impure ("filter `attr`"). dbt can't register filters of
 *   its own, so a filter can't be a macro.
 * - Tests (`x is defined`, `x is divisibleby(3)`) are Jinja's built-in tests,
 *   all pure; an unknown test name is impure.
 * - `(` is allowed right after a pure name that isn't an attribute
 *   (`ref(`, not `x.ref(`), after an accepted filter or test name, and as
 *   grouping (at the start, after an operator, `(`, `[`, `{`, `,`, `:`, `=`
 *   or a keyword `and or not in is if else`). After `)`, `]`, `}` or a
 *   literal it is an indirect call.
 * - Rebinding: a pure name bound by `{% set %}` or `{% for %}` (also in a
 *   tuple, or as the root of `{% set ref.x = … %}`) is impure. Keyword
 *   arguments (`config(ref=…)`) don't bind names.
 * - `{% raw %}`, `{% snapshot %}`, `{% break %}` and every other tag are
 *   impure ("tag `raw`"), as the ADR's list says. Snapshots wrapped in
 *   `{% snapshot %}` therefore always keep `file`.
 *
 * Linear time: one pass over the text; each tag is tokenized once.
 */

export type PurityResult = { pure: true } | { pure: false; reason: string };

/** The functions a model may call. */
export const PURE_CALLS: ReadonlySet<string> = new Set([
  "ref",
  "source",
  "config",
  "var",
  "env_var",
  "is_incremental",
]);

/** Jinja's built-in filters that only transform values, and dbt's conversions. */
export const PURE_FILTERS: ReadonlySet<string> = new Set([
  "abs",
  "as_bool",
  "as_native",
  "as_number",
  "as_text",
  "batch",
  "capitalize",
  "center",
  "count",
  "d",
  "default",
  "dictsort",
  "e",
  "escape",
  "filesizeformat",
  "first",
  "float",
  "forceescape",
  "format",
  "groupby",
  "indent",
  "int",
  "items",
  "join",
  "last",
  "length",
  "list",
  "lower",
  "map",
  "max",
  "min",
  "pprint",
  "reject",
  "rejectattr",
  "replace",
  "reverse",
  "round",
  "safe",
  "select",
  "selectattr",
  "slice",
  "sort",
  "string",
  "striptags",
  "sum",
  "title",
  "tojson",
  "trim",
  "truncate",
  "unique",
  "upper",
  "urlencode",
  "urlize",
  "wordcount",
  "wordwrap",
  "xmlattr",
]);

/** Jinja's built-in tests (all pure). */
export const JINJA_TESTS: ReadonlySet<string> = new Set([
  "boolean",
  "callable",
  "defined",
  "divisibleby",
  "eq",
  "equalto",
  "escaped",
  "even",
  "false",
  "filter",
  "float",
  "ge",
  "greaterthan",
  "gt",
  "in",
  "integer",
  "iterable",
  "le",
  "lessthan",
  "lower",
  "lt",
  "mapping",
  "ne",
  "none",
  "number",
  "odd",
  "sameas",
  "sequence",
  "string",
  "test",
  "true",
  "undefined",
  "upper",
]);

/** Names that are operators in Jinja expressions: `(` after them is grouping. */
const KEYWORDS: ReadonlySet<string> = new Set(["and", "or", "not", "in", "is", "if", "else"]);

// Token kinds.
const NAME = 1;
const NUM = 2;
const STR = 3;
const OP = 4;

interface Token {
  kind: number;
  text: string;
}

type Impure = { pure: false; reason: string };

function impure(reason: string): Impure {
  return { pure: false, reason };
}

function cannotParse(what: string): Impure {
  return { pure: false, reason: `cannot parse: ${what}` };
}

const OPEN_CLOSE: Record<string, string> = { "(": ")", "[": "]", "{": "}" };
const TWO_CHAR_OPS: ReadonlySet<string> = new Set(["**", "//", "==", "!=", "<=", ">="]);
const ONE_CHAR_OPS = "+-*/%~<>=.,:|()[]{};";

function isNameStart(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}

function isNameChar(c: number): boolean {
  return isNameStart(c) || (c >= 48 && c <= 57);
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function isSpace(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13);
}

/**
 * Tokenizes one tag's body starting at `pos` up to its closer (`}}` or `%}`,
 * optionally preceded by `-` or `+`). Returns the tokens and the index just
 * past the closer, or the reason it can't.
 */
function tokenizeTag(
  text: string,
  pos: number,
  closer: number,
  opener: string,
): { tokens: Token[]; end: number } | Impure {
  const n = text.length;
  const tokens: Token[] = [];
  const stack: string[] = [];
  let i = pos;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (stack.length === 0) {
      // `}}` / `%}` close the tag only when brackets are balanced (as Jinja's lexer does).
      const at = c === 45 || c === 43 ? i + 1 : i; // `-` or `+` before the closer
      if (text.charCodeAt(at) === closer && text.charCodeAt(at + 1) === 125) {
        return { tokens, end: at + 2 };
      }
    }
    if (isSpace(c)) {
      i++;
      continue;
    }
    if (isNameStart(c)) {
      let j = i + 1;
      while (j < n && isNameChar(text.charCodeAt(j))) j++;
      tokens.push({ kind: NAME, text: text.slice(i, j) });
      i = j;
      continue;
    }
    if (isDigit(c)) {
      let j = i + 1;
      while (j < n && (isDigit(text.charCodeAt(j)) || text.charCodeAt(j) === 95)) j++;
      if (text.charCodeAt(j) === 46 && isDigit(text.charCodeAt(j + 1))) {
        j += 2;
        while (j < n && (isDigit(text.charCodeAt(j)) || text.charCodeAt(j) === 95)) j++;
      }
      const e = text.charCodeAt(j) | 0x20;
      if (e === 101) {
        let k = j + 1;
        const sign = text.charCodeAt(k);
        if (sign === 43 || sign === 45) k++;
        if (isDigit(text.charCodeAt(k))) {
          j = k + 1;
          while (j < n && (isDigit(text.charCodeAt(j)) || text.charCodeAt(j) === 95)) j++;
        }
      }
      tokens.push({ kind: NUM, text: text.slice(i, j) });
      i = j;
      continue;
    }
    if (c === 39 || c === 34) {
      let j = i + 1;
      for (;;) {
        if (j >= n) return cannotParse("unterminated string");
        const q = text.charCodeAt(j);
        if (q === c) break;
        j += q === 92 ? 2 : 1; // backslash escapes the next character
      }
      tokens.push({ kind: STR, text: text.slice(i, j + 1) });
      i = j + 1;
      continue;
    }
    const two = text.slice(i, i + 2);
    if (TWO_CHAR_OPS.has(two)) {
      tokens.push({ kind: OP, text: two });
      i += 2;
      continue;
    }
    const ch = text[i] as string;
    if (c < 128 && ONE_CHAR_OPS.includes(ch)) {
      const close = OPEN_CLOSE[ch];
      if (close !== undefined) {
        stack.push(close);
      } else if (ch === ")" || ch === "]" || ch === "}") {
        if (stack.pop() !== ch) return cannotParse(`unbalanced \`${ch}\``);
      }
      tokens.push({ kind: OP, text: ch });
      i++;
      continue;
    }
    if (c >= 128) return cannotParse("non-ASCII character outside a string");
    return cannotParse(ch === "`" ? "character `` ` ``" : `character \`${ch}\``);
  }
  return cannotParse(`unterminated \`${opener}\``);
}

function isOp(t: Token | undefined, op: string): boolean {
  return t !== undefined && t.kind === OP && t.text === op;
}

function isName(t: Token | undefined, name: string): boolean {
  return t !== undefined && t.kind === NAME && t.text === name;
}

/** Whether the name at `i` is a test name (`is x`, `is not x`). */
function inTestPosition(tokens: readonly Token[], i: number, from: number): boolean {
  if (i - 1 < from) return false;
  if (isName(tokens[i - 1], "is")) return true;
  return i - 2 >= from && isName(tokens[i - 1], "not") && isName(tokens[i - 2], "is");
}

/** `a.b.c` for the attribute chain ending at the name at `i`, `….c` when it starts elsewhere. */
function attributeChain(tokens: readonly Token[], i: number, from: number): string {
  const parts: string[] = [(tokens[i] as Token).text];
  let k = i - 1;
  while (k - 1 >= from && isOp(tokens[k], ".") && tokens[k - 1]?.kind === NAME) {
    parts.push((tokens[k - 1] as Token).text);
    k -= 2;
  }
  let chain = parts.reverse().join(".");
  if (k >= from && isOp(tokens[k], ".")) chain = `….${chain}`;
  return chain;
}

/** Checks the expression tokens in [from, to): calls, filters, tests. */
function checkExpression(tokens: readonly Token[], from: number, to: number): Impure | undefined {
  for (let i = from; i < to; i++) {
    const t = tokens[i] as Token;
    const prev = i - 1 >= from ? tokens[i - 1] : undefined;
    if (t.kind === NAME) {
      if (isOp(prev, "|")) {
        if (!PURE_FILTERS.has(t.text)) return impure(`filter \`${t.text}\``);
      } else if (inTestPosition(tokens, i, from) && !(t.text === "not" && isName(prev, "is"))) {
        if (!JINJA_TESTS.has(t.text)) return impure(`test \`${t.text}\``);
      }
      continue;
    }
    if (t.kind !== OP || t.text !== "(") continue;
    if (prev === undefined) continue; // grouping at the start
    if (prev.kind === OP) {
      if (prev.text === ")" || prev.text === "]" || prev.text === "}") {
        return impure(`indirect call after \`${prev.text}\``);
      }
      continue; // grouping after an operator or an opening bracket
    }
    if (prev.kind !== NAME) return impure("indirect call of a literal");
    const before = i - 2 >= from ? tokens[i - 2] : undefined;
    if (isOp(before, ".")) return impure(`method call \`${attributeChain(tokens, i - 1, from)}\``);
    if (isOp(before, "|")) continue; // an accepted filter's arguments
    if (inTestPosition(tokens, i - 1, from)) continue; // an accepted test's arguments
    if (KEYWORDS.has(prev.text)) continue; // grouping after `and`, `not`, `if` …
    if (PURE_CALLS.has(prev.text)) continue;
    return impure(`call of \`${prev.text}\``);
  }
  return undefined;
}

/** Checks assignment targets in [from, to) (`set`, `for`): names, tuples, `ns.attr`. */
function checkTargets(tokens: readonly Token[], from: number, to: number): Impure | undefined {
  if (from >= to) return cannotParse("missing assignment target");
  for (let i = from; i < to; i++) {
    const t = tokens[i] as Token;
    if (t.kind === NAME) {
      if (isOp(tokens[i - 1], ".") && i - 1 >= from) continue; // attribute of a namespace
      if (PURE_CALLS.has(t.text)) return impure(`rebinding \`${t.text}\``);
      continue;
    }
    if (t.kind === OP && (t.text === "," || t.text === "(" || t.text === ")" || t.text === ".")) continue;
    return cannotParse(`unexpected \`${t.text}\` in an assignment target`);
  }
  return undefined;
}

/** Index of the first token in [from, to) at bracket depth 0 matching `pred`, or -1. */
function findTopLevel(
  tokens: readonly Token[],
  from: number,
  to: number,
  pred: (t: Token) => boolean,
): number {
  let depth = 0;
  for (let i = from; i < to; i++) {
    const t = tokens[i] as Token;
    if (t.kind === OP) {
      if (t.text === "(" || t.text === "[" || t.text === "{") depth++;
      else if (t.text === ")" || t.text === "]" || t.text === "}") depth--;
    }
    if (depth === 0 && pred(t)) return i;
  }
  return -1;
}

type Block = "if" | "for" | "set";

/** Checks one `{% %}` statement; updates the block stack. */
function checkStatement(tokens: readonly Token[], blocks: Block[]): Impure | undefined {
  const head = tokens[0];
  if (head === undefined) return cannotParse("`{% %}` without a tag name");
  if (head.kind !== NAME) return cannotParse(`\`{% ${head.text}\``);
  const n = tokens.length;
  const top = blocks[blocks.length - 1];
  switch (head.text) {
    case "if":
      blocks.push("if");
      return checkExpression(tokens, 1, n);
    case "elif":
      if (top !== "if") return cannotParse("`elif` outside `if`");
      return checkExpression(tokens, 1, n);
    case "else":
      if (top !== "if" && top !== "for") return cannotParse("`else` outside `if` or `for`");
      if (n > 1) return cannotParse("`else` followed by an expression");
      return undefined;
    case "endif":
    case "endfor":
    case "endset": {
      const opened = head.text.slice(3);
      if (top !== opened) return cannotParse(`\`${head.text}\` without \`${opened}\``);
      if (n > 1) return cannotParse(`\`${head.text}\` followed by an expression`);
      blocks.pop();
      return undefined;
    }
    case "for": {
      const inAt = findTopLevel(tokens, 1, n, (t) => t.kind === NAME && t.text === "in");
      if (inAt < 0) return cannotParse("`for` without `in`");
      blocks.push("for");
      return checkTargets(tokens, 1, inAt) ?? checkExpression(tokens, inAt + 1, n);
    }
    case "set": {
      const eqAt = findTopLevel(tokens, 1, n, (t) => t.kind === OP && t.text === "=");
      if (eqAt >= 0) return checkTargets(tokens, 1, eqAt) ?? checkExpression(tokens, eqAt + 1, n);
      // A block assignment, `{% set x %}…{% endset %}`, optionally filtered: `{% set x | upper %}`.
      const pipeAt = findTopLevel(tokens, 1, n, (t) => t.kind === OP && t.text === "|");
      const targetEnd = pipeAt < 0 ? n : pipeAt;
      blocks.push("set");
      return checkTargets(tokens, 1, targetEnd) ?? checkExpression(tokens, targetEnd, n);
    }
    default:
      return impure(`tag \`${head.text}\``);
  }
}

export function checkJinjaPurity(rawCode: string): PurityResult {
  const n = rawCode.length;
  const blocks: Block[] = [];
  let i = 0;
  for (;;) {
    const brace = rawCode.indexOf("{", i);
    if (brace < 0 || brace + 1 >= n) break;
    const kind = rawCode.charCodeAt(brace + 1);
    if (kind === 35) {
      // {# comment #}: ignored, up to the first `#}`.
      const close = rawCode.indexOf("#}", brace + 2);
      if (close < 0) return cannotParse("unterminated `{#`");
      i = close + 2;
      continue;
    }
    if (kind !== 123 && kind !== 37) {
      i = brace + 1;
      continue;
    }
    let pos = brace + 2;
    const ctl = rawCode.charCodeAt(pos);
    if (ctl === 45 || ctl === 43) pos++; // `{{-`, `{%+` …
    const isVariable = kind === 123;
    const tag = tokenizeTag(rawCode, pos, isVariable ? 125 : 37, isVariable ? "{{" : "{%");
    if ("pure" in tag) return tag;
    const problem = isVariable
      ? tag.tokens.length === 0
        ? cannotParse("empty `{{ }}`")
        : checkExpression(tag.tokens, 0, tag.tokens.length)
      : checkStatement(tag.tokens, blocks);
    if (problem !== undefined) return problem;
    i = tag.end;
  }
  const open = blocks[blocks.length - 1];
  if (open !== undefined) return cannotParse(`unclosed \`{% ${open} %}\``);
  return { pure: true };
}
