/**
 * dbt's node selection (`--select` / `--exclude`), resolved as dbt-core
 * resolves it (core/dbt/graph/selector.py `NodeSelector`), then reduced to
 * what ODS plans: the selected models, seeds and snapshots (ephemeral models
 * may be selected but are never planned) and the selected sources (whose
 * source checks the plan then considers).
 *
 * - Each criterion: the members its method matches (selector-methods.ts),
 *   plus `@` (graph.py `select_childrens_parents`), `N+` (`select_parents`)
 *   and `+N` (`select_children`) over dbt's whole graph (selection-index.ts).
 * - `a,b`: intersection; `a b` (or repeated values): union; `--exclude`:
 *   the difference (cli.py `parse_difference`). Without `--select`, dbt's
 *   default `fqn:* source:* exposure:* metric:* semantic_model:*` is every
 *   member.
 * - A space-separated part that selects nothing is reported in `unmatched`
 *   (dbt warns "does not match any enabled nodes"; the plan warns too).
 *
 * Tests are selected as dbt's default `--indirect-selection eager` selects
 * them (the tests reading a selected member); ODS plans no tests, so this
 * only decides whether a part "matches nothing", as dbt's warning does.
 */
import type { ProjectGraph } from "../dbt/graph.js";
import { type SelectionIndex, selectionIndex, walk } from "./selection-index.js";
import { compileCriterion } from "./selector-methods.js";
import { parseSelection, type SelectionCriterion, type SelectionIntersection } from "./selector-spec.js";

export interface Selection {
  /** Selected planned nodes (models, seeds, snapshots; no ephemeral models). */
  nodes: Set<string>;
  /** Selected sources. */
  sources: Set<string>;
  /** The space-separated parts of `select` and `exclude` that match nothing, as written. */
  unmatched: string[];
}

/** Kept for callers that pre-split: dbt splits each value at spaces itself. */
export function splitSelectors(values: readonly string[]): string[] {
  return values.flatMap((value) => value.split(/\s+/)).filter((part) => part.length > 0);
}

export function selectNodes(
  graph: ProjectGraph,
  select: readonly string[],
  exclude: readonly string[] = [],
): Selection {
  const index = selectionIndex(graph);
  const { chosen, unmatched } = resolveSelection(graph, select, exclude);
  const nodes = new Set<string>();
  const sources = new Set<string>();
  for (let i = 0; i < chosen.length; i++) {
    if (!chosen[i]) continue;
    const member = index.members[i]!;
    if (graph.nodes.has(member.id)) nodes.add(member.id);
    else if (member.kind === "source" && graph.sources.has(member.id)) sources.add(member.id);
  }
  return { nodes, sources, unmatched };
}

/**
 * Every member dbt selects (tests by eager indirect selection included), by
 * unique id: what `dbt build --select … --exclude …` resolves to before it
 * keeps the resources it runs.
 */
export function selectedMembers(
  graph: ProjectGraph,
  select: readonly string[],
  exclude: readonly string[] = [],
): Set<string> {
  const index = selectionIndex(graph);
  const { chosen } = resolveSelection(graph, select, exclude);
  const out = new Set<string>();
  for (let i = 0; i < chosen.length; i++) if (chosen[i]) out.add(index.members[i]!.id);
  return out;
}

function resolveSelection(
  graph: ProjectGraph,
  select: readonly string[],
  exclude: readonly string[],
): { chosen: Uint8Array; unmatched: string[] } {
  const included = parseSelection(select, "select");
  const excluded = parseSelection(exclude, "exclude");
  const index = selectionIndex(graph);
  const n = index.members.length;
  const unmatched: string[] = [];
  // Sets of members as masks (1: in the set), for one-pass unions, intersections and differences.
  const chosen = new Uint8Array(n);
  if (included.length === 0) chosen.fill(1);
  for (const part of included) {
    const found = resolveIntersection(index, part, "select");
    if (found === null) unmatched.push(part.raw);
    else for (let i = 0; i < n; i++) chosen[i]! |= found[i]!;
  }
  for (const part of excluded) {
    const found = resolveIntersection(index, part, "exclude");
    if (found === null) unmatched.push(part.raw);
    else for (let i = 0; i < n; i++) if (found[i]) chosen[i] = 0;
  }
  return { chosen, unmatched };
}

/** The members an intersection selects, or null when it selects none. */
function resolveIntersection(
  index: SelectionIndex,
  part: SelectionIntersection,
  input: string,
): Uint8Array | null {
  let result: Uint8Array | null = null;
  for (const criterion of part.criteria) {
    const found = resolveCriterion(index, criterion, part.raw, input);
    if (result === null) result = found;
    else for (let i = 0; i < result.length; i++) result[i]! &= found[i]!;
  }
  return result?.includes(1) ? result : null;
}

/** selector.py `get_nodes_from_criteria` and `collect_specified_neighbors`. */
function resolveCriterion(
  index: SelectionIndex,
  c: SelectionCriterion,
  whole: string,
  input: string,
): Uint8Array {
  const test = compileCriterion(index, c, whole, input);
  const members = index.members;
  const selected = new Uint8Array(members.length);
  const collected: number[] = [];
  for (let i = 0; i < members.length; i++) {
    if (test(members[i]!)) {
      collected.push(i);
      selected[i] = 1;
    }
  }
  if (c.childrensParents) {
    const down = [...collected, ...walk(index.children, collected, null)];
    for (const i of down) selected[i] = 1;
    for (const i of walk(index.parents, down, null)) selected[i] = 1;
  }
  if (c.parents) for (const i of walk(index.parents, collected, c.parentsDepth)) selected[i] = 1;
  if (c.children) for (const i of walk(index.children, collected, c.childrenDepth)) selected[i] = 1;
  // selector.py `expand_selection` (eager, dbt's default): the tests and unit
  // tests reading a selected member are selected too. Only tests are added, so
  // nothing ODS plans changes; it keeps `a,b` and "matches nothing" as dbt's.
  const n = members.length;
  for (let i = 0; i < n; i++) {
    if (selected[i] !== 1) continue;
    for (const child of index.children[i]!) {
      const type = members[child]!.resourceType;
      if (type === "test" || type === "unit_test") selected[child] = 2;
    }
  }
  for (let i = 0; i < n; i++) if (selected[i] === 2) selected[i] = 1;
  return selected;
}
