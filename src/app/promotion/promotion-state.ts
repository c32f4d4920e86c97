/**
 * How a promotion becomes prod's state: the one recording path of a
 * promotion, for the action and the CLI alike.
 *
 * A promotion is committed in the warehouse before dbt builds the rest, so
 * the promoted nodes' parents are, at that moment, prod's previous builds of
 * them. dbt then rebuilds some of those parents (e.g. a view whose code the
 * pull request changed, from the same code the promotion checked). Once that
 * run is recorded, the promoted nodes' parents are resolved again against it
 * (settlePromotions: applyPromotion with the run as `builtBy`); otherwise
 * the next plan would see a parent rebuilt by a run the promoted table didn't
 * read, and build it again. A promotion that left nothing to build is the
 * whole change to prod: it is committed complete, under the promoting run's
 * id (promotionSnapshot with `complete`).
 *
 * Between the promotion and the record, the promotion waits as a
 * PendingPromotion. Where it waits depends on who carries it:
 * - the action's main and post steps run in one job, and the main step never
 *   writes prod's state: the main step hands the promotion to the post step
 *   (MergePromotion, the `promotion-path` file), whose nodes carry their
 *   state (handedOffPromotion);
 * - `ods-state env promote --state DB` and `ods-state record` are separate
 *   processes that share only the state database: the promotion is written
 *   into prod's state at once (promotionSnapshot), and the record finds it
 *   there (pendingPromotions).
 *
 * Column impact (issue 24): a node the plan reused because a promoted
 * parent's change is not read keeps its build, which read the parent's
 * previous build. Once the promotion is prod's state, that read moves to the
 * promoted build (carryPromotedReads), as the record of a run moves it to a
 * rebuilt parent's; otherwise the next plan would build the reader for "new
 * data" it does not read. It is done where the promotion is final: settled
 * with the run that built the rest, or committed complete.
 */
import { macroIndexFor } from "../../dbt/fingerprint/shared-macro-index.js";
import type { LoadedProject } from "../../dbt/load-project.js";
import { applyPromotion, type PromotedNode } from "../../environment/index.js";
import { carryUnreadReads } from "../../planner/carry-unread-reads.js";
import type { Scope } from "../../state/scope.js";
import type { StateSnapshot } from "../../state/snapshot.js";
import type { StateStore, StoredSnapshot } from "../../store/state-store.js";

export interface PendingPromotion {
  promotedBy: string;
  /**
   * The promoted nodes. With `state`, the promotion is not in the recorded
   * snapshot yet (handed off by the action's main step) and the node is
   * recorded with it; without, the snapshot holds the node as promoted.
   */
  nodes: Array<Pick<PromotedNode, "unique_id" | "pr_run_id"> & { state?: PromotedNode["state"] }>;
}

/** The promotion the action's main step hands to its post step, pending the record of the run. */
export function handedOffPromotion(promotion: {
  promotedBy: string;
  promoted: readonly PromotedNode[];
}): PendingPromotion {
  return { promotedBy: promotion.promotedBy, nodes: [...promotion.promoted] };
}

/**
 * Prod's state with a committed promotion written in: pending the record of
 * the rest of the run, or, with `complete` (nothing was left for dbt to
 * build), the whole change to prod, recorded under the promoting run.
 */
export function promotionSnapshot(
  head: StateSnapshot,
  promoted: readonly PromotedNode[],
  options: { promotedBy: string; complete: { now: string } | null; project?: LoadedProject },
): StateSnapshot {
  const applied = applyPromotion(head, promoted, { promotedBy: options.promotedBy });
  if (options.complete === null) return applied;
  // Pending, the promoted nodes' parents are not settled yet: reads are carried once they are.
  const complete = { ...applied, run_id: options.promotedBy, created_at: options.complete.now };
  return options.project ? carryPromotedReads(options.project, head, complete) : complete;
}

/**
 * `after` (prod's state with promotions applied, final) with the reads of
 * kept nodes moved to the promoted builds of parents whose change they do
 * not read (src/planner/carry-unread-reads.ts), compared with `before`, the
 * state the plan was made over.
 */
export function carryPromotedReads(
  project: LoadedProject,
  before: StateSnapshot | null,
  after: StateSnapshot,
): StateSnapshot {
  return {
    ...after,
    nodes: carryUnreadReads(project.graph, macroIndexFor(project.graph), before, after.nodes),
  };
}

/** Whether `head` already records every promoted node as promoted (a rerun of a promotion written before). */
export function promotionRecorded(head: StateSnapshot, promoted: readonly PromotedNode[]): boolean {
  return promoted.every((node) => {
    const current = head.nodes[node.unique_id];
    return current?.run_id === node.pr_run_id && current.promoted_by !== undefined;
  });
}

/**
 * Commits the promotion into prod's state against the head it was planned
 * on (a run that committed in between makes it a conflict, not a silent
 * overwrite). Returns the new head's id.
 */
export async function commitPromotion(
  store: StateStore,
  scope: Scope,
  head: { id: string; snapshot: StateSnapshot },
  promoted: readonly PromotedNode[],
  options: { promotedBy: string; complete: { now: string } | null; project?: LoadedProject },
): Promise<string> {
  const committed = await store.commit(scope, head.id, promotionSnapshot(head.snapshot, promoted, options));
  return committed.id;
}

/**
 * The promotions the state's head records and no run has been recorded after
 * (grouped by promoting run), or [].
 *
 * Only the promotion that is the scope's head applies: a head no run of the
 * ledger produced, with the same run as the snapshot it replaced (a promotion
 * that left nothing to build is committed complete, under the promoting
 * run's id, and is not pending), and nodes whose promotion it added.
 */
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
 * The recorded snapshot with each pending promoted node recorded and its
 * parents resolved against the run `runId`. A node the pending promotion
 * carries its state for is recorded with it. A node the snapshot holds as
 * promoted is left as the run recorded it when the run built it itself (its
 * run is no longer the pull request's), or tried to and failed or skipped
 * (`notBuilt`); a node promoted by an earlier promotion keeps the parents it
 * was recorded with (re-resolving them would claim it read data it never
 * read).
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
      if (node.state !== undefined) {
        promoted.push(node as PromotedNode);
        continue;
      }
      const state = snapshot.nodes[node.unique_id];
      if (state?.run_id !== node.pr_run_id || notBuilt.has(node.unique_id)) continue;
      promoted.push({ ...node, state } as PromotedNode);
    }
    if (promoted.length > 0)
      snapshot = applyPromotion(snapshot, promoted, { promotedBy: promotion.promotedBy, builtBy: runId });
  }
  return snapshot;
}
