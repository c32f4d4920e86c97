/**
 * The SQLite layout of the state database, as numbered migrations.
 *
 * - `PRAGMA application_id` marks the file as an ods-state database, so that
 *   a random SQLite file is never mistaken for state (or written to).
 * - `PRAGMA user_version` is the layout version: the number of the last
 *   migration applied. A file with a higher number than this code knows was
 *   written by a newer version and is refused.
 * - The `migrations` table records each migration applied, when, and by
 *   which ods-state version.
 *
 * Migrations are applied in one `BEGIN IMMEDIATE` transaction: all of them or
 * none. The version is read again inside the transaction, so two processes
 * opening an old file at once migrate it once. Before migrating a file that
 * holds data, the store writes a copy next to it (sqlite-file.ts).
 *
 * A migration is never edited once released: a change is a new migration.
 */
import { VERSION } from "../version.js";
import type { SqliteConnection } from "./sqlite-driver.js";

/** "ODSS" in ASCII: the application id of an ods-state database. */
export const APPLICATION_ID = 0x4f445353;

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: "snapshots: content-addressed node entries, snapshots, heads",
    sql: `
      CREATE TABLE migrations (
        version    INTEGER PRIMARY KEY,
        name       TEXT NOT NULL,
        applied_at TEXT NOT NULL,
        applied_by TEXT NOT NULL
      );
      -- One row per distinct node entry ([node id, node state] as JSON), shared by
      -- every snapshot that contains it; hash is the SHA-256 of body.
      CREATE TABLE entries (
        id   INTEGER PRIMARY KEY,
        hash TEXT NOT NULL UNIQUE,
        body TEXT NOT NULL
      );
      -- Immutable snapshots. header is the document without its nodes; entries is
      -- the JSON array of entries.id in document order; digest seals header and
      -- entry hashes (snapshot-codec.ts). parent is the head this one replaced
      -- (it may since have been pruned, so it is not a foreign key).
      CREATE TABLE snapshots (
        seq            INTEGER PRIMARY KEY AUTOINCREMENT,
        id             TEXT NOT NULL UNIQUE,
        scope          TEXT NOT NULL,
        parent         TEXT,
        committed_at   TEXT NOT NULL,
        run_id         TEXT NOT NULL,
        schema_version TEXT NOT NULL,
        node_count     INTEGER NOT NULL,
        header         TEXT NOT NULL,
        entries        TEXT NOT NULL,
        digest         TEXT NOT NULL
      );
      CREATE INDEX snapshots_by_scope ON snapshots (scope, seq);
      -- The head of each scope, moved by compare-and-swap.
      CREATE TABLE heads (
        scope       TEXT PRIMARY KEY,
        snapshot_id TEXT NOT NULL REFERENCES snapshots (id),
        moved_at    TEXT NOT NULL
      );
    `,
  },
  {
    version: 2,
    name: "run ledger",
    sql: `
      -- Every run recorded, refused or failed ones too. snapshot_id is the snapshot
      -- the run produced; it is kept as a record after retention prunes that
      -- snapshot, so it is not a foreign key.
      CREATE TABLE runs (
        seq           INTEGER PRIMARY KEY AUTOINCREMENT,
        scope         TEXT NOT NULL,
        run_id        TEXT NOT NULL,
        invocation_id TEXT,
        command       TEXT NOT NULL,
        started_at    TEXT NOT NULL,
        ended_at      TEXT,
        status        TEXT NOT NULL,
        snapshot_id   TEXT,
        detail        TEXT,
        recorded_at   TEXT NOT NULL,
        UNIQUE (scope, run_id)
      );
      CREATE INDEX runs_by_scope ON runs (scope, seq);
    `,
  },
];

/** The layout version this code writes: the last migration's number. */
export const LAYOUT_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version;

export interface LayoutInfo {
  applicationId: number;
  version: number;
  /** Number of tables in the file, other than SQLite's own. */
  tables: number;
}

export function readLayout(connection: SqliteConnection): LayoutInfo {
  const applicationId =
    connection.get<{ application_id: number }>("PRAGMA application_id")?.application_id ?? 0;
  const version = connection.get<{ user_version: number }>("PRAGMA user_version")?.user_version ?? 0;
  const tables =
    connection.get<{ n: number }>(
      "SELECT count(*) AS n FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
    )?.n ?? 0;
  return { applicationId: Number(applicationId), version: Number(version), tables: Number(tables) };
}

/**
 * Applies the migrations after the file's version up to `target` (default:
 * all), in one transaction. Returns the versions before and after. The caller
 * has checked that the file is an ods-state database (or a blank one) and not
 * newer than this code.
 */
export function applyMigrations(
  connection: SqliteConnection,
  target: number = LAYOUT_VERSION,
  now: () => Date = () => new Date(),
): { from: number; to: number } {
  connection.exec("BEGIN IMMEDIATE");
  try {
    const from = readLayout(connection).version;
    if (from >= target) {
      connection.exec("COMMIT");
      return { from, to: from };
    }
    for (const migration of MIGRATIONS) {
      if (migration.version <= from || migration.version > target) continue;
      connection.exec(migration.sql);
      connection.run(
        "INSERT INTO migrations (version, name, applied_at, applied_by) VALUES (?, ?, ?, ?)",
        migration.version,
        migration.name,
        now().toISOString(),
        `ods-state ${VERSION}`,
      );
    }
    connection.exec(`PRAGMA application_id = ${APPLICATION_ID}`);
    connection.exec(`PRAGMA user_version = ${target}`);
    connection.exec("COMMIT");
    return { from, to: target };
  } catch (error) {
    try {
      connection.exec("ROLLBACK");
    } catch {
      // The transaction is already gone; the original error is what matters.
    }
    throw error;
  }
}
