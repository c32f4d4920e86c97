/**
 * Records a finished dbt run as the scope's next snapshot (ADR-0013): the
 * one recording path of the action's post step, its `command: record`, and
 * `ods-state record`. record() decides what the run built; this use case
 * reads the state it builds on and commits the result with compare-and-swap
 * on the scope's head.
 */
import type { RunResults } from "../../dbt/artifacts/run-results.js";
import type { SourcesFreshness } from "../../dbt/artifacts/sources.js";
import type { LoadedProject } from "../../dbt/load-project.js";
import { recordMayAnalyse } from "../../planner/column-facts-needed.js";
import { type RecordOutcome, record } from "../../planner/record.js";
import type { ColumnFactsOf } from "../../planner/rules/context.js";
import type { Scope } from "../../state/scope.js";
import type { StateSnapshot } from "../../state/snapshot.js";
import type { CommitResult } from "../../store/state-store.js";
import { columnFactsOfLoad, RECORD_ANALYSIS_BUDGET } from "../plan/column-facts-source.js";
import type { Clock, LoadSqlParser, Log, Phase, StateFile } from "../ports.js";
import {
  carryPromotedReads,
  type PendingPromotion,
  pendingPromotions,
  settlePromotions,
} from "../promotion/promotion-state.js";
import { targetIdentity } from "../scope.js";

export interface RecordRunRequest {
  scope: Scope;
  /** The manifest the run wrote (same dbt invocation as the run results). */
  project: LoadedProject;
  runResults: RunResults;
  /** sources.json, used only if taken strictly before the run started. */
  sources: SourcesFreshness | null;
  /** The dbt target the run built into. */
  targetName: string;
  /**
   * A run record() refuses is refused before the state database is created
   * (no empty database is left behind by a refused first run).
   */
  refuseBeforeCreating?: boolean;
  /** The scope's latest snapshot made what prod really is before the run is recorded over it (rollbacks applied). */
  reconcile?: (snapshot: StateSnapshot) => StateSnapshot;
  /**
   * The promotions waiting for this run's record, settled into it
   * (src/app/promotion/promotion-state.ts): those the caller hands over (the
   * action's main step), and, with `inState`, those prod's state holds
   * (`ods-state env promote --state`).
   */
  promotions?: { handedOff: readonly PendingPromotion[]; inState: boolean };
}

export interface RecordRunPorts {
  stateFile: Pick<StateFile, "exists" | "openForWriting">;
  now: Clock;
  /** Told what record() warns about (sources.json not used) before the commit; without it the caller says it. */
  log?: Pick<Log, "warning">;
  /** Told when the recording starts (a terminal shows it as progress). */
  phase?: Phase;
  /**
   * The SQL parser of column impact (issue 24): built models are recorded
   * with their column facts, which later plans compare. Without it, or when
   * it cannot be loaded (a warning to `log`), they are recorded without.
   */
  loadSqlParser?: LoadSqlParser;
  /**
   * A fresh random value key (64 hex digits: the edge's
   * `crypto.randomBytes(32)`), used when the scope's state has none yet
   * (issue 36: StateSnapshot.value_key). Without it, no `value:` components
   * are recorded into a state that has no key.
   */
  newValueKey?: () => string;
}

export interface RecordedRun {
  outcome: RecordOutcome;
  /** What was committed: the run's snapshot with the promotions settled. */
  snapshot: StateSnapshot;
  committed: CommitResult;
}

export async function recordRun(ports: RecordRunPorts, request: RecordRunRequest): Promise<RecordedRun> {
  const now = ports.now().toISOString();
  const target = targetIdentity(request.project, request.targetName);
  let columnFacts: ColumnFactsOf | undefined;
  const recordOver = (previous: StateSnapshot | null, recordedRunIds: ReadonlySet<string>) =>
    record({
      project: request.project,
      runResults: request.runResults,
      sources: request.sources,
      scope: request.scope,
      previous,
      recordedRunIds,
      target,
      now,
      ...(columnFacts ? { columnFacts } : {}),
      ...(previous?.value_key === undefined && ports.newValueKey ? { valueKey: ports.newValueKey() } : {}),
    });
  if (request.refuseBeforeCreating && !ports.stateFile.exists()) recordOver(null, new Set());
  const store = await ports.stateFile.openForWriting();
  try {
    ports.phase?.(`recording the run into ${request.scope.project}/${request.scope.environment}`);
    const stored = await store.latest(request.scope);
    const latest =
      stored && request.reconcile ? { ...stored, snapshot: request.reconcile(stored.snapshot) } : stored;
    const ledger = await store.runs(request.scope);
    const pending = [
      ...(request.promotions?.handedOff ?? []),
      ...(request.promotions?.inState ? await pendingPromotions(store, latest) : []),
    ];
    // Loaded only when a model this run built needs its facts analysed: it costs a second of CPU.
    if (
      ports.loadSqlParser &&
      recordMayAnalyse(request.project, request.runResults, latest?.snapshot ?? null)
    ) {
      columnFacts = columnFactsOfLoad(
        await ports.loadSqlParser(),
        request.project,
        { now: ports.now, log: ports.log ?? { warning: () => {} } },
        RECORD_ANALYSIS_BUDGET,
      );
    }
    const outcome = recordOver(latest?.snapshot ?? null, new Set(ledger.map((entry) => entry.run_id)));
    if (outcome.sourcesIgnored) ports.log?.warning(outcome.sourcesIgnored);
    const settled = settlePromotions(
      outcome.snapshot,
      pending,
      outcome.run.run_id,
      new Set([...outcome.failed, ...outcome.skipped]),
    );
    // The promotions are final now: reads of nodes kept over a promoted parent's unread change move to it.
    const snapshot =
      pending.length > 0 ? carryPromotedReads(request.project, latest?.snapshot ?? null, settled) : settled;
    const committed = await store.commit(request.scope, latest?.id ?? null, snapshot, outcome.run);
    return { outcome, snapshot, committed };
  } finally {
    await store.close();
  }
}
