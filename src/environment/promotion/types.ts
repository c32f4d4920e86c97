/**
 * The vocabulary of promotion: what decide.ts decides (a decision per BUILD
 * node, the candidates), what promote.ts and rollback.ts report (the nodes
 * promoted or rolled back, their results), and what state.ts records. Types
 * only: the pure modules read them here, never from the executors.
 */
import type { NodeState } from "../../state/snapshot.js";
import type { QualifiedName } from "../../warehouse/names.js";
import type { ReplaceOutcome } from "../../warehouse/warehouse.js";

export const PROMOTION_REASONS = [
  "promoted",
  "not_a_table",
  "has_hooks",
  "has_grants",
  "no_declared_inputs",
  "not_built_by_pr",
  "pr_build_failed",
  "version_differs",
  "checks_not_passed",
  "checks_changed",
  "source_changed",
  "source_evidence_missing",
  "parent_changed",
  "parent_evidence_missing",
  "relation_missing",
  "shared_relation",
  "prod_not_table",
  "owner_not_kept",
  "privileges_not_kept",
  "materialized_view_not_kept",
] as const;
export type PromotionReasonCode = (typeof PROMOTION_REASONS)[number];

export interface PromotionDecision {
  unique_id: string;
  name: string;
  promotable: boolean;
  reason: { code: PromotionReasonCode; message: string };
  /** The environment's table (when it built the node). */
  from: QualifiedName | null;
  /** Prod's relation (main's manifest). */
  to: QualifiedName;
  version_key: string;
  pr_run_id: string | null;
}

/** A promotable node with what promotion needs. */
export interface PromotionCandidate {
  unique_id: string;
  from: QualifiedName;
  to: QualifiedName;
  /** Whether prod has a table at `to` now (it is kept, renamed, for rollback). */
  replaces: boolean;
  pr_run_id: string;
  version_key: string;
  /** The node's state once promoted (parents resolved by applyPromotion). */
  promoted_state: NodeState;
  /** Prod's state of the node before, for rollback. */
  previous_state: NodeState | null;
}

export interface PromotionPlan {
  environment: string;
  project: string;
  decisions: PromotionDecision[];
  candidates: PromotionCandidate[];
}

export interface PromotedNode {
  unique_id: string;
  from: QualifiedName;
  to: QualifiedName;
  /** Where the replaced prod table is kept; null when prod had none. */
  retired: QualifiedName | null;
  how: "moved" | "copied";
  pr_run_id: string;
  /** The node's state for prod (record it with applyPromotion). */
  state: NodeState;
}

export interface PromotionResult {
  id: string | null;
  environment: string;
  status: "committed" | "nothing_to_promote" | "dry_run" | "already_committed";
  atomic: boolean;
  decisions: PromotionDecision[];
  promoted: PromotedNode[];
  /**
   * Views recreated to read promoted tables, views left reading the replaced
   * ones, materialized views recreated over the promoted tables, and the
   * owner and privileges each promoted table took from the table it replaced
   * (PostgreSQL).
   */
  views: ReplaceOutcome;
  /**
   * What dbt builds now, as a compact dbt selection (issue 20): the BUILD
   * nodes not promoted, the checks the plan runs on REUSE nodes and the
   * sources whose checks run; "" when nothing is left.
   */
  select: string;
  /** The `--exclude` terms `select` needs; "" when none. */
  exclude: string;
  /** Terms in `select` and `exclude` together. */
  select_terms: number;
  /** false: no exact selection fits the bounds, so it runs `select_extra` too (more, never less). */
  select_exact: boolean;
  select_extra?: string[];
  /** `dbt build --select <select> [--exclude <exclude>]`; null when nothing is left to build. */
  build_command: string | null;
  retain_until: string | null;
}

export interface RolledBackNode {
  unique_id: string;
  target: QualifiedName;
  /** Prod's state of the node before the promotion (null: prod had none), to record again. */
  previous_state: NodeState | null;
  /** Where the promoted table is kept until the retention passes. */
  promoted_kept_as: QualifiedName;
}

export interface RollbackResult {
  id: string | null;
  environment: string | null;
  status: "rolled_back" | "dry_run" | "already_rolled_back" | "resumed" | "nothing_to_do";
  restored: RolledBackNode[];
  resumed: string[];
  /** Materialized views recreated over the restored tables, views left, owners and privileges kept (PostgreSQL; a rollback done at once). */
  views?: ReplaceOutcome;
}
