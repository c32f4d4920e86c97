/**
 * How the SQLite store's rows are read: the row shapes of `snapshots` and
 * `runs`, a snapshot row's node entries in document order, and a ledger row
 * as a LedgerEntry. Shared by the store and its integrity checks.
 */
import type { RunRecord } from "../state/run-record.js";
import type { StoredParts } from "./snapshot-codec.js";
import type { SqliteConnection } from "./sqlite-driver.js";
import type { LedgerEntry } from "./state-store.js";

export interface SnapshotRow {
  id: string;
  scope: string;
  parent: string | null;
  committed_at: string;
  header: string;
  entries: string;
  digest: string;
}

export interface RunRow {
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

export function parseEntryIds(text: string): number[] | undefined {
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
export function loadParts(
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
export function loadBodies(connection: SqliteConnection, entries: string): Map<number, string> {
  const byId = new Map<number, string>();
  for (const entry of connection.all<{ id: number; body: string }>(
    "SELECT e.id, e.body FROM json_each(?) AS j JOIN entries AS e ON e.id = j.value",
    entries,
  )) {
    byId.set(Number(entry.id), entry.body);
  }
  return byId;
}

export function toLedgerEntry(row: RunRow): LedgerEntry {
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

export const RUN_COLUMNS = `r.scope, r.run_id, r.invocation_id, r.command, r.started_at, r.ended_at, r.status,
  r.snapshot_id, r.detail, r.recorded_at,
  EXISTS (SELECT 1 FROM snapshots s WHERE s.id = r.snapshot_id) AS retained`;
