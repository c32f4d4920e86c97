/**
 * The state database's maintenance (`ods-state doctor`, `backup`, `reset`):
 * the SQLite file's own checks, copy and reset (src/store/sqlite-file.ts,
 * sqlite-inspection.ts), as the CLI's commands call them. They act on the
 * file itself, not through a StateStore: a damaged file must still be
 * inspected, copied and moved aside.
 */
import { backupStateFile, resetStateFile } from "../../store/sqlite-file.js";
import { inspectStateFile } from "../../store/sqlite-inspection.js";

export { backupStateFile, inspectStateFile, resetStateFile };
