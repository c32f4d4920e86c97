/**
 * Looking rows of the inventory up by path. Manifest rows are JSON path
 * patterns (row.ts); a concrete path in a manifest is generalised to its
 * pattern (`generalisePath`) and classified by the longest row that covers it
 * (`classifyPath`). Rows of other surfaces are looked up by their exact path,
 * or the longest row whose path is a prefix followed by ` › `.
 */

import type { InventoryRow } from "./row.js";
import { INVENTORY_ROWS } from "./rows.js";

/**
 * Maps dbt keys by user-chosen names (column names, meta keys, …): their keys
 * are generalised to `<key>`. Each entry is the pattern of such a map.
 * A map not listed keeps its keys in the pattern (config keys, …).
 */
const OPEN_MAPS: ReadonlySet<string> = new Set([
  "columns",
  "meta",
  "config.meta",
  "config.column_types",
  "config.grants",
  "config.labels",
  "config.docs",
  "unrendered_config",
  "config_call_dict",
  "unrendered_config_call_dict",
  "source_meta",
  "test_metadata.kwargs",
  "config.persist_docs",
  "config.quoting",
  "config.partition_by",
  "overrides.macros",
  "overrides.vars",
  "overrides.env_vars",
  "metadata.env",
]);

/** Top-level members that map unique ids to entries; an entry is named by its resource type. */
export const ENTRY_COLLECTIONS: ReadonlySet<string> = new Set([
  "nodes",
  "sources",
  "macros",
  "docs",
  "exposures",
  "metrics",
  "groups",
  "selectors",
  "disabled",
  "parent_map",
  "child_map",
  "group_map",
  "saved_queries",
  "semantic_models",
  "unit_tests",
  "functions",
]);

/**
 * The pattern of a concrete path (`["nodes", "model.shop.orders", "columns",
 * "id", "description"]`, with array indices as numbers): collection entries
 * by resource type (`nodes.<model>`), array elements `[]`, keys of open maps
 * `<key>`. `resourceType` is the entry's `resource_type` (for `disabled`,
 * whose entries are lists, the element's).
 */
export function generalisePath(segments: readonly (string | number)[], resourceType?: string): string {
  let out = "";
  // The pattern inside the entry (or the document, outside collections), for open-map matching.
  let rel = "";
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    if (typeof segment === "number") {
      out += "[]";
      rel += "[]";
      continue;
    }
    if (i === 1 && ENTRY_COLLECTIONS.has(String(segments[0]))) {
      out += `.<${resourceType ?? "entry"}>`;
      rel = "";
      continue;
    }
    const key = isOpenMap(rel) ? "<key>" : segment;
    out += i === 0 ? key : `.${key}`;
    rel = rel === "" ? key : `${rel}.${key}`;
  }
  return out;
}

/** Whether the map at `rel` (a pattern inside an entry) is keyed by user names. */
function isOpenMap(rel: string): boolean {
  if (rel === "") return false;
  if (OPEN_MAPS.has(rel)) return true;
  const last = rel.slice(rel.lastIndexOf(".") + 1);
  return last === "meta" || last === "columns";
}

interface Trie {
  row: InventoryRow | null;
  children: Map<string, Trie>;
}

let manifestTrie: Trie | null = null;
let otherRows: Map<string, InventoryRow> | null = null;

/** Splits a pattern into its steps: `a.b[].c` → a, b, [], c. */
export function patternSteps(pattern: string): string[] {
  const steps: string[] = [];
  for (const part of pattern.split(".")) {
    let rest = part;
    const arrays: string[] = [];
    while (rest.endsWith("[]")) {
      rest = rest.slice(0, -2);
      arrays.push("[]");
    }
    if (rest !== "") steps.push(rest);
    steps.push(...arrays);
  }
  return steps;
}

function build(): void {
  manifestTrie = { row: null, children: new Map() };
  otherRows = new Map();
  for (const row of INVENTORY_ROWS) {
    if (row.surface !== "manifest") {
      otherRows.set(row.path, row);
      continue;
    }
    let at = manifestTrie;
    for (const step of patternSteps(row.path)) {
      let next = at.children.get(step);
      if (next === undefined) {
        next = { row: null, children: new Map() };
        at.children.set(step, next);
      }
      at = next;
    }
    if (at.row !== null) throw new Error(`inventory: two rows for ${row.path}`);
    at.row = row;
  }
}

/** The manifest trie (rows by path step); built once. */
export function manifestRows(): Trie {
  if (manifestTrie === null) build();
  return manifestTrie!;
}

export type { Trie as InventoryTrie };

/**
 * The row that classifies `path` (a manifest pattern, or another surface's
 * path such as `dbt_project.yml › dispatch`): the longest row covering it;
 * null when none does (unclassified).
 */
export function classifyPath(path: string): InventoryRow | null {
  if (manifestTrie === null) build();
  const exact = otherRows!.get(path);
  if (exact) return exact;
  if (path.includes(" › ")) {
    const parts = path.split(" › ");
    for (let n = parts.length - 1; n > 0; n--) {
      const row = otherRows!.get(parts.slice(0, n).join(" › "));
      if (row) return row;
    }
    return null;
  }
  let at: Trie | undefined = manifestTrie!;
  let best: InventoryRow | null = at.row;
  for (const step of patternSteps(path)) {
    at = at.children.get(step);
    if (at === undefined) break;
    if (at.row !== null) best = at.row;
  }
  return best;
}
