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
    connection.exec(
      `PRAGMA busy_timeout = ${Math.max(0, Math.floor(options.busyTimeoutMs ?? BUSY_TIMEOUT_MS))}`,
    );
    const mode = connection.get<{ journal_mode: string }>("PRAGMA journal_mode = WAL");
    if (mode?.journal_mode.toLowerCase() !== "wal") {
      throw new Error(`SQLite refused WAL mode for ${file} (journal_mode is ${mode?.journal_mode})`);
    }
    connection.exec("PRAGMA synchronous = FULL");
    connection.exec("PRAGMA foreign_keys = ON");
    return connection;
  } catch (error) {
    connection.close();
    throw error;
  }
}

export function journalMode(connection: SqliteConnection): string {
  return connection.get<{ journal_mode: string }>("PRAGMA journal_mode")?.journal_mode ?? "unknown";
}
