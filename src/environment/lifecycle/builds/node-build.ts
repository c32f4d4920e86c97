/**
 * One node of the run, as the environment records it: skipped when it is not
 * the environment's to take (outside its own schemas, or compiled from other
 * SQL than planned), else its build record, with which build of each parent
 * it read, the source versions it saw, its checks' outcome and, when it built
 * in full, the node state a later plan reuses.
 */

import type { RunResults } from "../../../dbt/artifacts/run-results.js";
import { checksDigest } from "../../../dbt/checks-digest.js";
import type { MacroIndex } from "../../../dbt/fingerprint/macro-index.js";
import type { Check, GraphNode } from "../../../dbt/graph.js";
import type { LoadedProject } from "../../../dbt/load-project.js";
import { latestInstant } from "../../../planner/exact-instant.js";
import { PARTIAL_SUCCESS, partialBuildReason } from "../../../planner/partial-builds.js";
import { factsOfBuilt } from "../../../planner/record-facts.js";
import type { ColumnFactsOf } from "../../../planner/rules/context.js";
import type { DataVersion, NodeState } from "../../../state/snapshot.js";
import { showQualified } from "../../../warehouse/names.js";
import type { StoredNames } from "../../../warehouse/stored-names.js";
import type { BuildRecord, ParentRead, PointerRecord, TestOutcome } from "../../registry/records.js";
import type { OutsideOwnSchemas } from "./outside-own-schemas.js";

export const NODE_SUCCESS = "success";
const CHECK_PASSED = new Set(["pass", "warn", "success"]);
const CHECK_FAILED = new Set(["fail", "error", "runtime error"]);

type RunResult = RunResults["results"][number];
type Fingerprinted = NonNullable<ReturnType<LoadedProject["fingerprints"]["get"]>>;

/** What recording every node of one run shares. */
export interface RecordingRun {
  name: string;
  runId: string;
  now: string;
  startedAt: string;
  project: LoadedProject;
  buildProject: LoadedProject | null | undefined;
  runResults: RunResults;
  macros: MacroIndex;
  statusOf: Map<string, RunResult>;
  pointers: Map<string, PointerRecord>;
  previous: Map<string, BuildRecord>;
  sourceVersions: Map<string, DataVersion>;
  outside: OutsideOwnSchemas;
  /** dbt's names as the warehouse stores them: a build record names the object dbt made (stored-names.ts). */
  names: StoredNames;
  /** Nodes dbt built (in full or partly) earlier in this run: their readers read this run's build. */
  successThisRun: Set<string>;
  /** Column facts of the planned manifest's models (issue 24), or null to store none. */
  columnFacts: ColumnFactsOf | null;
  /** The node states of this run's full builds so far (their columns are what a reader's `select *` lists). */
  builtStates: Map<string, NodeState>;
}

/** What became of one node of the run. */
export interface NodeBuild {
  /** Why it is not recorded as a build to reuse or promote, when it isn't. */
  ignored: string | null;
  built: boolean;
  failed: boolean;
  /** Its build record, or null when nothing is recorded. */
  record: BuildRecord | null;
}

/** The node's build in this run, or null when the run did not touch it (or it is ephemeral). */
export function nodeBuild(run: RecordingRun, id: string): NodeBuild | null {
  const { project, runResults, runId } = run;
  const result = run.statusOf.get(id);
  if (!result) return null;
  const node = project.graph.nodes.get(id)!;
  const fp = project.fingerprints.get(id);
  // No planned fingerprint: a node the planned manifest did not have (withPlannedKeys) is not recorded.
  if (!fp || node.node.materialized === "ephemeral") return null;
  const notTaken = notTheEnvironments(run, id, node, fp, result);
  if (notTaken !== null) return { ignored: notTaken, built: false, failed: false, record: null };
  // A partial build (--empty, --sample, bounded or failed microbatch batches: partial-builds.ts) is
  // recorded as `partial success`, never as a build to promote or reuse; its readers in this run read it.
  const dbtBuilt = result.status === NODE_SUCCESS || result.status === PARTIAL_SUCCESS;
  const partialWhy = dbtBuilt ? partialBuildReason(runResults.args, node.node, result) : null;
  const success = dbtBuilt && partialWhy === null;
  if (dbtBuilt) run.successThisRun.add(id);
  const ignored = partialWhy !== null ? `a partial build: ${partialWhy}` : null;
  const parents = parentsRead(run, node);
  const sources = sourcesRead(run, node);
  const digest = checksDigest(checksOf(project, node.checks), run.macros);
  const outcomeOfChecks = checksOutcome(run, node.checks);
  const builtAt = latestCompletion(result.timing) ?? runResults.metadata.generatedAt ?? run.startedAt;
  const overwritten = dbtBuilt ? writtenOverSince(run, id, builtAt) : null;
  if (overwritten !== null) return { ignored: overwritten, built: false, failed: false, record: null };
  const n = node.node;
  let nodeState: NodeState | null = null;
  if (success) {
    nodeState = builtNodeState(run, node, fp, result, { parents, sources, builtAt });
    if (digest !== null && outcomeOfChecks === "passed") {
      nodeState.tested = { run_id: runId, at: builtAt, checks_digest: digest };
    }
  }
  const failed = !success && result.status !== "skipped" && partialWhy === null;
  if (!success && result.status === "skipped" && !run.previous.has(id))
    return { ignored, built: false, failed, record: null };
  const record: BuildRecord = {
    environment: run.name,
    node_id: id,
    run_id: runId,
    status: partialWhy !== null ? PARTIAL_SUCCESS : result.status,
    version_key: fp.versionKey,
    fingerprint_digest: fp.fingerprint.digest,
    checks_digest: digest,
    tested: outcomeOfChecks,
    // The object dbt made, as the warehouse stores it; its node state keeps dbt's names (the planner's).
    ...run.names.qualified(n.relation, id),
    materialized: n.materialized,
    parents,
    sources,
    node_state: nodeState,
    built_at: builtAt,
    recorded_at: run.now,
  };
  return { ignored, built: success, failed, record };
}

/**
 * Why this run's build of the node is no longer the relation there, or null:
 * another run's build of it, recorded already, finished after this one (two
 * pushes' jobs at once, the older one's dbt writing last). Recording this
 * run's would claim that run's table under this run's version key, and a
 * promotion would move it into prod as this code's build.
 */
function writtenOverSince(run: RecordingRun, id: string, builtAt: string): string | null {
  const earlier = run.previous.get(id);
  if (!earlier || earlier.run_id === run.runId) return null;
  if (earlier.status !== NODE_SUCCESS && earlier.status !== PARTIAL_SUCCESS) return null;
  const theirs = Date.parse(earlier.built_at);
  const ours = Date.parse(builtAt);
  if (Number.isNaN(theirs) || Number.isNaN(ours) || theirs <= ours) return null;
  return `run ${earlier.run_id}'s build of it, recorded already, finished later (${earlier.built_at}, this run's at ${builtAt}): the relation holds that build, not this run's`;
}

/** Why the environment never takes the node's build as its own, or null when it does. */
function notTheEnvironments(
  run: RecordingRun,
  id: string,
  node: GraphNode,
  fp: Fingerprinted,
  result: RunResult,
): string | null {
  const relation = run.names.qualified(node.node.relation, id);
  const where = run.outside(relation.schema);
  if (where !== null) {
    return `its relation ${showQualified(relation)} is in ${where}; the environment never takes it as its own`;
  }
  if (result.status === NODE_SUCCESS && run.buildProject) {
    const built = run.buildProject.fingerprints.get(id);
    const planned = fp.fingerprint.components.sql;
    const actual = built?.fingerprint.components.sql;
    if (built && actual !== undefined && planned !== undefined && actual !== planned) {
      return "its compiled SQL differs from the planned manifest's";
    }
    // Its node state would record a fingerprint that is not the one dbt built (or, from the planned keys the
    // main step handed off, one whose components are unknown: dbt/fingerprint/planned-keys.ts).
    if (built && built.fingerprint.digest !== fp.fingerprint.digest) {
      return "its fingerprint differs from the planned manifest's";
    }
  }
  return null;
}

/** Which build of each parent the node read: this run's, prod's through a pointer, or the environment's earlier one. */
function parentsRead(run: RecordingRun, node: GraphNode): Record<string, ParentRead> {
  const parents: Record<string, ParentRead> = {};
  for (const parent of node.parents) {
    if (run.successThisRun.has(parent)) {
      parents[parent] = {
        run_id: run.runId,
        version_key: run.project.fingerprints.get(parent)?.versionKey ?? null,
        via: "build",
      };
      continue;
    }
    const pointer = run.pointers.get(parent);
    if (pointer?.reads_run_id) {
      parents[parent] = { run_id: pointer.reads_run_id, version_key: pointer.version_key, via: "pointer" };
      continue;
    }
    const earlier = run.previous.get(parent);
    if (earlier && earlier.status === NODE_SUCCESS) {
      parents[parent] = { run_id: earlier.run_id, version_key: earlier.version_key, via: "build" };
    }
  }
  return parents;
}

/** The versions of the node's sources the run saw (from a sources.json taken before it started). */
function sourcesRead(run: RecordingRun, node: GraphNode): Record<string, DataVersion> {
  const sources: Record<string, DataVersion> = {};
  for (const sourceId of node.sources) {
    const version = run.sourceVersions.get(sourceId);
    if (version) sources[sourceId] = version;
  }
  return sources;
}

function checksOf(project: LoadedProject, ids: readonly string[]): Check[] {
  return ids.map((id) => project.graph.checks.get(id)).filter((c): c is Check => Boolean(c));
}

/** How the node's checks ended in this run. */
function checksOutcome(run: RecordingRun, ids: readonly string[]): TestOutcome {
  if (ids.length === 0) return "none";
  let all = true;
  for (const id of ids) {
    const status = run.statusOf.get(id)?.status;
    if (status !== undefined && CHECK_FAILED.has(status)) return "failed";
    if (status === undefined || !CHECK_PASSED.has(status)) all = false;
  }
  return all ? "passed" : "not_run";
}

/** The state a later plan reuses of a node built in full (without its `tested`, added by the caller). */
function builtNodeState(
  run: RecordingRun,
  node: GraphNode,
  fp: Fingerprinted,
  result: RunResult,
  read: { parents: Record<string, ParentRead>; sources: Record<string, DataVersion>; builtAt: string },
): NodeState {
  const n = node.node;
  const nodeState: NodeState = {
    fingerprint: fp.fingerprint,
    version_key: fp.versionKey,
    run_id: run.runId,
    built_at: read.builtAt,
    relation: {
      database: n.relation.database,
      schema: n.relation.schema,
      identifier: n.relation.identifier,
    },
    parents: Object.fromEntries(Object.entries(read.parents).map(([parent, r]) => [parent, r.run_id])),
    sources: read.sources,
  };
  if (n.materialized) nodeState.materialized = n.materialized;
  if (fp.rawDigest !== null) nodeState.raw_digest = fp.rawDigest;
  if (fp.portableSql !== null) nodeState.portable_sql = fp.portableSql;
  if (result.executionTime !== null) nodeState.duration_s = result.executionTime;
  // Column facts by prod's record's rule; a parent's as this run built it, else as the environment built it before.
  const facts = factsOfBuilt({
    id: node.id,
    resourceType: n.resourceType,
    sql: fp.fingerprint.components.sql,
    before: run.previous.get(node.id)?.node_state ?? undefined,
    columnFacts: run.columnFacts ?? undefined,
    factsOf: (parent) => run.builtStates.get(parent)?.facts ?? run.previous.get(parent)?.node_state?.facts,
  });
  if (facts) nodeState.facts = facts;
  run.builtStates.set(node.id, nodeState);
  return nodeState;
}

/** The latest completion as written, so it compares exactly with source observations (exact-instant.ts). */
function latestCompletion(timing: RunResult["timing"]): string | null {
  return latestInstant(timing.map((t) => t.completedAt));
}
