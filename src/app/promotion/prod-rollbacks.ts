/**
 * A promotion rolled back in the warehouse (`ods-state env rollback`) is no
 * longer prod's build, whatever the state restored from the cache says: the
 * plan and the record of a default-branch run apply the registry's rollbacks
 * to prod's state first (src/environment/promotion/reconcile.ts; idempotent).
 */
import {
  applyRecordedRollbacks,
  type EnvContext,
  type RecordedRollback,
  recordedRollbacks,
  recoverInterrupted,
} from "../../environment/index.js";
import type { StateSnapshot } from "../../state/snapshot.js";
import type { Log } from "../ports.js";

/** Prod's state with the warehouse's rollbacks applied, saying which nodes they concern. */
export function reconcileWithRollbacks(
  snapshot: StateSnapshot,
  rollbacks: readonly RecordedRollback[],
  ports: { log: Log },
): StateSnapshot {
  const { snapshot: reconciled, reverted } = applyRecordedRollbacks(snapshot, rollbacks);
  if (reverted.length > 0) {
    ports.log.info(
      `Prod's state recorded ${reverted.length} promoted node${reverted.length === 1 ? "" : "s"} whose promotion was rolled back in the warehouse (${reverted.join(", ")}): they count as their previous builds.`,
    );
  }
  return reconciled;
}

/**
 * The rollbacks the warehouse's registry records for the session's project.
 * `recover` (every run that changes the warehouse): what an interrupted
 * promotion or rollback left is recovered first (recover.ts; `prod`, the
 * state restored, tells a later build), so that a rollback the recovery
 * finishes is among them. Reading them before the recovery would plan on a
 * promoted build the recovery then switches back: a stale table reused.
 */
export async function warehouseRollbacksOf(
  ctx: EnvContext,
  options: { recover: boolean; prod: StateSnapshot | null; dryRun?: boolean },
): Promise<RecordedRollback[]> {
  if (options.recover) await recoverInterrupted(ctx, { prod: options.prod, dryRun: options.dryRun === true });
  return recordedRollbacks(ctx, ctx.scope.project);
}

/**
 * Prod's head as the warehouse has it: interrupted promotions recovered
 * (unless `recover` is false: a read-only command), then the registry's
 * rollbacks applied to the state's head, its id kept (the plan names the
 * snapshot it was made against). The action's events and the CLI's env
 * commands both plan over this.
 */
export async function prodHeadAfterRollbacks(
  ctx: EnvContext,
  head: { id: string; snapshot: StateSnapshot } | null,
  ports: { log: Log },
  options: { recover: boolean; dryRun?: boolean },
): Promise<{ id: string; snapshot: StateSnapshot } | null> {
  const rollbacks = await warehouseRollbacksOf(ctx, { ...options, prod: head?.snapshot ?? null });
  if (!head) return null;
  return { id: head.id, snapshot: reconcileWithRollbacks(head.snapshot, rollbacks, ports) };
}
