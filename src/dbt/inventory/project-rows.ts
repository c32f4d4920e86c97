/**
 * The project-files surface of the input inventory (row.ts): every top-level
 * key of dbt_project.yml dbt-core knows (core/dbt/contracts/project.py
 * `Project`, dbt-core 1.12/1.13), every flag of its `flags:`
 * (`ProjectFlags`, and the adapters' behaviour flags, dbt-adapters
 * `BaseAdapter.behavior`), and the other files of `project-dir`
 * (packages.yml, dependencies.yml, package-lock.yml, selectors.yml, vars.yml,
 * the installed packages).
 *
 * The key and flag tables are data the fingerprint reads
 * (fingerprint/project-file-components.ts): `reach` says which nodes a
 * fingerprinted-here key's `input:dbt_project.yml › <key>` component goes to.
 * A key or flag with no entry here gets `unclassified:dbt_project.yml › <key>`
 * on every node. Citations are dbt-core (github.com/dbt-labs/dbt-core,
 * branches 1.12.latest / 1.13.latest) and dbt-adapters
 * (github.com/dbt-labs/dbt-adapters) files › functions.
 */
import type { InputClass, InventoryRow } from "./row.js";

/**
 * Which nodes a fingerprinted-here key reaches:
 * - `every`: every planned node;
 * - `dispatch`: nodes whose run-time macros (or the project hooks') call
 *   `adapter.dispatch` in a namespace the entry names (or in one not written
 *   as a literal);
 * - `materialization-override`: nodes whose materialization has both a
 *   builtin and a package candidate (run-time-closure.ts
 *   `materializationAlternative`);
 * - `microbatch`: incremental models with `incremental_strategy: microbatch`;
 * - `project-hooks`: every node, when the project has on-run-start or
 *   on-run-end hooks (none: nothing to run);
 * - `adapter:<type>`: every node when the manifest's adapter is `<type>` or
 *   builds on it (postgres for redshift);
 * - `version-component`: read into the `version` component (node-fingerprint.ts), no input component;
 * - `vars`: by value, per var read at run time (`value:var(name)`, the values rows).
 */
export type ProjectReach =
  | "every"
  | "dispatch"
  | "materialization-override"
  | "microbatch"
  | "project-hooks"
  | `adapter:${string}`
  | "version-component"
  | "vars";

export interface ProjectKey {
  /** The key as written in the file (dbt's hyphenated spelling where it has one). */
  key: string;
  class: InputClass;
  /** Fingerprinted here: which nodes get the component. Absent: through the manifest, inert or unknown. */
  reach?: ProjectReach;
  how: string;
  cite: string;
}

export const PROJECT_FILE = "dbt_project.yml";
/** The row path of a top-level key, and the component name after `input:`/`unclassified:`. */
export function projectKeyPath(key: string): string {
  return `${PROJECT_FILE} › ${key}`;
}
export function projectFlagPath(flag: string): string {
  return `${PROJECT_FILE} › flags › ${flag}`;
}

const CONTRACT = "core/dbt/contracts/project.py › Project";
const CREATE = "core/dbt/config/project.py › PartialProject.create_project";
const FLAGS_CONTRACT = "core/dbt/contracts/project.py › ProjectFlags";
const THROUGH_CONFIG = (what: string, where: string) =>
  `fingerprinted through the manifest: dbt resolves it per ${what} at parse time (by fqn) into the resolved \`config\` the manifest records (${where}); the same config is what the run reads (core/dbt/context/providers.py › generate_runtime_model_context gives the node's recorded config)`;
const PATHS_HOW = (what: string) =>
  `fingerprinted through the manifest: decides which files dbt parses as ${what}; what it parsed is the manifest (the entries, their fqn, and so the project configs they get); a run reads the same manifest`;
const PARSE_ONLY = (what: string) =>
  `inert: ${what}; read at parse time only (a parse that passes writes the same manifest), never by a materialization, adapter or run`;

/** Top-level keys of dbt_project.yml (`Project`, aliases as written). */
export const PROJECT_KEYS: readonly ProjectKey[] = [
  {
    key: "name",
    class: "fingerprinted",
    how: "fingerprinted through the manifest: the root project's name is metadata.project_name, every node's package_name and unique_id (a rename is new nodes), and the macro search order's root package",
    cite: `${CONTRACT}.name; core/dbt/config/runtime.py › RuntimeConfig.get_metadata`,
  },
  {
    key: "config-version",
    class: "inert",
    how: "inert: the file format (only 2 is accepted); changes nothing dbt reads",
    cite: `${CONTRACT}.config_version; core/dbt/config/project.py › PartialProject.render (checks it)`,
  },
  {
    key: "version",
    class: "inert",
    how: "inert: the project's own version string, kept on the Project object and read by nothing that builds",
    cite: `${CONTRACT}.version; ${CREATE} (stored only)`,
  },
  {
    key: "project-root",
    class: "inert",
    how: "inert: dbt sets it from where the file is; a written value is replaced (Project.project_root = the directory)",
    cite: `${CONTRACT}.project_root; core/dbt/config/project.py › Project.from_project_root`,
  },
  ...[
    ["model-paths", "models"],
    ["source-paths", "models (the pre-1.0 name of model-paths)"],
    ["macro-paths", "macros (their source is the manifest's macros.*.macro_sql)"],
    ["seed-paths", "seeds"],
    ["data-paths", "seeds (the pre-1.0 name of seed-paths)"],
    ["test-paths", "singular tests and test macros"],
    ["snapshot-paths", "snapshots"],
    ["function-paths", "user-defined functions (dbt 1.11+: manifest functions.*)"],
    ["docs-paths", "doc blocks (rendered into descriptions, which persist_docs writes)"],
    ["osi-paths", "semantic (OSI) definitions"],
  ].map(
    ([key, what]): ProjectKey => ({
      key: key!,
      class: "fingerprinted",
      how: PATHS_HOW(what!),
      cite: `${CONTRACT}; ${CREATE} (${key} into the paths the parsers read: core/dbt/parser/read_files.py › get_file_types_for_project)`,
    }),
  ),
  {
    key: "analysis-paths",
    class: "inert",
    how: "inert: analyses are compiled, never run against the warehouse by dbt build",
    cite: "core/dbt/task/build.py › BuildTask.RUNNER_MAP (no runner for analyses)",
  },
  {
    key: "asset-paths",
    class: "inert",
    how: "inert: files copied into the target directory for the docs site",
    cite: "core/dbt/task/docs/generate.py › GenerateTask.run (copies asset_paths)",
  },
  {
    key: "target-path",
    class: "inert",
    how: "inert: where dbt writes its artifacts; ODS reads the manifest it is given",
    cite: `${CREATE} (target_path); core/dbt/compilation.py › Compiler._write_node`,
  },
  {
    key: "log-path",
    class: "inert",
    how: "inert: where dbt writes its logs (read from the --log-path flag since 1.5)",
    cite: `${CREATE} (log_path = flags.LOG_PATH)`,
  },
  {
    key: "packages-install-path",
    class: "fingerprinted",
    how: "fingerprinted through the manifest: where the installed packages are read from; their macros and nodes are the manifest's (macros.*.macro_sql, package nodes)",
    cite: `${CREATE} (packages_install_path); core/dbt/config/runtime.py › RuntimeConfig.load_dependencies`,
  },
  {
    key: "clean-targets",
    class: "inert",
    how: "inert: the directories `dbt clean` deletes",
    cite: "core/dbt/task/clean.py › CleanTask.run",
  },
  {
    key: "profile",
    class: "inert",
    how: "inert here: names the profiles.yml entry; what it resolves to (adapter, database, schema) is the profile surface's rows and the manifest's (metadata.adapter_type, every node's database/schema)",
    cite: `${CONTRACT}.profile; core/dbt/config/runtime.py › load_profile`,
  },
  {
    key: "quoting",
    class: "fingerprinted",
    how: "fingerprinted through the manifest: merged with the adapter's defaults into the quote policy the manifest records (metadata.quoting) and renders into every relation_name; the run quotes relations with the same policy",
    cite: "core/dbt/config/runtime.py › _project_quoting_dict, RuntimeConfig.get_metadata; dbt-adapters base/relation.py › BaseRelation.create_from",
  },
  {
    key: "on-run-start",
    class: "fingerprinted",
    how: "fingerprinted through the manifest: each hook is an operation node (`operation.<project>.<project>-on-run-start-<n>`) whose raw_code and macros the manifest records (project_hooks component)",
    cite: "core/dbt/parser/hooks.py › HookSearcher; core/dbt/task/run.py › RunTask.safe_run_hooks",
  },
  {
    key: "on-run-end",
    class: "fingerprinted",
    how: "fingerprinted through the manifest: each hook is an operation node (`…-on-run-end-<n>`), classified by the manifest's operation rows",
    cite: "core/dbt/parser/hooks.py › HookSearcher; core/dbt/task/run.py › RunTask.safe_run_hooks",
  },
  {
    key: "require-dbt-version",
    class: "inert",
    how: "inert: dbt refuses to run outside the range; the dbt version that ran is the engine component",
    cite: "core/dbt/config/project.py › validate_version",
  },
  {
    key: "dispatch",
    class: "fingerprinted",
    reach: "dispatch",
    how: "fingerprinted here (`input:dbt_project.yml › dispatch`): the macro search order adapter.dispatch uses at run time, which the manifest does not record; each node gets the entries of the namespaces its run-time macros and the project hooks dispatch in (every entry when a namespace is not a literal)",
    cite: "core/dbt/config/project.py › Project.get_macro_search_order; core/dbt/context/providers.py › BaseDatabaseWrapper._get_search_packages / dispatch",
  },
  ...[
    ["models", "model", "nodes.<model>.config"],
    ["seeds", "seed", "nodes.<seed>.config"],
    ["snapshots", "snapshot", "nodes.<snapshot>.config"],
    ["sources", "source", "sources.<source>.config, quoting, freshness"],
    ["tests", "data test (the pre-1.8 name of data_tests)", "nodes.<test>.config"],
    ["data_tests", "data test", "nodes.<test>.config"],
    ["unit_tests", "unit test", "unit_tests.<unit_test>.config"],
    ["functions", "function (dbt 1.11+)", "functions.<function>.config"],
  ].map(
    ([key, what, where]): ProjectKey => ({
      key: key!,
      class: "fingerprinted",
      how: THROUGH_CONFIG(what!, where!),
      cite: `${CONTRACT}.${key}; core/dbt/context/context_config.py › ContextConfig.build_config_dict (project configs by fqn)`,
    }),
  ),
  ...["analyses", "metrics", "semantic-models", "saved-queries", "exposures"].map(
    (key): ProjectKey => ({
      key,
      class: "inert",
      how: `inert: configs of ${key.replace("-", " ")}, which dbt build does not build (their manifest entries are classified as such)`,
      cite: `${CONTRACT}; core/dbt/task/build.py › BuildTask.RUNNER_MAP`,
    }),
  ),
  {
    key: "vars",
    class: "fingerprinted",
    reach: "vars",
    how: "fingerprinted by value, per var read at run time (run_time_value_changed): a read at compile time is in the compiled SQL already; the parsed vars (global and package-scoped, project-file.ts ProjectVars/varsFor) are handed to the values rows",
    cite: "core/dbt/config/project.py › VarProvider.vars_for; core/dbt/context/configured.py › ConfiguredVar.__call__",
  },
  {
    key: "packages",
    class: "fingerprinted",
    how: "fingerprinted through the manifest: packages to install (as in packages.yml); what is installed is the manifest's macros and package nodes",
    cite: `${CONTRACT}.packages; core/dbt/config/project.py › package_config_from_data`,
  },
  {
    key: "query-comment",
    class: "inert",
    how: "inert: a SQL comment added before (or after) each statement, or BigQuery job labels; neither changes a relation's columns or rows",
    cite: "dbt-adapters base/query_headers.py › MacroQueryStringSetter.add, _QueryComment.add; dbt-bigquery connections.py › BigQueryConnectionManager._labels_from_query_comment",
  },
  {
    key: "restrict-access",
    class: "inert",
    how: PARSE_ONLY("whether other packages may ref this package's protected models"),
    cite: "core/dbt/contracts/graph/manifest.py › Manifest.is_invalid_protected_ref",
  },
  {
    key: "dbt-cloud",
    class: "inert",
    how: "inert: dbt Cloud CLI settings (project id, defer-env-id); dbt-core stores them and builds nothing from them",
    cite: `${CONTRACT}.dbt_cloud; ${CREATE} (stored only)`,
  },
  {
    key: "flags",
    class: "unknown",
    how: "each flag is its own row (`flags › <name>`); a flag without a row is unknown: `unclassified:dbt_project.yml › flags › <name>` on every node",
    cite: `${FLAGS_CONTRACT} (ExtensibleDbtClassMixin: any key is accepted); dbt-adapters base/impl.py › BaseAdapter.behavior`,
  },
];

const FLAG = (
  name: string,
  cls: InputClass,
  how: string,
  cite: string,
  reach?: ProjectReach,
): ProjectKey => ({
  key: name,
  class: cls,
  how,
  cite,
  ...(reach === undefined ? {} : { reach }),
});
const RUN_ONLY = (what: string) =>
  `inert: ${what}; decides how the invocation runs and reports, not what a node's build writes (run_results.json records what really ran)`;
const LOGGING = "inert: logging and output only";
const PARSE_VALIDATION = (what: string) =>
  `inert: a parse-time check (${what}); a parse that passes writes the same manifest, one that fails builds nothing`;
const THROUGH_PARSE = (what: string) =>
  `fingerprinted through the manifest: changes what dbt parses (${what}), which the manifest records and the run reads`;

/** The flags of `flags:` (ProjectFlags, and adapters' behaviour flags). */
export const PROJECT_FLAGS: readonly ProjectKey[] = [
  FLAG(
    "cache_selected_only",
    "inert",
    "inert: which schemas dbt caches up front; a relation outside the cache is looked up in the warehouse",
    "dbt-adapters base/impl.py › BaseAdapter._relations_cache_for_schemas / get_relation",
  ),
  FLAG("debug", "inert", LOGGING, `${FLAGS_CONTRACT}.debug`),
  FLAG(
    "fail_fast",
    "inert",
    RUN_ONLY("stops the run at the first failure"),
    "core/dbt/task/runnable.py › GraphRunnableTask._handle_result",
  ),
  FLAG("hints_enabled", "inert", LOGGING, `${FLAGS_CONTRACT}.hints_enabled`),
  FLAG(
    "indirect_selection",
    "inert",
    `${RUN_ONLY("which tests a selection picks up")}; a value other than eager makes \`dbt build --select …\` drop tests the plan's selection counts on, so the plan warns (\`indirect_selection_not_eager\`) and names \`--indirect-selection eager\``,
    "core/dbt/graph/selector.py › NodeSelector.expand_selection; core/dbt/cli/flags.py (project flags apply where the command line sets none)",
  ),
  FLAG("log_format", "inert", LOGGING, `${FLAGS_CONTRACT}`),
  FLAG("log_format_file", "inert", LOGGING, `${FLAGS_CONTRACT}`),
  FLAG("log_level", "inert", LOGGING, `${FLAGS_CONTRACT}`),
  FLAG("log_level_file", "inert", LOGGING, `${FLAGS_CONTRACT}`),
  FLAG(
    "maximum_seed_size_mib",
    "fingerprinted",
    "fingerprinted through the manifest: above it dbt records a seed's path, not its content, as its checksum (nodes.<seed>.checksum; the edge then hashes the CSV)",
    "core/dbt/contracts/files.py › FileHash / core/dbt/parser/seeds.py (MAXIMUM_SEED_SIZE)",
  ),
  FLAG(
    "partial_parse",
    "inert",
    "inert: whether dbt reuses its last parse; the manifest it writes is the same",
    "core/dbt/parser/manifest.py › ManifestLoader.read_manifest_for_partial_parse",
  ),
  FLAG(
    "populate_cache",
    "inert",
    "inert: whether dbt caches relations up front; a relation not cached is looked up in the warehouse",
    "core/dbt/task/runnable.py › GraphRunnableTask.populate_adapter_cache",
  ),
  FLAG("printer_width", "inert", LOGGING, `${FLAGS_CONTRACT}`),
  FLAG("send_anonymous_usage_stats", "inert", "inert: usage tracking", "core/dbt/tracking.py"),
  FLAG(
    "snowflake_projects_otel",
    "inert",
    "inert: telemetry export",
    `${FLAGS_CONTRACT}.snowflake_projects_otel`,
  ),
  FLAG(
    "static_parser",
    "inert",
    "inert: a faster parser of ref/source/config calls; the manifest it writes is the same (dbt falls back to Jinja where it differs)",
    "core/dbt/parser/models.py › ModelParser.render_update",
  ),
  FLAG("use_colors", "inert", LOGGING, `${FLAGS_CONTRACT}`),
  FLAG("use_colors_file", "inert", LOGGING, `${FLAGS_CONTRACT}`),
  FLAG(
    "use_experimental_parser",
    "inert",
    "inert: the experimental static parser; the manifest it writes is what is fingerprinted",
    "core/dbt/parser/models.py › ModelParser.render_update",
  ),
  FLAG(
    "use_v2_parser",
    "fingerprinted",
    THROUGH_PARSE("which parser reads the project"),
    `${FLAGS_CONTRACT}.use_v2_parser`,
  ),
  FLAG(
    "v2_parser",
    "fingerprinted",
    THROUGH_PARSE("which parser reads the project"),
    `${FLAGS_CONTRACT}.v2_parser`,
  ),
  FLAG(
    "version_check",
    "inert",
    "inert: whether dbt checks require-dbt-version",
    "core/dbt/config/runtime.py › load_project (version_check)",
  ),
  FLAG(
    "warn_error",
    "inert",
    RUN_ONLY("turns warnings into errors (a run that errors records its failures)"),
    "dbt_common/events/functions.py › warn_or_error",
  ),
  FLAG(
    "warn_error_options",
    "inert",
    RUN_ONLY("which warnings are errors"),
    "dbt_common/events/functions.py › warn_or_error",
  ),
  FLAG(
    "write_json",
    "inert",
    "inert: whether dbt writes its JSON artifacts",
    "core/dbt/task/runnable.py › GraphRunnableTask.write_run_results",
  ),
  // Legacy behaviours (dbt-core docs/guides/behavior-change-flags.md).
  FLAG(
    "require_batched_execution_for_custom_microbatch_strategy",
    "fingerprinted",
    "fingerprinted here: with a project or package `get_incremental_microbatch_sql`, whether a microbatch model is built batch by batch (with event-time filters on its refs) or in one statement",
    "core/dbt/contracts/graph/manifest.py › Manifest.use_microbatch_batches; core/dbt/task/run.py › RunTask (microbatch runner); core/dbt/context/providers.py › BaseResolver.resolve_event_time_filter",
    "microbatch",
  ),
  FLAG(
    "require_event_names_in_deprecations",
    "inert",
    LOGGING,
    "core/dbt/events/types.py › require_event_names_in_deprecations",
  ),
  FLAG(
    "require_explicit_package_overrides_for_builtin_materializations",
    "fingerprinted",
    "fingerprinted here: whether a package's materialization of a builtin name (table, view, incremental, …) overrides dbt's; the closure hashes both candidates, the flag says which one runs",
    "core/dbt/contracts/graph/manifest.py › MacroMethods.find_materialization_macro_by_name",
    "materialization-override",
  ),
  FLAG(
    "require_resource_names_without_spaces",
    "inert",
    PARSE_VALIDATION("resource names without spaces"),
    "core/dbt/parser/manifest.py › ManifestLoader.check_for_spaces_in_resource_names",
  ),
  FLAG(
    "source_freshness_run_project_hooks",
    "fingerprinted",
    "fingerprinted here: whether `dbt source freshness` runs the project's on-run-start/on-run-end hooks, which may write to the relations a build writes; only when the project has hooks",
    "core/dbt/task/freshness.py › FreshnessTask.get_hooks_by_type",
    "project-hooks",
  ),
  FLAG(
    "skip_nodes_if_on_run_start_fails",
    "inert",
    RUN_ONLY("whether nodes are skipped when an on-run-start hook fails"),
    "core/dbt/task/runnable.py › GraphRunnableTask.execute_nodes",
  ),
  FLAG(
    "state_modified_compare_more_unrendered_values",
    "inert",
    "inert: what dbt keeps in unrendered_config for state:modified; the resolved config is the same",
    "core/dbt/context/context_config.py; core/dbt/parser/base.py › ConfiguredParser.update_parsed_node_config",
  ),
  FLAG(
    "state_modified_compare_vars",
    "inert",
    "inert: state:modified comparison of vars; ODS plans from what it fingerprints",
    `${FLAGS_CONTRACT}.state_modified_compare_vars`,
  ),
  FLAG(
    "require_yaml_configuration_for_mf_time_spines",
    "inert",
    PARSE_VALIDATION("the semantic layer's time spine"),
    "core/dbt/contracts/graph/semantic_manifest.py › SemanticManifest.validate",
  ),
  FLAG(
    "require_nested_cumulative_type_params",
    "inert",
    PARSE_VALIDATION("cumulative metrics"),
    "core/dbt/contracts/graph/semantic_manifest.py › SemanticManifest.validate",
  ),
  FLAG(
    "validate_macro_args",
    "inert",
    PARSE_VALIDATION("documented macro arguments"),
    "core/dbt/parser/macros.py › MacroParser.parse_unparsed_macros; core/dbt/parser/schemas.py",
  ),
  FLAG(
    "require_all_warnings_handled_by_warn_error",
    "inert",
    LOGGING,
    "core/dbt/cli/requires.py › preflight",
  ),
  FLAG(
    "require_generic_test_arguments_property",
    "fingerprinted",
    THROUGH_PARSE("how generic tests' arguments are read: the tests' test_metadata.kwargs and compiled SQL"),
    "core/dbt/parser/generic_test_builders.py › TestBuilder.extract_test_args",
  ),
  FLAG(
    "require_unique_project_resource_names",
    "inert",
    PARSE_VALIDATION("unique resource names"),
    "core/dbt/parser/manifest.py › _check_resource_uniqueness",
  ),
  FLAG(
    "require_ref_searches_node_package_before_root",
    "fingerprinted",
    THROUGH_PARSE("which node a ref() names: depends_on.nodes and the compiled SQL"),
    "core/dbt/contracts/graph/manifest.py › Manifest.resolve_ref",
  ),
  FLAG(
    "require_valid_schema_from_generate_schema_name",
    "fingerprinted",
    THROUGH_PARSE("a node's schema (nodes.*.schema, or an error)"),
    "core/dbt/parser/base.py › ConfiguredParser._update_node_relation_name",
  ),
  FLAG(
    "allow_jinja_file_extensions",
    "fingerprinted",
    THROUGH_PARSE("which files are read as nodes"),
    `${FLAGS_CONTRACT}.allow_jinja_file_extensions`,
  ),
  FLAG(
    "require_sql_header_in_test_configs",
    "fingerprinted",
    THROUGH_PARSE("tests' config.sql_header"),
    "core/dbt/artifacts/resources/v1/config.py › TestConfig; core/dbt/parser/generic_test_builders.py",
  ),
  FLAG(
    "support_custom_ref_kwargs",
    "fingerprinted",
    THROUGH_PARSE(
      "the ref/source overrides a test's namespace holds: its depends_on.macros and compiled SQL",
    ),
    "core/dbt/context/providers.py › TestContext._build_test_namespace",
  ),
  FLAG(
    "require_corrected_analysis_fqns",
    "inert",
    "inert: analyses' fqn; analyses are never built",
    "core/dbt/parser/analysis.py; core/dbt/task/build.py › BuildTask.RUNNER_MAP",
  ),
  FLAG(
    "require_source_and_semantic_model_names_without_spaces",
    "inert",
    PARSE_VALIDATION("source and semantic model names"),
    "core/dbt/parser/manifest.py › ManifestLoader.check_for_spaces_in_resource_names",
  ),
  FLAG("enable_grouped_warn_error_parser_logs", "inert", LOGGING, "core/dbt/cli/requires.py › preflight"),
  FLAG(
    "use_catalogs_v2",
    "unknown",
    "unknown: declared by dbt-core 1.12, read by no dbt-core or dbt-adapters code found; a catalog integration may place tables differently",
    `${FLAGS_CONTRACT}.use_catalogs_v2`,
  ),
  FLAG(
    "latest_version_pointer_enabled_by_default",
    "fingerprinted",
    "fingerprinted here, in the `version` component of the latest version of a versioned model: whether dbt creates its latest-version pointer view",
    "core/dbt/task/run.py › ModelRunner._should_create_latest_version_pointer",
    "version-component",
  ),
  FLAG(
    "manage_state",
    "unknown",
    "unknown: loads dbt's bundled state plugin (dbt 1.13), whose behaviour is outside dbt-core's source",
    "core/dbt/plugins/manager.py › ManageSignal; core/dbt/cli/flags.py › Flags._resolve_manage_state_source",
  ),
  // Adapters' behaviour flags: each adapter reads `flags:` into `adapter.behavior` (dbt-adapters
  // base/impl.py › BaseAdapter.behavior setter, Behavior(flags, config.flags)); materializations,
  // macros and the adapter's Python read them at run time.
  FLAG(
    "enable_truthy_nulls_equals_macro",
    "fingerprinted",
    "fingerprinted here: the `equals` macro (incremental merges, snapshots) treats nulls as equal",
    "dbt-adapters base/impl.py › DEFAULT_BASE_BEHAVIOR_FLAGS; include/global_project/macros/utils/equals.sql",
    "every",
  ),
  FLAG(
    "snowflake_default_transient_dynamic_tables",
    "fingerprinted",
    "fingerprinted here: whether dynamic tables are transient by default",
    "dbt-snowflake impl.py › SNOWFLAKE_DEFAULT_TRANSIENT_DYNAMIC_TABLES",
    "adapter:snowflake",
  ),
  FLAG(
    "snowflake_managed_iceberg_default",
    "fingerprinted",
    "fingerprinted here: the default catalog of Iceberg tables",
    "dbt-snowflake impl.py › SNOWFLAKE_MANAGED_ICEBERG_DEFAULT",
    "adapter:snowflake",
  ),
  FLAG(
    "bigquery_noop_alter_relation_comment",
    "fingerprinted",
    "fingerprinted here: whether persist_docs writes relation comments",
    "dbt-bigquery impl.py › BIGQUERY_NOOP_ALTER_RELATION_COMMENT",
    "adapter:bigquery",
  ),
  FLAG(
    "bigquery_use_standard_sql_for_partitions",
    "fingerprinted",
    "fingerprinted here: how partitions are read and replaced (insert_overwrite)",
    "dbt-bigquery impl.py › BIGQUERY_USE_STANDARD_SQL_FOR_PARTITIONS",
    "adapter:bigquery",
  ),
  FLAG(
    "bigquery_use_batch_source_freshness",
    "inert",
    "inert: how `dbt source freshness` measures sources on BigQuery (sources.json, read by ODS as it is); no build reads it",
    "dbt-bigquery impl.py › BIGQUERY_USE_BATCH_SOURCE_FRESHNESS, BigQueryAdapter.calculate_freshness_from_metadata_batch",
  ),
  FLAG(
    "bigquery_reject_wildcard_metadata_source_freshness",
    "inert",
    "inert: which sources `dbt source freshness` measures from metadata (sources.json); no build reads it",
    "dbt-bigquery impl.py › BIGQUERY_REJECT_WILDCARD_METADATA_SOURCE_FRESHNESS",
  ),
  FLAG(
    "postgres_skip_autocommit_transaction_statements",
    "fingerprinted",
    "fingerprinted here: whether dbt sends BEGIN/COMMIT around a build's statements",
    "dbt-postgres impl.py › POSTGRES_SKIP_AUTOCOMMIT_TRANSACTION_STATEMENTS",
    "adapter:postgres",
  ),
  FLAG(
    "redshift_skip_autocommit_transaction_statements",
    "fingerprinted",
    "fingerprinted here: whether dbt sends BEGIN/COMMIT around a build's statements",
    "dbt-redshift impl.py › REDSHIFT_SKIP_AUTOCOMMIT_TRANSACTION_STATEMENTS",
    "adapter:redshift",
  ),
  FLAG(
    "redshift_grants_extended",
    "fingerprinted",
    "fingerprinted here: which grants dbt reads and applies",
    "dbt-redshift impl.py › REDSHIFT_GRANTS_EXTENDED",
    "adapter:redshift",
  ),
];

/** The other files of `project-dir` dbt reads. */
const OTHER_FILES: InventoryRow[] = [
  {
    surface: "project",
    path: "packages.yml",
    class: "fingerprinted",
    how: "fingerprinted through the manifest: what `dbt deps` installs; the installed packages' macros (macros.*.macro_sql, hashed where a build runs them) and nodes are the manifest's, and `dbt build` reads the same installed packages",
    cite: "core/dbt/config/project.py › package_and_project_data_from_root, package_config_from_data; core/dbt/task/deps.py",
  },
  {
    surface: "project",
    path: "dependencies.yml",
    class: "fingerprinted",
    how: "fingerprinted through the manifest: its `packages:` as packages.yml's; its `projects:` (cross-project refs) resolve to the upstream's public nodes in the manifest (their relations in the readers' compiled SQL)",
    cite: "core/dbt/config/project.py › package_and_project_data_from_root; core/dbt/contracts/graph/manifest.py › Manifest.resolve_ref (public nodes)",
  },
  {
    surface: "project",
    path: "package-lock.yml",
    class: "inert",
    how: "inert: pins what `dbt deps` installs; what was installed is the manifest's macros and nodes (packages.yml's row)",
    cite: "core/dbt/task/deps.py › DepsTask.run (writes and reads package-lock.yml)",
  },
  {
    surface: "project",
    path: "selectors.yml",
    class: "inert",
    how: "inert: named selections for --selector (the manifest's `selectors`); ODS plans the selection it is given",
    cite: "core/dbt/config/selectors.py › SelectorConfig; core/dbt/graph/cli.py › parse_from_selectors_definition",
  },
  {
    surface: "project",
    path: "vars.yml",
    class: "fingerprinted",
    how: "fingerprinted by value, per var read at run time (run_time_value_changed): dbt 1.12+ reads the root project's vars from it instead of dbt_project.yml's `vars:` (ProjectFile.vars.source)",
    cite: "core/dbt/config/project.py › vars_data_from_root, validate_vars_not_in_both; core/dbt/config/runtime.py › load_project",
  },
  {
    surface: "project",
    path: "dbt_packages/",
    class: "fingerprinted",
    how: "fingerprinted through the manifest: the installed packages' macros (macros.*.macro_sql), models, seeds (their CSVs read by the edge when over 1 MiB) and configs are parsed into the manifest; only the root project's dispatch and flags apply; their own dbt_project.yml vars are the lowest-precedence vars (ProjectFile.vars.packages)",
    cite: "core/dbt/config/runtime.py › RuntimeConfig.load_dependencies; core/dbt/context/configured.py › ConfiguredVar.__call__",
  },
];

function keyRow(key: ProjectKey, path: string): InventoryRow {
  return { surface: "project", path, class: key.class, how: key.how, cite: key.cite };
}

export const PROJECT_ROWS: readonly InventoryRow[] = [
  ...PROJECT_KEYS.map((key) => keyRow(key, projectKeyPath(key.key))),
  ...PROJECT_FLAGS.map((flag) => keyRow(flag, projectFlagPath(flag.key))),
  ...OTHER_FILES,
];

/** dbt reads `Project` with `_hyphenated = True` (dbt_common dataclass_schema): `-` and `_` in a key are the same. */
function canonicalKey(key: string): string {
  return key.replaceAll("-", "_");
}

const KEYS_BY_NAME: ReadonlyMap<string, ProjectKey> = new Map(
  PROJECT_KEYS.map((k) => [canonicalKey(k.key), k]),
);
const FLAGS_BY_NAME: ReadonlyMap<string, ProjectKey> = new Map(PROJECT_FLAGS.map((k) => [k.key, k]));

/** The row of a top-level key as written (`model-paths` or `model_paths`). */
export function projectKey(key: string): ProjectKey | undefined {
  return KEYS_BY_NAME.get(canonicalKey(key));
}

export function projectFlag(name: string): ProjectKey | undefined {
  return FLAGS_BY_NAME.get(name);
}
