/**
 * What a piece of Jinja (a macro's source, a hook) reads from the run when it
 * is rendered (issue 36, "values read at run time are evidence"):
 * `env_var('NAME'[, default])`, `var('name'[, default])` and the target's
 * fields (`target.schema`, `target['schema']`, `target.get('schema')`).
 *
 * A read is *static* when its name is a string literal written in place: the
 * plan can then look its value up and compare a keyed digest of it with the
 * recorded build's. Anything else that reaches these names is a read ODS
 * can't name (`env_var(name)`, `var('a' ~ b)`, `{% set t = target %}`,
 * `target[key]`, `{{ target }}`): reported as such, never dropped.
 *
 * Semantics from dbt-core (1.12.latest):
 * - `env_var` (core/dbt/context/base.py `BaseContext.env_var`,
 *   core/dbt/context/providers.py `ProviderContext.env_var`): the
 *   environment's value, else the default, else an error. A name starting
 *   with `DBT_ENV_SECRET_` raises `SecretEnvVarLocationError` in every
 *   context a build renders (secrets are only for profiles.yml and
 *   packages.yml, core/dbt/context/secret.py), so such a read makes the build
 *   fail: it is reported apart (`secrets`) and its value is never looked at.
 * - `var` (base.py `Var.__call__`, providers.py `ModelConfiguredVar`): see
 *   run-time-values.ts for where the value comes from.
 * - `target` (core/dbt/config/profile.py `Profile.to_target_dict`): the
 *   credentials' connection keys (with their aliases), `type`, `threads`,
 *   `name`, `target_name`, `profile_name`.
 *
 * Decisions where dbt is silent (each reports more, never less, except the
 * first, which only removes what is not Jinja):
 * - Only the Jinja parts are read (`{{ }}`, `{% %}`; `{# #}` comments and
 *   `{% raw %}` blocks skipped), and string literals inside them are not
 *   names: `'target.' ~ col` (dbt-athena's merge) is text, and a column
 *   named `var` in SQL is not a call. An unterminated tag is read to the end.
 * - `target` is not the context's target in a macro that takes a parameter
 *   of that name or assigns it (`{% macro snapshot_merge_sql(target, …) %}`,
 *   `{% set target = … %}`, `{% for target in … %}`): dbt's own
 *   `snapshot_merge_sql` and dbt-snowflake's insert_overwrite render the
 *   relation they are given. The same holds for `var` and `env_var`.
 * - `x.var(...)` counts only through `builtins` or `context`
 *   (`builtins.var('x')`); `target=` as a keyword argument's name is not a read.
 * - A dict method of the target other than `get('field')` (`target.keys()`,
 *   `target.items()`) reads every field: not static.
 *
 * Pure and linear in the text.
 */

export type ValueKind = "env_var" | "var" | "target";

/** One read: a static one has its name; `name` is null when the name isn't a literal. */
export interface ValueRead {
  kind: ValueKind;
  name: string | null;
}

export interface TextReads {
  /** Static reads as component keys (`env_var(NAME)`, `var(name)`, `target.field`), sorted, distinct. */
  static: readonly string[];
  /** Reads ODS can't name, as shown to a reader (`env_var(<expression>)`), sorted, distinct. */
  dynamic: readonly string[];
  /** `DBT_ENV_SECRET_*` names read with `env_var` (dbt refuses them in a build), sorted. */
  secrets: readonly string[];
}

export const NO_READS: TextReads = { static: [], dynamic: [], secrets: [] };

/** dbt_common/constants.py `SECRET_ENV_PREFIX`. */
export const SECRET_ENV_PREFIX = "DBT_ENV_SECRET_";

const KINDS: ReadonlySet<string> = new Set(["env_var", "var", "target"]);
const QUALIFIERS: ReadonlySet<string> = new Set(["builtins", "context"]);
const DICT_METHODS: ReadonlySet<string> = new Set([
  "get",
  "keys",
  "items",
  "values",
  "update",
  "copy",
  "pop",
  "setdefault",
  "__getitem__",
]);

/** The component key of a static read. */
export function readKey(kind: ValueKind, name: string): string {
  return kind === "target" ? `target.${name}` : `${kind}(${name})`;
}

/** The kind and name of a component key (`env_var(X)` → env_var, X). */
export function parseReadKey(key: string): ValueRead | null {
  if (key.startsWith("target.")) return { kind: "target", name: key.slice("target.".length) };
  const match = /^(env_var|var)\((.*)\)$/s.exec(key);
  return match ? { kind: match[1] as ValueKind, name: match[2]! } : null;
}

type Token =
  | { t: "id"; v: string }
  | { t: "str"; v: string; plain: boolean }
  | { t: "p"; v: string }
  | { t: "end" };

const END: Token = { t: "end" };

function isIdStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
}

function isIdChar(c: number): boolean {
  return isIdStart(c) || (c >= 48 && c <= 57);
}

/**
 * The tokens of the Jinja parts of `text`, each tag ending with an `end`
 * token. A string literal is `plain` when it has no escape (its text is
 * then the name dbt would look up).
 */
export function jinjaTokens(text: string): Token[] {
  const tokens: Token[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    const open = text.indexOf("{", i);
    if (open < 0 || open + 1 >= n) break;
    const next = text.charCodeAt(open + 1);
    if (next === 35 /* # */) {
      const close = text.indexOf("#}", open + 2);
      i = close < 0 ? n : close + 2;
      continue;
    }
    if (next !== 123 /* { */ && next !== 37 /* % */) {
      i = open + 1;
      continue;
    }
    const closer = next === 123 ? "}" : "%";
    const start = tokens.length;
    i = lexTag(text, open + 2, closer, tokens);
    tokens.push(END);
    // {% raw %} … {% endraw %}: text, not Jinja.
    if (closer === "%" && tokens.length - start === 2) {
      const only = tokens[start]!;
      if (only.t === "id" && only.v === "raw") {
        const endraw = /\{%-?\s*endraw\s*-?%\}/g;
        endraw.lastIndex = i;
        const found = endraw.exec(text);
        i = found ? found.index + found[0].length : n;
      }
    }
  }
  return tokens;
}

/** Lexes one tag from `i` to its closing `}}` / `%}` (outside strings); returns the index after it. */
function lexTag(text: string, i: number, closer: string, tokens: Token[]): number {
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9 || c === 10 || c === 13) {
      i++;
      continue;
    }
    if (text[i] === closer && text[i + 1] === "}") return i + 2;
    if (c === 45 /* - */ && text[i + 1] === closer && text[i + 2] === "}") return i + 3;
    if (isIdStart(c)) {
      let j = i + 1;
      while (j < n && isIdChar(text.charCodeAt(j))) j++;
      tokens.push({ t: "id", v: text.slice(i, j) });
      i = j;
      continue;
    }
    if (c === 39 /* ' */ || c === 34 /* " */) {
      let j = i + 1;
      let plain = true;
      while (j < n && text.charCodeAt(j) !== c) {
        if (text.charCodeAt(j) === 92 /* \ */) {
          plain = false;
          j++;
        }
        j++;
      }
      tokens.push({ t: "str", v: text.slice(i + 1, Math.min(j, n)), plain });
      i = j + 1;
      continue;
    }
    if (c >= 48 && c <= 57) {
      let j = i + 1;
      while (j < n && isIdChar(text.charCodeAt(j))) j++;
      tokens.push({ t: "p", v: "0" });
      i = j;
      continue;
    }
    // `==`, `!=`, `<=`, `>=` are one token, so that `target == x` is not `target=`.
    const two = text.slice(i, i + 2);
    if (two === "==" || two === "!=" || two === "<=" || two === ">=") {
      tokens.push({ t: "p", v: two });
      i += 2;
      continue;
    }
    tokens.push({ t: "p", v: text[i]! });
    i++;
  }
  return n;
}

/** Names a macro binds itself (parameters, `set`, `for`): they hide the context's of the same name. */
function shadowed(tokens: readonly Token[]): Set<string> {
  const out = new Set<string>();
  for (let k = 0; k < tokens.length; k++) {
    const token = tokens[k]!;
    if (token.t !== "id") continue;
    if (token.v === "macro" && (k === 0 || tokens[k - 1]!.t === "end")) {
      // macro NAME ( params ) — parameter names are the identifiers before `=`, `,` or `)` at depth 1.
      let depth = 0;
      for (let j = k + 1; j < tokens.length && tokens[j]!.t !== "end"; j++) {
        const x = tokens[j]!;
        if (x.t === "p" && (x.v === "(" || x.v === "[" || x.v === "{")) depth++;
        else if (x.t === "p" && (x.v === ")" || x.v === "]" || x.v === "}")) depth--;
        else if (x.t === "id" && depth === 1 && KINDS.has(x.v)) {
          const after = tokens[j + 1];
          if (after?.t === "p" && (after.v === "=" || after.v === "," || after.v === ")")) out.add(x.v);
        }
      }
    } else if ((token.v === "set" || token.v === "for") && (k === 0 || tokens[k - 1]!.t === "end")) {
      for (let j = k + 1; j < tokens.length && tokens[j]!.t !== "end"; j++) {
        const x = tokens[j]!;
        if (token.v === "for" && x.t === "id" && x.v === "in") break;
        if (x.t === "p" && x.v === "=") break;
        const dotted = tokens[j - 1]?.t === "p" && (tokens[j - 1] as { v: string }).v === ".";
        if (x.t === "id" && KINDS.has(x.v) && !dotted) out.add(x.v);
      }
    }
  }
  return out;
}

/** A literal argument: `( 'name' )` or `( 'name' ,` at `k` (the `(`); the name, or null. */
function literalArgument(tokens: readonly Token[], k: number): string | null {
  const open = tokens[k];
  const arg = tokens[k + 1];
  const after = tokens[k + 2];
  if (open?.t !== "p" || open.v !== "(") return null;
  if (arg?.t !== "str" || !arg.plain) return null;
  if (after?.t !== "p" || (after.v !== "," && after.v !== ")")) return null;
  return arg.v;
}

/** A read whose name is one of the macro's parameters: static where a caller passes a literal. */
export interface ParamRead {
  kind: ValueKind;
  /** The parameter's position and name. */
  index: number;
  param: string;
}

/** An argument of a call: a plain string literal, one of the caller's parameters, or anything else (null). */
export type ArgValue = { lit: string } | { param: number } | null;

export interface Call {
  /** The called name (the last part of `package.name`). */
  name: string;
  args: readonly { kw: string | null; value: ArgValue }[];
}

/** A scan of one macro's source (or a hook): its reads, its parameter reads, its calls with arguments. */
export interface JinjaScan extends TextReads {
  /** The macro's parameter names ([] for a hook). */
  params: readonly string[];
  paramReads: readonly ParamRead[];
  calls: readonly Call[];
}

const NO_SCAN: JinjaScan = { ...NO_READS, params: [], paramReads: [], calls: [] };

/** The reads of one piece of Jinja (see the file comment). */
export function scanValueReads(text: string): TextReads {
  const scan = scanJinja(text);
  if (scan.static.length === 0 && scan.dynamic.length === 0 && scan.secrets.length === 0) return NO_READS;
  return { static: scan.static, dynamic: scan.dynamic, secrets: scan.secrets };
}

/**
 * The reads of one piece of Jinja, and what a caller decides: a read whose
 * name is the macro's own parameter (`{% macro get_config_var(var_name) %}
 * … var(var_name) …`, elementary's) is a `paramRead`, static wherever it is
 * called with a literal; and every call with arguments (run-time-reads.ts
 * resolves them over a closure).
 */
export function scanJinja(text: string): JinjaScan {
  const tokens = jinjaTokens(text);
  if (tokens.length === 0) return NO_SCAN;
  const hidden = shadowed(tokens);
  const params = macroParams(tokens);
  const statics = new Set<string>();
  const dynamics = new Set<string>();
  const secrets = new Set<string>();
  const paramReads = new Map<string, ParamRead>();
  for (let k = 0; k < tokens.length; k++) {
    const token = tokens[k]!;
    if (token.t !== "id" || !KINDS.has(token.v) || hidden.has(token.v)) continue;
    const before = tokens[k - 1];
    if (before?.t === "p" && before.v === ".") {
      const owner = tokens[k - 2];
      if (owner?.t !== "id" || !QUALIFIERS.has(owner.v)) continue;
    }
    const next = tokens[k + 1];
    // A keyword argument's name (`macro(target=relation)`), not a read.
    if (next?.t === "p" && next.v === "=") continue;
    const kind = token.v as ValueKind;
    if (kind === "target") {
      const field = targetField(tokens, k);
      if (field === null) dynamics.add(targetShape(tokens, k));
      else statics.add(readKey("target", field));
      continue;
    }
    const name = literalArgument(tokens, k + 1);
    if (name !== null) {
      if (kind === "env_var" && name.startsWith(SECRET_ENV_PREFIX)) secrets.add(name);
      else statics.add(readKey(kind, name));
      continue;
    }
    const index = paramArgument(tokens, k + 1, params);
    if (index !== null) {
      paramReads.set(`${kind}\0${index}`, { kind, index, param: params[index]! });
      continue;
    }
    dynamics.add(next?.t === "p" && next.v === "(" ? `${kind}(<expression>)` : `${kind} (not called)`);
  }
  return {
    static: [...statics].sort(),
    dynamic: [...dynamics].sort(),
    secrets: [...secrets].sort(),
    params,
    paramReads: [...paramReads.values()],
    calls: calls(tokens, params),
  };
}

/** The parameter names of the first `{% macro name(…) %}` tag; [] for text that defines none. */
function macroParams(tokens: readonly Token[]): string[] {
  for (let k = 0; k < tokens.length; k++) {
    const token = tokens[k]!;
    if (token.t !== "id" || token.v !== "macro" || (k > 0 && tokens[k - 1]!.t !== "end")) continue;
    const params: string[] = [];
    let depth = 0;
    for (let j = k + 2; j < tokens.length && tokens[j]!.t !== "end"; j++) {
      const x = tokens[j]!;
      if (x.t === "p" && (x.v === "(" || x.v === "[" || x.v === "{")) depth++;
      else if (x.t === "p" && (x.v === ")" || x.v === "]" || x.v === "}")) depth--;
      else if (x.t === "id" && depth === 1) {
        const prev = tokens[j - 1]!;
        if (prev.t === "p" && (prev.v === "(" || prev.v === ",")) params.push(x.v);
      }
    }
    return params;
  }
  return [];
}

/** `( param ,` or `( param )` at `k`: the parameter's index, or null. */
function paramArgument(tokens: readonly Token[], k: number, params: readonly string[]): number | null {
  const open = tokens[k];
  const arg = tokens[k + 1];
  const after = tokens[k + 2];
  if (open?.t !== "p" || open.v !== "(" || arg?.t !== "id") return null;
  if (after?.t !== "p" || (after.v !== "," && after.v !== ")")) return null;
  const index = params.indexOf(arg.v);
  return index < 0 ? null : index;
}

/** Every call with arguments: `name(…)` or `owner.name(…)` (one qualifier), its arguments classified. */
function calls(tokens: readonly Token[], params: readonly string[]): Call[] {
  const out: Call[] = [];
  for (let k = 0; k < tokens.length; k++) {
    const token = tokens[k]!;
    const open = tokens[k + 1];
    if (token.t !== "id" || open?.t !== "p" || open.v !== "(" || KINDS.has(token.v)) continue;
    const before = tokens[k - 1];
    if (before?.t === "p" && before.v === ".") {
      const beforeOwner = tokens[k - 3];
      if (tokens[k - 2]?.t !== "id" || (beforeOwner?.t === "p" && beforeOwner.v === ".")) continue;
    }
    const args: { kw: string | null; value: ArgValue }[] = [];
    let depth = 0;
    let part: Token[] = [];
    const close = () => {
      if (part.length === 0) return;
      let kw: string | null = null;
      let value = part;
      if (part.length >= 2 && part[0]!.t === "id" && part[1]!.t === "p" && part[1]!.v === "=") {
        kw = (part[0] as { v: string }).v;
        value = part.slice(2);
      }
      const only = value.length === 1 ? value[0]! : null;
      const argValue: ArgValue =
        only?.t === "str" && only.plain
          ? { lit: only.v }
          : only?.t === "id" && params.includes(only.v)
            ? { param: params.indexOf(only.v) }
            : null;
      args.push({ kw, value: argValue });
      part = [];
    };
    let j = k + 2;
    for (; j < tokens.length; j++) {
      const x = tokens[j]!;
      if (x.t === "end") break;
      if (x.t === "p" && (x.v === "(" || x.v === "[" || x.v === "{")) depth++;
      else if (x.t === "p" && (x.v === ")" || x.v === "]" || x.v === "}")) {
        if (depth === 0) break;
        depth--;
      } else if (x.t === "p" && x.v === "," && depth === 0) {
        close();
        continue;
      }
      part.push(x);
    }
    close();
    if (args.length > 0) out.push({ name: token.v, args });
  }
  return out;
}

/** `target.field`, `target['field']`, `target.get('field'…)`: the field; otherwise null. */
function targetField(tokens: readonly Token[], k: number): string | null {
  const next = tokens[k + 1];
  const after = tokens[k + 2];
  if (next?.t === "p" && next.v === "." && after?.t === "id") {
    if (after.v === "get") return literalArgument(tokens, k + 3);
    return DICT_METHODS.has(after.v) ? null : after.v;
  }
  if (next?.t === "p" && next.v === "[") {
    const close = tokens[k + 3];
    if (after?.t === "str" && after.plain && close?.t === "p" && close.v === "]") return after.v;
  }
  return null;
}

function targetShape(tokens: readonly Token[], k: number): string {
  const next = tokens[k + 1];
  if (next?.t === "p" && next.v === "[") return "target[<expression>]";
  if (next?.t === "p" && next.v === ".") return "target.<method>(…)";
  return "target (as a whole)";
}

/** Merges reads (each list stays sorted and distinct). */
export function mergeReads(parts: readonly TextReads[]): TextReads {
  const nonEmpty = parts.filter((part) => part !== NO_READS);
  if (nonEmpty.length === 0) return NO_READS;
  if (nonEmpty.length === 1) return nonEmpty[0]!;
  const union = (pick: (r: TextReads) => readonly string[]) => [...new Set(nonEmpty.flatMap(pick))].sort();
  return {
    static: union((r) => r.static),
    dynamic: union((r) => r.dynamic),
    secrets: union((r) => r.secrets),
  };
}

/**
 * The macro names a piece of Jinja calls (`name(` and `package.name(`, not
 * after any other `.`), in order of first call: a hook's macros, which the
 * manifest doesn't list apart from the node's.
 */
export function calledNames(text: string): string[] {
  const tokens = jinjaTokens(text);
  const out = new Set<string>();
  for (let k = 0; k < tokens.length; k++) {
    const token = tokens[k]!;
    const next = tokens[k + 1];
    if (token.t !== "id" || next?.t !== "p" || next.v !== "(") continue;
    const before = tokens[k - 1];
    if (before?.t === "p" && before.v === ".") {
      const owner = tokens[k - 2];
      const beforeOwner = tokens[k - 3];
      const qualifiedOnce = !(beforeOwner?.t === "p" && beforeOwner.v === ".");
      if (owner?.t === "id" && qualifiedOnce) out.add(`${owner.v}.${token.v}`);
      continue;
    }
    out.add(token.v);
  }
  return [...out];
}
