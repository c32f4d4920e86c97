/**
 * Canonical JSON: object keys sorted by code unit, no whitespace, `undefined`
 * members dropped. The same value always gives the same bytes, on every
 * machine, whatever order dbt wrote the keys in.
 */
export function canonicalJson(value: unknown): string {
  return write(value, undefined);
}

/** canonicalJson of `record` without the top-level keys in `omit` (as if they were absent). */
export function canonicalJsonWithout(
  record: Readonly<Record<string, unknown>>,
  omit: ReadonlySet<string>,
): string {
  return write(record, omit);
}

// Built by concatenation, one string per value: V8 joins the pieces lazily and
// flattens the result once, when it is hashed.
function write(value: unknown, omit: ReadonlySet<string> | undefined): string {
  if (value === null || typeof value !== "object") {
    // Non-finite numbers and undefined become null, as JSON.stringify does inside arrays.
    return value === undefined ? "null" : (JSON.stringify(value) ?? "null");
  }
  if (Array.isArray(value)) {
    let out = "[";
    for (let index = 0; index < value.length; index++) {
      if (index > 0) out += ",";
      out += write(value[index], undefined);
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
    out += `${JSON.stringify(key)}:${write(item, undefined)}`;
  }
  return `${out}}`;
}
