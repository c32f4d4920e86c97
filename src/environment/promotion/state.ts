/**
 * Recording a promotion (or its rollback) in prod's state, pure.
 *
 * A promoted node is recorded as built by the pull request's run and
 * promoted by the default-branch run (`promoted_by`), with main's code and
 * prod's relation, so that the next plan reuses it. Its parents are what prod
 * has for them once the default-branch run is recorded (promotion proved
 * that this is the data it read). Nodes the default-branch run built after
 * the promotion read the promoted tables: their record of which build of a
 * promoted parent they read is set to the pull request's run.
 */
import type { NodeState, StateSnapshot } from "../../state/snapshot.js";
import type { PromotedNode, RolledBackNode } from "./types.js";

export interface ApplyPromotionOptions {
  /** The default-branch run that promoted (`promoted_by`). */
  promotedBy: string;
  /**
   * The run id of the default branch's dbt run recorded in `snapshot`
   * (after the promotion), when there was one: its nodes read the promoted
   * tables.
   */
  builtBy?: string | null;
}

export function applyPromotion(
  snapshot: StateSnapshot,
  promoted: readonly PromotedNode[],
  options: ApplyPromotionOptions,
): StateSnapshot {
  const nodes: Record<string, NodeState> = { ...snapshot.nodes };
  const runOf = new Map(promoted.map((node) => [node.unique_id, node.pr_run_id]));
  for (const node of promoted) {
    const parents: Record<string, string> = {};
    for (const parent of Object.keys(node.state.parents)) {
      const promotedRun = runOf.get(parent);
      const current = promotedRun ?? nodes[parent]?.run_id;
      if (current !== undefined) parents[parent] = current;
    }
    nodes[node.unique_id] = { ...node.state, parents, promoted_by: options.promotedBy };
  }
  if (options.builtBy) {
    for (const [id, state] of Object.entries(nodes)) {
      if (state.run_id !== options.builtBy || runOf.has(id)) continue;
      let changed = false;
      const parents = { ...state.parents };
      for (const parent of Object.keys(parents)) {
        const run = runOf.get(parent);
        if (run !== undefined && parents[parent] !== run) {
          parents[parent] = run;
          changed = true;
        }
      }
      if (changed) nodes[id] = { ...state, parents };
    }
  }
  return { ...snapshot, nodes };
}

/** Prod's state after a rollback: each node as it was before the promotion (removed when prod had none). */
export function applyRollback(snapshot: StateSnapshot, restored: readonly RolledBackNode[]): StateSnapshot {
  const nodes: Record<string, NodeState> = { ...snapshot.nodes };
  for (const node of restored) {
    if (node.previous_state) nodes[node.unique_id] = node.previous_state;
    else delete nodes[node.unique_id];
  }
  return { ...snapshot, nodes };
}
