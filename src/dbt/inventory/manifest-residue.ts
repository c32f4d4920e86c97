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
  const out: Collected = new Map();
  visit(start.at, start.covering, value, prefix, `${prefix}`, out);
  if (out.size === 0) return null;
  const residue: Record<string, string> = {};
  for (const [pattern, digests] of out)
    residue[pattern] = digests.length === 1 ? digests[0]! : sha256(digests.join("\n"));
  return residue;
}

function add(out: Collected, pattern: string, concrete: string, value: unknown): void {
  let list = out.get(pattern);
  if (list === undefined) {
    list = [];
    out.set(pattern, list);
  }
  list.push(sha256(`${concrete}\0${canonicalJson(value === undefined ? null : value)}`));
}

function visit(
  at: InventoryTrie | undefined,
  covering: InventoryRow | null,
  value: unknown,
  pattern: string,
  concrete: string,
  out: Collected,
): void {
  const row = at?.row ?? covering;
  const leaf = at === undefined || at.children.size === 0;
  if (leaf || !(isPlainObject(value) || Array.isArray(value))) {
    if (row !== null && row.class !== "unknown") return;
    // A null under a row that says unknown (a model's `config.freshness`, `defer_relation`):
    // nothing to digest; a value it gets later adds the component, which is a change.
    if (value === null && row?.class === "unknown") return;
    add(out, pattern, concrete, value);
    return;
  }
  if (Array.isArray(value)) {
    const element = at!.children.get("[]");
    for (let i = 0; i < value.length; i++)
      visit(element, row, value[i], `${pattern}[]`, `${concrete}[${i}]`, out);
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
    visit(child, row, value[key], `${pattern}.${step}`, `${concrete}.${key}`, out);
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
