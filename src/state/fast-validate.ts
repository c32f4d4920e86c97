/**
 * A fast path for validating large documents against a zod schema: the one
 * mechanism for it (the state's snapshots, dbt's manifest entries).
 *
 * zod is the authority on what a document may contain, but validating a
 * 10,000-node snapshot with it takes ~450 ms in a fresh process (~150 ms once
 * warm), which is most of the time budget of reading state, and a 10,000-node
 * manifest spends ~15 µs per entry. This module compiles a plain checker from
 * the schema itself, for the subset of zod that such documents use. The
 * checker answers only "yes" or "don't know"; anything else goes to zod,
 * which accepts, strips or reports the problems. What "yes" promises is the
 * caller's choice:
 *
 * - `unchanged` (the default; snapshots, which are used as parsed): zod would
 *   accept the value AND return it deep-equal, so unknown keys (which zod
 *   strips) are "don't know", and so is anything that is not a plain object
 *   where one is due. Subset: objects, records with string keys, arrays,
 *   strings, numbers, booleans, enums, optional, nullable, no refinements.
 * - `accepts` (manifest entries, read field by field): zod would accept the
 *   value; its output may lack keys the schema doesn't name. The subset adds
 *   unions, literals, `unknown`, objects with a catchall, and `z.custom`
 *   refinements whose function the caller names as `trusted` (it is then the
 *   check itself).
 *
 * A schema that uses anything outside the subset (another refinement, a
 * transform, a default, a string format, an integer...) compiles to no
 * checker at all, so a schema change can make validation slower but never
 * looser; test/state/fast-validate.unit.test.ts fails when the snapshot schema
 * loses its fast path, and test/dbt/manifest-fast-check.unit.test.ts when a
 * manifest entry schema does, so that the slowdown is noticed.
 */
import type { z } from "zod";

export type FastCheck = (value: unknown) => boolean;

export interface FastCheckOptions {
  /** What a "yes" promises (see above); default `unchanged`. */
  mode?: "unchanged" | "accepts";
  /** `z.custom` checks that are exact (accepts mode): the custom schema compiles to its own function. */
  trusted?: ReadonlySet<(value: unknown) => boolean>;
}

type Def = { type: string; [key: string]: unknown };

function defOf(schema: unknown): Def | undefined {
  const def = (schema as { _zod?: { def?: unknown } } | undefined)?._zod?.def;
  return typeof def === "object" && def !== null && typeof (def as Def).type === "string"
    ? (def as Def)
    : undefined;
}

/** True when `def` has no keys but `allowed` and no checks (refinements, formats, lengths...). */
function plain(def: Def, allowed: readonly string[]): boolean {
  for (const key of Object.keys(def)) {
    if (key === "checks") {
      if (!Array.isArray(def.checks) || def.checks.length > 0) return false;
      continue;
    }
    if (!allowed.includes(key)) return false;
  }
  return true;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * The checker is generated as JavaScript source, one function per object,
 * array and record of the schema, reading each known key by its literal name:
 * V8 then caches every property access, as in hand-written checks (a generic
 * interpreter over the schema is ~10x slower on manifest entries).
 */
class Generator {
  readonly accepts: boolean;
  readonly trusted: ReadonlySet<(value: unknown) => boolean>;
  /** Values the generated source refers to as k[i]: sets of allowed strings, trusted checks. */
  readonly constants: unknown[] = [];
  readonly functions: string[] = [];

  constructor(options: FastCheckOptions) {
    this.accepts = options.mode === "accepts";
    this.trusted = options.trusted ?? new Set();
  }

  private constant(value: unknown): string {
    this.constants.push(value);
    return `k[${this.constants.length - 1}]`;
  }

  /** Adds a generated function (`source` of its name, whose nested functions exist already) and returns its name. */
  private helper(source: (name: string) => string): string {
    const name = `f${this.functions.length}`;
    this.functions.push(source(name));
    return name;
  }

  /** A boolean expression over `v` (an identifier), or undefined outside the subset. */
  expression(schema: unknown, v: string): string | undefined {
    const def = defOf(schema);
    if (!def) return undefined;
    switch (def.type) {
      case "string":
        return plain(def, ["type"]) ? `typeof ${v} === "string"` : undefined;
      case "number":
        // zod 4's z.number() refuses NaN and the infinities; JSON.parse gives an infinity for 1e400.
        return plain(def, ["type"]) ? `(typeof ${v} === "number" && Number.isFinite(${v}))` : undefined;
      case "boolean":
        return plain(def, ["type"]) ? `typeof ${v} === "boolean"` : undefined;
      case "enum":
      case "literal": {
        const key = def.type === "enum" ? "entries" : "values";
        if (!plain(def, ["type", key])) return undefined;
        const values = Object.values(def[key] as Record<string, unknown>);
        if (!values.every((value) => typeof value === "string")) return undefined;
        return `(typeof ${v} === "string" && ${this.constant(new Set(values))}.has(${v}))`;
      }
      case "nullable": {
        if (!plain(def, ["type", "innerType"])) return undefined;
        const inner = this.expression(def.innerType, v);
        return inner && `(${v} === null || ${inner})`;
      }
      case "optional": {
        // A field's optional is its object's; elsewhere, accepts mode only.
        if (!this.accepts || !plain(def, ["type", "innerType"])) return undefined;
        const inner = this.expression(def.innerType, v);
        return inner && `(${v} === undefined || ${inner})`;
      }
      case "union": {
        // zod returns the first option that parses: its output is not always the input.
        if (!this.accepts || !plain(def, ["type", "options"])) return undefined;
        const options = (def.options as unknown[]).map((option) => this.expression(option, v));
        if (options.length === 0 || options.some((option) => option === undefined)) return undefined;
        return `(${options.join(" || ")})`;
      }
      case "unknown":
        // Passed through as it is; absence is for an object's field to decide.
        return plain(def, ["type"]) ? `${v} !== undefined` : undefined;
      case "custom": {
        const fn = def.fn as ((value: unknown) => boolean) | undefined;
        return this.accepts && fn !== undefined && this.trusted.has(fn)
          ? `${this.constant(fn)}(${v}) === true`
          : undefined;
      }
      case "array": {
        if (!plain(def, ["type", "element"])) return undefined;
        const element = this.expression(def.element, "e");
        if (!element) return undefined;
        // By index, not every(): a hole in a sparse array is an undefined element to zod.
        const name = this.helper(
          (fn) =>
            `function ${fn}(x) { if (!Array.isArray(x)) return false; for (let i = 0; i < x.length; i++) { const e = x[i]; if (!(${element})) return false; } return true; }`,
        );
        return `${name}(${v})`;
      }
      case "record": {
        if (!plain(def, ["type", "keyType", "valueType"])) return undefined;
        const keyDef = defOf(def.keyType);
        if (keyDef?.type !== "string" || !plain(keyDef, ["type"])) return undefined;
        const item = this.expression(def.valueType, "e");
        if (!item) return undefined;
        // for-in: a plain object from JSON has no enumerable inherited keys.
        const name = this.helper(
          (fn) =>
            `function ${fn}(x) { if (!isPlainObject(x)) return false; for (const key in x) { const e = x[key]; if (key === "__proto__" || !(${item})) return false; } return true; }`,
        );
        return `${name}(${v})`;
      }
      case "object": {
        if (!plain(def, ["type", "shape", "catchall"])) return undefined;
        const catchall = def.catchall === undefined ? undefined : defOf(def.catchall);
        if (def.catchall !== undefined && catchall === undefined) return undefined;
        // Other keys: "don't know" (zod strips or refuses them), except in accepts mode where zod strips
        // them (no catchall) or keeps any (catchall unknown).
        const otherKeys =
          this.accepts &&
          (catchall === undefined || (catchall.type === "unknown" && plain(catchall, ["type"])));
        const lines: string[] = [];
        for (const [key, field] of Object.entries(def.shape as Record<string, unknown>)) {
          const fieldDef = defOf(field);
          if (!fieldDef) return undefined;
          const optional = fieldDef.type === "optional";
          if (optional && !plain(fieldDef, ["type", "innerType"])) return undefined;
          const check = this.expression(optional ? fieldDef.innerType : field, "e");
          if (!check) return undefined;
          const name = JSON.stringify(key);
          if (this.accepts) {
            // As zod reads it: an optional field may be absent or undefined.
            lines.push(
              `e = x[${name}]; if (${optional ? `e !== undefined && ` : ""}!(${check})) return false;`,
            );
            continue;
          }
          // Absent is fine when optional; present-but-undefined is left to zod.
          lines.push(
            `e = x[${name}]; if (e === undefined) { if (${optional ? `Object.hasOwn(x, ${name})` : "true"}) return false; } else { if (!Object.hasOwn(x, ${name}) || !(${check})) return false; n++; }`,
          );
        }
        const end = otherKeys
          ? "return true;"
          : "let keys = 0; for (const _ in x) keys++; return keys === n;";
        const name = this.helper(
          (fn) =>
            `function ${fn}(x) { if (!isPlainObject(x)) return false; let n = 0; let e; ${lines.join(" ")} ${end} }`,
        );
        return `${name}(${v})`;
      }
      default:
        return undefined;
    }
  }
}

/**
 * Compiles a fast checker for `schema`, or returns undefined when the schema
 * uses anything the checker can't decide exactly as zod does.
 */
export function compileFastCheck(schema: z.ZodType, options: FastCheckOptions = {}): FastCheck | undefined {
  const generator = new Generator(options);
  const expression = generator.expression(schema, "v");
  if (expression === undefined) return undefined;
  const source = `${generator.functions.join("\n")}\nreturn function check(v) { return ${expression}; };`;
  return new Function("k", "isPlainObject", source)(generator.constants, isPlainObject) as FastCheck;
}
