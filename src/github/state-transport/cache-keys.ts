/**
 * Cache entries of the state. The key is
 * `ods-state-v1-<project>-<environment>-<run id>-<attempt>` (project and
 * environment percent-encoded, `-` included, so that `prod` never
 * prefix-matches `prod-eu`'s keys). Restore asks for the prefix
 * `ods-state-v1-<project>-<environment>-` with no exact key: the cache
 * service answers with the newest entry under that prefix in the run's own
 * scope, then in the default branch's scope, which is how a pull request
 * reads what the default branch saved (it can never write there). The entry
 * holds one file, `.ods/transport/state.db` relative to the working
 * directory (on a runner: the workspace); the cache version the client
 * computes hashes that path, so it is the same on every run. Restoring goes
 * through that staging path and the file is moved to `statePath` only when
 * the entry is the one asked for; a late answer after a timeout lands in the
 * staging folder, never on the state file.
 *
 * Concurrency. Cache entries are immutable and every save writes a key no
 * other run or attempt uses (run id + attempt), so a save never overwrites
 * or deletes what another run saved: both entries stay, and restore takes
 * the newest. "Newest" is the order in which the cache service finalized the
 * entries, i.e. the order of the saves; since a run saves right after it
 * records, that is the order in which runs recorded. Two default-branch runs
 * A and B that both restored state S: if A saves after B, the next run
 * restores A's file (S + A's builds) and B's builds are built again
 * (conservative, never wrong); B's entry is still in the cache under its own
 * key. A run that started before the state it restored was recorded is
 * refused by `record` (the store's rule), so it never saves. The key's run
 * id and attempt make it unique, not ordered: ordering by run number would
 * let an old run that records late replace newer state with its older view,
 * and re-run attempts would be unable to save at all under a fixed key.
 * Artifacts are ordered the same way (creation time). The README recommends
 * a `concurrency` group so that this case stays rare.
 */

/** The cache entry's file, relative to the working directory (the workspace on a runner). */
export const CACHE_STAGING_PATH = ".ods/transport/state.db";

/** A key component with `-` (the separator), `,` (forbidden in keys) and the rest percent-encoded. */
function keyPart(value: string): string {
  return encodeURIComponent(value).replace(/-/g, "%2D");
}

/** The prefix every cache key of this scope starts with. */
export function stateCacheKeyPrefix(scope: { project: string; environment: string }): string {
  return `ods-state-v1-${keyPart(scope.project)}-${keyPart(scope.environment)}-`;
}

/** The key one run attempt saves under: unique per run and attempt. */
export function stateCacheKey(
  scope: { project: string; environment: string },
  runId: number,
  runAttempt: number,
): string {
  return `${stateCacheKeyPrefix(scope)}${runId}-${runAttempt}`;
}
