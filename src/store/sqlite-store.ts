/**
 * The SQLite state store: `.ods/state.db` by default.
 *
 * - One file, WAL mode (readers run during a commit), a busy timeout (writers
 *   queue), `synchronous = FULL`. Every write is one `BEGIN IMMEDIATE`
 *   transaction: the head is read and moved under the write lock, so two
 *   processes committing on the same parent give one success and one
 *   Conflict, and a crash leaves the old head or the new one.
 * - Creating, opening (checks, migration) and copying the file are the file's
 *   lifecycle (sqlite-file.ts); the checks behind `check()` are
 *   sqlite-integrity.ts.
 * - Reads verify every hash and validate the document: damage is an error
 *   naming the file, never a guess.
 * - Retention (retention.ts) runs in the commit's transaction; node entries no
 *   snapshot uses any more are deleted with the last snapshot that used them.
 *
 * See docs/state-recovery.md for what people do when something goes wrong.
 */
import path from "node:path";
import { type RunRecord, runRecordSchema } from "../state/run-record.js";
import { type Scope, scopeKey, scopeProblem } from "../state/scope.js";
import type { StateSnapshot } from "../state/snapshot.js";
import { BUSY_TIMEOUT_MS } from "./open-database.js";
import { snapshotsToPrune } from "./retention.js";
import { encodeSnapshot, entryHash, materialize, type StoredParts } from "./snapshot-codec.js";
import type { SqliteConnection } from "./sqlite-driver.js";
import { guard } from "./sqlite-error-translation.js";
import { backupPath, type OpenStateFileOptions, openStateDatabase, vacuumInto } from "./sqlite-file.js";
import { runChecks } from "./sqlite-integrity.js";
import {
  loadBodies,
  loadParts,
  parseEntryIds,
  RUN_COLUMNS,
  type RunRow,
  type SnapshotRow,
  toLedgerEntry,
} from "./sqlite-rows.js";
import {
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

/** Where the state lives unless `--state` says otherwise, relative to the working directory. */
export const DEFAULT_STATE_FILE = path.join(".ods", "state.db");

export interface SqliteStoreOptions extends RetentionOptions, OpenStateFileOptions {}

/** Below this many free pages, pruning leaves them for the next commit to reuse. */
const VACUUM_MIN_FREE_PAGES = 256;

export class SqliteStateStore implements StateStore {
  readonly location: string;
  readonly driver: SqliteConnection["driver"];
  private readonly connection: SqliteConnection;
  private readonly keepSnapshots: number;
  private readonly keepRuns: number;
  private readonly now: () => Date;
  private readonly busyTimeoutMs: number;
  private closed = false;
  /**
   * The entry ids and bodies of the snapshot this store last read or
   * committed. Snapshots and the entries they use are immutable while the
   * snapshot exists, so a commit on top of it (the usual latest() then
   * commit()) compares its nodes with these instead of reading them again.
   */
  private recent: { id: string; ids: number[]; bodies: string[] } | undefined;

  private constructor(connection: SqliteConnection, file: string, options: SqliteStoreOptions) {
    this.connection = connection;
    this.location = file;
    this.driver = connection.driver;
    const retention = resolveRetention(options);
    this.keepSnapshots = retention.keepSnapshots;
    this.keepRuns = retention.keepRuns;
    this.now = options.now ?? (() => new Date());
    this.busyTimeoutMs = options.busyTimeoutMs ?? BUSY_TIMEOUT_MS;
  }

  /**
   * Opens the state database at `file` for reading and writing, creating it
   * when it doesn't exist (unless `create: false`), migrating an older one
   * (after writing a copy next to it). Refuses a damaged, foreign or newer
   * file with an error that names it.
   */
  static async open(file: string, options: SqliteStoreOptions = {}): Promise<SqliteStateStore> {
    const resolved = path.resolve(file);
    resolveRetention(options);
    return new SqliteStateStore(openStateDatabase(resolved, options), resolved, options);
  }

  private guard<T>(fn: () => T): T {
    if (this.closed) throw new Error(`The state store ${this.location} is closed.`);
    return guard(this.location, fn, this.busyTimeoutMs);
  }

  /** Runs `fn` in a read transaction: one consistent view of the file. */
  private read<T>(fn: () => T): T {
    return this.guard(() => {
      this.connection.exec("BEGIN");
      try {
        return fn();
      } finally {
        this.connection.exec("COMMIT");
      }
    });
  }

  /** Runs `fn` in a write transaction taken at once (`BEGIN IMMEDIATE`). */
  private write<T>(fn: () => T): T {
    return this.guard(() => {
      this.connection.exec("BEGIN IMMEDIATE");
      try {
        const result = fn();
        this.connection.exec("COMMIT");
        return result;
      } catch (error) {
        try {
          this.connection.exec("ROLLBACK");
        } catch {
          // Already rolled back by SQLite; the original error is what matters.
        }
        throw error;
      }
    });
  }

  private snapshotRow(where: "id" | "head", key: string): SnapshotRow | undefined {
    const columns = "s.id, s.scope, s.parent, s.committed_at, s.header, s.entries, s.digest";
    return where === "id"
      ? this.connection.get<SnapshotRow>(`SELECT ${columns} FROM snapshots s WHERE s.id = ?`, key)
      : this.connection.get<SnapshotRow>(
          `SELECT ${columns} FROM heads h JOIN snapshots s ON s.id = h.snapshot_id WHERE h.scope = ?`,
          key,
        );
  }

  private partsOrDamage(row: SnapshotRow): StoredParts & { entryIds: number[] } {
    const parts = loadParts(this.connection, row);
    if (typeof parts === "string") {
      throw damaged(this.location, `snapshot ${row.id} of ${row.scope} is incomplete: ${parts}.`);
    }
    return parts;
  }

  /** Remembers a snapshot's entries once they are verified (see `recent`). */
  private remember(parts: StoredParts & { entryIds: number[] }, snapshot: StoredSnapshot): StoredSnapshot {
    this.recent = { id: parts.id, ids: parts.entryIds, bodies: [...parts.bodies] };
    return snapshot;
  }

  async latest(scope: Scope): Promise<StoredSnapshot | undefined> {
    const key = checkedScope(scope);
    const parts = this.read(() => {
      const head = this.connection.get<{ snapshot_id: string }>(
        "SELECT snapshot_id FROM heads WHERE scope = ?",
        key,
      );
      if (!head) return undefined;
      const row = this.snapshotRow("id", head.snapshot_id);
      if (!row) {
        throw damaged(
          this.location,
          `the head of ${key} points to snapshot ${head.snapshot_id}, which is missing.`,
        );
      }
      return this.partsOrDamage(row);
    });
    return parts && this.remember(parts, materialize(this.location, parts));
  }

  async get(id: string): Promise<StoredSnapshot | undefined> {
    const parts = this.read(() => {
      const row = this.snapshotRow("id", id);
      return row && this.partsOrDamage(row);
    });
    return parts && materialize(this.location, parts);
  }

  async commit(
    scope: Scope,
    expectedParent: string | null,
    snapshot: StateSnapshot,
    run?: RunRecord,
  ): Promise<CommitResult> {
    const { key, snapshot: valid } = validateCommit(scope, snapshot, run);
    // The expensive part (serialising and hashing every node) happens before the write lock is taken.
    const encoded = encodeSnapshot(valid);
    const id = newSnapshotId();
    let committedIds: number[] = [];
    const result = this.write(() => {
      const committedAt = this.now().toISOString();
      const head =
        this.connection.get<{ snapshot_id: string }>("SELECT snapshot_id FROM heads WHERE scope = ?", key)
          ?.snapshot_id ?? null;
      if (head !== expectedParent) throw new ConflictError(key, expectedParent, head, this.location);
      if (run && this.connection.get("SELECT 1 FROM runs WHERE scope = ? AND run_id = ?", key, run.run_id)) {
        throw duplicateRun(run, this.location);
      }
      const ids = this.storeEntries(encoded.bodies, head);
      committedIds = ids;
      this.connection.run(
        `INSERT INTO snapshots (id, scope, parent, committed_at, run_id, schema_version, node_count, header, entries, digest)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        id,
        key,
        head,
        committedAt,
        valid.run_id,
        valid.schema_version,
        encoded.nodeCount,
        encoded.header,
        JSON.stringify(ids),
        encoded.digest,
      );
      this.connection.run(
        `INSERT INTO heads (scope, snapshot_id, moved_at) VALUES (?, ?, ?)
         ON CONFLICT (scope) DO UPDATE SET snapshot_id = excluded.snapshot_id, moved_at = excluded.moved_at`,
        key,
        id,
        committedAt,
      );
      if (run) this.insertRun({ ...run, snapshot_id: id }, committedAt);
      const pruned = this.prune(key);
      return { id, scope: key, parent: head, committed_at: committedAt, pruned };
    });
    this.recent = { id, ids: committedIds, bodies: encoded.bodies };
    return result;
  }

  /**
   * Stores the entry bodies that aren't stored yet; returns every entry's id,
   * in order. An entry is reused only when its body is byte-equal to a stored
   * one: first the parent's at the same position (a run changes few nodes and
   * keeps their order), else any stored entry with the same hash.
   */
  private storeEntries(bodies: readonly string[], parent: string | null): number[] {
    let parentIds: readonly number[] = [];
    let parentBodies: readonly (string | undefined)[] = [];
    if (parent !== null && this.recent?.id === parent) {
      parentIds = this.recent.ids;
      parentBodies = this.recent.bodies;
    } else if (parent !== null) {
      const row = this.connection.get<{ entries: string }>(
        "SELECT entries FROM snapshots WHERE id = ?",
        parent,
      );
      if (row) {
        const byId = loadBodies(this.connection, row.entries);
        parentIds = parseEntryIds(row.entries) ?? [];
        parentBodies = parentIds.map((id) => byId.get(id));
      }
    }
    const ids: number[] = [];
    for (let index = 0; index < bodies.length; index++) {
      const body = bodies[index]!;
      if (parentBodies[index] === body) {
        ids.push(parentIds[index]!);
        continue;
      }
      const hash = entryHash(body);
      const inserted = this.connection.get<{ id: number }>(
        "INSERT INTO entries (hash, body) VALUES (?, ?) ON CONFLICT (hash) DO NOTHING RETURNING id",
        hash,
        body,
      );
      if (inserted) {
        ids.push(Number(inserted.id));
        continue;
      }
      // Stored already (by an older snapshot): reuse it, if it is byte-equal.
      const existing = this.connection.get<{ id: number; body: string }>(
        "SELECT id, body FROM entries WHERE hash = ?",
        hash,
      )!;
      if (existing.body !== body) {
        throw damaged(
          this.location,
          `node entry ${existing.id} does not match its hash ${hash.slice(0, 12)}.`,
        );
      }
      ids.push(Number(existing.id));
    }
    return ids;
  }

  private insertRun(run: RunRecord, recordedAt: string): void {
    this.connection.run(
      `INSERT INTO runs (scope, run_id, invocation_id, command, started_at, ended_at, status, snapshot_id, detail, recorded_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      run.scope,
      run.run_id,
      run.invocation_id,
      run.command,
      run.started_at,
      run.ended_at,
      run.status,
      run.snapshot_id,
      run.detail ?? null,
      recordedAt,
    );
  }

  /** Applies retention to `scope` (inside the caller's write transaction); returns how many snapshots went. */
  private prune(scope: string): number {
    const snapshots = this.connection
      .all<{ id: string }>("SELECT id FROM snapshots WHERE scope = ? ORDER BY seq DESC", scope)
      .map((row) => row.id);
    let pruned = 0;
    if (snapshots.length > this.keepSnapshots) {
      const head = this.connection.get<{ snapshot_id: string }>(
        "SELECT snapshot_id FROM heads WHERE scope = ?",
        scope,
      )?.snapshot_id;
      const ledger = this.connection
        .all<{ snapshot_id: string | null }>(
          "SELECT snapshot_id FROM runs WHERE scope = ? ORDER BY seq DESC LIMIT ?",
          scope,
          this.keepSnapshots,
        )
        .map((row) => row.snapshot_id);
      const doomed = snapshotsToPrune(snapshots, head, ledger, this.keepSnapshots);
      if (doomed.length > 0) {
        const candidates = new Set<number>();
        for (const id of doomed) {
          const row = this.connection.get<{ entries: string }>(
            "SELECT entries FROM snapshots WHERE id = ?",
            id,
          );
          for (const entry of parseEntryIds(row?.entries ?? "[]") ?? []) candidates.add(entry);
          this.connection.run("DELETE FROM snapshots WHERE id = ?", id);
        }
        pruned = doomed.length;
        // Entries still used by any snapshot (of any scope) stay.
        for (const row of this.connection.all<{ entries: string }>("SELECT entries FROM snapshots")) {
          if (candidates.size === 0) break;
          const ids = parseEntryIds(row.entries);
          if (!ids) throw damaged(this.location, "a snapshot's list of node entries is not a JSON array.");
          for (const entry of ids) candidates.delete(entry);
        }
        for (const entry of candidates) this.connection.run("DELETE FROM entries WHERE id = ?", entry);
      }
    }
    this.connection.run(
      `DELETE FROM runs WHERE scope = ? AND seq <= (
         SELECT seq FROM runs WHERE scope = ? ORDER BY seq DESC LIMIT 1 OFFSET ?)`,
      scope,
      scope,
      this.keepRuns,
    );
    if (pruned > 0) this.releaseFreePages();
    return pruned;
  }

  /** Gives free pages back to the file system when there are many (auto_vacuum = INCREMENTAL). */
  private releaseFreePages(): void {
    const free = Number(
      this.connection.get<{ freelist_count: number }>("PRAGMA freelist_count")?.freelist_count ?? 0,
    );
    const total = Number(this.connection.get<{ page_count: number }>("PRAGMA page_count")?.page_count ?? 0);
    if (free >= VACUUM_MIN_FREE_PAGES && free * 4 >= total) {
      this.connection.all(`PRAGMA incremental_vacuum(${free})`);
    }
  }

  async history(scope: Scope, limit?: number): Promise<SnapshotSummary[]> {
    const key = checkedScope(scope);
    return this.read(() =>
      this.connection
        .all<Omit<SnapshotSummary, "head"> & { head: number }>(
          `SELECT s.id, s.scope, s.parent, s.committed_at, s.run_id, s.schema_version, s.node_count,
                  EXISTS (SELECT 1 FROM heads h WHERE h.snapshot_id = s.id) AS head
           FROM snapshots s WHERE s.scope = ? ORDER BY s.seq DESC LIMIT ?`,
          key,
          limitOf(limit),
        )
        .map((row) => ({ ...row, node_count: Number(row.node_count), head: Boolean(row.head) })),
    );
  }

  async scopes(): Promise<ScopeSummary[]> {
    return this.read(() =>
      this.connection
        .all<{
          scope: string;
          head: string | null;
          head_committed_at: string | null;
          snapshots: number;
          runs: number;
        }>(
          `WITH names AS (SELECT scope FROM heads UNION SELECT scope FROM runs UNION SELECT scope FROM snapshots)
           SELECT n.scope,
                  h.snapshot_id AS head,
                  (SELECT committed_at FROM snapshots s WHERE s.id = h.snapshot_id) AS head_committed_at,
                  (SELECT count(*) FROM snapshots s WHERE s.scope = n.scope) AS snapshots,
                  (SELECT count(*) FROM runs r WHERE r.scope = n.scope) AS runs
           FROM names n LEFT JOIN heads h ON h.scope = n.scope ORDER BY n.scope`,
        )
        .map((row) => ({
          scope: row.scope,
          head: row.head ?? undefined,
          head_committed_at: row.head_committed_at ?? undefined,
          snapshots: Number(row.snapshots),
          runs: Number(row.runs),
        })),
    );
  }

  async recordRun(run: RunRecord): Promise<void> {
    validateRun(run);
    const parsed = runRecordSchema.parse(run);
    this.write(() => {
      if (this.connection.get("SELECT 1 FROM runs WHERE scope = ? AND run_id = ?", run.scope, run.run_id)) {
        throw duplicateRun(run, this.location);
      }
      if (
        run.snapshot_id !== null &&
        !this.connection.get("SELECT 1 FROM snapshots WHERE id = ? AND scope = ?", run.snapshot_id, run.scope)
      ) {
        throw unknownRunSnapshot(run, this.location);
      }
      this.insertRun(parsed, this.now().toISOString());
      this.prune(run.scope);
    });
  }

  async runs(scope: Scope, limit?: number): Promise<LedgerEntry[]> {
    const key = checkedScope(scope);
    return this.read(() =>
      this.connection
        .all<RunRow>(
          `SELECT ${RUN_COLUMNS} FROM runs r WHERE r.scope = ? ORDER BY r.seq DESC LIMIT ?`,
          key,
          limitOf(limit),
        )
        .map(toLedgerEntry),
    );
  }

  async check(options: { full?: boolean } = {}): Promise<CheckReport> {
    if (this.closed) throw new Error(`The state store ${this.location} is closed.`);
    return runChecks(this.connection, this.location, options.full ?? false);
  }

  /** Writes a consistent copy of the database to `to` (default: a `.bak` next to it); returns its path. */
  async backup(to?: string): Promise<string> {
    const target = to ? path.resolve(to) : backupPath(this.location, "backup", this.now());
    if (this.closed) throw new Error(`The state store ${this.location} is closed.`);
    vacuumInto(this.connection, this.location, target);
    return target;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    try {
      this.connection.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    } catch {
      // Another connection is reading; SQLite checkpoints later.
    }
    this.connection.close();
  }
}

function checkedScope(scope: Scope): string {
  const problem = scopeProblem(scope);
  if (problem) throw new InvalidSnapshotError(`Invalid scope: ${problem}.`);
  return scopeKey(scope);
}

function limitOf(limit: number | undefined): number {
  if (limit === undefined) return -1;
  if (!Number.isInteger(limit) || limit < 0)
    throw new RangeError(`limit must be a whole number (got ${limit})`);
  return limit;
}
