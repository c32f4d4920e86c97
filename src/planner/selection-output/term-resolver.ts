/**
 * The members a list of compact-selection terms selects, as dbt selects them
 * (selector.py `get_nodes_from_criteria`: the method's matches, `+` over the
 * graph, then eager indirect selection of tests; an intersection's parts
 * each expanded, then intersected; `--exclude` the same, subtracted). The
 * general resolver (selection.ts) tests every member against every term,
 * which at 500 terms and 100,000 members is too slow for the main step; the
 * `fqn` terms here are matched in one pass over the members with lookups
 * keyed as `is_selected_node` compares (selector_methods.py): the leaf name,
 * for versioned models the name and `name_version`, and the fqn flattened at
 * dots as a prefix, with and without its package. `path:` and `source:`
 * terms (few) go through the general method tests. Pure.
 */
import type { SelectionIndex } from "../selection-index.js";
import { compileCriterion } from "../selector-methods.js";
import { parseSelection } from "../selector-spec.js";
import { isTest } from "./selection-members.js";
import { type Term, termText } from "./term.js";

/** Per term, the members its method matches (before `+` and indirect selection). */
export function matchTerms(index: SelectionIndex, terms: readonly Term[]): number[][] {
  const { members } = index;
  const n = members.length;
  const matched: number[][] = terms.map(() => []);
  matchFqnTerms(index, terms, matched);
  terms.forEach((term, t) => {
    if (term.kind === "all") {
      for (let i = 0; i < n; i++)
        if (members[i]!.kind !== "source" && members[i]!.fqn.length > 0) matched[t]!.push(i);
    } else if (term.kind === "path" || term.kind === "source" || isPattern(term)) {
      const text = term.kind === "fqn" ? `fqn:${term.value}` : termText(term);
      const criterion = parseSelection([text.endsWith("+") ? text.slice(0, -1) : text], "select")[0]!
        .criteria[0]!;
      const test = compileCriterion(index, criterion, text, "select");
      for (let i = 0; i < n; i++) if (test(members[i]!)) matched[t]!.push(i);
    }
  });
  return matched;
}

/** The members the union of `terms` selects (1 in the mask). */
export function resolveTerms(index: SelectionIndex, terms: readonly Term[]): Uint8Array {
  const { members, children } = index;
  const n = members.length;
  const selected = new Uint8Array(n);
  if (terms.length === 0) return selected;
  const matched = matchTerms(index, terms);
  // `+`: one walk from every term's matches that asks for it.
  const seeds: number[] = [];
  terms.forEach((term, t) => {
    if ((term.kind === "fqn" || term.kind === "path") && term.children && !("only" in term && term.only))
      seeds.push(...matched[t]!);
  });
  const down = new Uint8Array(n);
  for (const i of downstreamOf(index, seeds)) down[i] = 1;
  const direct = down;
  terms.forEach((term, t) => {
    if (term.kind === "fqn" && term.only) {
      // `x,resource_type:test`: x's matches with their tests, intersected with every test.
      for (const i of term.children ? downstreamOf(index, matched[t]!) : matched[t]!) {
        if (members[i]!.resourceType === term.only) selected[i] = 1;
        for (const c of children[i]!) if (members[c]!.resourceType === term.only) selected[c] = 1;
      }
    } else {
      for (const i of matched[t]!) direct[i] = 1;
    }
  });
  for (let i = 0; i < n; i++) {
    if (!direct[i]) continue;
    selected[i] = 1;
    for (const c of children[i]!) if (isTest(members[c]!.resourceType)) selected[c] = 1;
  }
  return selected;
}

/** The members given and everything downstream of them in dbt's graph (graph.py `select_children`, with themselves). */
export function downstreamOf(index: SelectionIndex, from: readonly number[]): number[] {
  const seen = new Set(from);
  const stack = [...from];
  while (stack.length > 0) {
    const i = stack.pop()!;
    for (const c of index.children[i]!) {
      if (seen.has(c)) continue;
      seen.add(c);
      stack.push(c);
    }
  }
  return [...seen];
}

/**
 * `is_selected_node` for every wildcard-free fqn term in one pass: a member
 * matches value v when v is its leaf name (not versioned), or (versioned)
 * its name or `name_version` equals v's last two parts joined by `_`, or
 * v's dot-separated parts are a prefix of its fqn flattened at dots, taken
 * whole or without its first part (QualifiedNameSelectorMethod tries both).
 */
function matchFqnTerms(index: SelectionIndex, terms: readonly Term[], matched: number[][]): void {
  const byValue = new Map<string, number[]>();
  const byLastTwo = new Map<string, number[]>();
  const prefixes = new Set<string>();
  let maxParts = 0;
  terms.forEach((term, t) => {
    if (term.kind !== "fqn" || isPattern(term)) return;
    push(byValue, term.value, t);
    const parts = term.value.split(".");
    push(byLastTwo, parts.slice(-2).join("_"), t);
    maxParts = Math.max(maxParts, parts.length);
    for (let k = 1; k <= parts.length; k++) prefixes.add(parts.slice(0, k).join("."));
  });
  if (byValue.size === 0) return;
  const partsOf = terms.map((term) => (term.kind === "fqn" ? term.value.split(".").length : 0));
  const hits = new Set<number>();
  const add = (list: number[] | undefined, parts?: number): void => {
    if (!list) return;
    // A prefix hit counts only for a term of exactly that many parts (the key is the whole value).
    for (const t of list) if (parts === undefined || partsOf[t] === parts) hits.add(t);
  };
  const { members } = index;
  for (let i = 0; i < members.length; i++) {
    const m = members[i]!;
    const fqn = m.fqn;
    if (m.kind === "source" || fqn.length === 0) continue;
    hits.clear();
    const last = fqn.length - 1;
    const dotted = fqn.some((part) => part.includes("."));
    for (let start = 0; start <= Math.min(1, last); start++) {
      if (m.versioned && last > start) {
        add(byValue.get(fqn[last - 1]!));
        add(byLastTwo.get(`${fqn[last - 1]}_${fqn[last]}`));
      } else {
        add(byValue.get(fqn[last]!));
      }
      // Dots in fqn segments are separators too (flat_fqn).
      const parts = dotted ? fqn.slice(start).flatMap((part) => part.split(".")) : fqn;
      let key = "";
      for (let k = dotted ? 0 : start; k < parts.length; k++) {
        const count = dotted ? k + 1 : k - start + 1;
        key = count === 1 ? parts[k]! : `${key}.${parts[k]}`;
        if (count > maxParts || !prefixes.has(key)) break;
        add(byValue.get(key), count);
      }
    }
    for (const t of hits) matched[t]!.push(i);
  }
}

/** An fqn term with fnmatch characters (a hostile name made literal): matched by the general method. */
function isPattern(term: Term): boolean {
  return term.kind === "fqn" && /[*?[\]]/.test(term.value);
}

function push(map: Map<string, number[]>, key: string, t: number): void {
  const list = map.get(key);
  if (list) list.push(t);
  else map.set(key, [t]);
}
