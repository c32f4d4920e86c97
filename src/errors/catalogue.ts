/**
 * The catalogue of errors a user can act on. Each code is stable (tests and
 * users match on it); the hint says what to do. Messages are written where
 * the error is raised, because only there is the file or input known.
 */
export const ERROR_CATALOGUE = {
  usage: { exit: 2, hint: "Run `ods-state --help` (or `ods-state COMMAND --help`) for the usage." },
  input_invalid: { exit: 2, hint: "Fix the value of the input named above in the workflow file." },
  file_missing: {
    exit: 1,
    hint: "Check the path; relative paths are resolved against the working directory.",
  },
  file_unreadable: {
    exit: 1,
    hint: "Check that the path is a readable file, not a directory, and that the job can read it.",
  },
  artifact_not_json: {
    exit: 1,
    hint: "The file is not valid JSON. Regenerate it with dbt (for example `dbt compile` or `dbt build`).",
  },
  artifact_invalid: {
    exit: 1,
    hint: "The file does not have the shape dbt writes. Regenerate it with a supported dbt version.",
  },
  artifact_version_unsupported: {
    exit: 1,
    hint: "Regenerate the artifact with a dbt version that writes a supported schema version.",
  },
  graph_cycle: { exit: 1, hint: "Remove the cycle from the dbt project: dbt itself refuses to build it." },
  state_corrupt: {
    exit: 1,
    hint: "Run `ods-state doctor --state PATH` to see what is wrong, restore the newest backup next to the file, or run `ods-state reset --state PATH` (it keeps a copy) and let the next run build everything.",
  },
  state_newer: {
    exit: 1,
    hint: "Upgrade ods-state to a version that knows this state, or restore a backup written by this version.",
  },
  state_foreign: {
    exit: 1,
    hint: "This SQLite file was not written by ods-state and was left untouched. Point --state at the state database (default .ods/state.db), or move this file away.",
  },
  state_locked: {
    exit: 1,
    hint: "Another process is writing the state database. Wait for it to finish, or use a `concurrency` group in the workflow.",
  },
  state_conflict: {
    exit: 1,
    hint: "Another run committed state first. Plan again against the new state; the nodes of this run are built again next time.",
  },
  record_refused: {
    exit: 1,
    hint: "Nothing was written. Record the results of a real `dbt build` (or run, seed, snapshot).",
  },
  driver_unavailable: {
    exit: 1,
    hint: "Reinstall with `npm ci` on Node 24, or unset ODS_SQLITE_DRIVER to let the fallback driver load.",
  },
} as const satisfies Record<string, { exit: 1 | 2; hint: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;
