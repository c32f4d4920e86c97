/**
 * The closed world over the manifest (issue 36): what of one manifest entry
 * no row of the inventory classifies, or a row classifies as unknown. Each
 * such value is digested under its path pattern; the fingerprints of the
 * nodes the entry reaches get one `unclassified:<pattern>` component per
 * pattern (node-fingerprint.ts), so a change to it builds them, naming it.
 * An entry dbt writes today has no residue: a field a new dbt version adds
 * has one until a row classifies it.
 */
import { canonicalJson } from "../fingerprint/canonical-json.js";
import { sha256 } from "../fingerprint/digest.js";
import { type InventoryTrie, manifestRows, patternSteps } from "./lookup.js";
import type { InventoryRow } from "./row.js";

/** Path pattern → digest of every value under it in the entry. Null: none (the usual case). */
export type Residue = Readonly<Record<string, string>> | null;

type Collected = Map<string, string[]>;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The trie node of a pattern, or undefined when no row is at or below it. */
function trieAt(pattern: string): { at: InventoryTrie | undefined; covering: InventoryRow | null } {
  let at: InventoryTrie | undefined = manifestRows();
  let covering: InventoryRow | null = at.row;
  for (const step of patternSteps(pattern)) {
    at = at?.children.get(step);
    if (at === undefined) break;
    if (at.row !== null) covering = at.row;
  }
  return { at, covering };
}

const starts = new Map<string, { at: InventoryTrie | undefined; covering: InventoryRow | null }>();

/**
 * The residue of one entry: `prefix` is its pattern (`nodes.<model>`,
 * `sources.<source>`, `metadata`, …), `value` the entry as dbt wrote it.
 */
export function residueOf(prefix: string, value: unknown): Residue {
  let start = starts.get(prefix);
  if (start === undefined) {
    start = trieAt(prefix);
    starts.set(prefix, start);
  }
  // One walk state for every entry (entries are walked one at a time): no allocation per entry.
  const walk = WALK;
  walk.prefix = prefix;
  walk.out = null;
  walk.pattern.length = 0;
  walk.concrete.length = 0;
  visit(start.at, start.covering, value, walk);
  // visit() fills it (TypeScript can't see that through the call).
  const out = walk.out as Collected | null;
  walk.out = null;
  if (out === null) return null;
  const residue: Record<string, string> = {};
  for (const [pattern, digests] of out)
    residue[pattern] = digests.length === 1 ? digests[0]! : sha256(digests.join("\n"));
  return residue;
}

/**
 * One entry's walk: the path so far as steps (`.key`, `[]` / `[3]`), joined
 * into strings only when a value is digested (most entries have none).
 */
interface Walk {
  prefix: string;
  pattern: string[];
  concrete: string[];
  out: Collected | null;
}

const WALK: Walk = { prefix: "", pattern: [], concrete: [], out: null };

function add(walk: Walk, value: unknown): void {
  const pattern = walk.prefix + walk.pattern.join("");
  const concrete = walk.prefix + walk.concrete.join("");
  walk.out ??= new Map();
  let list = walk.out.get(pattern);
  if (list === undefined) {
    list = [];
    walk.out.set(pattern, list);
  }
  list.push(sha256(`${concrete}\0${canonicalJson(value === undefined ? null : value)}`));
}

/** Whether a value at `at` (with `covering` above it) is classified whatever it holds: nothing to walk. */
function settled(at: InventoryTrie | undefined, covering: InventoryRow | null): boolean {
  const row = at?.row ?? covering;
  return row !== null && row.class !== "unknown" && (at === undefined || at.children.size === 0);
}

function visit(
  at: InventoryTrie | undefined,
  covering: InventoryRow | null,
  value: unknown,
  walk: Walk,
): void {
  const row = at?.row ?? covering;
  const leaf = at === undefined || at.children.size === 0;
  if (leaf || !(isPlainObject(value) || Array.isArray(value))) {
    if (row !== null && row.class !== "unknown") return;
    // A null under a row that says unknown (a model's `config.freshness`, `defer_relation`):
    // nothing to digest; a value it gets later adds the component, which is a change.
    if (value === null && row?.class === "unknown") return;
    add(walk, value);
    return;
  }
  if (Array.isArray(value)) {
    const element = at!.children.get("[]");
    if (settled(element, row)) return;
    for (let i = 0; i < value.length; i++) {
      walk.pattern.push("[]");
      walk.concrete.push(`[${i}]`);
      visit(element, row, value[i], walk);
      walk.pattern.pop();
      walk.concrete.pop();
    }
    return;
  }
  const any = at!.children.get("<key>");
  for (const key in value) {
    let child = at!.children.get(key);
    let step = key;
    if (child === undefined && any !== undefined) {
      child = any;
      step = "<key>";
    }
    if (settled(child, row)) continue;
    walk.pattern.push(`.${step}`);
    walk.concrete.push(`.${key}`);
    visit(child, row, value[key], walk);
    walk.pattern.pop();
    walk.concrete.pop();
  }
}

/** Merges residues into `into` (pattern → digests), for a node that reaches several entries. */
export function mergeResidue(into: Map<string, string[]>, residue: Residue, tag: string): void {
  if (residue === null) return;
  for (const pattern in residue) {
    let list = into.get(pattern);
    if (list === undefined) {
      list = [];
      into.set(pattern, list);
    }
    list.push(`${tag}\0${residue[pattern]}`);
  }
}
