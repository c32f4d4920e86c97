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
  project_file_invalid: {
    exit: 1,
    hint: "dbt_project.yml (or vars.yml, or an installed package's dbt_project.yml) must be a YAML map, as dbt reads it: fix the file named above (dbt refuses it too), or point the action input `project-dir` (CLI: `--project-dir`) at the dbt project's directory.",
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
  disk_full: {
    exit: 1,
    hint: "Free space on the disk that holds the state database (SQLite also writes STATE-wal and STATE-shm next to it), then run the command again. Nothing was committed and the database is not damaged: don't reset it.",
  },
  state_conflict: {
    exit: 1,
    hint: "Another run committed state first. Plan again against the new state; the nodes of this run are built again next time.",
  },
  record_superseded: {
    exit: 1,
    hint: "Nothing is wrong with prod and nothing was written: another run recorded newer builds while this one's dbt ran. This run's nodes are built again next time (conservative, never wrong); a `concurrency` group keeps this rare. The action reports it as a warning.",
  },
  record_refused: {
    exit: 1,
    hint: "Nothing was written. Record the results of a real `dbt build` (or run, seed, snapshot).",
  },
  driver_unavailable: {
    exit: 1,
    hint: "Reinstall with `npm ci` on Node 24, or unset ODS_SQLITE_DRIVER to let the fallback driver load.",
  },
  warehouse_invalid: {
    exit: 2,
    hint: "Give the warehouse as `--warehouse duckdb:PATH`, `postgres://USER@HOST:PORT/DATABASE`, `snowflake://USER@ACCOUNT/DATABASE`, `bigquery://PROJECT?location=LOCATION` or `databricks://HOST/HTTP_PATH?catalog=CATALOG` (or set ODS_WAREHOUSE); put the password or token in the environment (PGPASSWORD, SNOWFLAKE_PASSWORD, DATABRICKS_TOKEN…; docs/warehouses/), not in the workflow file.",
  },
  warehouse_tls_file_unreadable: {
    exit: 2,
    hint: "The warehouse URL's `sslrootcert`, `sslcert` or `sslkey` names a file the job can't read. Write the certificate or key to that path in an earlier step (for example from a secret), or fix the path: a relative path is read from the job's working directory. The path is not shown: it is part of the URL, which may hold a password.",
  },
  warehouse_unavailable: {
    exit: 1,
    hint: "Check that the warehouse is reachable from the job and that the credentials are right; nothing was changed.",
  },
  warehouse_error: {
    exit: 1,
    hint: "The warehouse refused a statement. What ODS records is what the warehouse holds: fix the cause and run the command again to finish the job.",
  },
  warehouse_connect_timeout: {
    exit: 1,
    hint: "The warehouse did not accept the connection and answer its handshake in time; nothing was changed. Check the host, port, firewall and that the server is up (a server that accepts and never answers looks like this); a slow but healthy server needs a longer limit: --connect-timeout SECONDS (CLI) or the `connect-timeout` input (action).",
  },
  warehouse_statement_timeout: {
    exit: 1,
    hint: "The statement was cancelled and its transaction rolled back: what the registry records is still what the warehouse holds. If the warehouse is busy or the table large, raise the limit with --statement-timeout (CLI) or the `statement-timeout` input (action), e.g. 30m, then run the same command again to finish the job.",
  },
  warehouse_lock_timeout: {
    exit: 1,
    hint: "Another session held a lock ODS needed (a long query reading the table, another job on the same environment or registry, or, on DuckDB, another process with the file open); the step was rolled back. Wait for it (PostgreSQL: see pg_stat_activity and pg_locks), or raise --lock-timeout (CLI) or the `lock-timeout` input (action); then run the same command again.",
  },
  warehouse_permission_denied: {
    exit: 1,
    hint: 'The warehouse refused an operation for lack of a privilege (PostgreSQL: a grant or ownership the CI role lacks; DuckDB: the permissions of the database file and its folder); what was in progress was rolled back. Grant what the message names (docs/environments.md, "Timeouts, concurrency and errors", lists what each command needs), then run the same command again.',
  },
  warehouse_connection_lost: {
    exit: 1,
    hint: "The warehouse went away mid-run (restart, failover, an administrator's pg_terminate_backend, the network). The step in progress was rolled back, and every change commits with its registry row: run the same command again to finish the job (an interrupted promotion is finished or undone by the next `ods-state env promote` or by `ods-state env rollback --resume`).",
  },
  identifier_refused: {
    exit: 1,
    hint: "Rename the model, schema or alias in the dbt project: ODS refuses names it could only pass to the warehouse by relying on escaping (double quotes, control characters) and names the warehouse would cut.",
  },
  environment_overlaps_prod: {
    exit: 1,
    hint: "Give the CI target its own schema, e.g. `schema: analytics_pr_{{ env_var('PR_NUMBER') }}` in the `ci` output of profiles.yml (or DBT_SCHEMA), and compile the pull request's manifest with `--target ci`.",
  },
  environment_refused: {
    exit: 1,
    hint: "Nothing was changed. The message names the node and the relation in the way; fix it in the dbt project or the warehouse and run the command again.",
  },
  pointer_view_refused: {
    exit: 1,
    hint: "Nothing was changed. A pointer view reads prod, and here it would let whoever may read it read more of prod than prod lets them (docs/environments.md, \"Access is never widened\"). Do what the message says for each table: PostgreSQL needs version 15 or later (its views can check their reader's rights); on Snowflake and Databricks a view reads with its owner's rights, so prod's table must have no row or column policy, and no future grant may give the environment's views to a role that can't read the table.",
  },
  environment_unknown: {
    exit: 1,
    hint: "Run `ods-state env list --warehouse …` to see the environments the registry knows.",
  },
  registry_newer: {
    exit: 1,
    hint: "The environment registry was written by a newer ods-state. Upgrade ods-state; the registry was left untouched.",
  },
  registry_schema_invalid: {
    exit: 2,
    hint: "Give the environment registry a schema of its own (`ods_meta` unless configured) with the `meta-schema` input (action) or --meta-schema (CLI): not one of the engine's system schemas (pg_catalog, information_schema, DuckDB's main), and not a schema dbt builds prod's models in, where a model named like a registry table (`environments`, `promotions`…) would replace it. Nothing was changed.",
  },
  registry_corrupt: {
    exit: 1,
    hint: "A row of the environment registry (in the warehouse's metadata schema, ods_meta unless configured) holds a value ods-state never writes: it was changed by hand or by another tool. Nothing was changed. Fix or delete the row named above (docs/environments.md describes each table), then run the command again.",
  },
  promotion_not_atomic: {
    exit: 1,
    hint: "This warehouse can't switch every table of a promotion at once. Pass --allow-non-atomic to use the staged and journaled protocol (readers may see a mix of versions while it switches), or let dbt build the nodes.",
  },
  promotion_refused: {
    exit: 1,
    hint: "Nothing was promoted; dbt builds the nodes instead. The message says which table or record is in the way.",
  },
  rollback_refused: {
    exit: 1,
    hint: "Run `ods-state env list --warehouse …` to see promotions and whether their replaced tables are still kept.",
  },
  rollback_prod_replaced: {
    exit: 1,
    hint: "Nothing was rolled back: prod's table is newer than the promotion (a later dbt build or promotion replaced it). To undo the change, revert it in the code and let the default branch build; the tables the promotion replaced are dropped when its retention passes.",
  },
  environment_foreign: {
    exit: 1,
    hint: "An environment or promotion belongs to one repository and dbt project (docs/environments.md, Isolation); nothing was changed. Run the command from that repository (--repository, --project), or with --legacy for rows written before isolation.",
  },
  environment_schema_taken: {
    exit: 1,
    hint: "Nothing was changed. Give the CI target a schema of its own for this repository and dbt project (e.g. `analytics_<project>_pr_{{ env_var('PR_NUMBER') }}`). If the owner is a legacy environment (written before isolation), drop it with `ods-state env cleanup --legacy --pr N --project PROJECT` first.",
  },
  environment_schema_occupied: {
    exit: 1,
    hint: "Nothing was changed. The CI target's schema holds relations this environment did not create: when it is prod's schema, prod's state is missing or not this project's (first run, expired cache, wrong --state): give the CI target its own schema. Otherwise drop or move those relations.",
  },
  state_other_project: {
    exit: 1,
    hint: "The state file belongs to another dbt project. Give the state of this project (--state), or the manifest of the project the state belongs to.",
  },
  hand_off_invalid: {
    exit: 1,
    hint: "Re-run the whole job (Re-run jobs, not a single step): the main step writes what the post step reads, and both must be the same ods-state version. Nothing was recorded by this step.",
  },
} as const satisfies Record<string, { exit: 1 | 2; hint: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;
