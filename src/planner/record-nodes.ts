/**
 * The nodes of the next snapshot (ADR-0013, "Snapshots", "Tested builds"):
 * a node dbt built gets a new entry (the parents' builds and the source
 * versions it read, `tested` when all its checks ran and passed, `partial`
 * when the build was not whole); any other keeps its previous entry, with
 * `tested` cleared when it ran and failed or its checks failed. Pure.
 *
 * Issue 36: a run is a build of this code over the recorded parents only
 * when it is one. A `dbt clone` builds nothing (every node keeps its entry;
 * record-relations.ts records what it overwrote). A microbatch model dbt
 * reports as `success` with no batches ran nothing (record-relations.ts
 * `wroteNothing`): it keeps its entry. A `--defer` run may have read a
 * parent it did not build from another environment (core/dbt/context/
 * providers.py `RuntimeRefResolver.create_relation`): only the parents it
 * built itself are recorded as read, so the next plan has no evidence for
 * the others (`missing_data_evidence`) until a run without `--defer`.
 */
import { checksDigest, checksKey } from "../dbt/checks-digest.js";
import type { GraphNode } from "../dbt/graph.js";
import { own, setOwn } from "../state/own.js";
import type { DataVersion, NodeState, StateSnapshot } from "../state/snapshot.js";
import { partialBuildReason } from "./partial-builds.js";
import { factsOfBuilt } from "./record-facts.js";
import { wroteNothing } from "./record-relations.js";
import { checksOf, type Recording } from "./recording.js";
import { RELATION_WRITING_COMMANDS } from "./run-commands.js";
import { builtByRun, type RunResult } from "./run-statuses.js";
import { withValueComponents } from "./run-time-value-components.js";
import { completedAt, instant } from "./run-times.js";

export interface RecordedNodes {
  nodes: Record<string, NodeState>;
  built: string[];
  partial: string[];
  failed: string[];
  skipped: string[];
}

/** Every node of the graph, in graph order (a built node reads its parents' new entries). */
export function recordNodes(recording: Recording, previous: StateSnapshot | null): RecordedNodes {
  const graph = recording.project.graph;
  const out: RecordedNodes = { nodes: {}, built: [], partial: [], failed: [], skipped: [] };
  const buildsNothing = (RELATION_WRITING_COMMANDS as readonly string[]).includes(recording.run.command);
  for (const id of graph.order) {
    const node = graph.nodes.get(id)!;
    const found = recording.statuses.resultOf(id);
    // A clone's success, or a run of no batches, is no build: the node keeps its entry.
    const result =
      found !== undefined && found.status === "success" && (buildsNothing || wroteNothing(found))
        ? undefined
        : found;
    if (result !== undefined && builtByRun(result)) {
      const state = builtNodeState(recording, id, node, result, out.nodes, own(previous?.nodes, id));
      if (state.partial) out.partial.push(id);
      setOwn(out.nodes, id, state);
      out.built.push(id);
      continue;
    }
    if (result) (result.status === "skipped" ? out.skipped : out.failed).push(id);
    const old = own(previous?.nodes, id);
    if (old) {
      const kept: NodeState = { ...old };
      const ranAndFailed = result !== undefined && result.status !== "skipped";
      if (ranAndFailed || recording.statuses.checksOutcome(node.checks) === "failed") delete kept.tested;
      setOwn(out.nodes, id, kept);
    }
  }
  return out;
}

/** The entry of a node this run built, reading its parents' entries written before it. */
function builtNodeState(
  recording: Recording,
  id: string,
  node: GraphNode,
  result: RunResult,
  written: Record<string, NodeState>,
  before: NodeState | undefined,
): NodeState {
  const { project, runResults, run, macros } = recording;
  const why = partialBuildReason(runResults.args, node.node, result);
  // With a keyed digest of each value its run-time path read, as this run saw it (issue 36).
  const { fp } = withValueComponents(project.fingerprints.get(id)!, node.node.packageName, recording.values);
  const parents: Record<string, string> = {};
  // --defer: a parent this run did not build may have been read from another environment.
  const deferred = runResults.args.defer === true;
  for (const parent of node.parents) {
    const parentRun = own(written, parent)?.run_id;
    if (parentRun === undefined || (deferred && parentRun !== run.runId)) continue;
    setOwn(parents, parent, parentRun);
  }
  const sources: Record<string, DataVersion> = {};
  for (const sourceId of node.sources) {
    const version = recording.sourceVersions.get(sourceId);
    if (version) setOwn(sources, sourceId, version);
  }
  const n = node.node;
  const state: NodeState = {
    fingerprint: fp.fingerprint,
    version_key: fp.versionKey,
    run_id: run.runId,
    built_at: completedAt(result.timing) ?? instant(runResults.metadata.generatedAt) ?? run.startedAt,
    materialized: n.materialized ?? undefined,
    relation: {
      database: n.relation.database,
      schema: n.relation.schema,
      identifier: n.relation.identifier,
    },
    parents,
    sources,
  };
  if (fp.rawDigest !== null) state.raw_digest = fp.rawDigest;
  if (fp.portableSql !== null) state.portable_sql = fp.portableSql;
  if (result.executionTime !== null) state.duration_s = result.executionTime;
  const facts = factsOfBuilt({
    id,
    resourceType: n.resourceType,
    sql: fp.fingerprint.components.sql,
    before,
    columnFacts: recording.columnFacts,
    // Parents come first: their entries of this run (built or kept) are written.
    factsOf: (parent) => own(written, parent)?.facts,
  });
  if (facts) state.facts = facts;
  const checks = checksOf(project.graph, node.checks);
  const digest = checksDigest(checks, macros);
  if (why !== null) {
    // Checks that passed on part of the data vouch for nothing.
    state.partial = { why };
  } else if (digest !== null && recording.statuses.checksOutcome(node.checks) === "passed") {
    state.tested = { run_id: run.runId, at: state.built_at, checks_digest: digest };
    const key = checksKey(checks, macros);
    if (key !== null) state.tested.checks_key = key;
  }
  return state;
}
