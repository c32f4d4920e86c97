import { existsSync } from "node:fs";
import { pendingPromotions, settlePromotions } from "../../app/promotion/promotion-state.js";
import { record } from "../../planner/record.js";
import type { Command } from "../command.js";
import { createProgress } from "../progress.js";
import {
  DEFAULT_STATE,
  openStateForWriting,
  PROJECT_DIR_HELP,
  PROJECT_DIR_OPTION,
  readProject,
  readRunResults,
  readSourcesIfGiven,
  resolveFlagPath,
  scopeOf,
  targetOf,
} from "../project-inputs.js";

export const recordCommand: Command = {
  name: "record",
  summary: "commit a finished dbt run (build, run, seed, snapshot) as the scope's next state",
  usage: ["record --manifest PATH --run-results PATH [--sources PATH] [--state DB] [--environment NAME]"],
  optionHelp: {
    manifest: "the manifest.json the run wrote (same dbt invocation as the run results)",
    "run-results": "the run's run_results.json",
    sources: "sources.json taken strictly before the run started (otherwise it is not used)",
    state: `the state database; default ${DEFAULT_STATE} (created when absent)`,
    environment: "the state scope's environment; default prod",
    target: "the dbt target the run built into; default: the environment",
    ...PROJECT_DIR_HELP,
  },
  options: {
    manifest: { type: "string" },
    "run-results": { type: "string" },
    sources: { type: "string" },
    state: { type: "string" },
    environment: { type: "string" },
    target: { type: "string" },
    ...PROJECT_DIR_OPTION,
  },
  examples: [
    "dbt source freshness && dbt build && ods-state record --manifest target/manifest.json --run-results target/run_results.json",
  ],
  async run(values, _positionals, context) {
    const progress = createProgress(context);
    const project = readProject(
      context,
      values.manifest as string | undefined,
      progress,
      values["project-dir"] as string | undefined,
    );
    const runResults = readRunResults(context, values["run-results"] as string | undefined);
    const sources = readSourcesIfGiven(context, values.sources as string | undefined);
    const scope = scopeOf(project, values.environment as string | undefined);
    const target = targetOf(project, scope, values.target as string | undefined);
    const now = new Date().toISOString();
    const recordOver = (previous: Parameters<typeof record>[0]["previous"], recordedRunIds: Set<string>) =>
      record({ project, runResults, sources, scope, previous, recordedRunIds, target, now });
    const file = resolveFlagPath(context, values.state as string | undefined, DEFAULT_STATE);
    // No state file yet: a run that would be refused is refused before the file is created.
    const first = existsSync(file) ? null : recordOver(null, new Set());
    const store = await openStateForWriting(context, file);
    try {
      progress.phase(`recording the run into ${scope.project}/${scope.environment}`);
      const latest = await store.latest(scope);
      const ledger = await store.runs(scope);
      const pending = await pendingPromotions(store, latest);
      const outcome =
        first && latest === null && ledger.length === 0
          ? first
          : recordOver(latest?.snapshot ?? null, new Set(ledger.map((run) => run.run_id)));
      const snapshot = settlePromotions(
        outcome.snapshot,
        pending,
        outcome.run.run_id,
        new Set([...outcome.failed, ...outcome.skipped]),
      );
      const committed = await store.commit(scope, latest?.id ?? null, snapshot, outcome.run);
      progress.done();
      if (outcome.sourcesIgnored) context.stderr(`warning: ${outcome.sourcesIgnored}\n`);
      context.stdout(
        `Recorded run ${outcome.run.run_id} (dbt ${outcome.run.command}, ${outcome.run.status}) in ${committed.scope}: ` +
          `${outcome.built.length} built, ${outcome.failed.length} failed, ${outcome.skipped.length} skipped; snapshot ${committed.id}.\n`,
      );
      return 0;
    } finally {
      progress.done();
      await store.close();
    }
  },
};
