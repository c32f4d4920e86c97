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
 */
import type { RunResults } from "../dbt/artifacts/run-results.js";
import type { SourcesFreshness } from "../dbt/artifacts/sources.js";
import { checksDigest, checksKey } from "../dbt/checks-digest.js";
import { macroIndexFor } from "../dbt/fingerprint/shared-macro-index.js";
import type { Check } from "../dbt/graph.js";
import type { LoadedProject } from "../dbt/load-project.js";
import { UserError } from "../errors/user-error.js";
import { own, setOwn } from "../state/own.js";
import type { RunRecord } from "../state/run-record.js";
import { formatSchemaVersion } from "../state/schema-version.js";
import { type Scope, scopeKey } from "../state/scope.js";
import {
  type DataVersion,
  type NodeState,
  SNAPSHOT_SCHEMA_VERSION,
  type SourceState,
  type StateSnapshot,
  type TargetIdentity,
} from "../state/snapshot.js";
import { earliestInstant, latestInstant, parseInstant } from "./exact-instant.js";
import { PARTIAL_SUCCESS, partialBuildReason } from "./partial-builds.js";
import { compareInstants, sourceVersionsReadBy } from "./source-evidence.js";

/** dbt commands that build; anything else (compile, docs generate, test, …) builds nothing. */
export const BUILDING_COMMANDS = ["build", "run", "seed", "snapshot"] as const;

const NODE_SUCCESS = new Set(["success"]);
const CHECK_PASSED = new Set(["pass", "warn", "success"]);
const CHECK_FAILED = new Set(["fail", "error", "runtime error"]);
const passed = (status: string) => NODE_SUCCESS.has(status) || CHECK_PASSED.has(status);

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

function refuse(
  message: string,
  file: string,
  code: "record_refused" | "record_superseded" = "record_refused",
): never {
  throw new UserError(code, message, { file });
}

/**
 * When the run started: dbt's invocation_started_at, else the earliest timing, else generated_at minus elapsed.
 * Times are kept as written (microseconds and beyond), so they compare exactly (exact-instant.ts).
 */
export function runStartedAt(results: RunResults): string | null {
  const declared = results.metadata.invocationStartedAt;
  if (declared && parseInstant(declared) !== undefined) return declared;
  const earliest = earliestInstant(
    results.results.flatMap((result) => result.timing.map((t) => t.startedAt)),
  );
  if (earliest !== null) return earliest;
  if (results.metadata.generatedAt && results.elapsedTime !== null) {
    const end = Date.parse(results.metadata.generatedAt);
    if (!Number.isNaN(end)) return new Date(end - results.elapsedTime * 1000).toISOString();
  }
  return null;
}

/** When a node's build finished: its latest timing, as written (exactly the latest). */
export function completedAt(timing: RunResults["results"][number]["timing"]): string | null {
  return latestInstant(timing.map((t) => t.completedAt));
}

/** How far after `now` a run's stated times may be (clocks of one runner agree closely). */
const CLOCK_TOLERANCE_MS = 10 * 60_000;

function instant(text: string | null): string | null {
  return text !== null && parseInstant(text) !== undefined ? text : null;
}

/** The latest time the run results state: the start, any node's completion, the file's generation. */
function latestTime(results: RunResults, startedAt: string): { at: number; what: string } {
  let latest = { at: Date.parse(startedAt), what: "the run started" };
  for (const result of results.results) {
    const done = completedAt(result.timing);
    if (done !== null && Date.parse(done) > latest.at)
      latest = { at: Date.parse(done), what: "a node finished" };
  }
  const generated = Date.parse(results.metadata.generatedAt ?? "");
  if (!Number.isNaN(generated) && generated > latest.at) latest = { at: generated, what: "it was written" };
  return latest;
}

export function record(input: RecordInput): RecordOutcome {
  const { project, runResults, scope } = input;
  const file = runResults.file;
  const metadata = project.manifest.metadata;
  const command = runResults.args.which;

  if (!metadata.projectName) {
    refuse(
      `${project.manifest.file} has no project name: unrelated projects would share state.`,
      project.manifest.file,
    );
  }
  if (!command || !(BUILDING_COMMANDS as readonly string[]).includes(command)) {
    refuse(
      `${file} comes from \`dbt ${command ?? "(unknown command)"}\`, which builds nothing (it reports nodes as successful without building them); only ${BUILDING_COMMANDS.join(", ")} are recorded.`,
      file,
    );
  }
  const runId = runResults.metadata.invocationId;
  if (!runId) refuse(`${file} has no invocation_id, so the run can't be identified.`, file);
  if (runId !== metadata.invocationId) {
    refuse(
      `${file} is from dbt invocation ${runId}, but ${project.manifest.file} is from ${metadata.invocationId ?? "no invocation"}: record the manifest the run wrote (target/manifest.json of the same \`dbt build\`).`,
      file,
    );
  }
  if (input.recordedRunIds.has(runId) || input.previous?.run_id === runId) {
    refuse(`Run ${runId} is already recorded in ${scopeKey(scope)}.`, file);
  }
  const startedAt = runStartedAt(runResults);
  if (!startedAt)
    refuse(`${file} records no start time, so ODS can't order it against the recorded state.`, file);

  const targetChanged =
    input.previous !== null &&
    input.target !== undefined &&
    input.previous.target !== undefined &&
    (input.previous.target.adapter_type !== input.target.adapter_type ||
      (input.previous.target.name ?? null) !== (input.target.name ?? null));
  const previous = input.previous && !targetChanged ? input.previous : null;

  // Times after now can't be trusted (a skewed clock, a changed file), and a built_at in the future would make every later run look older.
  const latestStated = latestTime(runResults, startedAt);
  const nowMs = Date.parse(input.now);
  if (!Number.isNaN(nowMs) && latestStated.at > nowMs + CLOCK_TOLERANCE_MS) {
    refuse(
      `${file} says ${latestStated.what} ${new Date(latestStated.at).toISOString()}, after now (${input.now}): its times can't be trusted, and recording them would make every later run look older. Nothing was written; check the clock of the machine that ran dbt.`,
      file,
    );
  }

  if (previous) {
    let latestBuild: string | null = null;
    for (const state of Object.values(previous.nodes)) {
      if (parseInstant(state.built_at) === undefined) continue;
      if (latestBuild === null || (compareInstants(state.built_at, latestBuild) ?? 0) > 0)
        latestBuild = state.built_at;
    }
    if (latestBuild && (compareInstants(startedAt, latestBuild) ?? 0) < 0) {
      refuse(
        `Run ${runId} started ${startedAt}, before the recorded state of ${scopeKey(scope)} (a build finished ${latestBuild}): another run recorded newer builds meanwhile. Nothing was written; the nodes of this run are built again next time.`,
        file,
        "record_superseded",
      );
    }
  }

  // sources.json counts only when taken strictly before the run started.
  const { versions: sourceVersions, ignored: sourcesIgnored } = sourceVersionsReadBy(
    input.sources,
    startedAt,
  );

  const graph = project.graph;
  const macros = macroIndexFor(graph);
  // One result per node: of several that disagree, the one that did not pass counts (whatever the order).
  const statusOf = new Map<string, RunResults["results"][number]>();
  for (const result of runResults.results) {
    const seen = statusOf.get(result.uniqueId);
    if (!seen || (passed(seen.status) && !passed(result.status))) statusOf.set(result.uniqueId, result);
  }
  const checksOf = (ids: readonly string[]): Check[] =>
    ids.map((id) => graph.checks.get(id)!).filter(Boolean);
  const checksOutcome = (ids: readonly string[]): "passed" | "failed" | "not_run" => {
    if (ids.length === 0) return "not_run";
    let allPassed = true;
    for (const id of ids) {
      const status = statusOf.get(id)?.status;
      if (status !== undefined && CHECK_FAILED.has(status)) return "failed";
      if (status === undefined || !CHECK_PASSED.has(status)) allPassed = false;
    }
    return allPassed ? "passed" : "not_run";
  };

  const nodes: Record<string, NodeState> = {};
  const built: string[] = [];
  const partial: string[] = [];
  const failed: string[] = [];
  const skipped: string[] = [];
  for (const id of graph.order) {
    const node = graph.nodes.get(id)!;
    const result = statusOf.get(id);
    const old = own(previous?.nodes, id);
    const builtNow =
      result !== undefined && (NODE_SUCCESS.has(result.status) || result.status === PARTIAL_SUCCESS);
    if (builtNow) {
      const why = partialBuildReason(runResults.args, node.node, result);
      const fp = project.fingerprints.get(id)!;
      const parents: Record<string, string> = {};
      for (const parent of node.parents) {
        const parentRun = own(nodes, parent)?.run_id;
        if (parentRun !== undefined) setOwn(parents, parent, parentRun);
      }
      const sources: Record<string, DataVersion> = {};
      for (const sourceId of node.sources) {
        const version = sourceVersions.get(sourceId);
        if (version) setOwn(sources, sourceId, version);
      }
      const n = node.node;
      const state: NodeState = {
        fingerprint: fp.fingerprint,
        version_key: fp.versionKey,
        run_id: runId,
        built_at: completedAt(result.timing) ?? instant(runResults.metadata.generatedAt) ?? startedAt,
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
      const digest = checksDigest(checksOf(node.checks), macros);
      if (why !== null) {
        // Checks that passed on part of the data vouch for nothing.
        state.partial = { why };
        partial.push(id);
      } else if (digest !== null && checksOutcome(node.checks) === "passed") {
        state.tested = { run_id: runId, at: state.built_at, checks_digest: digest };
        const key = checksKey(checksOf(node.checks), macros);
        if (key !== null) state.tested.checks_key = key;
      }
      setOwn(nodes, id, state);
      built.push(id);
    } else {
      if (result) (result.status === "skipped" ? skipped : failed).push(id);
      if (old) {
        const kept: NodeState = { ...old };
        const ranAndFailed = result !== undefined && result.status !== "skipped";
        if (ranAndFailed || checksOutcome(node.checks) === "failed") delete kept.tested;
        setOwn(nodes, id, kept);
      }
    }
  }

  // Tested sources. In an --empty or --sample run their checks read no rows or a sample: a pass vouches for nothing.
  const readsPartialData = runResults.args.empty === true || runResults.args.sample !== null;
  const sourceStates: Record<string, SourceState> = { ...(previous?.sources ?? {}) };
  for (const [sourceId, source] of graph.sources) {
    const outcome = checksOutcome(source.checks);
    if (outcome === "failed") delete sourceStates[sourceId];
    else if (outcome === "passed" && !readsPartialData) {
      const digest = checksDigest(checksOf(source.checks), macros);
      const key = digest ? checksKey(checksOf(source.checks), macros) : null;
      const next: SourceState = {
        tested: {
          run_id: runId,
          at: startedAt,
          ...(digest ? { checks_digest: digest } : {}),
          ...(key ? { checks_key: key } : {}),
        },
      };
      const version = sourceVersions.get(sourceId);
      if (version) next.version = version;
      setOwn(sourceStates, sourceId, next);
    }
  }
  for (const sourceId of Object.keys(sourceStates))
    if (!graph.sources.has(sourceId)) delete sourceStates[sourceId];

  const snapshot: StateSnapshot = {
    schema_version: formatSchemaVersion(SNAPSHOT_SCHEMA_VERSION),
    project: scope.project,
    environment: scope.environment,
    run_id: runId,
    created_at: input.now,
    nodes,
  };
  if (input.target) snapshot.target = input.target;
  if (Object.keys(sourceStates).length > 0) snapshot.sources = sourceStates;

  const status =
    failed.length === 0 && skipped.length === 0 ? "success" : built.length > 0 ? "partial" : "failed";
  const run: RunRecord = {
    run_id: runId,
    scope: scopeKey(scope),
    invocation_id: runId,
    command: command!,
    started_at: startedAt,
    ended_at: runResults.metadata.generatedAt,
    status,
    snapshot_id: null,
  };
  return { snapshot, run, built, partial, failed, skipped, sourcesIgnored };
}
