/**
 * `ods-state history`: the snapshots and runs a state database records per
 * scope, newest first, read without creating or changing the file.
 */
import { UserError } from "../../errors/user-error.js";
import { parseScopeKey, type Scope } from "../../state/scope.js";
import type { LedgerEntry, ScopeSummary, SnapshotSummary } from "../../store/state-store.js";
import type { StateFile } from "../ports.js";

export interface ScopeHistory {
  scope: string;
  head: string | null;
  snapshots: SnapshotSummary[];
  runs: LedgerEntry[];
  /** How many snapshots and runs the scope keeps in all (`limit` shows the newest). */
  summary: ScopeSummary;
}

/** The history of every scope (or only `only`), `limit` snapshots and runs each; there must be a file. */
export async function stateHistory(
  file: Pick<StateFile, "path" | "openExisting">,
  options: { only?: Scope | undefined; limit: number },
): Promise<ScopeHistory[]> {
  const store = await file.openExisting();
  if (!store)
    throw new UserError("file_missing", `There is no state database at ${file.path}.`, { file: file.path });
  try {
    const { only, limit } = options;
    const scopes = (await store.scopes()).filter(
      (scope) => only === undefined || scope.scope === `${only.project}/${only.environment}`,
    );
    const listed: ScopeHistory[] = [];
    for (const scope of scopes) {
      const key = parseScopeKey(scope.scope)!;
      listed.push({
        scope: scope.scope,
        head: scope.head ?? null,
        snapshots: await store.history(key, limit),
        runs: await store.runs(key, limit),
        summary: scope,
      });
    }
    return listed;
  } finally {
    await store.close();
  }
}
