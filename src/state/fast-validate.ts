/**
 * A fast path for validating large documents against a zod schema.
 *
 * zod is the authority on what a document may contain, but validating a
 * 10,000-node snapshot with it takes ~450 ms in a fresh process (~150 ms once
 * warm), which is most of the time budget of reading state. This module
 * compiles a plain checker from the schema itself, for the subset of zod that
 * persisted documents use (objects, records with string keys, arrays, strings,
 * numbers, booleans, enums, optional, nullable, with no refinements). The checker answers only "yes,
 * exactly as zod would accept it and return it unchanged" or "don't know":
 *
 * - it accepts a value only when zod would accept it AND zod's output would be
 *   deep-equal to the input (so unknown keys, which zod strips, are "don't
 *   know", and so is anything that is not a plain object where one is due);
 * - anything else goes to zod, which accepts, strips or reports the problems.
 *
 * A schema that uses anything outside the subset (a refinement, a transform, a
 * default, a string format, an integer...) compiles to no checker at all, so
 * a schema change can make validation slower but never looser;
 * test/state/fast-validate.test.ts fails when the snapshot schema loses its
 * fast path, so that the slowdown is noticed.
 */
import type { z } from "zod";

export type FastCheck = (value: unknown) => boolean;

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

const isString: FastCheck = (value) => typeof value === "string";

function compile(schema: unknown): FastCheck | undefined {
  const def = defOf(schema);
  if (!def) return undefined;
  switch (def.type) {
    case "string":
      return plain(def, ["type"]) ? isString : undefined;
    case "number":
      // zod 4's z.number() refuses NaN and the infinities; JSON has neither.
      return plain(def, ["type"])
        ? (value) => typeof value === "number" && Number.isFinite(value)
        : undefined;
    case "boolean":
      return plain(def, ["type"]) ? (value) => typeof value === "boolean" : undefined;
    case "array": {
      if (!plain(def, ["type", "element"])) return undefined;
      const element = compile(def.element);
      return (
        element &&
        ((value) => {
          if (!Array.isArray(value)) return false;
          // By index, not every(): a hole in a sparse array is an undefined element to zod.
          for (let index = 0; index < value.length; index++) if (!element(value[index])) return false;
          return true;
        })
      );
    }
    case "enum": {
      if (!plain(def, ["type", "entries"])) return undefined;
      const values = Object.values(def.entries as Record<string, unknown>);
      if (!values.every((value) => typeof value === "string")) return undefined;
      const allowed = new Set(values);
      return (value) => typeof value === "string" && allowed.has(value);
    }
    case "nullable": {
      if (!plain(def, ["type", "innerType"])) return undefined;
      const inner = compile(def.innerType);
      return inner && ((value) => value === null || inner(value));
    }
    case "record": {
      if (!plain(def, ["type", "keyType", "valueType"])) return undefined;
      const keyDef = defOf(def.keyType);
      if (keyDef?.type !== "string" || !plain(keyDef, ["type"])) return undefined;
      const valueCheck = compile(def.valueType);
      if (!valueCheck) return undefined;
      const strings = valueCheck === isString;
      return (value) => {
        if (!isPlainObject(value)) return false;
        // for-in: a plain object from JSON has no enumerable inherited keys.
        for (const key in value) {
          const item = value[key];
          if (key === "__proto__" || (strings ? typeof item !== "string" : !valueCheck(item))) return false;
        }
        return true;
      };
    }
    case "object": {
      if (!plain(def, ["type", "shape", "catchall"])) return undefined;
      const fields: { key: string; check: FastCheck; string: boolean; optional: boolean }[] = [];
      for (const [key, field] of Object.entries(def.shape as Record<string, unknown>)) {
        const fieldDef = defOf(field);
        if (!fieldDef) return undefined;
        const optional = fieldDef.type === "optional";
        if (optional && !plain(fieldDef, ["type", "innerType"])) return undefined;
        const check = compile(optional ? fieldDef.innerType : field);
        if (!check) return undefined;
        fields.push({ key, check, string: check === isString, optional });
      }
      return (value) => {
        if (!isPlainObject(value)) return false;
        let present = 0;
        for (let index = 0; index < fields.length; index++) {
          const field = fields[index]!;
          const item = value[field.key];
          if (item === undefined) {
            // Absent is fine when optional; present-but-undefined is left to zod.
            if (!field.optional || Object.hasOwn(value, field.key)) return false;
            continue;
          }
          if (!Object.hasOwn(value, field.key)) return false;
          present++;
          if (field.string ? typeof item !== "string" : !field.check(item)) return false;
        }
        // No key beyond the known ones (nothing for zod to strip).
        let keys = 0;
        for (const _ in value) keys++;
        return keys === present;
      };
    }
    default:
      return undefined;
  }
}

/**
 * Compiles a fast checker for `schema`, or returns undefined when the schema
 * uses anything the checker can't decide exactly as zod does.
 */
export function compileFastCheck(schema: z.ZodType): FastCheck | undefined {
  return compile(schema);
}
