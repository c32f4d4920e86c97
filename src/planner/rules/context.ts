/**
 * What every planning rule sees (src/planner/rules/index.ts lists them in
 * order): one node, its fingerprint, its recorded state, the decisions of the
 * nodes before it (its parents among them), its freshness policy, the clock
 * value and the plan's input. A rule returns a Decision, or nothing to let
 * the next rule decide. Pure.
 */
import type { SourcesFreshness } from "../../dbt/artifacts/sources.js";
import type { ChangeClassification, ChangeReach } from "../../dbt/column-facts/classify-change.js";
import type { ColumnFacts } from "../../dbt/column-facts/facts.js";
import type { MacroIndex } from "../../dbt/fingerprint/macro-index.js";
import type { NodeFingerprint } from "../../dbt/fingerprint/project-fingerprints.js";
import type { GraphNode, ProjectGraph } from "../../dbt/graph.js";
import type { LoadedProject } from "../../dbt/load-project.js";
import type {
  BuildReasonCode,
  Evidence,
  PlanAction,
  PlanEntry,
  Reason,
  ReasonCode,
  RelationCheck,
} from "../../state/plan.js";
import type { Scope } from "../../state/scope.js";
import type { NodeState, StateSnapshot, TargetIdentity } from "../../state/snapshot.js";
import type { PolicyReadResult } from "../freshness-policy.js";
import type { NodeValues } from "../run-time-value-components.js";
import type { ObservedSourceVersion } from "../source-evidence.js";

export interface PlanInput {
  /** The manifest's project; its `runTimeValues` are what the edge could see of the values a build reads at run time. */
  project: LoadedProject;
  scope: Scope;
  /** The scope's latest snapshot, or null when there is none. */
  state: { id: string; snapshot: StateSnapshot } | null;
  /** sources.json, when one was given. */
  sources: SourcesFreshness | null;
  /** dbt selectors (`--select`); empty plans every node. */
  select: readonly string[];
  /** dbt selectors to leave out (`--exclude`); default none. */
  exclude?: readonly string[];
  /** The clock, passed in (ISO 8601). */
  now: string;
  /** The target this plan builds into; compared with the state's (ADR-0017). */
  target?: TargetIdentity;
  /** Whether REUSE relations were checked in the warehouse (none without a connection). */
  relationCheck?: RelationCheck;
  /**
   * Plan for a pull request's environment over the scope's (prod's) state
   * (ADR-0028): a REUSE is served by a pointer view at the manifest's relation
   * reading the recorded build, so the relation and the target's name may
   * differ; the adapter may not.
   */
  pointers?: boolean;
  /**
   * Column facts of a node's compiled SQL now (issue 24): the parser, as a
   * function; called only for nodes whose change a reader may not read.
   * Without it every change reaches every reader (today's BUILD).
   */
  columnFacts?: ColumnFactsOf;
}

/**
 * Column facts of a node's compiled SQL: `columnsOf` gives its parents'
 * output columns where known, so that a `select *` over a parent lists them.
 */
export type ColumnFactsOf = (
  nodeId: string,
  columnsOf: (parentId: string) => readonly string[] | null,
) => ColumnFacts;

export interface Decision {
  action: PlanAction;
  reason: Reason;
  evidence: Evidence[];
  /** REUSE with checks to run (class 12): set after the rules, on the entry. */
  checks?: PlanEntry["checks"];
  /**
   * A data-class BUILD decided before the code rules (last_build_partial)
   * whose code changed too: its readers still see a code change
   * (parent_code_changed), not only new data. Not part of the plan.
   */
  codeMoved?: boolean;
}

/** Facts of the whole plan, computed once. */
export interface PlanFacts {
  input: PlanInput;
  graph: ProjectGraph;
  snapshot: StateSnapshot | null;
  /** The state was recorded for another target (ADR-0017). */
  targetChanged: boolean;
  pointers: boolean;
  observed: ReadonlyMap<string, ObservedSourceVersion>;
  macros: MacroIndex;
  /** The selected nodes, or null when every node is planned. */
  selected: ReadonlySet<string> | null;
  /** Inputs whose sources.json was observed before the node's last build (the plan's warning counts them). */
  staleSources: { count: number };
  /** Whether a reader reads what a rebuilt parent changes (column-impact.ts). */
  impact: EdgeImpact;
}

/** Column impact's answers (src/planner/column-impact.ts implements them). */
export interface EdgeImpact {
  /** Whether `child`'s recorded build reads what `parent`'s rebuild changes; null when the parent changes no code. */
  edge(parent: string, child: string, changesCode: boolean): ChangeReach | null;
  /** The changes classified so far, by node id. */
  computed(): ReadonlyMap<string, ChangeClassification>;
}

export interface RuleContext {
  node: GraphNode;
  fp: NodeFingerprint;
  /** Its recorded state (its last successful build), when there is one for this target. */
  recorded: NodeState | undefined;
  /** The decisions made so far: every parent's among them (DAG order). */
  decisions: ReadonlyMap<string, Decision>;
  policy: PolicyReadResult;
  /** The static run-time reads with no `value:` component now, and why (run-time-value-components.ts). */
  values: NodeValues;
  /** The clock, passed in (ISO 8601). */
  now: string;
  input: PlanInput;
  facts: PlanFacts;
  /** The code evidence every decision carries first. */
  codeEvidence: Evidence;
  /** A BUILD decision with the code evidence first. */
  build(code: BuildReasonCode, message: string, extra?: Partial<Reason>, evidence?: Evidence[]): Decision;
  /** Evidence of every input's data now and at the last build (computed once, on first use). */
  dataEvidence(): DataEvidence;
}

/** Evidence of a node's input data (computed by data-evidence.ts, once per node, for the rules that read it). */
export interface DataEvidence {
  evidence: Evidence[];
  /** Why the evidence is incomplete, one phrase per input. */
  missing: string[];
  /** Inputs with new data, as phrases, and their ids. */
  moved: string[];
  movedIds: string[];
  /** Parents rebuilt for a change its recorded build does not read: each with the changed columns. */
  unread: { parent: string; columns: readonly string[] }[];
}

export interface Rule {
  /** The reason code it decides (the module is named after it). */
  code: ReasonCode;
  /** Other codes the same rule may return (REUSE outcomes of a policy). */
  also?: readonly ReasonCode[];
  /**
   * A guard over REUSE: not asked in turn, but once a rule after it returns
   * a REUSE, and a decision it returns replaces that REUSE (decide() in
   * index.ts). Rules before it only build, so it sees every REUSE outcome.
   */
  overReuse?: true;
  decide(context: RuleContext): Decision | undefined;
}
