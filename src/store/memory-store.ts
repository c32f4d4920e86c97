/**
 * The in-memory state store: the same contract and semantics as the SQLite
 * store (compare-and-swap heads, retention, ledger, validation on read), for
 * tests and for runs that keep no state. Snapshots are kept encoded, as the
 * SQLite store keeps them, so every read returns a fresh copy: a caller can't
 * change stored state by mutating what it committed or what it read.
 */
import { type RunRecord, runRecordSchema } from "../state/run-record.js";
import { type Scope, scopeKey, scopeProblem } from "../state/scope.js";
import type { StateSnapshot } from "../state/snapshot.js";
import { snapshotsToPrune } from "./retention.js";
import { encodeSnapshot, materialize, type StoredParts, verifyParts } from "./snapshot-codec.js";
import {
  type CheckProblem,
  type CheckReport,
  type CommitResult,
  ConflictError,
  duplicateRun,
  InvalidSnapshotError,
  type LedgerEntry,
  newSnapshotId,
  type RetentionOptions,
  resolveRetention,
  type ScopeSummary,
  type SnapshotSummary,
  type StateStore,
  type StoredSnapshot,
  unknownRunSnapshot,
  validateCommit,
  validateRun,
} from "./state-store.js";
import { damaged } from "./store-errors.js";

interface StoredRow extends StoredParts {
  run_id: string;
  schema_version: string;
  node_count: number;
}

interface RunRow extends RunRecord {
  recorded_at: string;
}

/** Everything a memory store holds, as plain JSON-able data (see dump/load). */
export interface MemoryStoreDump {
  snapshots: StoredRow[];
  heads: Record<string, string>;
  runs: RunRow[];
}

export interface MemoryStoreOptions extends RetentionOptions {
  now?: () => Date;
}

export class MemoryStateStore implements StateStore {
  readonly location = "memory";
  /** Commit order, oldest first. */
  private snapshots: StoredRow[] = [];
  private readonly heads = new Map<string, string>();
  /** Record order, oldest first. */
  private runRows: RunRow[] = [];
  private readonly keepSnapshots: number;
  private readonly keepRuns: number;
  private readonly now: () => Date;
  private closed = false;

  constructor(options: MemoryStoreOptions = {}) {
    const retention = resolveRetention(options);
    this.keepSnapshots = retention.keepSnapshots;
    this.keepRuns = retention.keepRuns;
    this.now = options.now ?? (() => new Date());
  }

  /** A copy of everything the store holds. */
  dump(): MemoryStoreDump {
    return structuredClone({
      snapshots: this.snapshots,
      heads: Object.fromEntries(this.heads),
      runs: this.runRows,
    });
  }

  /** A store holding `dump` (as written by dump(), possibly by another process). Validated on read, like a file. */
  static load(dump: MemoryStoreDump, options: MemoryStoreOptions = {}): MemoryStateStore {
    const store = new MemoryStateStore(options);
    const copy = structuredClone(dump);
    store.snapshots = copy.snapshots;
    for (const [scope, id] of Object.entries(copy.heads)) store.heads.set(scope, id);
    store.runRows = copy.runs;
    return store;
  }

  private open(): void {
    if (this.closed) throw new Error("The memory state store is closed.");
  }

  private row(id: string): StoredRow | undefined {
    return this.snapshots.find((row) => row.id === id);
  }

  async latest(scope: Scope): Promise<StoredSnapshot | undefined> {
    this.open();
    const key = checkedScope(scope);
    const head = this.heads.get(key);
    if (head === undefined) return undefined;
    const row = this.row(head);
    if (!row)
      throw damaged(this.location, `the head of ${key} points to snapshot ${head}, which is missing.`);
    return materialize(this.location, row);
  }

  async get(id: string): Promise<StoredSnapshot | undefined> {
    this.open();
    const row = this.row(id);
    return row && materialize(this.location, row);
  }

  async commit(
    scope: Scope,
    expectedParent: string | null,
    snapshot: StateSnapshot,
    run?: RunRecord,
  ): Promise<CommitResult> {
    this.open();
    const { key, snapshot: valid } = validateCommit(scope, snapshot, run);
    const head = this.heads.get(key) ?? null;
    if (head !== expectedParent) throw new ConflictError(key, expectedParent, head);
    if (run && this.runRows.some((row) => row.scope === key && row.run_id === run.run_id)) {
      throw duplicateRun(run);
    }
    const encoded = encodeSnapshot(valid);
    // Share the parent's strings for unchanged nodes, as the SQLite store shares rows.
    const previous = head === null ? undefined : this.row(head)?.bodies;
    if (previous) {
      encoded.bodies = encoded.bodies.map((body, index) =>
        previous[index] === body ? previous[index] : body,
      );
    }
    const id = newSnapshotId();
    const committedAt = this.now().toISOString();
    this.snapshots.push({
      id,
      scope: key,
      parent: head,
      committed_at: committedAt,
      header: encoded.header,
      bodies: encoded.bodies,
      digest: encoded.digest,
      run_id: valid.run_id,
      schema_version: valid.schema_version,
      node_count: encoded.nodeCount,
    });
    this.heads.set(key, id);
    if (run) this.runRows.push({ ...structuredClone(run), snapshot_id: id, recorded_at: committedAt });
    const pruned = this.prune(key);
    return { id, scope: key, parent: head, committed_at: committedAt, pruned };
  }

  private prune(scope: string): number {
    const snapshots = this.snapshots
      .filter((row) => row.scope === scope)
      .map((row) => row.id)
      .reverse();
    const ledger = this.runRows
      .filter((row) => row.scope === scope)
      .reverse()
      .slice(0, this.keepSnapshots)
      .map((row) => row.snapshot_id);
    const doomed = new Set(snapshotsToPrune(snapshots, this.heads.get(scope), ledger, this.keepSnapshots));
    if (doomed.size > 0) this.snapshots = this.snapshots.filter((row) => !doomed.has(row.id));
    const runs = this.runRows.filter((row) => row.scope === scope);
    if (runs.length > this.keepRuns) {
      const dropped = new Set(runs.slice(0, runs.length - this.keepRuns));
      this.runRows = this.runRows.filter((row) => !dropped.has(row));
    }
    return doomed.size;
  }

  async history(scope: Scope, limit?: number): Promise<SnapshotSummary[]> {
    this.open();
    const key = checkedScope(scope);
    const heads = new Set(this.heads.values());
    return this.snapshots
      .filter((row) => row.scope === key)
      .reverse()
      .slice(0, limitOf(limit))
      .map((row) => ({
        id: row.id,
        scope: row.scope,
        parent: row.parent,
        committed_at: row.committed_at,
        run_id: row.run_id,
        schema_version: row.schema_version,
        node_count: row.node_count,
        head: heads.has(row.id),
      }));
  }

  async scopes(): Promise<ScopeSummary[]> {
    this.open();
    const names = new Set([
      ...this.heads.keys(),
      ...this.runRows.map((row) => row.scope),
      ...this.snapshots.map((row) => row.scope),
    ]);
    return [...names].sort().map((scope) => {
      const head = this.heads.get(scope);
      return {
        scope,
        head,
        head_committed_at: head === undefined ? undefined : this.row(head)?.committed_at,
        snapshots: this.snapshots.filter((row) => row.scope === scope).length,
        runs: this.runRows.filter((row) => row.scope === scope).length,
      };
    });
  }

  async recordRun(run: RunRecord): Promise<void> {
    this.open();
    validateRun(run);
    const parsed = runRecordSchema.parse(run);
    if (this.runRows.some((row) => row.scope === run.scope && row.run_id === run.run_id)) {
      throw duplicateRun(run);
    }
    if (
      run.snapshot_id !== null &&
      !this.snapshots.some((row) => row.id === run.snapshot_id && row.scope === run.scope)
    ) {
      throw unknownRunSnapshot(run);
    }
    this.runRows.push({ ...parsed, recorded_at: this.now().toISOString() });
    this.prune(run.scope);
  }

  async runs(scope: Scope, limit?: number): Promise<LedgerEntry[]> {
    this.open();
    const key = checkedScope(scope);
    const ids = new Set(this.snapshots.map((row) => row.id));
    return this.runRows
      .filter((row) => row.scope === key)
      .reverse()
      .slice(0, limitOf(limit))
      .map((row) => ({
        ...structuredClone(row),
        snapshot_retained: row.snapshot_id !== null && ids.has(row.snapshot_id),
      }));
  }

  async check(): Promise<CheckReport> {
    this.open();
    const problems: CheckProblem[] = [];
    const action = "Rebuild the store: a memory store's contents come from the code that filled it.";
    for (const [scope, id] of this.heads) {
      if (!this.row(id)) {
        problems.push({
          severity: "error",
          subject: scope,
          message: `The head points to snapshot ${id}, which is missing.`,
          action,
        });
      }
    }
    for (const row of this.snapshots) {
      const verified = verifyParts(row);
      if (!verified.ok) {
        const detail = verified.problems.map((problem) => `${problem.path}: ${problem.message}`).join("; ");
        problems.push({
          severity: "error",
          subject: `snapshot ${row.id} (${row.scope})`,
          message:
            verified.kind === "newer"
              ? `The document was written by a newer ods-state: ${verified.detail}.`
              : `${verified.detail}${detail ? `: ${detail}` : ""}.`,
          action,
        });
      }
    }
    for (const row of this.runRows) {
      const { recorded_at: _recorded, ...record } = row;
      if (!runRecordSchema.safeParse(record).success) {
        problems.push({
          severity: "error",
          subject: `run ${row.run_id} (${row.scope})`,
          message: "The ledger row fails its schema.",
          action,
        });
      }
    }
    return {
      ok: problems.length === 0,
      location: this.location,
      layout_version: undefined,
      scopes: (await this.scopes()).length,
      snapshots: this.snapshots.length,
      runs: this.runRows.length,
      problems,
    };
  }

  async close(): Promise<void> {
    this.closed = true;
  }
}

function checkedScope(scope: Scope): string {
  const problem = scopeProblem(scope);
  if (problem) throw new InvalidSnapshotError(`Invalid scope: ${problem}.`);
  return scopeKey(scope);
}

function limitOf(limit: number | undefined): number {
  if (limit === undefined) return Number.POSITIVE_INFINITY;
  if (!Number.isInteger(limit) || limit < 0)
    throw new RangeError(`limit must be a whole number (got ${limit})`);
  return limit;
}
