/**
 * The environment surface of the input inventory (issue 36): what a node's
 * build reads from the run it is part of, rather than from the manifest. The
 * reads are found on the node's run-time path (its materialization and
 * strategy and every macro they reach, its hooks and their macros, the
 * on-run-start hooks, the latest-version pointer's macros:
 * src/dbt/run-time-values/run-time-reads.ts); compile-time reads are in the
 * compiled code and config, which the manifest rows cover. A static read is
 * compared by a keyed digest of its value (`value:<read>` components:
 * src/dbt/run-time-values/value-digests.ts); the rest are classified here.
 */
import type { InventoryRow } from "./row.js";

const CORE = "dbt-core (1.12.latest)";

export const ENVIRONMENT_ROWS: readonly InventoryRow[] = [
  {
    surface: "environment",
    path: "env_var(NAME)",
    class: "fingerprinted",
    how: "`value:env_var(NAME)`: HMAC-SHA256 under the state's value key of the variable's value, or of \"unset\", as the job sees it; compared by run_time_value_changed. Not visible (the CLI without the environment): run_time_value_unknown.",
    cite: `${CORE} core/dbt/context/providers.py › ProviderContext.env_var; core/dbt/context/base.py › BaseContext.env_var, _get_env_var`,
  },
  {
    surface: "environment",
    path: "env_var(<expression>)",
    class: "unknown",
    how: "A name that is not a string literal (or `env_var` aliased or passed around): ODS can't tell which variable is read, so the node is built every run (run_time_value_unknown). A macro's own parameter passed a literal by its callers on the path counts as static.",
    cite: `${CORE} core/dbt/context/providers.py › ProviderContext.env_var`,
  },
  {
    surface: "environment",
    path: "env_var(DBT_ENV_SECRET_*)",
    class: "inert",
    how: "dbt raises SecretEnvVarLocationError for a secret read anywhere a build renders (models, macros, hooks): such a build fails, and a failed node keeps its last recorded build. Secrets are read only in profiles.yml and packages.yml. ODS never looks the value up.",
    cite: `${CORE} core/dbt/context/providers.py › ProviderContext.env_var (SECRET_ENV_PREFIX); core/dbt/context/secret.py › SecretContext.env_var`,
  },
  {
    surface: "environment",
    path: "DBT_ENV_CUSTOM_ENV_*",
    class: "inert",
    how: "Variables with this prefix are copied into the artifacts' metadata.env (manifest, run_results) for the record; dbt reads them for nothing else. Read through env_var() they are an env_var(NAME) read like any other.",
    cite: `${CORE} core/dbt/artifacts/schemas/base.py › BaseArtifactMetadata.env (default_factory dbt_common/events/functions.py › get_metadata_vars, prefix DBT_ENV_CUSTOM_ENV_)`,
  },
  {
    surface: "environment",
    path: "var(name)",
    class: "fingerprinted",
    how: "`value:var(name)`: keyed digest of the value a node of its package sees: the run's `--vars` (run_results.json args.vars when recorded; none assumed when planning), else the root project's `vars.<package>`, its global `vars`, then the package's own; \"unset\" when none. A string holding Jinja, or vars ODS could not read: run_time_value_unknown.",
    cite: `${CORE} core/dbt/context/providers.py › ModelConfiguredVar._generate_merged; core/dbt/config/project.py › VarProvider.vars_for; core/dbt/context/base.py › Var.get_rendered_var; core/dbt/utils/utils.py › MultiDict`,
  },
  {
    surface: "environment",
    path: "var(<expression>)",
    class: "unknown",
    how: "A var whose name is not static on the path: built every run (run_time_value_unknown).",
    cite: `${CORE} core/dbt/context/base.py › Var.__call__`,
  },
  {
    surface: "environment",
    path: "target.name",
    class: "fingerprinted",
    how: "`value:target.name` (and `target.target_name`): keyed digest of the target name ODS plans and records for (`--target`, the environment's name by default). Compared in pull requests too: a build that behaves differently by target name is one to build there.",
    cite: `${CORE} core/dbt/config/profile.py › Profile.to_target_dict`,
  },
  {
    surface: "environment",
    path: "target.type",
    class: "fingerprinted",
    how: "`value:target.type`: keyed digest of the adapter type (manifest metadata.adapter_type; the `engine` component holds it too).",
    cite: `${CORE} core/dbt/config/profile.py › Profile.to_target_dict`,
  },
  {
    surface: "environment",
    path: "target.schema",
    class: "fingerprinted",
    how: "`value:target.schema` (and dbt-bigquery's alias `dataset`): keyed digest of the target's schema, as the edge knows it or as dbt placed the nodes with no custom schema (dbt's generate_schema_name, or an override keeping its first branch). In a pull request's environment it is left out, as the relation is (the environment builds elsewhere by design).",
    cite: "dbt-adapters dbt/include/global_project/macros/get_custom_name/get_custom_schema.sql › default__generate_schema_name; dbt-adapters dbt/adapters/contracts/connection.py › Credentials.connection_info",
  },
  {
    surface: "environment",
    path: "target.database",
    class: "fingerprinted",
    how: "`value:target.database` (and the aliases `dbname`, dbt-postgres, and `project`, dbt-bigquery): as target.schema, from dbt's generate_database_name.",
    cite: "dbt-adapters dbt/include/global_project/macros/get_custom_name/get_custom_database.sql › default__generate_database_name; dbt-postgres / dbt-bigquery credentials › _ALIASES",
  },
  {
    surface: "environment",
    path: "target.<other field>",
    class: "unknown",
    how: "Other profile fields (user, role, warehouse, threads, …) are not known to ODS: a read of one on a node's run-time path is run_time_value_unknown, so the node is built every run. Engine macros' reads of fields that only place files or jobs are inert (next rows).",
    cite: `${CORE} core/dbt/config/profile.py › Profile.to_target_dict`,
  },
  {
    surface: "environment",
    path: "target.<field> read by dbt's or the adapter's macros",
    class: "inert",
    how: "Read from dbt-adapters: the name macros' target.schema/database/name decide the relation (the `relation` component); `target` in snapshot_merge_sql and insert_overwrite is the relation passed in, not the target; dbt-athena's s3_data_dir, s3_data_naming, s3_tmp_table_dir and seed_s3_upload_args place files, dbt-bigquery's gcs_bucket, project and location place a Python model's job, dbt-spark's method is a seed's bind placeholder and endpoint only refuses a strategy: none changes the rows or shape written (src/dbt/run-time-values/engine-target-reads.ts cites each).",
    cite: "dbt-adapters dbt-athena/…/create_table_as.sql › athena__create_table_as; dbt-bigquery/…/materializations/table.sql › py_write_table, bigframes_write_table; dbt-spark/…/seed.sql › spark__get_binding_char; dbt-adapters global_project/…/snapshot_merge.sql › default__snapshot_merge_sql",
  },
  {
    surface: "environment",
    path: "invocation_id, run_started_at",
    class: "inert",
    how: "Different in every run by design; on a run-time path they stamp audit rows or logs (a hook's insert into an audit table), not what the node's table holds from its SQL. A model's own SQL that writes them into its rows is compiled with them: its compiled code moves every run.",
    cite: `${CORE} core/dbt/context/base.py › BaseContext.invocation_id, BaseContext.run_started_at`,
  },
  {
    surface: "environment",
    path: "flags.*, run_query, statement, builtins, context (in a hook or a macro a node with hooks uses)",
    class: "fingerprinted",
    how: "hook_reads_environment: the node is built every run (what they return depends on the run or the warehouse, or reaches a name ODS can't see: `context['env' ~ x]`). In dbt's own materializations `statement` and `run_query` are how the build runs, covered by the `macros` component; `flags` there (full refresh, store failures) is the run surface's.",
    cite: `${CORE} core/dbt/context/base.py › BaseContext.flags; dbt-adapters global_project/macros/etc/statement.sql › run_query, statement`,
  },
  {
    surface: "environment",
    path: "on-run-end hooks",
    class: "inert",
    how: "dbt runs them after every node of the invocation: they can't change what a node's build wrote (their reads are not scanned).",
    cite: `${CORE} core/dbt/task/run.py › RunTask.after_run`,
  },
];
