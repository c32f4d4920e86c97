/**
 * The plan's `select` (and `exclude`) at any scale (issue 20): a dbt
 * selection that, resolved as dbt resolves it, runs exactly the target
 * (selection-members.ts: the BUILD set, the tests dbt attaches to it by
 * indirect selection, the checks REUSE nodes run, the tests of the sources
 * whose checks run), within bounds on terms and characters; a superset, said
 * so, when no exact one fits. Pure.
 *
 * Forms, the shortest exact one that fits wins:
 * - everything: the target is everything `dbt build` runs: `fqn:*`;
 * - union: `x+` for each node whose whole downstream is in the target (the
 *   highest such), then each remaining node, source and check by itself;
 * - complement: `fqn:*` and `--exclude` of the rest, when no test the target
 *   runs hangs off an excluded node (dbt's `--exclude` takes a node's tests
 *   with it, eagerly, as `--select` does).
 * If none fits: the union coarsened folder by folder (`fqn:pkg.folder+`,
 * deepest and cheapest first), then `fqn:*`; what that adds is resolved and
 * listed, never guessed.
 */
import type { ProjectGraph } from "../../dbt/graph.js";
import { shellQuote } from "../build-command.js";
import {
  isTest,
  runs,
  type SelectionMembers,
  type SelectionTarget,
  selectionMembers,
} from "./selection-members.js";
import { type Term, termText } from "./term.js";
import { flat, literalPart, TermNamer } from "./term-names.js";
import { resolveTerms } from "./term-resolver.js";

export type { SelectionTarget } from "./selection-members.js";

export interface SelectionBounds {
  maxTerms: number;
  maxChars: number;
}

/** Issue 20's bounds for the `select` output (with `exclude`). */
export const SELECT_BOUNDS: SelectionBounds = { maxTerms: 500, maxChars: 100_000 };

/** A command a pull-request comment can always show (its limit is 65,536 characters). */
export const COMMENT_COMMAND_BOUNDS: SelectionBounds = { maxTerms: 60, maxChars: 6_000 };

/** Below this many union terms the complement (`fqn:*` and at least one exclusion) is not tried. */
const COMPLEMENT_FROM = 8;

export type SelectionForm = "none" | "everything" | "union" | "complement" | "superset";

export interface CompactSelection {
  /** Shell-quoted terms joined by spaces; "" when nothing runs. */
  select: string;
  /** Shell-quoted `--exclude` terms; "" when none. */
  exclude: string;
  terms: number;
  exact: boolean;
  /** What the selection runs beyond the target (superset only), sorted unique ids. */
  extra: string[];
  form: SelectionForm;
}

/** The members with what the union found: which are closed (their whole downstream is in the target). */
type Members = SelectionMembers & { closed?: Uint8Array };

interface Candidate {
  form: SelectionForm;
  select: Term[];
  exclude: Term[];
}

/** A union term and what it stands for, for coarsening. */
interface Part {
  term: Term;
  /** The flattened fqn the term is anchored at (a node, a test, or a merged folder); null: a source. */
  anchor: string[] | null;
  group: "node" | "test" | "unit_test" | "source";
  sourceName?: string;
}

export function compactSelection(
  graph: ProjectGraph,
  target: SelectionTarget,
  bounds: SelectionBounds = SELECT_BOUNDS,
): CompactSelection {
  return prepareSelection(graph, target)(bounds);
}

/**
 * One analysis of the target (members, names, union, complement), then the
 * selection for any bounds: the `select` output's, and the comment's when
 * the command is too long for it.
 */
export function prepareSelection(
  graph: ProjectGraph,
  target: SelectionTarget,
): (bounds: SelectionBounds) => CompactSelection {
  const ms = selectionMembers(graph, target);
  const { executable, intended } = ms;
  const n = executable.length;
  let wanted = 0;
  let everything = true;
  for (let i = 0; i < n; i++) {
    if (!executable[i]) continue;
    if (intended[i]) wanted++;
    else everything = false;
  }
  if (wanted === 0 && target.sources.length === 0) {
    const none = finish(ms, { form: "none", select: [], exclude: [] });
    return () => none;
  }
  if (everything) {
    const all = finish(ms, { form: "everything", select: [{ kind: "all" }], exclude: [] });
    return () => all;
  }

  const namer = new TermNamer(ms.index);
  const union = unionParts(ms, namer, target);
  const unionCandidate: Candidate = { form: "union", select: union.map((p) => p.term), exclude: [] };
  const exactOnes = [unionCandidate];
  // The complement can only be shorter when the union has more than a handful of terms.
  const complement = union.length > COMPLEMENT_FROM ? complementCandidate(ms, namer) : null;
  if (complement) exactOnes.push(complement);
  const byLength = exactOnes.sort((a, b) => charCount(a) - charCount(b));
  const finished = new Map<Candidate, CompactSelection>();
  return (bounds) => {
    const fits = (c: Candidate): boolean =>
      termCount(c) <= bounds.maxTerms && charCount(c) <= bounds.maxChars;
    const shortest = byLength.find(fits);
    if (shortest) {
      let chosen = finished.get(shortest);
      if (!chosen) {
        chosen = finish(ms, shortest);
        finished.set(shortest, chosen);
      }
      if (chosen.exact) return chosen;
    }
    return finish(ms, coarsen(ms, union, bounds));
  };
}

/* ------------------------------------------------------------------ union */

function unionParts(ms: Members, namer: TermNamer, target: SelectionTarget): Part[] {
  const { index, executable, intended } = ms;
  const { members, children } = index;
  const n = members.length;
  const { covered, closed, roots } = closedRoots(ms, (i) => executable[i] === 1 && intended[i] === 1);
  ms.closed = closed;
  // Each BUILD node not under a root, by itself (it and its tests).
  const singles: { member: number; children: boolean }[] = [];
  for (const id of target.build) {
    const i = index.byId.get(id);
    if (i === undefined || covered[i]) continue;
    singles.push({ member: i, children: false });
    covered[i] = 1;
  }
  for (let i = 0; i < n; i++) {
    if (!covered[i] || isTest(members[i]!.resourceType)) continue;
    for (const c of children[i]!) if (isTest(members[c]!.resourceType)) covered[c] = 1;
  }
  const parts: Part[] = [];
  const nodeItems = [...roots, ...singles];
  namer.name(nodeItems).forEach((term, k) => {
    parts.push({ term, anchor: flat(members[nodeItems[k]!.member]!.fqn), group: "node" });
  });
  // Sources whose checks run, when one of their tests is not yet covered.
  for (const id of target.sources) {
    const i = index.byId.get(id);
    if (i === undefined) continue;
    const tests = children[i]!.filter((c) => isTest(members[c]!.resourceType));
    if (tests.length > 0 && tests.every((c) => covered[c])) continue;
    for (const c of tests) covered[c] = 1;
    const m = members[i]!;
    parts.push({
      term: { kind: "source", value: `${literalPart(m.sourceName ?? "")}.${literalPart(m.name)}` },
      anchor: null,
      group: "source",
      sourceName: m.sourceName ?? m.name,
    });
  }
  // Checks of reused nodes not selected with a node above.
  const checks: { member: number; children: boolean }[] = [];
  for (let i = 0; i < n; i++) {
    if (intended[i] && executable[i] && !covered[i] && isTest(members[i]!.resourceType)) {
      checks.push({ member: i, children: false });
      covered[i] = 1;
    }
  }
  namer.name(checks).forEach((term, k) => {
    const m = members[checks[k]!.member]!;
    parts.push({ term, anchor: flat(m.fqn), group: m.resourceType === "unit_test" ? "unit_test" : "test" });
  });
  return parts;
}

/**
 * The highest nodes whose whole downstream (tests included) is `wanted` or
 * runs nothing, and reaches something wanted: each one `x+` term. Returns
 * them in topological order and what they cover.
 */
function closedRoots(
  ms: SelectionMembers,
  wanted: (i: number) => boolean,
): { covered: Uint8Array; closed: Uint8Array; roots: { member: number; children: boolean }[] } {
  const { index, executable, order } = ms;
  const { members, parents, children } = index;
  const n = members.length;
  const closed = new Uint8Array(n);
  const reaches = new Uint8Array(n);
  for (let k = n - 1; k >= 0; k--) {
    const i = order[k]!;
    let c = !executable[i] || wanted(i) ? 1 : 0;
    let r = wanted(i) ? 1 : 0;
    for (const child of children[i]!) {
      if (!closed[child]) c = 0;
      if (reaches[child]) r = 1;
    }
    closed[i] = c;
    reaches[i] = r;
  }
  const anchor = (i: number): boolean => members[i]!.kind === "node" && !isTest(members[i]!.resourceType);
  const covered = new Uint8Array(n);
  const roots: { member: number; children: boolean }[] = [];
  for (let k = 0; k < n; k++) {
    const i = order[k]!;
    if (!anchor(i) || !closed[i] || !reaches[i] || covered[i]) continue;
    if (parents[i]!.some((p) => anchor(p) && closed[p] && reaches[p])) continue;
    // A root only when it adds something wanted that no earlier root covers
    // (an ephemeral model's readers may already be under another root).
    const reached = [i];
    const seen = new Set([i]);
    let adds = wanted(i);
    for (let at = 0; at < reached.length; at++) {
      for (const c of children[reached[at]!]!) {
        if (covered[c] || seen.has(c)) continue;
        seen.add(c);
        reached.push(c);
        if (wanted(c)) adds = true;
      }
    }
    if (!adds) continue;
    roots.push({ member: i, children: children[i]!.some((c) => reaches[c]) });
    for (const j of reached) covered[j] = 1;
  }
  return { covered, closed, roots };
}

/* ------------------------------------------------------------- complement */

/**
 * `fqn:*` minus the rest: exact only when every member to leave out can be
 * excluded without taking a test the target runs with it.
 */
function complementCandidate(ms: SelectionMembers, namer: TermNamer): Candidate | null {
  const { index, executable, intended } = ms;
  const { members, children } = index;
  const n = members.length;
  const out = (i: number): boolean => executable[i] === 1 && intended[i] !== 1;
  const { covered, roots: items } = closedRoots(ms, out);
  for (let i = 0; i < n; i++) {
    if (!out(i) || covered[i] || isTest(members[i]!.resourceType)) continue;
    // Excluding it takes its tests: only when none of them is to run.
    if (children[i]!.some((c) => isTest(members[c]!.resourceType) && intended[c])) return null;
    items.push({ member: i, children: false });
    covered[i] = 1;
    for (const c of children[i]!) if (isTest(members[c]!.resourceType)) covered[c] = 1;
  }
  for (let i = 0; i < n; i++) {
    if (out(i) && !covered[i]) items.push({ member: i, children: false });
  }
  return { form: "complement", select: [{ kind: "all" }], exclude: namer.name(items) };
}

/* ---------------------------------------------------------------- superset */

/**
 * Merge union terms into folder terms until the bounds hold: at each fqn
 * depth from the deepest, the folders that would add the fewest members
 * beyond the target first; node terms become `fqn:folder` (`+` when a merged
 * term had it), checks `fqn:folder,resource_type:test`; sources their whole
 * source, then every source; at last `fqn:*`.
 */
function coarsen(ms: Members, union: Part[], bounds: SelectionBounds): Candidate {
  let parts = union;
  const fits = (ps: Part[]): boolean =>
    ps.length <= bounds.maxTerms &&
    ps.reduce((sum, p) => sum + shellQuote(termText(p.term)).length + 1, 0) - 1 <= bounds.maxChars;
  const asCandidate = (ps: Part[]): Candidate => ({
    form: "union", // finish() says superset when the merges add anything
    select: ps.map((p) => p.term),
    exclude: [],
  });
  if (fits(parts)) return asCandidate(parts);
  const maxDepth = Math.max(0, ...parts.map((p) => p.anchor?.length ?? 0));
  // First the folders that add nothing (the selection stays exact), then the cheapest.
  for (const maxCost of [0, Number.POSITIVE_INFINITY]) {
    for (let depth = maxDepth - 1; depth >= 1; depth--) {
      parts = mergeAtDepth(ms, parts, depth, bounds, maxCost);
      if (fits(parts)) return asCandidate(parts);
    }
  }
  // Sources: by source, then all.
  const bySource = new Map<string, Part>();
  const rest: Part[] = [];
  for (const p of parts) {
    if (p.group !== "source") rest.push(p);
    else
      bySource.set(p.sourceName!, {
        term: { kind: "source", value: literalPart(p.sourceName!) },
        anchor: null,
        group: "source",
        sourceName: p.sourceName!,
      });
  }
  parts = [...rest, ...bySource.values()];
  if (fits(parts)) return asCandidate(parts);
  if (bySource.size > 0) {
    parts = [
      ...rest,
      { term: { kind: "source", value: "*" }, anchor: null, group: "source", sourceName: "*" },
    ];
    if (fits(parts)) return asCandidate(parts);
  }
  return { form: "superset", select: [{ kind: "all" }], exclude: [] };
}

function mergeAtDepth(
  ms: Members,
  parts: Part[],
  depth: number,
  bounds: SelectionBounds,
  maxCost: number,
): Part[] {
  const groups = new Map<string, Part[]>();
  const keep: Part[] = [];
  for (const p of parts) {
    if (p.anchor === null || p.anchor.length <= depth || p.group === "source") {
      keep.push(p);
      continue;
    }
    const key = `${p.group}\u0000${p.anchor.slice(0, depth).join(".")}`;
    const list = groups.get(key);
    if (list) list.push(p);
    else groups.set(key, [p]);
  }
  // Cost of a folder: what merging its terms adds: `fqn:folder` the executable
  // members in it the target does not run, `fqn:folder+` also what lies
  // downstream of them (members that are not closed). An estimate; the
  // merged selection is resolved again at the end.
  const { index, executable, intended, closed } = ms;
  const open = new Map<string, number>();
  const outside = new Map<string, number>();
  for (const key of groups.keys()) {
    const folder = key.slice(key.indexOf("\u0000") + 1);
    open.set(folder, 0);
    outside.set(folder, 0);
  }
  for (let i = 0; i < index.members.length; i++) {
    const notClosed = closed !== undefined && !closed[i];
    const notRun = executable[i] === 1 && !intended[i];
    if (!notClosed && !notRun) continue;
    const f = flat(index.members[i]!.fqn);
    if (f.length <= depth) continue;
    const folder = f.slice(0, depth).join(".");
    if (notClosed && open.has(folder)) open.set(folder, open.get(folder)! + 1);
    if (notRun && outside.has(folder)) outside.set(folder, outside.get(folder)! + 1);
  }
  const plus = (ps: Part[]): boolean =>
    ps.some((p) => p.term.kind !== "source" && p.term.kind !== "all" && p.term.children);
  const costOf = (key: string, ps: Part[]): number => {
    const folder = key.slice(key.indexOf("\u0000") + 1);
    return key.startsWith("node") && plus(ps) ? open.get(folder)! : outside.get(folder)!;
  };
  const ordered = [...groups.entries()]
    .map(([key, ps]) => ({ key, ps, cost: costOf(key, ps) }))
    .sort((a, b) => a.cost - b.cost || b.ps.length - a.ps.length || (a.key < b.key ? -1 : 1));
  let terms = keep.length + ordered.reduce((sum, g) => sum + g.ps.length, 0);
  let chars = parts.reduce((sum, p) => sum + shellQuote(termText(p.term)).length + 1, 0);
  const merged: Part[] = [...keep];
  for (const { key, ps, cost } of ordered) {
    if (ps.length < 2 || cost > maxCost || (terms <= bounds.maxTerms && chars <= bounds.maxChars)) {
      merged.push(...ps);
      continue;
    }
    const group = key.slice(0, key.indexOf("\u0000")) as Part["group"];
    const folder = ps[0]!.anchor!.slice(0, depth);
    const value = folder.map(literalPart).join(".");
    const term: Term =
      group === "node"
        ? { kind: "fqn", value, bare: false, children: plus(ps) }
        : { kind: "fqn", value, bare: false, children: false, only: group as "test" | "unit_test" };
    merged.push({ term, anchor: folder, group });
    terms -= ps.length - 1;
    chars -= ps.reduce((sum, p) => sum + shellQuote(termText(p.term)).length + 1, 0);
    chars += shellQuote(termText(term)).length + 1;
  }
  return merged;
}

/* ------------------------------------------------------------------ finish */

function termCount(c: Candidate): number {
  return c.select.length + c.exclude.length;
}

function words(terms: readonly Term[]): string {
  return terms.map((t) => shellQuote(termText(t))).join(" ");
}

function charCount(c: Candidate): number {
  return words(c.select).length + words(c.exclude).length;
}

/**
 * Resolve the candidate as dbt would and compare it with the target: what it
 * adds is listed (and makes it a superset); should it ever miss a member, the
 * whole project is selected instead — more, never fewer.
 */
function finish(ms: SelectionMembers, c: Candidate, form: SelectionForm = c.form): CompactSelection {
  const { index, executable, intended } = ms;
  if (c.select.length === 0)
    return { select: "", exclude: "", terms: 0, exact: true, extra: [], form: "none" };
  const chosen = resolveTerms(index, c.select);
  if (c.exclude.length > 0) {
    const left = resolveTerms(index, c.exclude);
    for (let i = 0; i < chosen.length; i++) if (left[i]) chosen[i] = 0;
  }
  const ran = runs(ms, chosen);
  const extra: string[] = [];
  let missing = false;
  for (let i = 0; i < ran.length; i++) {
    if (ran[i] && !intended[i]) extra.push(index.members[i]!.id);
    else if (!ran[i] && intended[i] && executable[i]) missing = true;
  }
  // Never fewer: the whole project instead (which selects everything dbt
  // can select; what even it misses, no selection can run).
  const whole = c.select.length === 1 && c.select[0]!.kind === "all" && c.exclude.length === 0;
  if (missing && !whole)
    return finish(ms, { form: "superset", select: [{ kind: "all" }], exclude: [] }, "superset");
  extra.sort();
  return {
    select: words(c.select),
    exclude: words(c.exclude),
    terms: termCount(c),
    exact: extra.length === 0,
    extra,
    form: extra.length === 0 ? form : "superset",
  };
}
