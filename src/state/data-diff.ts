/**
 * What a data diff found (issue 23): for each node a pull request built for
 * a code change, its table in the PR's environment against prod's, read from
 * the warehouse: the columns (from the warehouse's catalog), the row counts
 * and, when a unique key is known, the rows only in prod, only in the PR and
 * changed, with how many differ in each column.
 *
 * The report is data: the use case (src/app/environment/diff-environment.ts)
 * fills it, the renderers (src/comment/sections/data-diff*.ts) only show it.
 * It is the `ods-state env diff --format json` document too. Every name and
 * value in it is untrusted text (renderers escape it).
 *
 * Key values appear only when the workflow opted in (`examples`): by default
 * a report holds counts and column names, never a value of a row. Even then
 * (issue 37) they are values of the key prod's recorded manifest declares
 * (`StateSnapshot.diff_keys`) in prod's table: a key the pull request adds or
 * changes is used for counts alone (`examples_withheld` says why), and a key
 * only in the PR's table (its code decides it) is never shown.
 */

/** Version of the report document (`ods-state env diff --format json`). */
export const DATA_DIFF_SCHEMA_VERSION = "1.0";

/** Where the key a row diff joins on came from (src/dbt/diff-keys.ts tries them in this order). */
export type DiffKeySource =
  /** `meta: {ods: {key: …}}` on the node (the project's own word). */
  | "meta"
  /** `config.unique_key` (incremental models, snapshots). */
  | "unique_key"
  /** A `primary_key` constraint (model level, or on a column of an enforced contract). */
  | "primary_key"
  /** A column with both `unique` and `not_null` data tests, or dbt_utils' `unique_combination_of_columns`. */
  | "tests"
  /**
   * A snapshot's `dbt_scd_id` (or the name `snapshot_meta_column_names`
   * gives it): dbt makes it unique per row version. A snapshot's
   * `unique_key` is not unique in its table (one row per version).
   */
  | "snapshot";

export interface DiffKey {
  /** Column names as the project declares them (compared under the warehouse's identifier rules). */
  columns: string[];
  source: DiffKeySource;
}

/** A table or view by schema and name (pointer views and diffs never name the database). */
export interface DiffRelation {
  schema: string;
  identifier: string;
}

export interface DiffColumn {
  name: string;
  /** The type as the warehouse's catalog names it (`INTEGER`, `character varying(20)`, …). */
  type: string;
}

export interface SchemaDiff {
  /** In the PR's table, not in prod's. */
  added: DiffColumn[];
  /** In prod's table, not in the PR's. */
  removed: DiffColumn[];
  /** In both, with another type. */
  retyped: { name: string; prod: string; pr: string }[];
  /** How many columns each side has. */
  columns: { prod: number; pr: number };
}

/** Why rows were not compared by key, as a stable code. */
export type RowDiffSkip =
  /** No unique key is known for the node (see DiffKeySource). */
  | "no_key"
  /** A key column is missing on one side (renamed or removed). */
  | "key_column_missing"
  /** The key has duplicate values on at least one side: it is not unique, and a join would count rows twice. */
  | "key_not_unique"
  /** A key column's type changed: rows can't be matched on it reliably. */
  | "key_retyped"
  /** The time budget for all diffs ran out before this comparison. */
  | "budget"
  /** A query ran past its statement timeout. */
  | "timeout"
  /** A query failed (the message says how). */
  | "failed";

/** Key values of up to a few rows per category; present only when the workflow opted in. */
export interface RowExamples {
  /** Each example is the key's values, in key column order, as text (null stays null). */
  only_prod: (string | null)[][];
  /**
   * Always empty (kept for the document's shape): a key value only in the
   * PR's table is whatever the pull request's code put there (any prod
   * column it reads), so it is never shown; the count says how many.
   */
  only_pr: (string | null)[][];
  changed: (string | null)[][];
}

export interface ComparedRows {
  status: "compared";
  key: DiffKey;
  /**
   * Null when every row was compared. Otherwise the comparison read only the
   * rows whose key falls in a deterministic sample of key values (the same
   * keys on both sides): `fraction` of the keys (0 < fraction < 1), because
   * a side had more than `above_rows` rows. Every count below is then a
   * count within the sample.
   */
  sample: { fraction: number; above_rows: number } | null;
  only_prod: number;
  only_pr: number;
  /** Rows with the same key on both sides whose values differ in at least one compared column. */
  changed: number;
  unchanged: number;
  /**
   * Each column present on both sides other than the key's, in prod's
   * order: in how many rows matched by key its value differs (NULL and NULL
   * are equal). `as_text`: its type changed, so values were compared as text.
   */
  columns: { name: string; changed: number; as_text?: boolean }[];
  /** Rows whose key has a NULL in it: they match nothing and are counted here, not above. */
  null_keys: { prod: number; pr: number };
  examples?: RowExamples;
  /**
   * The workflow asked for key values, but none were read: why, in words
   * (names in backticks). The key is not the one prod's recorded manifest
   * declares (the pull request adds or changes it, or prod's state records
   * no keys): the counts above use it, its values are not shown.
   */
  examples_withheld?: string;
}

export interface SkippedRows {
  status: RowDiffSkip;
  /** The key that was tried, when there was one. */
  key?: DiffKey;
  /** In words, names in backticks (untrusted). */
  message: string;
  /** key_not_unique: how many rows share a key value with another row, per side. */
  duplicates?: { prod: number; pr: number };
  /** key_column_missing: the key columns that are not there, per side. */
  missing?: { prod: string[]; pr: string[] };
}

export type RowDiff = ComparedRows | SkippedRows;

/**
 * What the diff of one node found:
 * - `compared`: both tables exist; `schema` and `counts` are set, `rows` says whether rows were compared;
 * - `only_in_pr`: prod has no relation for it (a new model) or prod's relation is not in the warehouse;
 *   `pr_columns` and `counts.pr` describe the PR's;
 * - `only_in_prod`: the PR's relation is not in the warehouse (dbt didn't build it, or dropped it);
 * - `not_compared`: nothing was read (`reason` says why: budget, timeout, failed, not_built, ephemeral, no_prod_relation).
 */
export type NodeDiffStatus = "compared" | "only_in_pr" | "only_in_prod" | "not_compared";

export type NodeNotComparedReason =
  | "budget"
  | "timeout"
  | "failed"
  /** dbt did not build the node in the PR's run (failed or skipped): its table would be an older one. */
  | "not_built"
  /** Ephemeral models have no relation. */
  | "ephemeral"
  /** Prod's state records a build of it but not where (a state written before relations were recorded). */
  | "no_prod_relation";

export interface NodeDataDiff {
  unique_id: string;
  name: string;
  /** Why the node was diffed: changed by the pull request, or downstream of a change. */
  group: "changed" | "downstream";
  /**
   * dbt's materialization (`table`, `incremental`, `snapshot`, …), when
   * known: an incremental model or a snapshot built whole in the environment
   * lacks the history prod's table holds, and the renderers say so.
   */
  materialized?: string;
  prod: DiffRelation | null;
  pr: DiffRelation | null;
  status: NodeDiffStatus;
  /** not_compared only. */
  reason?: NodeNotComparedReason;
  /** not_compared, and anything worth a sentence (untrusted text). */
  message?: string;
  schema?: SchemaDiff;
  /** Row counts; a side is null when its table is not there. */
  counts?: { prod: number | null; pr: number | null };
  /** only_in_pr / only_in_prod: the columns of the table that is there. */
  columns?: DiffColumn[];
  rows?: RowDiff;
  /** Wall time spent on this node's queries. */
  duration_ms: number;
}

export interface DataDiffLimits {
  /** For all diffs together. */
  budget_ms: number;
  /** For each query. */
  statement_timeout_ms: number;
  /** A table with more rows than this is compared on a sample of its keys. */
  sample_above_rows: number;
  /** Key values of up to this many rows per category are shown; 0 (the default) shows none. */
  show_keys: number;
}

export interface DataDiffReport {
  schema_version: string;
  /** The PR's environment, e.g. `pr_42`. */
  environment: string;
  /** What it is compared with, e.g. `prod`. */
  compared_with: string;
  /** The engine, e.g. `postgres`, `duckdb`. */
  engine: string;
  limits: DataDiffLimits;
  /** Wall time of all diffs. */
  duration_ms: number;
  /** Whether the budget ran out (some nodes are `not_compared` with reason `budget`). */
  budget_exhausted: boolean;
  /** Changed nodes first, then downstream; each in the order it was diffed. */
  nodes: NodeDataDiff[];
}
