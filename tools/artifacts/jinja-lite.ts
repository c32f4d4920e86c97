/**
 * A tiny subset of Jinja, enough to "compile" the fixture project's models the
 * way dbt renders them: `{{ expr }}`, `{# comment #}`, `{% if %}` / `{% elif %}`
 * / `{% else %}` / `{% endif %}`, whitespace control (`{{-`, `-%}` …), and
 * expressions made of literals, names, attribute access, calls with positional
 * and keyword arguments, `==`, `!=`, `not`, `and`, `or`. dbt does not enable
 * trim_blocks or lstrip_blocks, and neither does this.
 *
 * Anything else (for, set, macro, call, filters) is an error: the generator
 * must not silently render something dbt would render differently.
 */

export type JinjaValue = string | number | boolean | null | JinjaValue[] | { [key: string]: JinjaValue };

export interface JinjaContext {
  /** A call `name(args, kwargs)`; `name` is dotted for `adapter.dispatch`-style calls. */
  call(name: string, args: JinjaValue[], kwargs: Record<string, JinjaValue>): JinjaValue;
  /** A variable or attribute path such as `this` or `target.name`. */
  lookup(path: string[]): JinjaValue;
}

type Part =
  | { kind: "text"; text: string }
  | { kind: "expr" | "stmt" | "comment"; body: string; trimBefore: boolean; trimAfter: boolean };

/**
 * Splits a template into text and tags. Inside `{{ }}` and `{% %}`, quoted
 * strings are skipped, so `config(post_hook="{% if x %}…{% endif %}")` is one tag.
 */
function split(template: string): Part[] {
  const parts: Part[] = [];
  let text = "";
  let i = 0;
  while (i < template.length) {
    const open = template.startsWith("{{", i)
      ? "{"
      : template.startsWith("{%", i)
        ? "%"
        : template.startsWith("{#", i)
          ? "#"
          : "";
    if (!open) {
      text += template[i];
      i++;
      continue;
    }
    const close = open === "{" ? "}}" : `${open}}`;
    let j = i + 2;
    const trimBefore = template[j] === "-";
    if (trimBefore) j++;
    const bodyStart = j;
    let quote = "";
    while (j < template.length) {
      const c = template[j]!;
      if (quote) {
        if (c === "\\") j++;
        else if (c === quote) quote = "";
      } else if (open !== "#" && (c === "'" || c === '"')) {
        quote = c;
      } else if (template.startsWith(close, j)) {
        break;
      }
      j++;
    }
    if (j >= template.length) throw new Error(`jinja-lite: unclosed tag at offset ${i}`);
    const trimAfter = template[j - 1] === "-" && j - 1 >= bodyStart;
    const body = template.slice(bodyStart, trimAfter ? j - 1 : j);
    parts.push({ kind: "text", text });
    text = "";
    parts.push({
      kind: open === "{" ? "expr" : open === "%" ? "stmt" : "comment",
      body,
      trimBefore,
      trimAfter,
    });
    i = j + close.length;
  }
  parts.push({ kind: "text", text });
  // Whitespace control: `{%-` strips the whitespace before the tag, `-%}` after it.
  for (let k = 0; k < parts.length; k++) {
    const part = parts[k]!;
    if (part.kind === "text") continue;
    const before = parts[k - 1];
    const after = parts[k + 1];
    if (part.trimBefore && before?.kind === "text") before.text = before.text.replace(/\s+$/, "");
    if (part.trimAfter && after?.kind === "text") after.text = after.text.replace(/^\s+/, "");
  }
  return parts;
}

// ---------------------------------------------------------------- expressions

type Token =
  | { t: "name"; v: string }
  | { t: "str"; v: string }
  | { t: "num"; v: number }
  | { t: "op"; v: string }
  | { t: "end" };

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const c = source[i]!;
    if (/\s/.test(c)) {
      i++;
    } else if (c === "'" || c === '"') {
      let j = i + 1;
      let value = "";
      while (j < source.length && source[j] !== c) {
        if (source[j] === "\\") {
          const next = source[j + 1];
          value += next === "n" ? "\n" : next === "t" ? "\t" : (next ?? "");
          j += 2;
        } else {
          value += source[j];
          j++;
        }
      }
      if (j >= source.length) throw new Error(`jinja-lite: unterminated string in ${source}`);
      tokens.push({ t: "str", v: value });
      i = j + 1;
    } else if (/[0-9]/.test(c)) {
      const m = /^[0-9]+(\.[0-9]+)?/.exec(source.slice(i))!;
      tokens.push({ t: "num", v: Number(m[0]) });
      i += m[0].length;
    } else if (/[A-Za-z_]/.test(c)) {
      const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(source.slice(i))!;
      tokens.push({ t: "name", v: m[0] });
      i += m[0].length;
    } else if (source.startsWith("==", i) || source.startsWith("!=", i)) {
      tokens.push({ t: "op", v: source.slice(i, i + 2) });
      i += 2;
    } else if ("()[],=.".includes(c)) {
      tokens.push({ t: "op", v: c });
      i++;
    } else {
      throw new Error(`jinja-lite: unsupported character ${JSON.stringify(c)} in ${source}`);
    }
  }
  tokens.push({ t: "end" });
  return tokens;
}

class Parser {
  private position = 0;
  private readonly tokens: Token[];
  private readonly context: JinjaContext;
  private readonly source: string;

  constructor(source: string, context: JinjaContext) {
    this.source = source;
    this.tokens = tokenize(source);
    this.context = context;
  }

  evaluate(): JinjaValue {
    const value = this.or();
    if (this.peek().t !== "end") this.fail("trailing input");
    return value;
  }

  private peek(): Token {
    return this.tokens[this.position]!;
  }

  private next(): Token {
    return this.tokens[this.position++]!;
  }

  private isOp(value: string): boolean {
    const token = this.peek();
    return token.t === "op" && token.v === value;
  }

  private isName(value: string): boolean {
    const token = this.peek();
    return token.t === "name" && token.v === value;
  }

  private expectOp(value: string): void {
    if (!this.isOp(value)) this.fail(`expected ${value}`);
    this.position++;
  }

  private fail(message: string): never {
    throw new Error(`jinja-lite: ${message} in {{ ${this.source} }}`);
  }

  private or(): JinjaValue {
    let left = this.and();
    while (this.isName("or")) {
      this.position++;
      const right = this.and();
      left = truthy(left) ? left : right;
    }
    return left;
  }

  private and(): JinjaValue {
    let left = this.not();
    while (this.isName("and")) {
      this.position++;
      const right = this.not();
      left = truthy(left) ? right : left;
    }
    return left;
  }

  private not(): JinjaValue {
    if (this.isName("not")) {
      this.position++;
      return !truthy(this.not());
    }
    return this.comparison();
  }

  private comparison(): JinjaValue {
    const left = this.postfix();
    if (this.isOp("==") || this.isOp("!=")) {
      const op = (this.next() as { v: string }).v;
      const right = this.postfix();
      const equal = JSON.stringify(left) === JSON.stringify(right);
      return op === "==" ? equal : !equal;
    }
    return left;
  }

  private postfix(): JinjaValue {
    const token = this.next();
    if (token.t === "str" || token.t === "num") return token.v;
    if (token.t === "op" && token.v === "(") {
      const inner = this.or();
      this.expectOp(")");
      return inner;
    }
    if (token.t === "op" && token.v === "[") {
      const items: JinjaValue[] = [];
      while (!this.isOp("]")) {
        items.push(this.or());
        if (!this.isOp("]")) this.expectOp(",");
      }
      this.expectOp("]");
      return items;
    }
    if (token.t !== "name") this.fail("expected a value");
    if (token.v === "True" || token.v === "true") return true;
    if (token.v === "False" || token.v === "false") return false;
    if (token.v === "None" || token.v === "none") return null;
    const path = [token.v];
    while (this.isOp(".")) {
      this.position++;
      const part = this.next();
      if (part.t !== "name") this.fail("expected an attribute name");
      path.push(part.v);
    }
    if (!this.isOp("(")) return this.context.lookup(path);
    this.position++;
    const args: JinjaValue[] = [];
    const kwargs: Record<string, JinjaValue> = {};
    while (!this.isOp(")")) {
      const here = this.peek();
      const following = this.tokens[this.position + 1];
      if (here.t === "name" && following?.t === "op" && following.v === "=") {
        this.position += 2;
        kwargs[here.v] = this.or();
      } else {
        args.push(this.or());
      }
      if (!this.isOp(")")) this.expectOp(",");
    }
    this.expectOp(")");
    return this.context.call(path.join("."), args, kwargs);
  }
}

function truthy(value: JinjaValue): boolean {
  if (Array.isArray(value)) return value.length > 0;
  if (value !== null && typeof value === "object") return Object.keys(value).length > 0;
  return Boolean(value);
}

/** How Jinja prints a value inside `{{ }}` (Python's str()). */
function print(value: JinjaValue): string {
  if (value === null) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (typeof value === "string") return value;
  if (typeof value === "number") return String(value);
  throw new Error(`jinja-lite: cannot print ${JSON.stringify(value)}`);
}

export function evaluateExpression(source: string, context: JinjaContext): JinjaValue {
  return new Parser(source.trim(), context).evaluate();
}

/** Renders `template` with `context`, as dbt's Jinja environment would. */
export function renderJinja(template: string, context: JinjaContext): string {
  const parts = split(template);
  let out = "";
  // Each frame: is the current branch emitting, has any branch of this if been taken.
  const stack: { emitting: boolean; taken: boolean; outer: boolean }[] = [];
  const emitting = (): boolean => (stack.length === 0 ? true : stack[stack.length - 1]!.emitting);
  for (const part of parts) {
    if (part.kind === "text") {
      if (emitting()) out += part.text;
      continue;
    }
    if (part.kind === "comment") continue;
    if (part.kind === "expr") {
      if (emitting()) out += print(evaluateExpression(part.body, context));
      continue;
    }
    const statement = part.body.trim();
    const keyword = /^[a-z]+/.exec(statement)?.[0] ?? "";
    const rest = statement.slice(keyword.length);
    if (keyword === "if") {
      const outer = emitting();
      const condition = outer && truthy(evaluateExpression(rest, context));
      stack.push({ emitting: outer && condition, taken: condition, outer });
    } else if (keyword === "elif") {
      const frame = stack[stack.length - 1];
      if (!frame) throw new Error("jinja-lite: elif without if");
      const condition = frame.outer && !frame.taken && truthy(evaluateExpression(rest, context));
      frame.emitting = condition;
      frame.taken ||= condition;
    } else if (keyword === "else") {
      const frame = stack[stack.length - 1];
      if (!frame) throw new Error("jinja-lite: else without if");
      frame.emitting = frame.outer && !frame.taken;
      frame.taken = true;
    } else if (keyword === "endif") {
      if (!stack.pop()) throw new Error("jinja-lite: endif without if");
    } else {
      throw new Error(`jinja-lite: unsupported statement {% ${statement} %}`);
    }
  }
  if (stack.length > 0) throw new Error("jinja-lite: unclosed if");
  return out;
}
