/**
 * The impacted subgraph the lineage picture draws from: the BUILD nodes, the
 * nodes changed by this pull request, and their descendants in the plan (in
 * plan order); and one ring of parents around them (reused nodes, sources,
 * nodes outside the plan). Each node keeps its class as drawn (after the run,
 * failed or skipped) and the class of what the pull request did to it, which
 * decides what the picture shows first. Pure.
 */
import type { Plan } from "../../state/plan.js";
import type { RunOutcome } from "../comment-context.js";
import { type FullLineage, fullLineage, type LineageNode } from "./full-lineage.js";
import type { LineageClass } from "./lineage-classes.js";
import type { LineageEntry } from "./mermaid-picture.js";

export interface ImpactedSubgraph {
  project: string;
  byId: ReadonlyMap<string, LineageEntry>;
  node: (id: string) => LineageNode;
  /** The BUILD and changed nodes and their descendants, in plan order. */
  inner: readonly string[];
  impacted: ReadonlySet<string>;
  /** Parents of the impacted nodes outside it, sorted. */
  ring: readonly string[];
  /** The ring, then the inner nodes. */
  all: readonly string[];
  /** A node's parents in the subgraph (impacted or ring). */
  parents: (id: string) => readonly string[];
  /** A node's children among the impacted nodes. */
  children: (id: string) => readonly string[];
  /** What the pull request did to the node (its class before the run's outcome). */
  changeClass: (id: string) => LineageClass;
}

/** The subgraph, or undefined when there is nothing to draw (no entry carries its parents, or nothing built or changed). */
export function impactedSubgraph(plan: Plan, outcome: RunOutcome | undefined): ImpactedSubgraph | undefined {
  const entries = plan.entries as LineageEntry[];
  if (!entries.some((e) => e.parents !== undefined)) return undefined;
  const graph: FullLineage = fullLineage(plan, outcome);
  const byId = new Map(entries.map((e) => [e.unique_id, e]));
  const nodes = new Map(graph.nodes.map((n) => [n.id, n]));
  const changeClass = (id: string): LineageClass => {
    const n = nodes.get(id)!;
    return n.change ?? n.cls;
  };
  const childrenOf = new Map<string, string[]>();
  const parentsOf = new Map<string, string[]>();
  for (const [p, c] of graph.edges) {
    push(childrenOf, p, c);
    push(parentsOf, c, p);
  }
  const impacted = new Set<string>();
  const stack = entries
    .filter((e) => e.action === "BUILD" || changeClass(e.unique_id) === "changed")
    .map((e) => e.unique_id);
  while (stack.length) {
    const id = stack.pop()!;
    if (impacted.has(id)) continue;
    impacted.add(id);
    for (const c of childrenOf.get(id) ?? []) if (byId.has(c) && !impacted.has(c)) stack.push(c);
  }
  if (impacted.size === 0) return undefined;
  const inner = entries.filter((e) => impacted.has(e.unique_id)).map((e) => e.unique_id);
  const ring = [
    ...new Set(inner.flatMap((id) => (parentsOf.get(id) ?? []).filter((p) => !impacted.has(p)))),
  ].sort();
  const inPicture = new Set([...ring, ...inner]);
  return {
    project: plan.project,
    byId,
    node: (id) => nodes.get(id)!,
    inner,
    impacted,
    ring,
    all: [...ring, ...inner],
    parents: remembered((id) => (parentsOf.get(id) ?? []).filter((p) => inPicture.has(p))),
    children: remembered((id) => (childrenOf.get(id) ?? []).filter((c) => impacted.has(c))),
    changeClass,
  };
}

/** The function, computed once per id. */
function remembered(compute: (id: string) => string[]): (id: string) => readonly string[] {
  const known = new Map<string, string[]>();
  return (id) => {
    let value = known.get(id);
    if (value === undefined) {
      value = compute(id);
      known.set(id, value);
    }
    return value;
  };
}

function push(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
