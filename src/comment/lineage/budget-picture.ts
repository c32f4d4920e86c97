/**
 * The picture of an impacted subgraph too large to draw node by node, in at
 * most MAX_BOXES boxes, filled in this order:
 * 1. the changed nodes one by one (or, with none, the BUILD nodes no built
 *    parent explains); when they and the least the rest needs do not fit,
 *    the changed nodes grouped per folder ("N changed · folder"; the others
 *    "N rebuilt regardless: new data · folder");
 * 2. the nodes rebuilt regardless of the change, one box per class
 *    ("208 rebuilt regardless: ODS can't tell");
 * 3. up to half of the room left for the changed nodes' first children, one by one;
 * 4. the rest of what is built downstream of the changes, per folder (or
 *    shorter folder, package, largest folders and "elsewhere", class),
 *    "+N downstream · folder";
 * 5. more first children while they fit, and any group of one drawn as its node;
 * 6. the changed nodes' own inputs (sources, reused parents), one by one or
 *    per class, when there is room.
 * Steps 3, 5 and 6 are left out in the compact form. Pure and deterministic.
 */
import type { ImpactedSubgraph } from "./impacted-subgraph.js";
import { type Box, draw, type Lineage, MAX_BOXES } from "./mermaid-picture.js";
import {
  classCount,
  type Grouping,
  groupLabel,
  groupNodes,
  type NodeGroup,
  type Tier,
} from "./node-groups.js";

export function budgetPicture(sub: ImpactedSubgraph, compact: boolean): Lineage | undefined {
  const { changed, tier } = primaryNodes(sub);
  const changedSet = new Set(changed);
  const downstream = descendants(sub, changed).filter((id) => !changedSet.has(id));
  const reached = new Set([...changed, ...downstream]);
  const regardless = sub.inner.filter((id) => !reached.has(id));

  const regardlessGroups = groupNodes(sub, "regardless", regardless, 0);
  const reserve = classCount(sub, downstream) + regardlessGroups.groups.size;
  const individual = new Set<string>();
  const groupings: Grouping[] = [regardlessGroups];
  if (changed.length + reserve <= MAX_BOXES) for (const id of changed) individual.add(id);
  else groupings.push(groupNodes(sub, tier, changed, MAX_BOXES - reserve));
  const changedBoxes = individual.size || groupings[1]!.groups.size;

  const firstChildren = individual.size
    ? downstream.filter((id) => sub.parents(id).some((p) => changedSet.has(p)))
    : [];
  const room = MAX_BOXES - changedBoxes - reserve;
  const early = compact ? [] : firstChildren.slice(0, Math.max(0, Math.floor(room / 2)));
  for (const id of early) individual.add(id);
  const rest = downstream.filter((id) => !individual.has(id));
  const downstreamGroups = groupNodes(sub, "downstream", rest, classCount(sub, rest) + room - early.length);
  groupings.push(downstreamGroups);

  const boxes = () => individual.size + groupings.reduce((n, g) => n + g.groups.size, 0);
  if (!compact) {
    for (const id of firstChildren)
      if (!individual.has(id)) promoteIfItFits(id, individual, groupings, boxes);
    for (const id of sub.inner) if (!individual.has(id)) promoteIfItFits(id, individual, groupings, boxes, 0);
    addInputs(sub, changed, individual, groupings, boxes);
  }
  if (boxes() > MAX_BOXES) return undefined;
  const mode = changed.length && changed.every((id) => individual.has(id)) ? "changed_and_groups" : "groups";
  const lineage = pictureOf(sub, individual, groupings, mode);
  lineage.first = tier === "changed" ? "changed" : "regardless";
  lineage.groupedBy = rest.length ? downstreamGroups.by : regardless.length ? "class" : undefined;
  if (lineage.groupedBy === undefined) delete lineage.groupedBy;
  return lineage;
}

/** The changed nodes; with none, the nodes rebuilt regardless none of whose parents is built. */
function primaryNodes(sub: ImpactedSubgraph): { changed: string[]; tier: Tier } {
  const changed = sub.inner.filter((id) => sub.changeClass(id) === "changed");
  if (changed.length) return { changed, tier: "changed" };
  return {
    changed: sub.inner.filter((id) => !sub.parents(id).some((p) => sub.impacted.has(p))),
    tier: "regardless",
  };
}

/** The descendants of the nodes among the impacted ones, in plan order. */
function descendants(sub: ImpactedSubgraph, from: readonly string[]): string[] {
  const seen = new Set<string>(from);
  const stack = [...from];
  while (stack.length)
    for (const c of sub.children(stack.pop()!))
      if (!seen.has(c)) {
        seen.add(c);
        stack.push(c);
      }
  return sub.inner.filter((id) => seen.has(id));
}

/** Draws a grouped node one by one when the picture stays within the budget (or costs at most `maxCost` boxes). */
function promoteIfItFits(
  id: string,
  individual: Set<string>,
  groupings: readonly Grouping[],
  boxes: () => number,
  maxCost = 1,
): void {
  const grouping = groupings.find((g) => g.groupOf.has(id));
  if (!grouping) return;
  const group = grouping.groups.get(grouping.groupOf.get(id)!)!;
  const cost = group.count > 1 ? 1 : 0;
  if (cost > maxCost || boxes() + cost > MAX_BOXES) return;
  individual.add(id);
  grouping.groupOf.delete(id);
  if (--group.count === 0) grouping.groups.delete(group.key);
}

/** The changed nodes' parents outside the impacted subgraph: one by one when they all fit, else per class. */
function addInputs(
  sub: ImpactedSubgraph,
  changed: readonly string[],
  individual: Set<string>,
  groupings: Grouping[],
  boxes: () => number,
): void {
  const drawn = changed.filter((id) => individual.has(id));
  const inputs = [...new Set(drawn.flatMap((id) => sub.parents(id)))]
    .filter((p) => !sub.impacted.has(p))
    .sort();
  if (!inputs.length) return;
  if (boxes() + inputs.length <= MAX_BOXES) {
    for (const id of inputs) individual.add(id);
    return;
  }
  const grouping = groupNodes(sub, "inputs", inputs, 0);
  if (boxes() + grouping.groups.size <= MAX_BOXES) groupings.push(grouping);
}

function pictureOf(
  sub: ImpactedSubgraph,
  individual: ReadonlySet<string>,
  groupings: readonly Grouping[],
  mode: Lineage["mode"],
): Lineage {
  const boxes: Box[] = [];
  for (const id of sub.all)
    if (individual.has(id)) boxes.push({ id, label: sub.node(id).label, cls: sub.node(id).cls });
  const groups: NodeGroup[] = groupings.flatMap((g) => [...g.groups.values()]);
  for (const g of groups.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)))
    boxes.push({ id: g.key, label: groupLabel(g), cls: g.cls, group: true });
  const rep = (id: string) =>
    individual.has(id) ? id : groupings.find((g) => g.groupOf.has(id))?.groupOf.get(id);
  const seen = new Set<string>();
  const edges: Array<[string, string]> = [];
  for (const id of sub.all) {
    const b = rep(id);
    if (b === undefined) continue;
    for (const p of sub.parents(id)) {
      const a = rep(p);
      if (a === undefined || a === b || seen.has(`${a}\u0002${b}`)) continue;
      seen.add(`${a}\u0002${b}`);
      edges.push([a, b]);
    }
  }
  return draw(boxes, edges, mode, sub.all.length);
}
