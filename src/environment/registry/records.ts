/**
 * What the environment registry records, one type per table
 * (docs/environments.md, "The registry"), with the values each enumerated
 * column may hold. Types only, and the lists the checked decode holds each
 * row to (tables.ts).
 */
import type { DataVersion, NodeState } from "../../state/snapshot.js";

export const ENVIRONMENT_STATUSES = ["open", "closed", "merged", "removed"] as const;
export type EnvironmentStatus = (typeof ENVIRONMENT_STATUSES)[number];

export interface EnvironmentRecord {
  name: string;
  /** `owner/name`, for display; null for a row written before 1.1 (legacy: see docs/environments.md, Isolation). */
  repository: string | null;
  /**
   * GitHub's id of the repository (1.2): the identity, kept through renames
   * and transfers; null for a row written before 1.2 (adopted once by its
   * repository's next run, environment-identity.ts) or by a scope without an id.
   */
  repository_id: string | null;
  project: string;
  pr_number: number | null;
  head_sha: string | null;
  status: EnvironmentStatus;
  /** Schemas that held prod relations when the environment was created or refreshed: never dropped. */
  prod_schemas: string[];
  /** The schemas of its relations, checked when it was created or last refreshed (empty for a legacy row). */
  schemas: string[];
  created_at: string;
  updated_at: string;
  closed_at: string | null;
}

export const OWNED_KINDS = ["schema", "table", "view"] as const;
export type OwnedKind = (typeof OWNED_KINDS)[number];
export const OWNED_ROLES = ["schema", "pointer", "build"] as const;
export const OWNED_STATES = ["creating", "present"] as const;

export interface OwnedObject {
  environment: string;
  schema: string;
  /** Empty for a schema. */
  identifier: string;
  kind: OwnedKind;
  role: (typeof OWNED_ROLES)[number];
  node_id: string | null;
  /** `creating`: the intent was recorded before the object was made (it may not exist). */
  state: (typeof OWNED_STATES)[number];
  created_at: string;
  /**
   * What the relation was when the environment took it (Warehouse.relationIdentity: PostgreSQL's OID,
   * elsewhere the mark it left in the comment): cleanup drops it only while it still is that one. Null for
   * a schema, an intent (`creating`), and a row written before 1.2 (nothing proves what it was).
   */
  identity: string | null;
}

export interface PointerRecord {
  environment: string;
  node_id: string;
  schema: string;
  identifier: string;
  reads: { schema: string; identifier: string };
  reads_run_id: string | null;
  version_key: string | null;
  updated_at: string;
}

/** What a build read of one parent: prod's build through a pointer view, or the environment's own build. */
export interface ParentRead {
  run_id: string;
  version_key: string | null;
  via: "pointer" | "build";
}

export const TEST_OUTCOMES = ["passed", "failed", "not_run", "none"] as const;
export type TestOutcome = (typeof TEST_OUTCOMES)[number];

export interface BuildRecord {
  environment: string;
  node_id: string;
  run_id: string;
  /** dbt's status of the node in that run. */
  status: string;
  version_key: string;
  fingerprint_digest: string;
  checks_digest: string | null;
  /** Its checks in that run: all passed, one failed, not all ran, or it has none. */
  tested: TestOutcome;
  schema: string;
  identifier: string;
  materialized: string | null;
  parents: Record<string, ParentRead>;
  sources: Record<string, DataVersion>;
  /** The node as the planner reads state (relation = the environment's), for a push's second baseline. */
  node_state: NodeState | null;
  built_at: string;
  recorded_at: string;
}

export const PROMOTION_STATUSES = [
  "staging",
  "switching",
  "committed",
  "aborted",
  "failed",
  "rolling_back",
  "rolled_back",
  "expired",
] as const;
export type PromotionStatus = (typeof PROMOTION_STATUSES)[number];

export interface PromotionRecord {
  id: string;
  environment: string;
  /** null for a promotion written before 1.1 (legacy). */
  repository: string | null;
  /** GitHub's id of the repository (1.2); null before 1.2 or without an id (see EnvironmentRecord). */
  repository_id: string | null;
  project: string;
  promoted_by: string;
  status: PromotionStatus;
  atomic: boolean;
  created_at: string;
  updated_at: string;
  retain_until: string;
  detail: Record<string, unknown>;
}

export const STEP_STATES = [
  "planned",
  "staged",
  "switching",
  "switched",
  "reverting",
  "reverted",
  "unstaged",
  "rolling_back",
  "rolled_back",
] as const;
export type StepState = (typeof STEP_STATES)[number];
export const STEP_HOWS = ["moved", "copied"] as const;

export interface StepRecord {
  promotion_id: string;
  seq: number;
  node_id: string;
  target: { schema: string; identifier: string };
  source: { schema: string; identifier: string };
  staged_identifier: string;
  /** The prod table replaced, kept under this name; null when prod had none. */
  retired_identifier: string | null;
  /** After a rollback, the promoted table kept under this name. */
  undone_identifier: string;
  how: (typeof STEP_HOWS)[number] | null;
  state: StepState;
  pr_run_id: string;
  version_key: string;
  previous_state: NodeState | null;
  promoted_state: NodeState;
  switched_at: string | null;
}
