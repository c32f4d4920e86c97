/**
 * Mutations of JSON documents and of their text and bytes, for the fuzzer.
 * Structural mutations never modify the document they are given: they copy
 * the objects and arrays on the path they change and share the rest, so a
 * 1 MB manifest costs a few copied objects per case.
 *
 * Erasable TypeScript only: the fuzz worker runs this file in plain Node.
 */
import type { Rng } from "./rng.js";

export type JsonPath = readonly (string | number)[];
type Container = Record<string, unknown> | unknown[];

export function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

export function getAt(doc: unknown, path: JsonPath): unknown {
  let current = doc;
  for (const key of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}

function copyOf(value: unknown): Container {
  if (Array.isArray(value)) return [...value];
  if (isObject(value)) {
    // Own keys as written, `__proto__` included (JSON.parse makes it an own key).
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) defineKey(out, key, value[key]);
    return out;
  }
  return {};
}

/** Sets an own key, also `__proto__`, as JSON.parse would. */
export function defineKey(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * A copy of `doc` with `change` applied to the container at `path` (the
 * container itself is a fresh copy the change may modify).
 */
export function updateAt(doc: unknown, path: JsonPath, change: (container: Container) => void): unknown {
  const root = copyOf(doc);
  let current: Container = root;
  for (const key of path) {
    const next = copyOf((current as Record<string | number, unknown>)[key]);
    if (Array.isArray(current)) current[key as number] = next;
    else defineKey(current, String(key), next);
    current = next;
  }
  change(current);
  return root;
}

export function setAt(doc: unknown, path: JsonPath, value: unknown): unknown {
  if (path.length === 0) return value;
  const parent = path.slice(0, -1);
  const key = path[path.length - 1]!;
  return updateAt(doc, parent, (container) => {
    if (Array.isArray(container)) container[key as number] = value;
    else defineKey(container, String(key), value);
  });
}

export function deleteAt(doc: unknown, path: JsonPath): unknown {
  if (path.length === 0) return undefined;
  const parent = path.slice(0, -1);
  const key = path[path.length - 1]!;
  return updateAt(doc, parent, (container) => {
    if (Array.isArray(container)) container.splice(key as number, 1);
    else delete container[String(key)];
  });
}

/** Renames an object key, keeping its place among the others. */
export function renameKey(doc: unknown, path: JsonPath, from: string, to: string): unknown {
  return updateAt(doc, path, (container) => {
    if (Array.isArray(container)) return;
    const entries = Object.keys(container).map((k) => [k === from ? to : k, container[k]] as const);
    for (const k of Object.keys(container)) delete container[k];
    for (const [k, v] of entries) defineKey(container, k, v);
  });
}

export function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

/** Strings meant to break something downstream: markup, shells, SQL, paths, control characters. */
export const NASTY_STRINGS: readonly string[] = [
  "",
  " ",
  "\u0000",
  "\n",
  "a\nb",
  "\r\n::warning::injected",
  "$(touch /tmp/ods-pwned)",
  "`id`",
  "'; drop table x; --",
  '"; drop table x; --',
  "<img src=x onerror=alert(1)>",
  "-->",
  "@octocat",
  "../../etc/passwd",
  "\u202egnp.exe",
  "\ud800",
  "\udfff",
  "😀",
  "__proto__",
  "constructor",
  "toString",
  "9999-99-99T99:99:99Z",
  "2026-13-45T25:61:61Z",
  "NaN",
  "-1",
];

/** A value of another JSON type than `value` (or a hostile value of the same one, for strings). */
export function otherTypeValue(rng: Rng, value: unknown): unknown {
  const type = jsonType(value);
  const choices: (() => unknown)[] = [
    () => null,
    () => rng.pick([0, -1, 1, 1.5, 1e308, -1e308, 2 ** 53 + 1]),
    () => rng.chance(0.5),
    () => rng.pick(NASTY_STRINGS),
    () => (rng.chance(0.5) ? [] : [rng.pick(NASTY_STRINGS), 1, null]),
    () => (rng.chance(0.5) ? {} : { [rng.word(4)]: rng.pick(NASTY_STRINGS) }),
  ];
  for (let attempt = 0; attempt < 10; attempt++) {
    const candidate = rng.pick(choices)();
    if (jsonType(candidate) !== type || type === "string") return candidate;
  }
  return null;
}

/**
 * A random path into `doc`: from the root, each step picks a child (by
 * `rootWeights` at the first step when given), and stops with probability
 * `stop` at each level (never at the root).
 */
export function randomPath(
  rng: Rng,
  doc: unknown,
  options: { rootWeights?: Readonly<Record<string, number>>; stop?: number; maxDepth?: number } = {},
): JsonPath {
  const path: (string | number)[] = [];
  let current = doc;
  const stop = options.stop ?? 0.3;
  const maxDepth = options.maxDepth ?? 12;
  while (path.length < maxDepth) {
    let keys: (string | number)[];
    if (Array.isArray(current)) keys = current.map((_, i) => i);
    else if (isObject(current)) keys = Object.keys(current);
    else break;
    if (keys.length === 0) break;
    let key: string | number;
    if (path.length === 0 && options.rootWeights) {
      const table = keys.map((k) => [k, options.rootWeights![String(k)] ?? 0.2] as const);
      key = rng.weighted(table);
    } else {
      key = rng.pick(keys);
    }
    path.push(key);
    current = (current as Record<string | number, unknown>)[key];
    if (path.length >= 2 && rng.chance(stop)) break;
  }
  return path;
}

/* ------------------------------------------------------------- text */

/** Replaces the JSON text of a marker string with `replacement` (deep nesting, raw duplicates…). */
export function spliceMarker(text: string, marker: string, replacement: string): string {
  const quoted = JSON.stringify(marker);
  const at = text.indexOf(quoted);
  if (at < 0) return text;
  return text.slice(0, at) + replacement + text.slice(at + quoted.length);
}

export function deepNesting(depth: number, kind: "array" | "object"): string {
  return kind === "array"
    ? "[".repeat(depth) + "]".repeat(depth)
    : '{"a":'.repeat(depth) + "1" + "}".repeat(depth);
}

/** Byte sequences that are not UTF-8. */
export const INVALID_UTF8: readonly (readonly number[])[] = [
  [0xff],
  [0xfe],
  [0xc3], // a lead byte without its continuation
  [0x80], // a continuation byte alone
  [0xe9], // Latin-1 é
  [0xc0, 0xaf], // overlong '/'
  [0xed, 0xa0, 0x80], // an encoded surrogate
  [0xf4, 0x90, 0x80, 0x80], // beyond U+10FFFF
];

/** Offset of a byte inside a JSON string literal (after an opening quote), or -1. */
export function offsetInString(rng: Rng, bytes: Uint8Array): number {
  for (let attempt = 0; attempt < 50; attempt++) {
    const at = rng.int(bytes.length);
    // Find the next quote and step inside the string it opens, when it opens one.
    for (let i = at; i < Math.min(bytes.length - 2, at + 4096); i++) {
      if (bytes[i] === 0x22 && bytes[i - 1] !== 0x5c && bytes[i + 1] !== 0x3a && bytes[i + 1] !== 0x2c) {
        // Heuristic: a quote followed by a letter starts a string value or key.
        const next = bytes[i + 1]!;
        if ((next >= 0x61 && next <= 0x7a) || (next >= 0x41 && next <= 0x5a)) return i + 1;
      }
    }
  }
  return -1;
}

export function spliceBytes(
  bytes: Uint8Array,
  at: number,
  remove: number,
  insert: readonly number[],
): Buffer {
  return Buffer.concat([
    Buffer.from(bytes.subarray(0, at)),
    Buffer.from(insert),
    Buffer.from(bytes.subarray(at + remove)),
  ]);
}
