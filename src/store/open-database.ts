import { mkdirSync } from "node:fs";
import path from "node:path";
import { type DriverPreference, openSqlite, type SqliteConnection } from "./sqlite-driver.js";

/** How long a writer waits for another writer's lock before giving up. */
export const BUSY_TIMEOUT_MS = 10_000;

export interface DatabaseFileOptions {
  /** Overrides BUSY_TIMEOUT_MS (tests use a short one). */
  busyTimeoutMs?: number;
}

/**
 * Opens (creating when needed) a SQLite database file for reading and
 * writing, in WAL mode so that readers run during a commit, with a busy
 * timeout so that two writers queue instead of failing at once.
 */
export function openDatabaseFile(
  file: string,
  preference: DriverPreference = "auto",
  options: DatabaseFileOptions = {},
): SqliteConnection {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const connection = openSqlite(file, {}, preference);
  try {
    setBusyTimeout(connection, options);
    configureForWriting(connection);
    return connection;
  } catch (error) {
    connection.close();
    throw error;
  }
}

/** Sets the busy timeout: changes nothing in the file. */
export function setBusyTimeout(connection: SqliteConnection, options: DatabaseFileOptions = {}): void {
  connection.exec(
    `PRAGMA busy_timeout = ${Math.max(0, Math.floor(options.busyTimeoutMs ?? BUSY_TIMEOUT_MS))}`,
  );
}

/**
 * WAL mode (persistent: it is written to the file's header), full syncs and
 * foreign keys. Separate from opening so that a caller can first check that
 * the file is one it should change at all.
 */
export function configureForWriting(connection: SqliteConnection): void {
  const mode = connection.get<{ journal_mode: string }>("PRAGMA journal_mode = WAL");
  if (mode?.journal_mode.toLowerCase() !== "wal") {
    throw new Error(`SQLite refused WAL mode for ${connection.file} (journal_mode is ${mode?.journal_mode})`);
  }
  connection.exec("PRAGMA synchronous = FULL");
  connection.exec("PRAGMA foreign_keys = ON");
  // After a checkpoint, shrink the write-ahead log back to 4 MiB instead of
  // keeping it as large as the largest transaction ever was.
  connection.exec(`PRAGMA journal_size_limit = ${4 * 1024 * 1024}`);
}

export function journalMode(connection: SqliteConnection): string {
  return connection.get<{ journal_mode: string }>("PRAGMA journal_mode")?.journal_mode ?? "unknown";
}
