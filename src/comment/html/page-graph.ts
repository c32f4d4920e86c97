/**
 * The graph the HTML page shows: every planned node (in plan order) and the
 * parents outside the plan (sources, nodes not selected), each with its
 * class in the plan (lineage/full-lineage.ts, change-groups.ts's
 * changeClassesOf: the comment's and the picture's classes), and the part of it that is drawn: the whole
 * graph up to FULL_GRAPH_LIMIT nodes; past it, the impacted subgraph (the
 * nodes built or whose tests run, their descendants, and one ring of their
 * parents), itself cut at DRAWN_LIMIT (changed nodes first), and the page
 * says so. Pure.
 */
import type { Plan, PlanEntry } from "../../state/plan.js";
import type { ChangeClass } from "../change-groups.js";
import { fullLineage } from "../lineage/full-lineage.js";

/** How a node is drawn: its change class, or `outside` the plan (a source, a node not selected). */
export type PageNodeClass = ChangeClass | "outside";

export interface PageNode {
  id: string;
  label: string;
  cls: PageNodeClass;
  source: boolean;
  entry: PlanEntry | undefined;
}

export interface PageGraph {
  /** The planned nodes in plan order, then the parents outside the plan, sorted. */
  nodes: PageNode[];
  /** parent → child, by index into `nodes`. */
  edges: Array<[number, number]>;
}

/** What the lineage draws: indices into the graph's nodes, and why not all of them. */
export interface DrawnPart {
  nodes: number[];
  cut: "none" | "impacted" | "impacted_capped";
}

/** Drawn whole up to this many nodes. */
export const FULL_GRAPH_LIMIT = 2_000;
/** At most this many boxes, whatever the graph. */
export const DRAWN_LIMIT = 4_000;

/** The page's graph, read off the lineage's whole graph (lineage/full-lineage.ts): the same nodes, order and classes. */
export function pageGraph(plan: Plan): PageGraph {
  const lineage = fullLineage(plan);
  const entries = new Map(plan.entries.map((e) => [e.unique_id, e]));
  const index = new Map<string, number>();
  const nodes: PageNode[] = lineage.nodes.map((node, i) => {
    index.set(node.id, i);
    return {
      id: node.id,
      label: node.label,
      cls: node.change ?? "outside",
      source: node.cls === "source",
      entry: entries.get(node.id),
    };
  });
  const seen = new Set<string>();
  const edges: Array<[number, number]> = [];
  for (const [parent, child] of lineage.edges) {
    const key = `${parent}\n${child}`;
    if (seen.has(key)) continue;
    seen.add(key);
    edges.push([index.get(parent)!, index.get(child)!]);
  }
  return { nodes, edges };
}

/** The part drawn (see the module's comment). */
export function drawnPart(graph: PageGraph, full = FULL_GRAPH_LIMIT, limit = DRAWN_LIMIT): DrawnPart {
  const all = graph.nodes.map((_, i) => i);
  if (graph.nodes.length <= full) return { nodes: all, cut: "none" };
  const children: number[][] = graph.nodes.map(() => []);
  const parents: number[][] = graph.nodes.map(() => []);
  for (const [p, c] of graph.edges) {
    children[p]!.push(c);
    parents[c]!.push(p);
  }
  const impacted = new Set<number>();
  const queue = all.filter((i) => {
    const cls = graph.nodes[i]!.cls;
    return cls !== "reused" && cls !== "outside";
  });
  for (const i of queue) impacted.add(i);
  for (let head = 0; head < queue.length; head++) {
    for (const c of children[queue[head]!]!) {
      if (!impacted.has(c)) {
        impacted.add(c);
        queue.push(c);
      }
    }
  }
  const ring = new Set<number>();
  for (const i of impacted) for (const p of parents[i]!) if (!impacted.has(p)) ring.add(p);
  const chosen = [...impacted, ...ring];
  if (chosen.length <= limit) return { nodes: chosen.sort((a, b) => a - b), cut: "impacted" };
  // Changed first, then downstream, the other builds, and the rest, each in plan order.
  const rank: Record<PageNodeClass, number> = {
    changed: 0,
    downstream: 1,
    new_data: 2,
    no_evidence: 2,
    reused: 3,
    outside: 3,
  };
  const kept = chosen
    .sort((a, b) => rank[graph.nodes[a]!.cls] - rank[graph.nodes[b]!.cls] || a - b)
    .slice(0, limit);
  return { nodes: kept.sort((a, b) => a - b), cut: "impacted_capped" };
}
