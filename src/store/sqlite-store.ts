/**
 * The SQLite state store: `.ods/state.db` by default.
 *
 * - One file, WAL mode (readers run during a commit), a busy timeout (writers
 *   queue), `synchronous = FULL`. Every write is one `BEGIN IMMEDIATE`
 *   transaction: the head is read and moved under the write lock, so two
 *   processes committing on the same parent give one success and one
 *   Conflict, and a crash leaves the old head or the new one.
 * - A new file is built at a temporary path and linked into place, so the
 *   state file either doesn't exist or is a complete, initialised database.
 * - Opening checks that the file is SQLite, passes `PRAGMA quick_check`, is an
 *   ods-state database (application id) and not newer than this code (layout
 *   version); an older one is copied next to itself, then migrated.
 * - Reads verify every hash and validate the document: damage is an error
 *   naming the file, never a guess.
 * - Retention (retention.ts) runs in the commit's transaction; node entries no
 *   snapshot uses any more are deleted with the last snapshot that used them.
 *
 * See docs/state-recovery.md for what people do when something goes wrong.
 */
import { randomBytes } from "node:crypto";
import {
  closeSync,
  existsSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  renameSync,
  rmSync,
  statfsSync,
  statSync,
  unlinkSync,
} from "node:fs";
import path from "node:path";
import { type Problem, UserError } from "../errors/user-error.js";
import { type RunRecord, runRecordSchema } from "../state/run-record.js";
import { type Scope, scopeKey, scopeProblem } from "../state/scope.js";
import type { StateSnapshot } from "../state/snapshot.js";
import { APPLICATION_ID, applyMigrations, LAYOUT_VERSION, readLayout } from "./migrations.js";
import { BUSY_TIMEOUT_MS, configureForWriting, setBusyTimeout } from "./open-database.js";
import { snapshotsToPrune } from "./retention.js";
import { encodeSnapshot, entryHash, materialize, type StoredParts, verifyParts } from "./snapshot-codec.js";
import {
  classifySqliteError,
  type DriverPreference,
  openSqlite,
  type SqliteConnection,
} from "./sqlite-driver.js";
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
import { damaged, diskFull, foreign, locked, newerLayout, recoveryHint } from "./store-errors.js";

/** Where the state lives unless `--state` says otherwise, relative to the working directory. */
export const DEFAULT_STATE_FILE = path.join(".ods", "state.db");

export interface SqliteStoreOptions extends RetentionOptions {
  driver?: DriverPreference;
  busyTimeoutMs?: number;
  /** Create the file when it doesn't exist (default true). */
  create?: boolean;
  now?: () => Date;
  /** Told about what opening did: creating, migrating and where the copy went. */
  log?: (line: string) => void;
}

const SQLITE_MAGIC = "SQLite format 3\0";

/** Below this many free pages, pruning leaves them for the next commit to reuse. */
const VACUUM_MIN_FREE_PAGES = 256;

/** Runs `fn`, turning driver errors into errors that name `file`. */
function guard<T>(file: string, fn: () => T, busyTimeoutMs = BUSY_TIMEOUT_MS): T {
  try {
    return fn();
  } catch (error) {
    throw translate(file, error, busyTimeoutMs);
  }
}

/** Less free space than this beside the state database counts as a full disk when SQLite reports an I/O error. */
const NEARLY_FULL_BYTES = 1024 * 1024;

function freeBytes(file: string): number | undefined {
  try {
    const stats = statfsSync(path.dirname(file));
    return Number(stats.bavail) * Number(stats.bsize);
  } catch {
    return undefined;
  }
}

function translate(file: string, error: unknown, busyTimeoutMs = BUSY_TIMEOUT_MS): unknown {
  if (error instanceof UserError || error instanceof InvalidSnapshotError) return error;
  const failure = classifySqliteError(error);
  const message = error instanceof Error ? error.message : String(error);
  switch (failure) {
    case "corrupt":
      return damaged(file, `SQLite reports ${message}.`);
    case "notadb":
      return damaged(file, `SQLite reports ${message} (the file is not a readable SQLite database).`);
    case "full":
      return diskFull(file, message, freeBytes(file));
    case "ioerr": {
      // On a full disk SQLite can't even map its shared-memory file: that is no damage.
      const free = freeBytes(file);
      if (free !== undefined && free < NEARLY_FULL_BYTES) return diskFull(file, message, free);
      return damaged(file, `SQLite could not read it (${message}).`);
    }
    case "busy":
      return locked(file, busyTimeoutMs);
    case "readonly":
    case "cantopen":
      return new UserError(
        "file_unreadable",
        `The state database ${file} can't be opened for writing: ${message}.`,
        {
          file,
          hint: "Check that the file and its folder exist and are writable by this job (SQLite also writes STATE-wal and STATE-shm next to it).",
        },
      );
    default:
      return error;
  }
}

/** A backup file name next to `file`: `state.db.<reason>-20261130T120000Z.bak`, never an existing one. */
export function backupPath(file: string, reason: string, now: Date = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
  let candidate = `${file}.${reason}-${stamp}.bak`;
  for (let n = 2; existsSync(candidate) || existsSync(`${candidate}-wal`); n++) {
    candidate = `${file}.${reason}-${stamp}-${n}.bak`;
  }
  return candidate;
}

/** Backups next to `file` (written by backup, migration or reset), newest first. */
export function listBackups(file: string): { path: string; bytes: number; modified: Date }[] {
  const dir = path.dirname(file);
  const base = path.basename(file);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((name) => name.startsWith(`${base}.`) && name.endsWith(".bak"))
    .map((name) => {
      const full = path.join(dir, name);
      const stat = statSync(full);
      return { path: full, bytes: stat.size, modified: stat.mtime };
    })
    .sort((a, b) => b.modified.getTime() - a.modified.getTime() || b.path.localeCompare(a.path));
}

function fsyncPath(target: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(target, "r");
    fsyncSync(fd);
  } catch {
    // Some filesystems refuse fsync on directories; the rename is still atomic.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

function tempPath(file: string, purpose: string): string {
  return `${file}.${purpose}-${process.pid}-${randomBytes(4).toString("hex")}.tmp`;
}

/** Moves `from` to `to` without ever replacing an existing `to`. */
function moveNoReplace(from: string, to: string): void {
  linkSync(from, to);
  unlinkSync(from);
  fsyncPath(path.dirname(to));
}

/** What the first bytes of `file` say, before SQLite is asked. */
function inspectHeader(file: string): { problem: string | undefined; size: number } {
  let stat: ReturnType<typeof statSync>;
  let fd: number;
  try {
    stat = statSync(file);
    if (stat.isDirectory()) {
      throw new UserError("file_unreadable", `${file} is a directory, not a state database file.`, {
        file,
        hint: "Point the state path (--state, or the action's `state-path` input) at a file, .ods/state.db by default. Nothing was changed.",
      });
    }
    fd = openSync(file, "r");
  } catch (error) {
    if (error instanceof UserError) throw error;
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new UserError("file_unreadable", `The state database ${file} can't be read: ${code}.`, { file });
  }
  const size = stat.size;
  if (size === 0) {
    closeSync(fd);
    return { problem: "the file is empty (0 bytes): it was truncated", size };
  }
  try {
    const buffer = Buffer.alloc(100);
    const read = readSync(fd, buffer, 0, 100, 0);
    const magic = buffer.subarray(0, Math.min(read, 16)).toString("latin1");
    if (!SQLITE_MAGIC.startsWith(magic) || read < 16 || magic !== SQLITE_MAGIC) {
      return {
        problem:
          read < 16 && SQLITE_MAGIC.startsWith(magic)
            ? `the file is ${size} bytes, shorter than a SQLite header: it was truncated`
            : "the file is not a SQLite database (its first bytes are not the SQLite header)",
        size,
      };
    }
    if (read < 100)
      return { problem: `the file is ${size} bytes, shorter than a SQLite header: it was truncated`, size };
    const pageSize = buffer.readUInt16BE(16) === 1 ? 65536 : buffer.readUInt16BE(16);
    if (pageSize < 512 || (pageSize & (pageSize - 1)) !== 0) {
      return { problem: `the SQLite header is damaged (page size ${pageSize})`, size };
    }
    if (size % pageSize !== 0) {
      return {
        problem: `the file is ${size} bytes, not a whole number of ${pageSize}-byte pages: it was truncated or appended to`,
        size,
      };
    }
    return { problem: undefined, size };
  } finally {
    closeSync(fd);
  }
}

/** Runs `PRAGMA quick_check` (or integrity_check) and returns what it found, if anything. */
function pageCheck(connection: SqliteConnection, full = false): string[] {
  const pragma = full ? "integrity_check" : "quick_check";
  const rows = connection.all<Record<string, string>>(`PRAGMA ${pragma}(20)`);
  const lines = rows.map((row) => String(Object.values(row)[0]));
  return lines.length === 1 && lines[0] === "ok" ? [] : lines;
}

/**
 * Creates a new, initialised state database at `file`: built at a temporary
 * path, then linked into place only if nothing is there yet.
 */
function createDatabase(file: string, driver: DriverPreference, now: () => Date): void {
  mkdirSync(path.dirname(file), { recursive: true });
  if (existsSync(`${file}-wal`)) {
    throw damaged(
      file,
      `its write-ahead log ${file}-wal is there but the database file is not: the database was removed or moved while the log stayed.`,
    );
  }
  const temp = tempPath(file, "creating");
  try {
    const connection = openSqlite(temp, {}, driver);
    try {
      connection.exec("PRAGMA auto_vacuum = INCREMENTAL");
      connection.exec("PRAGMA synchronous = FULL");
      applyMigrations(connection, LAYOUT_VERSION, now);
    } finally {
      connection.close();
    }
    fsyncPath(temp);
    try {
      linkSync(temp, file);
      fsyncPath(path.dirname(file));
    } catch (error) {
      // Another process created it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  } finally {
    rmSync(temp, { force: true });
    rmSync(`${temp}-journal`, { force: true });
  }
}

/** Writes a consistent copy of the open database to `to` (temporary file, then rename). */
function vacuumInto(connection: SqliteConnection, file: string, to: string): void {
  if (existsSync(to)) throw new UserError("usage", `Refusing to overwrite ${to}: it exists.`, { file: to });
  mkdirSync(path.dirname(path.resolve(to)), { recursive: true });
  const temp = tempPath(to, "copying");
  try {
    guard(file, () => connection.run("VACUUM INTO ?", temp));
    fsyncPath(temp);
    moveNoReplace(temp, to);
  } finally {
    rmSync(temp, { force: true });
  }
}

interface SnapshotRow {
  id: string;
  scope: string;
  parent: string | null;
  committed_at: string;
  header: string;
  entries: string;
  digest: string;
}

interface RunRow {
  scope: string;
  run_id: string;
  invocation_id: string | null;
  command: string;
  started_at: string;
  ended_at: string | null;
  status: string;
  snapshot_id: string | null;
  detail: string | null;
  recorded_at: string;
  retained: number;
}

function parseEntryIds(text: string): number[] | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) && value.every((id) => Number.isSafeInteger(id))
      ? (value as number[])
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Loads a snapshot row's entries in document order. Returns a description of
 * what is missing instead when the row refers to entries that are not there.
 */
function loadParts(
  connection: SqliteConnection,
  row: SnapshotRow,
): (StoredParts & { entryIds: number[] }) | string {
  const ids = parseEntryIds(row.entries);
  if (!ids) return "its list of node entries is not a JSON array of entry ids";
  const byId = loadBodies(connection, row.entries);
  const bodies: string[] = [];
  for (const id of ids) {
    const body = byId.get(id);
    if (body === undefined) return `node entry ${id} it refers to is missing`;
    bodies.push(body);
  }
  return {
    id: row.id,
    scope: row.scope,
    parent: row.parent,
    committed_at: row.committed_at,
    header: row.header,
    bodies,
    digest: row.digest,
    entryIds: ids,
  };
}

/** Entry bodies by id, for a snapshot's list of entry ids (JSON text). */
function loadBodies(connection: SqliteConnection, entries: string): Map<number, string> {
  const byId = new Map<number, string>();
  for (const entry of connection.all<{ id: number; body: string }>(
    "SELECT e.id, e.body FROM json_each(?) AS j JOIN entries AS e ON e.id = j.value",
    entries,
  )) {
    byId.set(Number(entry.id), entry.body);
  }
  return byId;
}

function toLedgerEntry(row: RunRow): LedgerEntry {
  return {
    run_id: row.run_id,
    scope: row.scope,
    invocation_id: row.invocation_id,
    command: row.command,
    started_at: row.started_at,
    ended_at: row.ended_at,
    status: row.status as RunRecord["status"],
    snapshot_id: row.snapshot_id,
    ...(row.detail === null ? {} : { detail: row.detail }),
    recorded_at: row.recorded_at,
    snapshot_retained: Boolean(row.retained),
  };
}

const RUN_COLUMNS = `r.scope, r.run_id, r.invocation_id, r.command, r.started_at, r.ended_at, r.status,
  r.snapshot_id, r.detail, r.recorded_at,
  EXISTS (SELECT 1 FROM snapshots s WHERE s.id = r.snapshot_id) AS retained`;

/**
 * The checks behind `check()` and `ods-state doctor`, on an open connection.
 * Read-only; runs in one read transaction so a concurrent commit can't make a
 * healthy file look damaged.
 */
function runChecks(connection: SqliteConnection, file: string, full: boolean): CheckReport {
  const problems: CheckProblem[] = [];
  const fix = recoveryHint(file);
  const report: CheckReport = {
    ok: true,
    location: file,
    layout_version: undefined,
    scopes: 0,
    snapshots: 0,
    runs: 0,
    problems,
  };
  const error = (subject: string, message: string, action = fix) =>
    problems.push({ severity: "error", subject, message, action });
  const finish = () => {
    report.ok = !problems.some((problem) => problem.severity === "error");
    return report;
  };
  try {
    connection.exec("BEGIN");
  } catch (caught) {
    error(file, `The file can't be read: ${(caught as Error).message}.`);
    return finish();
  }
  try {
    const pages = pageCheck(connection, full);
    for (const line of pages) error(file, `SQLite's ${full ? "integrity" : "quick"} check: ${line}.`);
    const layout = readLayout(connection);
    report.layout_version = layout.version;
    if (layout.applicationId !== APPLICATION_ID) {
      error(
        file,
        `It is not an ods-state database (application id ${layout.applicationId}).`,
        "Point --state at the state database, or move this file away.",
      );
      return finish();
    }
    if (layout.version > LAYOUT_VERSION) {
      problems.push({
        severity: "error",
        subject: file,
        message: `It has layout version ${layout.version}, written by a newer ods-state; this version knows up to ${LAYOUT_VERSION}.`,
        action:
          "Upgrade ods-state, or restore a backup written by this version. It is not damaged: don't reset it.",
      });
      return finish();
    }
    if (layout.version < LAYOUT_VERSION) {
      problems.push({
        severity: "warning",
        subject: file,
        message: `It has layout version ${layout.version}; this ods-state writes ${LAYOUT_VERSION}.`,
        action: "Nothing to do: the next run that writes state copies it next to itself, then migrates it.",
      });
    }
    if (pages.length > 0) return finish();
    const hasRuns = layout.version >= 2;

    const heads = connection.all<{ scope: string; snapshot_id: string; present: number }>(
      "SELECT h.scope, h.snapshot_id, EXISTS (SELECT 1 FROM snapshots s WHERE s.id = h.snapshot_id) AS present FROM heads h ORDER BY h.scope",
    );
    for (const head of heads) {
      if (!head.present)
        error(head.scope, `The head points to snapshot ${head.snapshot_id}, which is missing.`);
    }
    const rows = connection.all<SnapshotRow>(
      "SELECT id, scope, parent, committed_at, header, entries, digest FROM snapshots ORDER BY seq",
    );
    report.snapshots = rows.length;
    const used = new Set<number>();
    for (const row of rows) {
      const parts = loadParts(connection, row);
      if (typeof parts === "string") {
        error(`snapshot ${row.id} (${row.scope})`, `The snapshot is incomplete: ${parts}.`);
        continue;
      }
      for (const id of parseEntryIds(row.entries) ?? []) used.add(id);
      const verified = verifyParts(parts);
      if (!verified.ok) {
        if (verified.kind === "newer") {
          error(
            `snapshot ${row.id} (${row.scope})`,
            `The document was written by a newer ods-state: ${verified.detail}.`,
            "Upgrade ods-state, or restore a backup written by this version.",
          );
        } else {
          const detail = verified.problems
            .slice(0, 5)
            .map((problem) => `${problem.path}: ${problem.message}`)
            .join("; ");
          error(`snapshot ${row.id} (${row.scope})`, `${verified.detail}${detail ? `: ${detail}` : ""}.`);
        }
      }
    }
    let entryCount = 0;
    for (const entry of connection.all<{ id: number; hash: string; body: string }>(
      "SELECT id, hash, body FROM entries",
    )) {
      entryCount++;
      if (entryHash(entry.body) !== entry.hash) {
        error(
          `node entry ${entry.id}`,
          `The entry does not match its hash ${entry.hash.slice(0, 12)}: it was changed in place.`,
        );
      }
    }
    const orphans = entryCount - used.size;
    if (orphans > 0) {
      problems.push({
        severity: "warning",
        subject: file,
        message: `${orphans} node entries are used by no snapshot.`,
        action: "Nothing to do: they take space only, and the next commit that prunes removes them.",
      });
    }
    let scopes = new Set(heads.map((head) => head.scope));
    if (hasRuns) {
      const runs = connection.all<RunRow>(`SELECT ${RUN_COLUMNS} FROM runs r ORDER BY r.seq`);
      report.runs = runs.length;
      scopes = new Set([...scopes, ...runs.map((run) => run.scope)]);
      for (const run of runs) {
        const parsed = runRecordSchema.safeParse(toLedgerEntry(run));
        if (!parsed.success) {
          error(
            `run ${run.run_id} (${run.scope})`,
            `The ledger row fails its schema: ${parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ")}.`,
          );
        }
      }
    }
    report.scopes = scopes.size;
  } catch (caught) {
    const translated = translate(file, caught);
    error(file, translated instanceof Error ? translated.message : String(translated));
  } finally {
    try {
      connection.exec("COMMIT");
    } catch {
      // Read transaction; nothing to keep.
    }
  }
  return finish();
}

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
    const driver = options.driver ?? "auto";
    const now = options.now ?? (() => new Date());
    resolveRetention(options);
    if (!existsSync(resolved)) {
      if (options.create === false) {
        throw new UserError("file_missing", `There is no state database at ${resolved}.`, { file: resolved });
      }
      guard(resolved, () => createDatabase(resolved, driver, now));
      options.log?.(`Created the state database ${resolved}.`);
    }
    const header = inspectHeader(resolved);
    if (header.problem) throw damaged(resolved, `${header.problem}.`);
    // Opened plainly first: nothing is changed in the file (not even its journal
    // mode) until it is known to be a healthy ods-state database of a known layout.
    const connection = guard(resolved, () => openSqlite(resolved, { mustExist: true }, driver));
    try {
      guard(resolved, () =>
        setBusyTimeout(
          connection,
          options.busyTimeoutMs === undefined ? {} : { busyTimeoutMs: options.busyTimeoutMs },
        ),
      );
      const pages = guard(resolved, () => pageCheck(connection));
      if (pages.length > 0) {
        throw damaged(
          resolved,
          "SQLite's quick check found damaged pages.",
          pages.map((line) => ({ path: "quick_check", message: line })),
        );
      }
      const layout = guard(resolved, () => readLayout(connection));
      if (layout.applicationId !== APPLICATION_ID) {
        if (layout.applicationId !== 0 || layout.version !== 0 || layout.tables > 0) {
          throw foreign(
            resolved,
            layout.applicationId === 0
              ? `it is a SQLite database with ${layout.tables} tables and no ods-state marker`
              : `its application id is ${layout.applicationId}, not ods-state's ${APPLICATION_ID}`,
          );
        }
      } else if (layout.version > LAYOUT_VERSION) {
        throw newerLayout(resolved, layout.version, LAYOUT_VERSION);
      }
      guard(resolved, () => configureForWriting(connection));
      if (layout.version < LAYOUT_VERSION) {
        const holdsData = layout.tables > 0 && SqliteStateStore.holdsData(connection, layout.version);
        if (holdsData) {
          const copy = backupPath(resolved, `pre-migration-v${layout.version}`, now());
          vacuumInto(connection, resolved, copy);
          options.log?.(
            `Migrating the state database ${resolved} from layout ${layout.version} to ${LAYOUT_VERSION}; a copy of it is at ${copy}.`,
          );
        }
        guard(resolved, () => applyMigrations(connection, LAYOUT_VERSION, now), options.busyTimeoutMs);
      }
      return new SqliteStateStore(connection, resolved, options);
    } catch (error) {
      connection.close();
      throw error;
    }
  }

  private static holdsData(connection: SqliteConnection, version: number): boolean {
    const tables = version >= 2 ? ["snapshots", "runs"] : ["snapshots"];
    return tables.some((table) => connection.get(`SELECT 1 FROM ${table} LIMIT 1`) !== undefined);
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

export interface FileInspection {
  file: string;
  exists: boolean;
  report: CheckReport;
  backups: { path: string; bytes: number; modified: Date }[];
  bytes: number;
  walBytes: number;
}

/**
 * Inspects the state file without changing it (doctor): never migrates,
 * never creates, never throws for damage; everything found is in the report.
 */
export async function inspectStateFile(
  file: string,
  options: { driver?: DriverPreference; full?: boolean } = {},
): Promise<FileInspection> {
  const resolved = path.resolve(file);
  const emptyReport = (problems: CheckProblem[] = []): CheckReport => ({
    ok: !problems.some((problem) => problem.severity === "error"),
    location: resolved,
    layout_version: undefined,
    scopes: 0,
    snapshots: 0,
    runs: 0,
    problems,
  });
  const size = (target: string) => (existsSync(target) ? statSync(target).size : 0);
  const base = {
    file: resolved,
    backups: listBackups(resolved),
    bytes: size(resolved),
    walBytes: size(`${resolved}-wal`),
  };
  if (!existsSync(resolved)) {
    const problems: CheckProblem[] = [];
    if (existsSync(`${resolved}-wal`)) {
      problems.push({
        severity: "error",
        subject: resolved,
        message: `Its write-ahead log ${resolved}-wal is there but the database file is not.`,
        action: `Put the database file back (restore it from a backup), or move ${resolved}-wal away to start from no state.`,
      });
    }
    return { ...base, exists: false, report: emptyReport(problems) };
  }
  const header = inspectHeader(resolved);
  if (header.problem) {
    return {
      ...base,
      exists: true,
      report: emptyReport([
        {
          severity: "error",
          subject: resolved,
          message: `${capitalise(header.problem)}.`,
          action: recoveryHint(resolved),
        },
      ]),
    };
  }
  let connection: SqliteConnection;
  try {
    connection = openSqlite(resolved, { readonly: true, mustExist: true }, options.driver ?? "auto");
  } catch (error) {
    return {
      ...base,
      exists: true,
      report: emptyReport([
        {
          severity: "error",
          subject: resolved,
          message: `It can't be opened: ${(error as Error).message}.`,
          action: recoveryHint(resolved),
        },
      ]),
    };
  }
  try {
    connection.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
    return { ...base, exists: true, report: runChecks(connection, resolved, options.full ?? true) };
  } finally {
    connection.close();
  }
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Writes a consistent copy of the state file to `to` while others may be
 * reading or writing it (SQLite's `VACUUM INTO` reads one transaction's
 * view). Opens read-only: never migrates. Refuses a damaged or newer file.
 */
export async function backupStateFile(
  file: string,
  to: string | undefined,
  options: { driver?: DriverPreference; now?: () => Date } = {},
): Promise<string> {
  const resolved = path.resolve(file);
  if (!existsSync(resolved)) {
    throw new UserError("file_missing", `There is no state database at ${resolved} to back up.`, {
      file: resolved,
    });
  }
  const header = inspectHeader(resolved);
  if (header.problem) throw damaged(resolved, `${header.problem}.`);
  const connection = guard(resolved, () =>
    openSqlite(resolved, { readonly: true, mustExist: true }, options.driver ?? "auto"),
  );
  try {
    connection.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
    const layout = guard(resolved, () => readLayout(connection));
    if (layout.applicationId !== APPLICATION_ID)
      throw foreign(resolved, `its application id is ${layout.applicationId}`);
    if (layout.version > LAYOUT_VERSION) throw newerLayout(resolved, layout.version, LAYOUT_VERSION);
    const pages = guard(resolved, () => pageCheck(connection));
    if (pages.length > 0) {
      throw damaged(
        resolved,
        "SQLite's quick check found damaged pages; a copy would carry the damage.",
        pages.map((line): Problem => ({ path: "quick_check", message: line })),
      );
    }
    const target = to
      ? path.resolve(to)
      : backupPath(resolved, "backup", (options.now ?? (() => new Date()))());
    vacuumInto(connection, resolved, target);
    return target;
  } finally {
    connection.close();
  }
}

/**
 * Moves the state file (and its write-ahead log) aside, so that the next run
 * starts from no state. Nothing is deleted: the copy keeps every byte, damaged
 * or not, and can be opened or restored by moving it back. Returns where it
 * went, or undefined when there was no file. Run it when nothing else is
 * using the state.
 */
export function resetStateFile(
  file: string,
  now: Date = new Date(),
): { moved: string | undefined; wal: boolean } {
  const resolved = path.resolve(file);
  if (!existsSync(resolved)) {
    if (existsSync(`${resolved}-wal`)) {
      const copy = backupPath(resolved, "reset", now);
      moveNoReplace(`${resolved}-wal`, `${copy}-wal`);
      rmSync(`${resolved}-shm`, { force: true });
      return { moved: `${copy}-wal`, wal: true };
    }
    return { moved: undefined, wal: false };
  }
  const copy = backupPath(resolved, "reset", now);
  // The database file first: a process opening the state between the two moves
  // finds a log without its database and refuses, instead of starting over on it.
  renameSync(resolved, copy);
  let wal = false;
  if (existsSync(`${resolved}-wal`) && statSync(`${resolved}-wal`).size === 0) rmSync(`${resolved}-wal`);
  if (existsSync(`${resolved}-wal`)) {
    renameSync(`${resolved}-wal`, `${copy}-wal`);
    wal = true;
  }
  rmSync(`${resolved}-shm`, { force: true });
  fsyncPath(path.dirname(resolved));
  return { moved: copy, wal };
}
