/**
 * The run surface of the input inventory (issue 36): what run_results.json
 * says a run did, and what record() makes of it. A row here is "fingerprinted"
 * when record() reads it to decide whether (and how) a result is recorded as
 * a build of this code over the recorded parents; "inert" when it cannot
 * change what the run wrote, or the manifest of the same invocation (record
 * refuses any other: record-refusals.ts `acceptedRun`) already carries it.
 * dbt writes `args` with `dbt.utils.args_to_dict` (core/dbt/utils/utils.py),
 * leaving out flags whose value is None.
 */
import type { InventoryRow } from "./row.js";

const RUN = "run" as const;
const ARGS_CITE = "dbt-core core/dbt/cli/params.py (the options); core/dbt/cli/flags.py › Flags";
const RESULT_CITE = "dbt-core core/dbt/artifacts/schemas/run/v5/run.py › RunResultOutput, process_run_result";

function row(path: string, klass: InventoryRow["class"], how: string, cite: string): InventoryRow {
  return { surface: RUN, path, class: klass, how, cite };
}

export const RUN_ROWS: readonly InventoryRow[] = [
  // ------------------------------------------------------------ metadata
  row(
    "run_results.metadata.invocation_id",
    "fingerprinted",
    "record-refusals.ts acceptedRun: must equal the manifest's invocation_id (the manifest the run wrote, compiled with the run's vars and target) and not be recorded already",
    "dbt-core core/dbt/artifacts/schemas/base.py › BaseArtifactMetadata",
  ),
  row(
    "run_results.metadata.invocation_started_at",
    "fingerprinted",
    "run-times.ts runStartedAt: orders the run against the recorded state (record_superseded) and sources.json",
    "dbt-core core/dbt/artifacts/schemas/base.py › BaseArtifactMetadata",
  ),
  row(
    "run_results.metadata.generated_at",
    "fingerprinted",
    "run-times.ts: a build's time when a result has no timing; times after now are refused",
    "dbt-core core/dbt/artifacts/schemas/base.py › BaseArtifactMetadata",
  ),
  row(
    "run_results.metadata.dbt_schema_version",
    "fingerprinted",
    "run-results.ts loadRunResults: v5 and v6 are read, others refused",
    "dbt-core core/dbt/artifacts/schemas/run/v5/run.py › RunResultsArtifact",
  ),
  row(
    "run_results.metadata.dbt_version",
    "inert",
    "the dbt version that built is the manifest's (fingerprint `engine` component), the same invocation",
    "dbt-core core/dbt/artifacts/schemas/base.py › BaseArtifactMetadata",
  ),
  row(
    "run_results.metadata.env",
    "inert",
    "DBT_ENV_CUSTOM_ENV_* values copied into artifacts for the user's own use; dbt does not read them back",
    "dbt-core core/dbt/artifacts/schemas/base.py › get_metadata_vars",
  ),
  row(
    "run_results.elapsed_time",
    "inert",
    "the run's wall time: says nothing about what was written",
    "dbt-core core/dbt/artifacts/schemas/results.py › ExecutionResult",
  ),
  // ------------------------------------------------------------ args
  row(
    "run_results.args.which",
    "fingerprinted",
    "record-refusals.ts: build, run, seed, snapshot are builds (`dbt retry` writes the retried command here: core/dbt/task/retry.py › RetryTask); clone is recorded only as the relations it wrote (record-relations.ts; relation_overwritten); compile, show, test, list, parse, docs generate, run-operation (writes relations no result names) and anything else are refused",
    "dbt-core core/dbt/task/retry.py › RetryTask.__init__ (Flags.from_dict of the previous command); core/dbt/task/clone.py › CloneTask",
  ),
  row(
    "run_results.args.command",
    "fingerprinted",
    "dbt Fusion's name for `which`: read the same way",
    "dbt Fusion run_results.json (fixture dbt-bouncer-fusion-2.0-beta)",
  ),
  row(
    "run_results.args.empty",
    "fingerprinted",
    "partial-builds.ts: every node built is recorded partial (`last_build_partial`)",
    "dbt-core core/dbt/context/providers.py › BaseResolver.resolve_limit",
  ),
  row(
    "run_results.args.sample",
    "fingerprinted",
    "partial-builds.ts: every node built is recorded partial",
    "dbt-core core/dbt/context/providers.py › BaseResolver.resolve_event_time_filter",
  ),
  row(
    "run_results.args.event_time_start",
    "fingerprinted",
    "partial-builds.ts: a microbatch model built is recorded partial",
    "dbt-core core/dbt/materializations/incremental/microbatch.py › MicrobatchBuilder.build_start_time",
  ),
  row(
    "run_results.args.event_time_end",
    "fingerprinted",
    "partial-builds.ts: a microbatch model built is recorded partial",
    "dbt-core core/dbt/materializations/incremental/microbatch.py › MicrobatchBuilder.build_end_time",
  ),
  row(
    "run_results.args.defer",
    "fingerprinted",
    "record-nodes.ts: a node built with --defer records as read only the parents this run built; a ref to any other may have resolved to another environment's relation, so the next plan has no evidence for it (missing_data_evidence)",
    "dbt-core core/dbt/context/providers.py › RuntimeRefResolver.create_relation (defer_relation when args.defer and favor_state or the relation is missing)",
  ),
  row(
    "run_results.args.favor_state",
    "fingerprinted",
    "only with --defer (which record reads): covered by the defer row",
    "dbt-core core/dbt/context/providers.py › RuntimeRefResolver.create_relation",
  ),
  row(
    "run_results.args.state",
    "inert",
    "where --defer/clone read the other manifest: what they did is judged by `defer` and `which`",
    ARGS_CITE,
  ),
  row("run_results.args.defer_state", "inert", "as `state`", ARGS_CITE),
  row(
    "run_results.args.full_refresh",
    "inert",
    "a full refresh rebuilds the node whole from this code and the parents it read; without it an incremental node is merged into its previous build, as every `dbt build` ODS selects does: both are builds of this code (the node config `full_refresh: false` only makes dbt ignore the flag). Whether the plan should ask for a full refresh is not a record question",
    "dbt-adapters global_project materializations/models/incremental/incremental.sql › should_full_refresh()",
  ),
  row(
    "run_results.args.vars",
    "fingerprinted",
    "the manifest of the same invocation was rendered with these vars: compiled SQL and config are in the fingerprint; vars read at run time by macros are the environment surface's `value:` components",
    "dbt-core core/dbt/config/runtime.py › RuntimeConfig (cli_vars); core/dbt/parser/manifest.py › ManifestLoader.build_manifest_state_check (vars_hash: changed vars reparse everything)",
  ),
  row(
    "run_results.args.target",
    "fingerprinted",
    "the manifest of the same invocation names the relations the run wrote into (fingerprint `relation`, snapshot relation keys) and the adapter (`engine`, target identity); a target that differs only in account or host with the same database and schema names is not seen",
    "dbt-core core/dbt/config/profile.py › Profile.from_args",
  ),
  row(
    "run_results.args.profile",
    "fingerprinted",
    "as `target`",
    "dbt-core core/dbt/config/profile.py › Profile.from_args",
  ),
  row(
    "run_results.args.select",
    "inert",
    "which nodes ran: only nodes with a result advance (record-nodes.ts); the rest keep their entries",
    "dbt-core core/dbt/task/runnable.py › GraphRunnableTask.get_selection_spec",
  ),
  row("run_results.args.exclude", "inert", "as `select`", ARGS_CITE),
  row("run_results.args.selector", "inert", "as `select`", ARGS_CITE),
  row("run_results.args.resource_types", "inert", "as `select`", ARGS_CITE),
  row("run_results.args.exclude_resource_types", "inert", "as `select`", ARGS_CITE),
  row("run_results.args.indirect_selection", "inert", "which tests ran: their results say", ARGS_CITE),
  row("run_results.args.models", "inert", "as `select`", ARGS_CITE),
  row(
    "run_results.args.fail_fast",
    "inert",
    "stops the run: the unfinished nodes have no success result and keep their entries",
    ARGS_CITE,
  ),
  row("run_results.args.threads", "inert", "parallelism: dbt still runs parents before children", ARGS_CITE),
  row(
    "run_results.args.warn_error",
    "inert",
    "changes statuses (warn to error): the results say which",
    ARGS_CITE,
  ),
  row("run_results.args.warn_error_options", "inert", "as `warn_error`", ARGS_CITE),
  row(
    "run_results.args.store_failures",
    "inert",
    "writes test failures into the tests' own audit relations, not the node's",
    "dbt-adapters global_project materializations/tests/test.sql",
  ),
  row(
    "run_results.args.cache_selected_only",
    "inert",
    "what dbt caches of the warehouse's relations, not what it writes",
    ARGS_CITE,
  ),
  row("run_results.args.populate_cache", "inert", "as `cache_selected_only`", ARGS_CITE),
  row(
    "run_results.args.introspect",
    "inert",
    "compile-time introspection: the compiled SQL is fingerprinted",
    ARGS_CITE,
  ),
  row("run_results.args.partial_parse", "inert", "how the manifest was parsed, not what it says", ARGS_CITE),
  row("run_results.args.static_parser", "inert", "as `partial_parse`", ARGS_CITE),
  row("run_results.args.use_experimental_parser", "inert", "as `partial_parse`", ARGS_CITE),
  row("run_results.args.invocation_command", "inert", "the command line as text, for humans", ARGS_CITE),
  row("run_results.args.project_dir", "inert", "where dbt ran: the manifest says what it read", ARGS_CITE),
  row("run_results.args.profiles_dir", "inert", "as `project_dir`", ARGS_CITE),
  row("run_results.args.target_path", "inert", "where artifacts were written", ARGS_CITE),
  row("run_results.args.log_path", "inert", "logging", ARGS_CITE),
  row("run_results.args.log_format", "inert", "logging", ARGS_CITE),
  row("run_results.args.log_level", "inert", "logging", ARGS_CITE),
  row("run_results.args.quiet", "inert", "logging", ARGS_CITE),
  row("run_results.args.printer_width", "inert", "logging", ARGS_CITE),
  row("run_results.args.use_colors", "inert", "logging", ARGS_CITE),
  row("run_results.args.print", "inert", "logging", ARGS_CITE),
  row("run_results.args.debug", "inert", "logging", ARGS_CITE),
  row("run_results.args.macro_debugging", "inert", "debugging output", ARGS_CITE),
  row("run_results.args.send_anonymous_usage_stats", "inert", "telemetry", ARGS_CITE),
  row("run_results.args.version_check", "inert", "a version check before the run", ARGS_CITE),
  row("run_results.args.write_json", "inert", "whether artifacts are written", ARGS_CITE),
  row("run_results.args.show_resource_report", "inert", "reporting", ARGS_CITE),
  row(
    "run_results.args.<other>",
    "unknown",
    "a flag not listed here (a newer dbt's): record does not read it; if it changes what a build writes, ODS does not see it",
    ARGS_CITE,
  ),
  // ------------------------------------------------------------ results
  row(
    "run_results.results[].unique_id",
    "fingerprinted",
    "which node the result is for; of several results for one node the one that did not pass counts (run-statuses.ts)",
    RESULT_CITE,
  ),
  row(
    "run_results.results[].status",
    "fingerprinted",
    "run-statuses.ts: success and partial success are builds (partial success recorded partial); no-op, reused, skipped, error are not; tests: pass/warn passed, fail/error/runtime error failed",
    "dbt-core core/dbt/artifacts/schemas/results.py › NodeStatus, RunStatus",
  ),
  row(
    "run_results.results[].message",
    "fingerprinted",
    "`dbt clone`: `No-op` means the clone materialization ran no statement, so the relation was not written (record-relations.ts wroteRelation); for builds the text of the adapter response, read nowhere else",
    "dbt-core core/dbt/task/clone.py › CloneRunner._build_run_model_result; core/dbt/task/run.py › ModelRunner._build_run_model_result",
  ),
  row(
    "run_results.results[].adapter_response",
    "inert",
    "the warehouse's response to the `main` statement (rows affected, query id, bytes): a build's result exists only after its `main` statement ran (ModelRunner._build_run_model_result raises without one), so it adds nothing to `status`",
    "dbt-core core/dbt/task/run.py › ModelRunner._build_run_model_result",
  ),
  row(
    "run_results.results[].failures",
    "inert",
    "tests: the number of failing rows, already in `status`",
    RESULT_CITE,
  ),
  row(
    "run_results.results[].timing",
    "fingerprinted",
    "run-times.ts: a build's time (`built_at`); the order of writes to one relation (record-relations.ts)",
    "dbt-core core/dbt/artifacts/schemas/results.py › TimingInfo",
  ),
  row("run_results.results[].thread_id", "inert", "which thread ran it", RESULT_CITE),
  row(
    "run_results.results[].execution_time",
    "inert",
    "seconds: kept only to say what a reuse saves (`duration_s`)",
    RESULT_CITE,
  ),
  row(
    "run_results.results[].compiled",
    "inert",
    "whether the node was compiled: the manifest of the same invocation has its compiled code",
    RESULT_CITE,
  ),
  row(
    "run_results.results[].compiled_code",
    "inert",
    "the same text as the manifest's compiled_code of the same invocation (process_run_result copies node.compiled_code), which is fingerprinted",
    RESULT_CITE,
  ),
  row(
    "run_results.results[].relation_name",
    "inert",
    "the same as the manifest's relation_name of the same invocation (process_run_result copies it), which keys the relation writes",
    RESULT_CITE,
  ),
  row(
    "run_results.results[].batch_results",
    "fingerprinted",
    "partial-builds.ts: failed batches make the build partial; record-relations.ts wroteNothing: a microbatch success with no batches ran nothing and is not recorded as built",
    "dbt-core core/dbt/task/run.py › MicrobatchModelRunner.execute, merge_batch_results",
  ),
  row(
    "run_results.results[].overload_results",
    "inert",
    "functions' overloads (dbt 1.11+ function nodes): not planned nodes",
    "dbt-core core/dbt/artifacts/schemas/overload_results.py",
  ),
  // ------------------------------------------------------------ other runs and environments
  row(
    "relations written by other recorded runs",
    "fingerprinted",
    "snapshot `relations` (last writer per relation, names compared as the warehouse resolves them, relation-identity.ts): a later write by another node or a clone builds the node (relation_overwritten)",
    "dbt-adapters dbt-adapters/src/dbt/adapters/base/relation.py › BaseRelation.create_from, _is_exactish_match",
  ),
  row(
    "relations written by runs ODS did not record",
    "unknown",
    "a `dbt run-operation`, a run outside the action, another scope or environment writing the same relation: not seen (the environment registry never writes a relation it does not own)",
    "dbt-core core/dbt/task/run_operation.py › RunOperationTask",
  ),
];
