import { existsSync } from "node:fs";
import { isUserError, UserError } from "../errors/user-error.js";
import type { ActionInputs } from "../github/action-inputs.js";
import type { Scope } from "../state/scope.js";
import { SqliteStateStore } from "../store/sqlite-store.js";
import type { StoredSnapshot } from "../store/state-store.js";

/**
 * Reads the scope's latest snapshot from the restored state file, read-only
 * in spirit (plan never changes state; an older layout is migrated, with a
 * copy kept). A damaged or newer file is an error that says where it came
 * from and what to do, never a silent reset.
 */
export async function openRestoredState(
  inputs: ActionInputs,
  scope: Scope,
  source: string,
): Promise<{ found: boolean; latest: StoredSnapshot | undefined }> {
  if (!existsSync(inputs.statePath)) return { found: false, latest: undefined };
  let store: SqliteStateStore;
  try {
    store = await SqliteStateStore.open(inputs.statePath, { driver: inputs.sqliteDriver, create: false });
  } catch (error) {
    if (isUserError(error)) {
      throw new UserError(error.code, `${error.message} (restored from ${source})`, {
        file: error.file ?? inputs.statePath,
        hint: `${error.hint} In Actions: delete the cache entries of this scope (Actions → Caches) to start over; every node is then built once.`,
      });
    }
    throw error;
  }
  try {
    return { found: true, latest: await store.latest(scope) };
  } finally {
    await store.close();
  }
}
