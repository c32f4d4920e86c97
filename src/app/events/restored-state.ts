import { isUserError, UserError } from "../../errors/user-error.js";
import type { Scope } from "../../state/scope.js";
import { type LatestState, readLatestState } from "../plan/read-latest-state.js";
import type { StateFile, StateFiles } from "../ports.js";

/**
 * Reads the scope's latest snapshot from the restored state file, read-only
 * in spirit (plan never changes state; an older layout is migrated, with a
 * copy kept). A damaged or newer file is an error that says where it came
 * from and what to do, never a silent reset.
 */
export async function openRestoredState(
  stateFiles: StateFiles,
  statePath: string,
  scope: Scope,
  source: string,
): Promise<LatestState> {
  return readLatestState(restoredStateFile(stateFiles.at(statePath), source), scope);
}

/** The restored state file, whose opening errors say where it came from and how to start over. */
function restoredStateFile(file: StateFile, source: string): Pick<StateFile, "openExisting"> {
  return {
    openExisting: () =>
      file.openExisting().catch((error: unknown) => {
        if (isUserError(error)) {
          throw new UserError(error.code, `${error.message} (restored from ${source})`, {
            file: error.file ?? file.path,
            hint: `${error.hint} In Actions: delete the cache entries of this scope (Actions → Caches) to start over; every node is then built once.`,
          });
        }
        throw error;
      }),
  };
}
