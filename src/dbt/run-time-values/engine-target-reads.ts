/**
 * Target fields that dbt's and the adapters' own build macros read, and that
 * cannot change the rows or shape of what a build writes (read from
 * dbt-adapters at its main branch; `target` shadowed by a parameter, as in
 * `snapshot_merge_sql(target, …)`, is no read at all: value-reads.ts). Such
 * a read in an engine macro is dropped from the node's reads; any other
 * engine read counts as a user macro's does. A project or package macro
 * reading the same field still counts: its use is not known.
 *
 * The name macros (`generate_schema_name` …, which read `target.schema`,
 * `target.database` and `target.name`) are not scanned at all: they decide
 * where the node is built, which the `relation` component holds.
 */
export interface EngineTargetRead {
  field: string;
  adapters: readonly string[];
  why: string;
  cite: string;
}

export const ENGINE_TARGET_READS: readonly EngineTargetRead[] = [
  {
    field: "s3_data_dir",
    adapters: ["athena"],
    why: "the S3 prefix a new table's files are written under: where the rows are stored, not which",
    cite: "dbt-athena/src/dbt/include/athena/macros/materializations/models/table/create_table_as.sql › athena__create_table_as; …/table/table.sql › materialization table",
  },
  {
    field: "s3_data_naming",
    adapters: ["athena"],
    why: "how that S3 location is named (schema_table, uuid, …): storage placement only",
    cite: "dbt-athena/src/dbt/include/athena/macros/materializations/models/table/create_table_as.sql › athena__create_table_as; …/incremental/incremental.sql › materialization incremental",
  },
  {
    field: "s3_tmp_table_dir",
    adapters: ["athena"],
    why: "where temporary tables' files go during the build: gone once it ends",
    cite: "dbt-athena/src/dbt/include/athena/macros/materializations/models/table/create_table_as.sql › athena__create_table_as; …/seeds/helpers.sql › create_csv_table_insert, create_csv_table_upload",
  },
  {
    field: "seed_s3_upload_args",
    adapters: ["athena"],
    why: "extra arguments of the S3 upload of a seed's CSV (ACL, encryption): the rows loaded are the CSV's",
    cite: "dbt-athena/src/dbt/include/athena/macros/materializations/seeds/helpers.sql › create_csv_table_upload",
  },
  {
    field: "gcs_bucket",
    adapters: ["bigquery"],
    why: "the staging bucket of a Python model submitted to Dataproc: where the job runs, not what it writes",
    cite: "dbt-bigquery/src/dbt/include/bigquery/macros/materializations/table.sql › py_write_table",
  },
  {
    field: "project",
    adapters: ["bigquery"],
    why: "the project a BigFrames session of a Python model runs in; the table written is the node's relation (its `relation` component)",
    cite: "dbt-bigquery/src/dbt/include/bigquery/macros/materializations/table.sql › bigframes_write_table",
  },
  {
    field: "location",
    adapters: ["bigquery"],
    why: "the location of that BigFrames session: where the job runs, not what it writes",
    cite: "dbt-bigquery/src/dbt/include/bigquery/macros/materializations/table.sql › bigframes_write_table",
  },
  {
    field: "method",
    adapters: ["spark", "databricks"],
    why: "the bind placeholder (`?` for ODBC, `%s` otherwise) of a seed's insert: the same rows",
    cite: "dbt-spark/src/dbt/include/spark/macros/materializations/seed.sql › spark__get_binding_char",
  },
  {
    field: "endpoint",
    adapters: ["spark", "databricks"],
    why: "only whether an insert_overwrite/microbatch model on a SQL endpoint is refused with an error",
    cite: "dbt-spark/src/dbt/include/spark/macros/materializations/incremental/validate.sql › dbt_spark_validate_get_incremental_strategy",
  },
];

const INERT: ReadonlySet<string> = new Set(ENGINE_TARGET_READS.map((read) => `target.${read.field}`));

/** Whether an engine macro's static read (a component key) is one of the inert target reads. */
export function isInertEngineRead(key: string): boolean {
  return INERT.has(key);
}
