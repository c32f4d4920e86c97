/**
 * The state file's lifecycle: creating it (built at a temporary path, then
 * linked into place, so it either doesn't exist or is a complete, initialised
 * database), opening it (checked before anything in it is changed, an older
 * layout copied next to itself and migrated), consistent copies (backups,
 * `VACUUM INTO`), and moving it aside (reset). Nothing here deletes a byte of
 * state: what is replaced is moved next to it first.
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
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
} from "node:fs";
import path from "node:path";
import { type Problem, UserError } from "../errors/user-error.js";
import { APPLICATION_ID, applyMigrations, LAYOUT_VERSION, readLayout } from "./migrations.js";
import { BUSY_TIMEOUT_MS, configureForWriting, setBusyTimeout } from "./open-database.js";
import { type DriverPreference, openSqlite, type SqliteConnection } from "./sqlite-driver.js";
import { guard } from "./sqlite-error-translation.js";
import { inspectHeader } from "./sqlite-file-checks.js";
import { pageCheck } from "./sqlite-integrity.js";
import { damaged, foreign, newerLayout } from "./store-errors.js";

/** How a state file is opened. */
export interface OpenStateFileOptions {
  driver?: DriverPreference;
  busyTimeoutMs?: number;
  /** Create the file when it doesn't exist (default true). */
  create?: boolean;
  now?: () => Date;
  /** Told about what opening did: creating, migrating and where the copy went. */
  log?: (line: string) => void;
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
export function vacuumInto(connection: SqliteConnection, file: string, to: string): void {
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

/**
 * Opens the state database at `resolved` (an absolute path) for reading and
 * writing, creating it when it doesn't exist (unless `create: false`),
 * migrating an older one (after writing a copy next to it). Refuses a
 * damaged, foreign or newer file with an error that names it.
 */
export function openStateDatabase(resolved: string, options: OpenStateFileOptions = {}): SqliteConnection {
  const driver = options.driver ?? "auto";
  const now = options.now ?? (() => new Date());
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
      if (layout.tables > 0 && holdsData(connection, layout.version)) {
        const copy = backupPath(resolved, `pre-migration-v${layout.version}`, now());
        vacuumInto(connection, resolved, copy);
        options.log?.(
          `Migrating the state database ${resolved} from layout ${layout.version} to ${LAYOUT_VERSION}; a copy of it is at ${copy}.`,
        );
      }
      guard(resolved, () => applyMigrations(connection, LAYOUT_VERSION, now), options.busyTimeoutMs);
    }
    return connection;
  } catch (error) {
    connection.close();
    throw error;
  }
}

/** Whether a database of an older layout holds snapshots or runs (then a copy is kept before migrating). */
function holdsData(connection: SqliteConnection, version: number): boolean {
  const tables = version >= 2 ? ["snapshots", "runs"] : ["snapshots"];
  return tables.some((table) => connection.get(`SELECT 1 FROM ${table} LIMIT 1`) !== undefined);
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
