/**
 * Retention, shared by every store so that they prune identically.
 *
 * Per scope, a snapshot is kept while any of these holds:
 * - it is among the newest `keepSnapshots` snapshots of the scope;
 * - it is the scope's head;
 * - one of the newest `keepSnapshots` ledger rows of the scope refers to it.
 * Everything older is deleted on commit. Ledger rows are small and are kept
 * longer, the newest `keepRuns` per scope; an older row than the pinning
 * window keeps the id of the snapshot it produced as a record, and reads back
 * with `snapshot_retained: false` once that snapshot is pruned. So the file is
 * bounded by `keepSnapshots` snapshots and `keepRuns` rows per scope, however
 * many runs there are.
 */

/** Ids of the scope's snapshots to delete. `snapshots` and `ledger` are newest first. */
export function snapshotsToPrune(
  snapshots: readonly string[],
  head: string | undefined,
  ledger: readonly (string | null)[],
  keepSnapshots: number,
): string[] {
  if (snapshots.length <= keepSnapshots) return [];
  const keep = new Set(snapshots.slice(0, keepSnapshots));
  if (head !== undefined) keep.add(head);
  for (const id of ledger.slice(0, keepSnapshots)) if (id !== null) keep.add(id);
  return snapshots.filter((id) => !keep.has(id));
}
