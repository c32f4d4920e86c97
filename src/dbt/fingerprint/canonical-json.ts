/**
 * Canonical JSON: object keys sorted by code unit, no whitespace, `undefined`
 * members dropped. The same value always gives the same bytes, on every
 * machine, whatever order dbt wrote the keys in.
 */
export function canonicalJson(value: unknown): string {
  const parts: string[] = [];
  write(value, parts);
  return parts.join("");
}

function write(value: unknown, parts: string[]): void {
  if (value === null || typeof value !== "object") {
    // Non-finite numbers and undefined become null, as JSON.stringify does inside arrays.
    parts.push(value === undefined ? "null" : (JSON.stringify(value) ?? "null"));
    return;
  }
  if (Array.isArray(value)) {
    parts.push("[");
    value.forEach((item, index) => {
      if (index > 0) parts.push(",");
      write(item, parts);
    });
    parts.push("]");
    return;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record)
    .filter((key) => record[key] !== undefined)
    .sort();
  parts.push("{");
  keys.forEach((key, index) => {
    if (index > 0) parts.push(",");
    parts.push(JSON.stringify(key), ":");
    write(record[key], parts);
  });
  parts.push("}");
}
