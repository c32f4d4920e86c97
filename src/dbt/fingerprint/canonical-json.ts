/**
 * Canonical JSON: object keys sorted by code unit, no whitespace, `undefined`
 * members dropped. The same value always gives the same bytes, on every
 * machine, whatever order dbt wrote the keys in.
 */
export function canonicalJson(value: unknown): string {
  return write(value, undefined, 0);
}

/** canonicalJson of `record` without the top-level keys in `omit` (as if they were absent). */
export function canonicalJsonWithout(
  record: Readonly<Record<string, unknown>>,
  omit: ReadonlySet<string>,
): string {
  return write(record, omit, 0);
}

/** Below this depth values are written with an explicit stack: a manifest may nest deeper than the call stack allows. */
const RECURSION_LIMIT = 500;

// Built by concatenation, one string per value: V8 joins the pieces lazily and
// flattens the result once, when it is hashed.
function write(value: unknown, omit: ReadonlySet<string> | undefined, depth: number): string {
  if (value === null || typeof value !== "object") {
    // Non-finite numbers and undefined become null, as JSON.stringify does inside arrays.
    return value === undefined ? "null" : (JSON.stringify(value) ?? "null");
  }
  if (depth > RECURSION_LIMIT) return writeDeep(value);
  if (Array.isArray(value)) {
    let out = "[";
    for (let index = 0; index < value.length; index++) {
      if (index > 0) out += ",";
      out += write(value[index], undefined, depth + 1);
    }
    return `${out}]`;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).sort();
  let out = "{";
  let first = true;
  for (const key of keys) {
    const item = record[key];
    if (item === undefined || omit?.has(key)) continue;
    if (!first) out += ",";
    first = false;
    out += `${JSON.stringify(key)}:${write(item, undefined, depth + 1)}`;
  }
  return `${out}}`;
}

type Frame =
  | { array: readonly unknown[]; index: number }
  | { record: Readonly<Record<string, unknown>>; keys: string[]; index: number; first: boolean };

/** `write` with an explicit stack, for values nested deeper than RECURSION_LIMIT: the same bytes. */
function writeDeep(root: object): string {
  const parts: string[] = [];
  const stack: Frame[] = [];
  const open = (value: unknown) => {
    if (value === null || typeof value !== "object") {
      parts.push(value === undefined ? "null" : (JSON.stringify(value) ?? "null"));
    } else if (Array.isArray(value)) {
      parts.push("[");
      stack.push({ array: value, index: 0 });
    } else {
      const record = value as Record<string, unknown>;
      parts.push("{");
      stack.push({ record, keys: Object.keys(record).sort(), index: 0, first: true });
    }
  };
  open(root);
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    if ("array" in top) {
      if (top.index >= top.array.length) {
        parts.push("]");
        stack.pop();
        continue;
      }
      if (top.index > 0) parts.push(",");
      open(top.array[top.index++]);
    } else {
      while (top.index < top.keys.length && top.record[top.keys[top.index]!] === undefined) top.index++;
      if (top.index >= top.keys.length) {
        parts.push("}");
        stack.pop();
        continue;
      }
      const key = top.keys[top.index++]!;
      if (!top.first) parts.push(",");
      top.first = false;
      parts.push(`${JSON.stringify(key)}:`);
      open(top.record[key]);
    }
  }
  return parts.join("");
}
