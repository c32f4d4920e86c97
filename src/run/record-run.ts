/**
 * Records the job's dbt run into the scope's state and saves the state for
 * the next run. Only default-branch runs write prod state; a refused run
 * writes nothing and says why.
 */

import { UserError } from "../errors/user-error.js";
import type { ActionInputs } from "../github/action-inputs.js";
import { onDefaultBranch, type RunEnvironment } from "../github/event.js";
import { record } from "../planner/record.js";
import type { Scope } from "../state/scope.js";
import { SqliteStateStore } from "../store/sqlite-store.js";
import { readProjectAt, readRunResultsAt, readSourcesAt } from "./artifacts.js";
import type { Ports } from "./ports.js";

export interface RecordSummary {
  recorded: boolean;
  message: string;
}

export async function recordAndSave(
  inputs: ActionInputs,
  run: RunEnvironment,
  ports: Ports,
  scope: Scope,
  source: string,
  resultsBefore = "",
): Promise<RecordSummary> {
  const { log } = ports;
  if (!onDefaultBranch(run)) {
    const message = `Not recording: only runs on the default branch \`${run.defaultBranch}\` write prod state.`;
    log.info(message);
    return { recorded: false, message };
  }
  const runResults = readRunResultsAt(inputs.runResults);
  if (!runResults) {
    const message = `No ${inputs.runResults}: dbt did not run in this job, so there is nothing to record.`;
    log.info(message);
    return { recorded: false, message };
  }
  if (resultsBefore !== "" && runResults.metadata.invocationId === resultsBefore) {
    const message = `${inputs.runResults} is the one that existed before this job's dbt step (invocation ${resultsBefore}): nothing new ran, nothing to record.`;
    log.info(message);
    return { recorded: false, message };
  }
  const project = readProjectAt(inputs.manifest);
  const sources = readSourcesAt(inputs.sources);
  const store = await SqliteStateStore.open(inputs.statePath, {
    driver: inputs.sqliteDriver,
    log: (line) => log.info(line),
  }).catch((error: unknown) => {
    if (error instanceof UserError) {
      throw new UserError(error.code, `${error.message} (state restored from ${source})`, {
        file: error.file ?? inputs.statePath,
        hint: error.hint,
      });
    }
    throw error;
  });
  let message: string;
  try {
    const latest = await store.latest(scope);
    const ledger = await store.runs(scope);
    const outcome = record({
      project,
      runResults,
      sources,
      scope,
      previous: latest?.snapshot ?? null,
      recordedRunIds: new Set(ledger.map((entry) => entry.run_id)),
      target: { name: scope.environment, adapter_type: project.manifest.metadata.adapterType ?? "unknown" },
      now: ports.now().toISOString(),
    });
    if (outcome.sourcesIgnored) log.warning(outcome.sourcesIgnored);
    const committed = await store.commit(scope, latest?.id ?? null, outcome.snapshot, outcome.run);
    message = `Recorded run ${outcome.run.run_id} (dbt ${outcome.run.command}, ${outcome.run.status}) in ${committed.scope}: ${outcome.built.length} built, ${outcome.failed.length} failed, ${outcome.skipped.length} skipped.`;
    log.info(message);
  } finally {
    await store.close();
  }
  const saved = await ports.save(inputs.statePath, scope);
  for (const note of saved.notes) log.info(note);
  for (const warning of saved.warnings) log.warning(warning.message);
  return { recorded: true, message };
}
