import { randomBytes } from "node:crypto";
import { recordRun } from "../../app/record/record-run.js";
import { DEFAULT_STATE_FILE, scopeOf } from "../../app/scope.js";
import { cliWarnings } from "../cli-log.js";
import { COLUMN_IMPACT_HELP, COLUMN_IMPACT_OPTION, sqlParserOf } from "../column-impact.js";
import type { Command } from "../command.js";
import { createProgress } from "../progress.js";
import {
  PROJECT_DIR_HELP,
  PROJECT_DIR_OPTION,
  readProject,
  readRunResults,
  readSourcesIfGiven,
  resolveFlagPath,
  stateFileAt,
  targetName,
} from "../project-inputs.js";

export const recordCommand: Command = {
  name: "record",
  summary: "commit a finished dbt run (build, run, seed, snapshot) as the scope's next state",
  usage: [
    "record --manifest PATH --run-results PATH [--sources PATH] [--state DB] [--environment NAME] [--column-impact]",
  ],
  optionHelp: {
    manifest: "the manifest.json the run wrote (same dbt invocation as the run results)",
    "run-results": "the run's run_results.json",
    sources: "sources.json taken strictly before the run started (otherwise it is not used)",
    state: `the state database; default ${DEFAULT_STATE_FILE} (created when absent)`,
    environment: "the state scope's environment; default prod",
    target: "the dbt target the run built into; default: the environment",
    ...COLUMN_IMPACT_HELP,
    ...PROJECT_DIR_HELP,
  },
  options: {
    manifest: { type: "string" },
    "run-results": { type: "string" },
    sources: { type: "string" },
    state: { type: "string" },
    environment: { type: "string" },
    target: { type: "string" },
    ...COLUMN_IMPACT_OPTION,
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
      values["build-env"] === true,
    );
    const runResults = readRunResults(context, values["run-results"] as string | undefined);
    const sources = readSourcesIfGiven(context, values.sources as string | undefined);
    const scope = scopeOf(project, values.environment as string | undefined);
    const file = resolveFlagPath(context, values.state as string | undefined, DEFAULT_STATE_FILE);
    const loadSqlParser = sqlParserOf(values, context);
    // Once the state database is open, a failure first clears the progress line.
    let opened = false;
    try {
      const { outcome, committed } = await recordRun(
        {
          stateFile: stateFileAt(context, file),
          now: () => new Date(),
          log: cliWarnings(context),
          newValueKey: () => randomBytes(32).toString("hex"),
          ...(loadSqlParser ? { loadSqlParser } : {}),
          phase: (what) => {
            opened = true;
            progress.phase(what);
          },
        },
        {
          scope,
          project,
          runResults,
          sources,
          targetName: targetName(scope, values.target as string | undefined),
          // No state file yet: a run that would be refused is refused before the file is created.
          refuseBeforeCreating: true,
          // A promotion `env promote --state` committed, waiting for this run: settled against it.
          promotions: { handedOff: [], inState: true },
        },
      );
      progress.done();
      context.stdout(
        `Recorded run ${outcome.run.run_id} (dbt ${outcome.run.command}, ${outcome.run.status}) in ${committed.scope}: ` +
          `${outcome.built.length} built, ${outcome.failed.length} failed, ${outcome.skipped.length} skipped; snapshot ${committed.id}.\n`,
      );
      return 0;
    } finally {
      if (opened) progress.done();
    }
  },
};
