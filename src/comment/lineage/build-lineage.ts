/**
 * The lineage picture: a mermaid `graph LR` of the impacted subgraph — the
 * BUILD nodes, their descendants in the plan, and one ring of parents around
 * them (reused nodes, sources, nodes outside the selection) — styled by
 * action. Capped so that it always renders: at most NODE_BUDGET boxes and
 * EDGE_BUDGET arrows (mermaid refuses more than 500 edges by default) and
 * MAX_CHARS characters (mermaid's default limit is 50,000). Past the node
 * budget the picture keeps the changed nodes (BUILD nodes with no BUILD
 * parent) and groups the rest per folder with counts; past that it groups
 * everything, per folder, then per package; and it says so.
 *
 * Plan entries carry their parents in `parents` (optional: without it
 * there is no lineage to draw and the section is left out). A folder is the
 * directory of `path` when the entry has one, else package and schema.
 */
import type { Plan } from "../../state/plan.js";
import type { RunOutcome } from "../comment-context.js";
import { groupKeys } from "./group-keys.js";
import { type Grouping, groupedPicture } from "./grouped-picture.js";
import { type ImpactedSubgraph, impactedSubgraph, nodeBox } from "./impacted-subgraph.js";
import { draw, EDGE_BUDGET, type Lineage, MAX_CHARS, NODE_BUDGET } from "./mermaid-picture.js";

/** Folder depths tried when grouping: the full directory, then its first three, two, one parts. */
const FOLDER_DEPTHS = [Number.POSITIVE_INFINITY, 3, 2];

export type LineageLevel = 0 | 1;

/**
 * The picture at `level` 0 (the most detailed that fits) or 1 (grouped, the
 * compact form for long comments); undefined when there is nothing to draw
 * (no BUILD node, or no entry carries its parents).
 */
export function buildLineage(
  plan: Plan,
  outcome: RunOutcome | undefined,
  level: LineageLevel = 0,
): Lineage | undefined {
  const subgraph = impactedSubgraph(plan, outcome);
  if (!subgraph) return undefined;
  const groupKey = groupKeys(subgraph);
  const grouped = (grouping: Grouping) => groupedPicture(subgraph, groupKey, grouping);

  const attempts: Array<() => Lineage | undefined> = [];
  if (level === 0) {
    attempts.push(() => fullPicture(subgraph));
    attempts.push(() => {
      const changed = changedNodes(subgraph);
      if (changed.size > NODE_BUDGET / 2) return undefined;
      for (const depth of FOLDER_DEPTHS) {
        const result = grouped({ individual: changed, by: "folder", mode: "changed_and_groups", depth });
        if (result) return result;
      }
      return undefined;
    });
  }
  const none: ReadonlySet<string> = new Set();
  for (const depth of FOLDER_DEPTHS)
    attempts.push(() => grouped({ individual: none, by: "folder", mode: "groups", depth }));
  attempts.push(() => grouped({ individual: none, by: "package", mode: "groups" }));
  attempts.push(() => grouped({ individual: none, by: "package", mode: "groups", mergeSmallest: true }));

  for (const attempt of attempts) {
    const result = attempt();
    if (result && result.boxes <= NODE_BUDGET && result.mermaid.length <= MAX_CHARS) return result;
  }
  return undefined;
}

/** Every node one by one, when they and their arrows are within the budgets. */
function fullPicture(subgraph: ImpactedSubgraph): Lineage | undefined {
  const { all, inner } = subgraph;
  if (all.length > NODE_BUDGET) return undefined;
  const boxes = all.map((id) => nodeBox(subgraph, id));
  const edges: Array<[string, string]> = [];
  for (const id of inner) for (const p of subgraph.parentsInPicture(id)) edges.push([p, id]);
  if (edges.length > EDGE_BUDGET) return undefined;
  return draw(boxes, edges, "full", all.length);
}

/** The changed nodes: BUILD nodes with no impacted BUILD parent, drawn one by one when the rest is grouped. */
function changedNodes(subgraph: ImpactedSubgraph): Set<string> {
  const { byId, impacted } = subgraph;
  return new Set(
    subgraph.inner.filter(
      (id) =>
        byId.get(id)!.action === "BUILD" &&
        !(byId.get(id)!.parents ?? []).some((p) => byId.get(p)?.action === "BUILD" && impacted.has(p)),
    ),
  );
}
