/**
 * The run whose builds are recorded: it must carry an invocation id (the run
 * id every record holds) and come from a dbt command that builds something.
 */
import type { RunResults } from "../../../dbt/artifacts/run-results.js";
import { UserError } from "../../../errors/user-error.js";
import { BUILDING_COMMANDS } from "../../../planner/record-refusals.js";

/** The run's id, or refused: no invocation id, or a command that builds nothing. */
export function recordableRunId(runResults: RunResults): string {
  const file = runResults.file;
  const runId = runResults.metadata.invocationId;
  const command = runResults.args.which;
  if (!runId)
    throw new UserError("record_refused", `${file} has no invocation_id, so the run can't be identified.`, {
      file,
    });
  if (!command || !(BUILDING_COMMANDS as readonly string[]).includes(command)) {
    throw new UserError(
      "record_refused",
      `${file} comes from \`dbt ${command ?? "(unknown command)"}\`, which builds nothing to keep.`,
      { file },
    );
  }
  return runId;
}
