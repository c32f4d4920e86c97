/**
 * record(): a finished dbt run becomes the scope's next snapshot (ADR-0013,
 * "Snapshots", "Commands", "Tested builds", "Tested sources"). Pure and
 * synchronous. It refuses, writing nothing, anything that isn't a real build
 * of the manifest's code.
 *
 * - Only nodes whose status is success advance; a failed, skipped or errored
 *   node keeps its previous entry (with `tested` cleared when it ran and
 *   failed: the warehouse may hold a build nothing validated).
 * - A node dbt built, but not whole (an `--empty` or `--sample` run, a
 *   microbatch model bounded by `--event-time-start/--event-time-end`, or
 *   one with failed batches, status `partial success`: partial-builds.ts) is
 *   recorded for what it is: its entry says `partial: { why }` and has no
 *   `tested`, and the next plan builds it (`last_build_partial`). Its
 *   relation now holds that partial build, so keeping the previous entry
 *   would claim a whole build that is no longer there. A later whole build
 *   replaces the entry, `partial` with it. (ADR-0013 refused `--empty`
 *   runs; that left the previous, whole build recorded over empty tables.)
 * - Each built node records which run's build of each parent it read, and
 *   the version of each source it saw, from a sources.json taken strictly
 *   before the run started (otherwise none: data may have arrived after).
 * - `tested` is set when every check of the node ran in this run and passed,
 *   against the checks digest it has now (and its checks key, the plan's
 *   cheap proof that they are unchanged); a build without checks, or whose
 *   checks didn't all run, leaves it unset.
 * - Source checks: all passed records the source as tested (with the version
 *   measured before they ran); any failed removes the record.
 * - A change of target drops what was recorded for the other target.
 * - Every relation the run wrote gets this run's node as its last writer
 *   (record-relations.ts; snapshot 1.6): a later write by another node or
 *   command (`dbt clone`, accepted for this alone) tells the next plan that
 *   a recorded build is no longer in its relation (`relation_overwritten`).
 * - The data diff's key of every node the manifest declares one for
 *   (`diff_keys`, snapshot 1.8): a pull request's data diff shows key values
 *   only for the key the recorded branch declares.
 *
 * The steps are their own modules: the refusals (record-refusals.ts), the
 * run's times (run-times.ts) and statuses (run-statuses.ts), the node
 * entries (record-nodes.ts), the tested sources (record-sources.ts).
 */
import type { RunResults } from "../dbt/artifacts/run-results.js";
import type { SourcesFreshness } from "../dbt/artifacts/sources.js";
import type { ColumnFacts } from "../dbt/column-facts/facts.js";
import { diffKeys } from "../dbt/diff-keys.js";
import { macroIndexFor } from "../dbt/fingerprint/shared-macro-index.js";
import type { LoadedProject } from "../dbt/load-project.js";
import { withCliVars } from "../dbt/run-time-values/run-time-values.js";
import type { RunRecord } from "../state/run-record.js";
import { formatSchemaVersion } from "../state/schema-version.js";
import { type Scope, scopeKey } from "../state/scope.js";
import {
  type RelationWrite,
  SNAPSHOT_SCHEMA_VERSION,
  type SourceState,
  type StateSnapshot,
  type TargetIdentity,
} from "../state/snapshot.js";
import { carryUnreadReads } from "./carry-unread-reads.js";
import { type RecordedNodes, recordNodes } from "./record-nodes.js";
import {
  type AcceptedRun,
  acceptedRun,
  previousOfTarget,
  refuseFutureTimes,
  refuseSuperseded,
} from "./record-refusals.js";
import { recordRelationWrites } from "./record-relations.js";
import { recordSources } from "./record-sources.js";
import type { Recording } from "./recording.js";
import { carryRenamedBuilds } from "./renamed-builds.js";
import { runStatuses } from "./run-statuses.js";
import { valuesOfRun } from "./run-time-value-components.js";
import { sourceVersionsReadBy } from "./source-evidence.js";

export interface RecordInput {
  project: LoadedProject;
  runResults: RunResults;
  /** sources.json, when given; used only if taken strictly before the run started. */
  sources: SourcesFreshness | null;
  scope: Scope;
  previous: StateSnapshot | null;
  /** Run ids already in the ledger or the state: a run is recorded once. */
  recordedRunIds: ReadonlySet<string>;
  target?: TargetIdentity;
  /** The clock, passed in (ISO 8601). */
  now: string;
  /** Column facts of a model's compiled SQL (issue 24): the parser, as a function; without it no facts are recorded. */
  columnFacts?: (nodeId: string, columnsOf: (parentId: string) => readonly string[] | null) => ColumnFacts;
  /**
   * A fresh value key (64 hex digits, from `crypto.randomBytes(32)` at the
   * edge), used only when `previous` has none: the scope's first snapshot
   * (or one recorded before 1.6). The key then stays with the scope's state
   * (StateSnapshot.value_key). Without either, no `value:` components are
   * recorded, and the next plan says their values were not recorded.
   */
  valueKey?: string;
}

export interface RecordOutcome {
  snapshot: StateSnapshot;
  run: RunRecord;
  /** Nodes recorded as built (partial builds included). */
  built: string[];
  /** Of `built`, those recorded as partial (`NodeState.partial`): the next plan builds them again. */
  partial: string[];
  failed: string[];
  skipped: string[];
  /** Why sources.json was not used, when it wasn't. */
  sourcesIgnored: string | null;
}

export function record(input: RecordInput): RecordOutcome {
  const { project, runResults, scope } = input;
  const run = acceptedRun(project, runResults, scope, input.previous, input.recordedRunIds);
  const ofTarget = previousOfTarget(input.previous, input.target);
  // A renamed node with the same relation and code keeps its recorded build (renamed-builds.ts).
  const previous = ofTarget && carryRenamedBuilds(ofTarget, project.graph, project.fingerprints).snapshot;
  refuseFutureTimes(runResults, run.startedAt, input.now);
  refuseSuperseded(previous, run, scope, runResults.file);

  // sources.json counts only when taken strictly before the run started.
  const { versions: sourceVersions, ignored: sourcesIgnored } = sourceVersionsReadBy(
    input.sources,
    run.startedAt,
  );
  const valueKey = input.previous?.value_key ?? input.valueKey ?? null;
  const recording: Recording = {
    project,
    runResults,
    run,
    statuses: runStatuses(runResults),
    macros: macroIndexFor(project.graph),
    sourceVersions,
    // The run's own `--vars` (run_results.json `args.vars`) over the projects' `vars:`.
    values: valuesOfRun(
      project,
      project.runTimeValues && withCliVars(project.runTimeValues, runResults.args.vars),
      valueKey,
      input.target,
    ),
  };
  if (input.columnFacts) recording.columnFacts = input.columnFacts;
  const nodes = recordNodes(recording, previous);
  nodes.nodes = carryUnreadReads(project.graph, recording.macros, previous, nodes.nodes);
  const sources = recordSources(recording, previous);
  const relations = recordRelationWrites(recording, previous);
  return {
    snapshot: nextSnapshot(input, run, nodes, sources, relations, valueKey),
    run: runRecord(scope, runResults, run, nodes),
    built: nodes.built,
    partial: nodes.partial,
    failed: nodes.failed,
    skipped: nodes.skipped,
    sourcesIgnored,
  };
}

function nextSnapshot(
  input: RecordInput,
  run: AcceptedRun,
  nodes: RecordedNodes,
  sources: Record<string, SourceState>,
  relations: Record<string, RelationWrite>,
  valueKey: string | null,
): StateSnapshot {
  const snapshot: StateSnapshot = {
    schema_version: formatSchemaVersion(SNAPSHOT_SCHEMA_VERSION),
    project: input.scope.project,
    environment: input.scope.environment,
    run_id: run.runId,
    created_at: input.now,
    nodes: nodes.nodes,
  };
  if (input.target) snapshot.target = input.target;
  if (valueKey !== null) snapshot.value_key = valueKey;
  if (Object.keys(sources).length > 0) snapshot.sources = sources;
  if (Object.keys(relations).length > 0) snapshot.relations = relations;
  // The data diff's keys as this run's manifest declares them (a pull request's diff shows values only
  // for these): replaced by every record, since the manifest recorded is the branch's code now.
  const keys = diffKeys(input.project.manifest);
  if (keys.size > 0)
    snapshot.diff_keys = Object.fromEntries([...keys].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return snapshot;
}

function runRecord(scope: Scope, runResults: RunResults, run: AcceptedRun, nodes: RecordedNodes): RunRecord {
  const { built, failed, skipped } = nodes;
  const status =
    failed.length === 0 && skipped.length === 0 ? "success" : built.length > 0 ? "partial" : "failed";
  return {
    run_id: run.runId,
    scope: scopeKey(scope),
    invocation_id: run.runId,
    command: run.command,
    started_at: run.startedAt,
    ended_at: runResults.metadata.generatedAt,
    status,
    snapshot_id: null,
  };
}
