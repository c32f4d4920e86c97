/**
 * The picture with nodes grouped (per folder or package, and class) into
 * boxes with counts, some nodes still drawn one by one; undefined when the
 * groups are more than the node budget (unless the smallest are merged into
 * "other packages" boxes). Pure.
 */
import { plural } from "../words.js";
import type { GroupBy } from "./group-keys.js";
import { type ImpactedSubgraph, nodeBox } from "./impacted-subgraph.js";
import { type Box, draw, type Lineage, NODE_BUDGET, type NodeClass } from "./mermaid-picture.js";

const CLASS_WORDS: Record<NodeClass, string> = {
  build_code: "built for code",
  build_data: "built for data",
  reuse: "reused",
  outside: "outside the plan",
  failed: "failed",
  skipped: "skipped",
};

interface Group {
  key: string;
  folder: string;
  cls: NodeClass;
  count: number;
  /** Whether every member is a source. */
  sources: boolean;
}

export interface Grouping {
  /** Nodes drawn one by one. */
  individual: ReadonlySet<string>;
  by: GroupBy;
  mode: Lineage["mode"];
  depth?: number;
  /** Past the budget, merge the smallest groups instead of giving up. */
  mergeSmallest?: boolean;
}

export function groupedPicture(
  subgraph: ImpactedSubgraph,
  groupKey: (id: string, by: GroupBy, depth: number) => string,
  grouping: Grouping,
): Lineage | undefined {
  const { individual, by, mode, depth = Number.POSITIVE_INFINITY, mergeSmallest = false } = grouping;
  const groupOf = new Map<string, string>();
  const groups = new Map<string, Group>();
  for (const id of subgraph.all) {
    if (individual.has(id)) continue;
    const cls = subgraph.classOf(id);
    const folder = groupKey(id, by, depth);
    const key = folder + "\u0000" + cls;
    groupOf.set(id, key);
    const g = groups.get(key);
    const source = id.startsWith("source.");
    if (g) {
      g.count++;
      g.sources &&= source;
    } else {
      groups.set(key, { key, folder, cls, count: 1, sources: source });
      // Too many groups already: this grouping can't be drawn.
      if (!mergeSmallest && groups.size > NODE_BUDGET - individual.size) return undefined;
    }
  }
  let groupList = [...groups.values()];
  const room = NODE_BUDGET - individual.size;
  if (groupList.length > room) {
    if (!mergeSmallest) return undefined;
    groupList = mergeSmallestGroups(groupList, groupOf, room);
  }
  const boxes: Box[] = [];
  for (const id of subgraph.all) if (individual.has(id)) boxes.push(nodeBox(subgraph, id));
  for (const g of groupList.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)))
    boxes.push({
      id: g.key,
      label: g.sources
        ? `${g.folder}: ${plural(g.count, "table")}`
        : `${g.folder}: ${plural(g.count, "node")} ${CLASS_WORDS[g.cls]}`,
      cls: g.cls,
      shape: "group",
    });
  const rep = (id: string) => (individual.has(id) ? id : groupOf.get(id)!);
  const seen = new Set<string>();
  const edges: Array<[string, string]> = [];
  for (const id of subgraph.inner)
    for (const p of subgraph.parentsInPicture(id)) {
      const a = rep(p);
      const b = rep(id);
      if (a === b) continue;
      const key = `${a}\u0002${b}`;
      if (seen.has(key)) continue;
      seen.add(key);
      edges.push([a, b]);
    }
  const result = draw(boxes, edges, mode, subgraph.all.length);
  result.groupedBy = by;
  return result;
}

/** Keeps the largest groups; the rest become one "other" box per class (`groupOf` is re-pointed). */
function mergeSmallestGroups(groupList: Group[], groupOf: Map<string, string>, room: number): Group[] {
  const sorted = [...groupList].sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : 1));
  const keep = new Set(sorted.slice(0, Math.max(0, room - 6)).map((g) => g.key));
  const others = new Map<NodeClass, Group>();
  const moved = new Map<string, string>();
  for (const g of groupList) {
    if (keep.has(g.key)) continue;
    const key = `\u0001other\u0000${g.cls}`;
    const o = others.get(g.cls) ?? { key, folder: "other packages", cls: g.cls, count: 0, sources: true };
    o.count += g.count;
    o.sources &&= g.sources;
    others.set(g.cls, o);
    moved.set(g.key, key);
  }
  for (const [id, k] of groupOf) {
    const to = moved.get(k);
    if (to) groupOf.set(id, to);
  }
  return [...groupList.filter((g) => keep.has(g.key)), ...others.values()];
}
