/**
 * Rollback: prod's previous tables go back in place of a promotion's (they
 * are kept until the retention passes), unless a later build replaced what
 * the promotion put there. With prod's state at hand, it stops recording the
 * rolled-back builds at once; without it, the next action run with the
 * warehouse reconciles the state it restores (src/environment/promotion/reconcile.ts).
 * `ods-state env rollback` runs this.
 */
import {
  applyRecordedRollbacks,
  type EnvContext,
  type RollbackInput,
  type RollbackResult,
  recordedRollbacks,
  rollbackPromotion,
} from "../../environment/index.js";
import type { Scope } from "../../state/scope.js";
import type { StateStore } from "../../store/state-store.js";

export type RollbackConfig = RollbackInput;

export async function rollBackPromotion(ctx: EnvContext, config: RollbackConfig): Promise<RollbackResult> {
  return rollbackPromotion(ctx, config);
}

/** What writing a rollback into prod's state did. */
export interface RollbackStateUpdate {
  scope: Scope;
  /** The new head; null when the state records no build of the promotion. */
  snapshotId: string | null;
  nodes: string[];
}

/**
 * Prod's state without the rolled-back promotion's builds: the same
 * reconciliation the action applies to the state it restores. `openStore`
 * yields null when there is no state to write into.
 */
export async function recordRollback(
  ctx: EnvContext,
  config: { promotionId: string; environment: string; openStore: () => Promise<StateStore | null> },
): Promise<RollbackStateUpdate> {
  const promotion = (await ctx.registry.promotions({ id: config.promotionId }))[0];
  const scope: Scope = { project: promotion?.project ?? "", environment: config.environment };
  const none: RollbackStateUpdate = { scope, snapshotId: null, nodes: [] };
  if (!promotion) return none;
  const store = await config.openStore();
  if (!store) return none;
  try {
    const head = await store.latest(scope);
    if (!head) return none;
    const rollbacks = (await recordedRollbacks(ctx, scope.project)).filter(
      (r) => r.promotion_id === config.promotionId,
    );
    const { snapshot, reverted } = applyRecordedRollbacks(head.snapshot, rollbacks);
    if (reverted.length === 0) return none;
    const committed = await store.commit(scope, head.id, snapshot);
    return { scope, snapshotId: committed.id, nodes: reverted };
  } finally {
    await store.close();
  }
}
