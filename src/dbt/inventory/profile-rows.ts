/**
 * The target and profile surface of the input inventory (row.ts): what the
 * adapter reads from the target a build used (profiles.yml, resolved by
 * dbt-core core/dbt/config/profile.py `Profile.from_raw_profile_info` into
 * the adapter's `Credentials`). ODS never reads profiles.yml (it holds
 * secrets): it sees the target through the manifest (adapter type, the
 * database and schema every relation was rendered with) and the target name
 * the action or CLI is given. A field that can change what a build writes
 * and that neither shows is `unknown`: ODS cannot see a change to it, and
 * the row says so, so that the gap is visible rather than silent.
 */
import { type InventoryRow, rowMakers } from "./row.js";

const { fp, inert, unknown } = rowMakers("profile");

const CREDENTIALS = "dbt-adapters dbt/adapters/contracts/connection.py › Credentials";
const CONNECTION =
  "how the adapter connects and runs statements (dbt-adapters dbt/adapters/sql/connections.py › SQLConnectionManager); what a statement writes is the same";

export const PROFILE_ROWS: readonly InventoryRow[] = [
  fp(
    "target.type",
    "the manifest's adapter_type: the engine component, and target_changed against the state's target",
    "core/dbt/artifacts/schemas/manifest/v12/manifest.py › ManifestMetadata.adapter_type",
  ),
  fp(
    "target.name",
    "target_changed: the state's target name against the one this plan builds into (the action's environment, the CLI's --target)",
    "core/dbt/config/profile.py › Profile.target_name",
  ),
  fp(
    "target.database",
    "the database every relation is rendered with (relation component, relation_name)",
    "dbt-adapters dbt/include/global_project/macros/get_custom_name/get_custom_database.sql › default__generate_database_name",
  ),
  fp(
    "target.schema",
    "the schema every relation is rendered with (relation component, relation_name)",
    "dbt-adapters dbt/include/global_project/macros/get_custom_name/get_custom_schema.sql › default__generate_schema_name",
  ),
  inert(
    "target.threads",
    "how many nodes run at once; each node's statements are the same",
    "core/dbt/task/runnable.py › GraphRunnableTask.get_runner (thread pool)",
  ),
  inert("target.user / password / token / private_key / keyfile", `credentials: ${CONNECTION}`, CREDENTIALS),
  inert(
    "target.host / port / account / http_path / method / sslmode / keepalives / connect_timeout / retries",
    CONNECTION,
    CREDENTIALS,
  ),
  inert(
    "target.job_execution_timeout_seconds / job_retries / job_creation_timeout_seconds / priority / maximum_bytes_billed (BigQuery)",
    "how long and how often a job may run, and what it may cost: a job that exceeds them fails, it does not write something else",
    "dbt-bigquery dbt/adapters/bigquery/connections.py › BigQueryConnectionManager",
  ),
  inert(
    "target.warehouse (Snowflake) / compute (Databricks)",
    "which compute runs the statements",
    "dbt-snowflake dbt/adapters/snowflake/connections.py › SnowflakeCredentials",
  ),
  inert(
    "target.query_tag (Snowflake) / query-comment",
    "a label on each query, not on what it writes",
    "dbt-snowflake dbt/adapters/snowflake/impl.py › SnowflakeAdapter._get_query_tag",
  ),
  unknown(
    "target.role (Snowflake, PostgreSQL)",
    "the role owns what it creates and decides which future grants apply: not visible to ODS (profiles.yml is not read), so a change to it is not detected",
    "dbt-snowflake dbt/adapters/snowflake/connections.py › SnowflakeCredentials.role",
  ),
  unknown(
    "target.search_path (PostgreSQL, Redshift)",
    "where unqualified names resolve: not visible to ODS; unqualified reads are not checked (warehouse: unqualified names)",
    "dbt-postgres dbt/adapters/postgres/connections.py › PostgresCredentials.search_path",
  ),
  unknown(
    "target.location / dataset_location (BigQuery)",
    "where new datasets are created: not visible to ODS",
    "dbt-bigquery dbt/adapters/bigquery/credentials.py › BigQueryCredentials.location",
  ),
  unknown(
    "target.settings / extensions / attach (DuckDB), session parameters (Snowflake), server_side_parameters (Databricks)",
    "session settings a statement's result can depend on (time zone, collation, extensions): not visible to ODS",
    "dbt-duckdb dbt/adapters/duckdb/credentials.py › DuckDBCredentials.settings",
  ),
];
