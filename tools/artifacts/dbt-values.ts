/**
 * JSON types and the values dbt derives from text: digests, Python's repr()
 * and dbt's hashable metadata (for test names), quoted DuckDB relations.
 */
import { createHash } from "node:crypto";

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/** Two-space indent and a trailing newline; key order is insertion order. */
export function toJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

export function sha256(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

export function md5(text: string): string {
  return createHash("md5").update(text, "utf8").digest("hex");
}

/** Python's repr() of str / list / dict, as dbt's test hashing sees it. */
export function pyRepr(value: unknown): string {
  if (typeof value === "string") {
    const quote = value.includes("'") && !value.includes('"') ? '"' : "'";
    let out = quote;
    for (const ch of value) {
      if (ch === "\\") out += "\\\\";
      else if (ch === quote) out += `\\${quote}`;
      else if (ch === "\n") out += "\\n";
      else if (ch === "\r") out += "\\r";
      else if (ch === "\t") out += "\\t";
      else out += ch;
    }
    return out + quote;
  }
  if (Array.isArray(value)) return `[${value.map(pyRepr).join(", ")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value).map(([k, v]) => `${pyRepr(k)}: ${pyRepr(v)}`);
    return `{${entries.join(", ")}}`;
  }
  throw new Error(`pyRepr: unsupported ${String(value)}`);
}

/** dbt's get_hashable_md: dicts with sorted keys, scalars as str(). */
export function hashable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(hashable);
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) out[key] = hashable((value as Record<string, unknown>)[key]);
    return out;
  }
  if (value === null) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  return String(value);
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export function relation(database: string, schema: string, identifier: string): string {
  return `${quoteIdent(database)}.${quoteIdent(schema)}.${quoteIdent(identifier)}`;
}

export function dirParts(path: string): string[] {
  const parts = path.split("/");
  parts.pop();
  return parts;
}

export function stripPrefix(path: string, prefix: string): string {
  return path.startsWith(prefix) ? path.slice(prefix.length) : path;
}
