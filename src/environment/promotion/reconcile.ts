/**
 * Prod's state against the warehouse after a rollback: `ods-state env
 * rollback` puts the replaced tables back in the warehouse, but the state
 * that travels through the Actions cache may still record the promoted
 * builds (the rollback ran elsewhere, without that state file). Reusing a
 * node on that record would be a guess proven wrong, so every run with a
 * warehouse applies the registry's rollbacks to the state it plans and
 * records with: a node still recorded as the promoted build (same
 * `promoted_by`, same pull request run) gets its previous state back, or
 * leaves the state when prod had none. A node built again since is left as
 * it is. Applying them twice changes nothing.
 */
import type { NodeState, StateSnapshot } from "../../state/snapshot.js";
import { inScope } from "../environment-identity.js";
import type { EnvContext } from "../lifecycle/common.js";

export interface RecordedRollback {
  promotion_id: string;
  project: string;
  promoted_by: string;
  nodes: Array<{ unique_id: string; pr_run_id: string; previous_state: NodeState | null }>;
}

/** The rollbacks the registry records, for one project of the context's repository. */
export async function recordedRollbacks(ctx: EnvContext, project: string): Promise<RecordedRollback[]> {
  const rollbacks: RecordedRollback[] = [];
  for (const promotion of await ctx.registry.promotions()) {
    if (!inScope(promotion, { ...ctx.scope, project })) continue;
    const undone = (await ctx.registry.steps(promotion.id)).filter((step) => step.state === "rolled_back");
    if (undone.length === 0) continue;
    rollbacks.push({
      promotion_id: promotion.id,
      project: promotion.project,
      promoted_by: promotion.promoted_by,
      nodes: undone.map((step) => ({
        unique_id: step.node_id,
        pr_run_id: step.pr_run_id,
        previous_state: step.previous_state,
      })),
    });
  }
  return rollbacks;
}

/** `snapshot` with the rollbacks it doesn't reflect yet applied, and the nodes that changed. Pure. */
export function applyRecordedRollbacks(
  snapshot: StateSnapshot,
  rollbacks: readonly RecordedRollback[],
): { snapshot: StateSnapshot; reverted: string[] } {
  let nodes: Record<string, NodeState> | null = null;
  const reverted: string[] = [];
  for (const rollback of rollbacks) {
    for (const node of rollback.nodes) {
      const current = (nodes ?? snapshot.nodes)[node.unique_id];
      if (!current || current.promoted_by !== rollback.promoted_by || current.run_id !== node.pr_run_id)
        continue;
      nodes ??= { ...snapshot.nodes };
      if (node.previous_state) nodes[node.unique_id] = node.previous_state;
      else delete nodes[node.unique_id];
      reverted.push(node.unique_id);
    }
  }
  return { snapshot: nodes ? { ...snapshot, nodes } : snapshot, reverted };
}
