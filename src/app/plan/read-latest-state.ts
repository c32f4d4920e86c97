/**
 * Reads the scope's latest snapshot from a state database, without changing
 * it: plan never writes state, and never creates the database (an older
 * layout is migrated, with a copy kept).
 */
import type { Scope } from "../../state/scope.js";
import type { StoredSnapshot } from "../../store/state-store.js";
import type { StateFile } from "../ports.js";

export interface LatestState {
  /** Whether there is a state database at all. */
  found: boolean;
  /** The scope's latest snapshot; undefined when the scope has none. */
  latest: StoredSnapshot | undefined;
}

export async function readLatestState(
  file: Pick<StateFile, "openExisting">,
  scope: Scope,
): Promise<LatestState> {
  const store = await file.openExisting();
  if (!store) return { found: false, latest: undefined };
  try {
    return { found: true, latest: await store.latest(scope) };
  } finally {
    await store.close();
  }
}
