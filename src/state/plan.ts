/**
 * The plan: for every selected node, BUILD or REUSE, with typed reasons
 * (stable codes, human messages) and the evidence used. The planner decides;
 * the renderers (text, JSON, markdown) only show what it decided.
 */
import type { Exactness, Relation } from "./snapshot.js";

/**
 * Version of the plan document (`ods-state plan --format json`, the action's
 * plan file). 1.2: `PlanEntry.file` (optional).
 */
export const PLAN_SCHEMA_VERSION = "1.2";

export type PlanAction = "BUILD" | "REUSE";

/** Stable reason codes. A BUILD reason is `code` class (the output may change shape) or `data` class. */
export const BUILD_REASONS = {
  no_state: "code",
  target_changed: "code",
  never_built: "code",
  code_incomplete: "code",
  scheme_changed: "code",
  code_changed: "code",
  unclassified_input_changed: "code",
  run_time_value_changed: "code",
  parent_code_changed: "code",
  unknown_parent: "code",
  relation_overwritten: "data",
  run_time_value_unknown: "data",
  hook_reads_environment: "data",
  undeclared_relation_read: "data",
  no_declared_inputs: "data",
  policy_unmet: "data",
  missing_data_evidence: "data",
  new_upstream_data: "data",
  last_build_partial: "data",
  tests_not_passed: "data",
  unit_tests_changed: "data",
  clock_dependent: "data",
} as const;
export type BuildReasonCode = keyof typeof BUILD_REASONS;

export const REUSE_REASONS = [
  "unchanged",
  "formatting_only",
  "within_lag_tolerance",
  "quorum_not_met",
  "parent_change_not_read",
] as const;
export type ReuseReasonCode = (typeof REUSE_REASONS)[number];

export type ReasonCode = BuildReasonCode | ReuseReasonCode;

export interface Reason {
  code: ReasonCode;
  /** In words a reviewer understands; names in backticks are untrusted and escaped by renderers. */
  message: string;
  /** code_changed: the changed, added and removed fingerprint components. */
  components?: { changed: string[]; added: string[]; removed: string[] };
  /** The nodes, sources, hooks or macros the reason is about. */
  subjects?: string[];
  /** within_lag_tolerance: when the node becomes due (ISO 8601). */
  due_at?: string;
  /** quorum_not_met: inputs with new data and all inputs. */
  quorum?: { changed: number; total: number };
  /** parent_change_not_read: each rebuilt parent and its changed columns, which this node does not read. */
  unread?: { parent: string; columns: string[] }[];
}

/** What a piece of evidence is about (the plan's schema reads this list: src/state/plan-schema.ts). */
export const EVIDENCE_KINDS = ["code", "source_version", "parent_build", "relation"] as const;

/** One piece of evidence a decision rests on, with how exact it is. */
export interface Evidence {
  kind: (typeof EVIDENCE_KINDS)[number];
  subject: string;
  /** What was compared, e.g. a digest, a max_loaded_at, a run id; null when there is none. */
  value: string | null;
  /** What the last build recorded, when there is a record. */
  recorded?: string | null;
  exactness: Exactness;
  note?: string;
}

export interface RelationCheck {
  checked: boolean;
  exactness: Exactness;
  message: string;
}

export interface PlanEntry {
  unique_id: string;
  name: string;
  resource_type: string;
  package_name: string;
  materialized: string | null;
  depth: number;
  action: PlanAction;
  reasons: Reason[];
  evidence: Evidence[];
  /** The relation this plan builds or reuses. */
  relation: Relation;
  /**
   * dbt's rendering of `relation` (the manifest's `relation_name`, e.g.
   * `DB.analytics.orders` or `"db"."analytics"."orders"`): which parts it
   * quotes decides which object the warehouse resolves it to (Snowflake
   * upper-cases an unquoted name; src/warehouse/stored-names.ts). Absent where the
   * manifest has none.
   */
  relation_name?: string;
  /** REUSE only: whether the relation's continued existence was checked (ADR-0013 rule 17). */
  relation_check?: RelationCheck;
  /** The last recorded build, when there is one. */
  last_build?: { run_id: string; built_at: string; relation: Relation | null };
  /** Planned parents and sources, for the lineage picture. */
  parents?: string[];
  /**
   * The node's file, relative to its package's root, as the manifest's
   * `original_file_path` says (`models/staging/stg_orders.sql`): the comment
   * links a changed node to it in the pull request's diff. Absent before 1.2.
   */
  file?: string;
  /** Seconds the last recorded run took to build this node, when known (for "saves about …"). */
  last_duration_s?: number;
  /**
   * REUSE only (class 12): its checks (data tests) are new or changed since
   * their recorded pass, so they run (their ids are part of the plan's
   * `select`) while the node is reused. With a unit test among them the node
   * is built instead (unit_tests_changed): `dbt build` runs a unit test only
   * with its model.
   */
  checks?: { run: string[]; reason: { code: "checks_changed"; message: string } };
  /**
   * BUILD only, when column impact classified its rebuild (issue 24): the
   * columns its readers see added, removed or changed, and whether its rows
   * may differ. Its own code change, or what its parents' changes reach
   * through its lineage.
   */
  column_change?: { added: string[]; removed: string[]; changed: string[]; row_set_changed: boolean };
  /**
   * BUILD for its own code change, when column impact was asked and could
   * not classify the change (issue 39): why, naming the construct or the
   * parent it gave up on. Its readers are then built for the change.
   */
  column_change_unknown?: string;
}

/** Whether a source's checks (its data tests) run in this build, and why (ADR-0013, "Tested sources"). */
export const SOURCE_CHECK_CODES = [
  "not_tested",
  "checks_changed",
  "missing_data_evidence",
  "new_upstream_data",
  "unchanged",
] as const;
export type SourceCheckCode = (typeof SOURCE_CHECK_CODES)[number];

export interface SourceCheckEntry {
  source_id: string;
  name: string;
  action: "RUN" | "SKIP";
  reason: { code: SourceCheckCode; message: string };
  checks: number;
}

/** The plan's warnings (one list for the type and the plan's schema, src/state/plan-schema.ts). */
export const PLAN_WARNING_CODES = [
  "no_state",
  "stale_source_freshness",
  "target_changed",
  "no_sources_json",
  "scheme_changed",
  "selector_matches_nothing",
  "selection_plans_nothing",
  "selection_superset",
  "no_project_file",
  "renamed_builds",
  "indirect_selection_not_eager",
] as const;

export interface PlanWarning {
  code: (typeof PLAN_WARNING_CODES)[number];
  message: string;
}

export interface Plan {
  schema_version: string;
  scope: string;
  project: string;
  environment: string;
  /** The clock value the plan was made at (passed in; ISO 8601). */
  planned_at: string;
  state: {
    found: boolean;
    snapshot_id: string | null;
    run_id: string | null;
    created_at: string | null;
  };
  selection: string[];
  /** The `--exclude` selectors, when any were given. */
  exclusion?: string[];
  /** Planned for a pull request's environment: REUSE nodes are pointer views reading the recorded builds. */
  pointers?: boolean;
  summary: { build: number; reuse: number };
  entries: PlanEntry[];
  /** Sources with checks in scope: whether their checks run (RUN sources are part of `select`). */
  source_checks?: SourceCheckEntry[];
  /**
   * The dbt command for the BUILD set, safe to paste into a shell:
   * `dbt build --select <select> [--exclude <exclude>]`; null when nothing is built.
   */
  build_command: string | null;
  /**
   * The BUILD set, the checks REUSE nodes run and the sources whose checks
   * run, as a compact dbt selector (the action's `select` output; issue 20):
   * shell-quoted terms, at most 500 with `exclude` and 100,000 characters.
   */
  select: string;
  /** The `--exclude` terms the compact form needs (the action's `exclude` output); "" when none. */
  exclude: string;
  /** How many selector terms `select` and `exclude` hold together. */
  select_terms: number;
  /**
   * true: `select` minus `exclude`, resolved as dbt resolves it (with the
   * tests `dbt build` attaches by indirect selection), runs exactly the BUILD
   * set, the tests it selects and the planned checks. false: no exact
   * selection fits the bounds, so it runs a superset (more, never fewer):
   * `select_extra` lists what it adds, and a `selection_superset` warning says so.
   */
  select_exact: boolean;
  /** Superset only: the unique ids the selection runs beyond the plan (models, seeds, snapshots, tests). */
  select_extra?: string[];
  /**
   * When `build_command` is too long for a pull-request comment: a shorter
   * command (a superset when it must be) that the comment shows instead.
   */
  short_command?: { command: string; terms: number; exact: boolean; extra: number };
  warnings: PlanWarning[];
}
