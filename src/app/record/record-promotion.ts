/**
 * Records a promotion that is the whole change to prod: everything the plan
 * had to build was promoted, so no dbt run is recorded with it. The promoted
 * nodes enter the scope's latest snapshot under the promoting run's id.
 */
import type { LoadedProject } from "../../dbt/load-project.js";
import type { PromotedNode } from "../../environment/promotion/types.js";
import type { Scope } from "../../state/scope.js";
import type { StateSnapshot } from "../../state/snapshot.js";
import type { CommitResult } from "../../store/state-store.js";
import type { Clock, StateFile } from "../ports.js";
import { promotionSnapshot } from "../promotion/promotion-state.js";

export interface RecordPromotionRequest {
  scope: Scope;
  promoted: readonly PromotedNode[];
  /** The run that promoted them. */
  promotedBy: string;
  /** The scope's latest snapshot made what prod really is (rollbacks applied). */
  reconcile?: (snapshot: StateSnapshot) => StateSnapshot;
  /** Main's project: reads of nodes kept over a promoted parent's unread change are carried (issue 24). */
  project?: LoadedProject;
}

export type RecordedPromotion =
  | { committed: CommitResult; snapshot: StateSnapshot }
  /** No prod state to record it in: nothing was written. */
  | { committed: null; snapshot: null };

export async function recordPromotion(
  ports: { stateFile: Pick<StateFile, "openForWriting">; now: Clock },
  request: RecordPromotionRequest,
): Promise<RecordedPromotion> {
  const store = await ports.stateFile.openForWriting();
  try {
    const latest = await store.latest(request.scope);
    if (!latest) return { committed: null, snapshot: null };
    const prod = request.reconcile ? request.reconcile(latest.snapshot) : latest.snapshot;
    const snapshot = promotionSnapshot(prod, request.promoted, {
      promotedBy: request.promotedBy,
      complete: { now: ports.now().toISOString() },
      ...(request.project ? { project: request.project } : {}),
    });
    const committed = await store.commit(request.scope, latest.id, snapshot);
    return { committed, snapshot };
  } finally {
    await store.close();
  }
}
