/**
 * The JSON path patterns of manifests (issue 36, coverage by mutation): every
 * distinct pattern a real manifest holds (generalised as the product does,
 * src/dbt/inventory/lookup.ts `generalisePath`), with where it occurs, and
 * every pattern dbt's manifest JSON schema (v11, v12) defines.
 */
import { ENTRY_COLLECTIONS, generalisePath } from "../../src/dbt/inventory/lookup.js";

// biome-ignore lint/suspicious/noExplicitAny: raw dbt JSON and JSON schema
type Json = any;

/** One occurrence of a pattern: the concrete path (array indices as numbers) and its value's kind. */
export interface Instance {
  segments: (string | number)[];
  kind: "string" | "number" | "boolean" | "null" | "array" | "object";
  /** Its entry holds a condition some row's component needs (tried first). */
  preferred?: boolean;
}

function kindOf(value: unknown): Instance["kind"] {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  const t = typeof value;
  return t === "string" || t === "number" || t === "boolean" ? t : "object";
}

/** The resource type a concrete path's entry has (`disabled` entries are lists of entries). */
function entryType(m: Json, segments: readonly (string | number)[]): string | undefined {
  if (segments.length < 2 || !ENTRY_COLLECTIONS.has(String(segments[0]))) return undefined;
  let entry = m[segments[0]!]?.[segments[1]!];
  if (Array.isArray(entry)) entry = segments.length > 2 ? entry[segments[2] as number] : entry[0];
  const type = entry?.resource_type;
  return typeof type === "string" ? type : undefined;
}

export function patternOf(m: Json, segments: readonly (string | number)[]): string {
  return generalisePath(segments, entryType(m, segments));
}

/**
 * Every pattern of `m` (containers and leaves) with its instances, at most
 * `perPattern` kept per pattern, spread over the document (every k-th).
 */
export function manifestPatterns(
  m: Json,
  perPattern = 12,
  interesting: (segments: readonly (string | number)[]) => boolean = () => false,
): Map<string, Instance[]> {
  const all = new Map<string, Instance[]>();
  const counts = new Map<string, number>();
  const special = new Map<string, number>();
  const walk = (value: unknown, segments: (string | number)[]) => {
    if (segments.length > 0) {
      const pattern = patternOf(m, segments);
      const n = (counts.get(pattern) ?? 0) + 1;
      counts.set(pattern, n);
      let list = all.get(pattern);
      if (list === undefined) {
        list = [];
        all.set(pattern, list);
      }
      // Keep the first ones and then every 7th, so instances come from many entries;
      // and up to perPattern more where the entry holds a row's condition (`interesting`).
      const kept = special.get(pattern) ?? 0;
      if (kept < perPattern && interesting(segments)) {
        special.set(pattern, kept + 1);
        list.unshift({ segments: [...segments], kind: kindOf(value), preferred: true });
      } else if (list.length - kept < perPattern && (list.length - kept < perPattern / 2 || n % 7 === 0))
        list.push({ segments: [...segments], kind: kindOf(value) });
    }
    if (Array.isArray(value)) for (let i = 0; i < value.length; i++) walk(value[i], [...segments, i]);
    else if (value !== null && typeof value === "object")
      for (const key of Object.keys(value)) walk((value as Record<string, unknown>)[key], [...segments, key]);
  };
  walk(m, []);
  // The document itself: "one key more" is a new top-level member.
  all.set("", [{ segments: [], kind: "object" }]);
  return all;
}

/** A schema-defined pattern and the JSON type of its value there. */
export interface SchemaPattern {
  pattern: string;
  type: Instance["kind"];
}

/** Maps the product generalises to `<key>` (lookup.ts isOpenMap) are schema maps with `additionalProperties`. */
export function schemaPatterns(schema: Json): Map<string, SchemaPattern> {
  const out = new Map<string, SchemaPattern>();
  const defs = schema.$defs ?? {};
  const resolve = (s: Json): Json => {
    let at = s;
    const seen = new Set<string>();
    while (at && typeof at.$ref === "string") {
      if (seen.has(at.$ref)) return {};
      seen.add(at.$ref);
      at = defs[at.$ref.replace("#/$defs/", "")] ?? {};
    }
    return at ?? {};
  };
  const variants = (s: Json): Json[] => {
    const r = resolve(s);
    if (Array.isArray(r.anyOf)) return r.anyOf.flatMap(variants);
    if (Array.isArray(r.oneOf)) return r.oneOf.flatMap(variants);
    if (Array.isArray(r.allOf)) return r.allOf.flatMap(variants);
    return [r];
  };
  const typeOf = (s: Json): Instance["kind"] => {
    const vs = variants(s).filter((v) => v.type !== "null");
    const v = vs[0] ?? {};
    if (v.type === "string" || v.const !== undefined || v.enum !== undefined) return "string";
    if (v.type === "integer" || v.type === "number") return "number";
    if (v.type === "boolean") return "boolean";
    if (v.type === "array") return "array";
    if (v.type === "object" || v.properties) return "object";
    return vs.length === 0 ? "null" : "string";
  };
  const add = (pattern: string, s: Json) => {
    if (!out.has(pattern)) out.set(pattern, { pattern, type: typeOf(s) });
  };
  // Walk a value's schema under `pattern` (`rel`: the pattern inside the entry, for open maps).
  const walk = (s: Json, pattern: string, depth: number, stack: Set<Json>) => {
    if (depth > 12) return;
    for (const v of variants(s)) {
      if (stack.has(v)) continue;
      const next = new Set(stack).add(v);
      if (v.properties)
        for (const [key, child] of Object.entries(v.properties as Record<string, Json>)) {
          const p = `${pattern}.${key}`;
          add(p, child);
          walk(child, p, depth + 1, next);
        }
      if (v.additionalProperties && typeof v.additionalProperties === "object") {
        const p = `${pattern}.<key>`;
        add(p, v.additionalProperties);
        walk(v.additionalProperties, p, depth + 1, next);
      }
      if (v.items && typeof v.items === "object") {
        const p = `${pattern}[]`;
        add(p, v.items);
        walk(v.items, p, depth + 1, next);
      }
    }
  };
  const root = resolve(schema);
  for (const [member, s] of Object.entries(root.properties as Record<string, Json>)) {
    add(member, s);
    if (!ENTRY_COLLECTIONS.has(member)) {
      walk(s, member, 1, new Set());
      continue;
    }
    const entry = resolve(s).additionalProperties;
    if (!entry || typeof entry !== "object") continue;
    for (const v of variants(entry)) {
      const elements = v.type === "array" && v.items ? variants(v.items) : [v];
      for (const e of elements) {
        const rt = e.properties?.resource_type;
        const type =
          rt?.const ?? rt?.enum?.[0] ?? (rt ? (resolve(rt).const ?? resolve(rt).enum?.[0]) : undefined);
        const prefix = `${member}.<${type ?? "entry"}>${v.type === "array" ? "[]" : ""}`;
        add(prefix, e);
        walk(e, prefix, 2, new Set());
      }
    }
  }
  return out;
}
