/**
 * A promotion `ods-state env promote --state DB` wrote into prod's state,
 * waiting for the record of the rest of the default branch's run.
 *
 * The promotion is committed before dbt builds the rest, so the promoted
 * nodes' parents are, at that moment, prod's previous builds of them. dbt then
 * rebuilds some of those parents (e.g. a view whose code the pull request
 * changed, from the same code the promotion checked). Once that run is
 * recorded, the promoted nodes' parents are resolved again against it, as
 * the action does (record, then applyPromotion with the run as `builtBy`);
 * otherwise the next plan would see a parent rebuilt by a run the promoted
 * table didn't read, and build it again.
 *
 * Only the promotion that is the scope's head applies: a head no run of the
 * ledger produced, with the same run as the snapshot it replaced (a promotion
 * that left nothing to build is committed complete, under the promoting
 * run's id, as the action does, and is not pending), and nodes whose
 * promotion it added. A node promoted by an earlier promotion keeps the
 * parents it was recorded with (re-resolving them would claim it read data
 * it never read), and so does a promoted node the run tried to build and
 * failed or skipped.
 */

import { applyPromotion } from "../env/promotion/state.js";
import type { PromotedNode } from "../env/promotion/types.js";
import type { StateSnapshot } from "../state/snapshot.js";
import type { StateStore, StoredSnapshot } from "../store/state-store.js";

export interface PendingPromotion {
  promotedBy: string;
  nodes: Array<Pick<PromotedNode, "unique_id" | "pr_run_id">>;
}

/** The promotions the head records and no run has been recorded after (grouped by promoting run), or []. */
export async function pendingPromotions(
  store: StateStore,
  head: StoredSnapshot | undefined,
): Promise<PendingPromotion[]> {
  if (!head || head.parent === null) return [];
  const scope = { project: head.snapshot.project, environment: head.snapshot.environment };
  const ledger = await store.runs(scope);
  if (ledger.some((run) => run.snapshot_id === head.id)) return [];
  const before = await store.get(head.parent);
  if (!before || before.snapshot.run_id !== head.snapshot.run_id) return [];
  const byPromoter = new Map<string, PendingPromotion>();
  for (const [id, node] of Object.entries(head.snapshot.nodes)) {
    if (node.promoted_by === undefined) continue;
    const previous = before.snapshot.nodes[id];
    if (previous?.run_id === node.run_id && previous.promoted_by === node.promoted_by) continue;
    const group = byPromoter.get(node.promoted_by) ?? { promotedBy: node.promoted_by, nodes: [] };
    group.nodes.push({ unique_id: id, pr_run_id: node.run_id });
    byPromoter.set(node.promoted_by, group);
  }
  return [...byPromoter.values()];
}

/**
 * The recorded snapshot with each pending promoted node's parents resolved
 * against it. A node the run built itself (its run is no longer the pull
 * request's), or tried to and failed or skipped (`notBuilt`), is left as the
 * run recorded it.
 */
export function settlePromotions(
  recorded: StateSnapshot,
  pending: readonly PendingPromotion[],
  runId: string,
  notBuilt: ReadonlySet<string> = new Set(),
): StateSnapshot {
  let snapshot = recorded;
  for (const promotion of pending) {
    const promoted: PromotedNode[] = [];
    for (const node of promotion.nodes) {
      const state = snapshot.nodes[node.unique_id];
      if (state?.run_id !== node.pr_run_id || notBuilt.has(node.unique_id)) continue;
      promoted.push({ ...node, state } as PromotedNode);
    }
    if (promoted.length > 0)
      snapshot = applyPromotion(snapshot, promoted, { promotedBy: promotion.promotedBy, builtBy: runId });
  }
  return snapshot;
}
