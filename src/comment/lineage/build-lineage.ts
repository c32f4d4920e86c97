/**
 * The lineage picture: a mermaid `graph LR` of the impacted subgraph (the
 * BUILD and changed nodes, their descendants in the plan, and one ring of
 * parents around them: reused nodes, sources, nodes outside the plan), each
 * node drawn by its class (lineage-classes.ts: a changed node is drawn as
 * changed even when a parent is rebuilt too). Never more than MAX_BOXES
 * boxes: every node one by one when they fit, else the changed nodes, their
 * first children and the rest grouped with counts (budget-picture.ts); and
 * within EDGE_BUDGET arrows and MAX_CHARS characters, so that mermaid renders it.
 *
 * Plan entries carry their parents in `parents` (optional: without it
 * there is no lineage to draw and the section is left out). A folder is the
 * directory of `path` when the entry has one, else package and schema.
 */
import type { Plan } from "../../state/plan.js";
import type { RunOutcome } from "../comment-context.js";
import { budgetPicture } from "./budget-picture.js";
import { type ImpactedSubgraph, impactedSubgraph } from "./impacted-subgraph.js";
import { draw, EDGE_BUDGET, type Lineage, MAX_BOXES, MAX_CHARS } from "./mermaid-picture.js";

export type LineageLevel = 0 | 1;

/**
 * The picture at `level` 0 (the most detailed that fits) or 1 (the compact
 * form for long comments: no first children, no inputs); undefined when
 * there is nothing to draw (nothing built or changed, or no entry carries its parents).
 */
export function buildLineage(
  plan: Plan,
  outcome: RunOutcome | undefined,
  level: LineageLevel = 0,
): Lineage | undefined {
  const subgraph = impactedSubgraph(plan, outcome);
  if (!subgraph) return undefined;
  const attempts: Array<() => Lineage | undefined> = [];
  if (level === 0)
    attempts.push(
      () => fullPicture(subgraph),
      () => budgetPicture(subgraph, false),
    );
  attempts.push(() => budgetPicture(subgraph, true));
  for (const attempt of attempts) {
    const result = attempt();
    if (result && result.boxes <= MAX_BOXES && result.mermaid.length <= MAX_CHARS) return result;
  }
  return undefined;
}

/** Every node one by one, when they and their arrows are within the budgets. */
function fullPicture(subgraph: ImpactedSubgraph): Lineage | undefined {
  const { all, inner } = subgraph;
  if (all.length > MAX_BOXES) return undefined;
  const boxes = all.map((id) => ({ id, label: subgraph.node(id).label, cls: subgraph.node(id).cls }));
  const edges: Array<[string, string]> = [];
  for (const id of inner) for (const p of subgraph.parents(id)) edges.push([p, id]);
  if (edges.length > EDGE_BUDGET) return undefined;
  return draw(boxes, edges, "full", all.length);
}
