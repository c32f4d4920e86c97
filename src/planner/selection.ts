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
 * Tests are selected by dbt too (and indirectly, by `--indirect-selection`),
 * but ODS plans no tests, so that expansion is not needed.
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
  const included = parseSelection(select, "select");
  const excluded = parseSelection(exclude, "exclude");
  const index = selectionIndex(graph);
  const unmatched: string[] = [];
  let chosen: Set<number>;
  if (included.length === 0) {
    chosen = new Set(index.members.keys());
  } else {
    chosen = new Set<number>();
    for (const part of included) {
      const found = resolveIntersection(index, part, "select");
      if (found.size === 0) unmatched.push(part.raw);
      for (const id of found) chosen.add(id);
    }
  }
  for (const part of excluded) {
    const found = resolveIntersection(index, part, "exclude");
    if (found.size === 0) unmatched.push(part.raw);
    for (const id of found) chosen.delete(id);
  }
  const nodes = new Set<string>();
  const sources = new Set<string>();
  for (const i of chosen) {
    const member = index.members[i]!;
    if (graph.nodes.has(member.id)) nodes.add(member.id);
    else if (member.kind === "source" && graph.sources.has(member.id)) sources.add(member.id);
  }
  return { nodes, sources, unmatched };
}

function resolveIntersection(index: SelectionIndex, part: SelectionIntersection, input: string): Set<number> {
  let result: Set<number> | null = null;
  for (const criterion of part.criteria) {
    const found = resolveCriterion(index, criterion, part.raw, input);
    if (result === null) result = found;
    else {
      const next = new Set<number>();
      for (const id of found) if (result.has(id)) next.add(id);
      result = next;
    }
  }
  return result ?? new Set();
}

/** selector.py `get_nodes_from_criteria` and `collect_specified_neighbors`. */
function resolveCriterion(
  index: SelectionIndex,
  c: SelectionCriterion,
  whole: string,
  input: string,
): Set<number> {
  const test = compileCriterion(index, c, whole, input);
  const collected = new Set<number>();
  index.members.forEach((member, i) => {
    if (test(member)) collected.add(i);
  });
  const selected = new Set(collected);
  if (c.childrensParents) {
    const down = walk(index.children, collected, null);
    for (const i of collected) down.add(i);
    for (const i of down) selected.add(i);
    for (const i of walk(index.parents, down, null)) selected.add(i);
  }
  if (c.parents) for (const i of walk(index.parents, collected, c.parentsDepth)) selected.add(i);
  if (c.children) for (const i of walk(index.children, collected, c.childrenDepth)) selected.add(i);
  return selected;
}
