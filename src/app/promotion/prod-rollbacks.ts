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
 * Prod's head as the warehouse has it: the registry's rollbacks of `project`
 * (this session's scope) applied to the state's head, its id kept (the plan
 * names the snapshot it was made against). The action's steps and the CLI's
 * env commands both plan over this.
 */
export async function prodHeadAfterRollbacks(
  ctx: EnvContext,
  head: { id: string; snapshot: StateSnapshot } | null,
  ports: { log: Log },
): Promise<{ id: string; snapshot: StateSnapshot } | null> {
  if (!head) return null;
  const rollbacks = await recordedRollbacks(ctx, head.snapshot.project);
  return { id: head.id, snapshot: reconcileWithRollbacks(head.snapshot, rollbacks, ports) };
}
