/**
 * The stores under test, each behind the same small harness, so that one
 * conformance suite runs against every implementation: the in-memory store
 * and the SQLite store on each driver.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { RunRecord } from "../../src/state/run-record.js";
import type { StateSnapshot } from "../../src/state/snapshot.js";
import { MemoryStateStore } from "../../src/store/memory-store.js";
import { encodeSnapshot, entryHash } from "../../src/store/snapshot-codec.js";
import { openSqlite } from "../../src/store/sqlite-driver.js";
import { SqliteStateStore } from "../../src/store/sqlite-store.js";
import type { RetentionOptions, StateStore } from "../../src/store/state-store.js";
import { generateSnapshot } from "../../tools/snapshot-generator.js";

export interface StoreOptions extends RetentionOptions {
  now?: () => Date;
}

export interface Harness {
  name: string;
  open(options?: StoreOptions): Promise<StateStore>;
  /**
   * Rewrites the stored document of snapshot `id` as another writer would
   * (with a valid digest: the store must then judge the content itself),
   * closes `store` and returns a fresh store over the same data.
   */
  rewrite(
    store: StateStore,
    id: string,
    mutate: (document: Record<string, unknown>) => void,
  ): Promise<StateStore>;
  cleanup(): void;
}

export type DriverName = "better-sqlite3" | "node:sqlite";

function memoryHarness(): Harness {
  return {
    name: "memory",
    async open(options) {
      return new MemoryStateStore(options);
    },
    async rewrite(store, id, mutate) {
      const memory = store as MemoryStateStore;
      const dump = memory.dump();
      const row = dump.snapshots.find((candidate) => candidate.id === id)!;
      const document = {
        ...JSON.parse(row.header),
        nodes: Object.fromEntries(row.bodies.map((b) => JSON.parse(b))),
      };
      mutate(document);
      const encoded = encodeSnapshot(document as StateSnapshot);
      Object.assign(row, { header: encoded.header, bodies: encoded.bodies, digest: encoded.digest });
      await store.close();
      return MemoryStateStore.load(dump);
    },
    cleanup() {},
  };
}

export function tempDir(prefix = "ods-store-"): string {
  return mkdtempSync(path.join(tmpdir(), prefix));
}

/** Rewrites snapshot `id` in a SQLite state file with plain SQL, as another writer would. */
export function rewriteSqliteDocument(
  file: string,
  driver: DriverName,
  id: string,
  mutate: (document: Record<string, unknown>) => void,
): void {
  const connection = openSqlite(file, {}, driver);
  try {
    const row = connection.get<{ header: string; entries: string }>(
      "SELECT header, entries FROM snapshots WHERE id = ?",
      id,
    )!;
    const ids = JSON.parse(row.entries) as number[];
    const bodies = ids.map(
      (entry) => connection.get<{ body: string }>("SELECT body FROM entries WHERE id = ?", entry)!.body,
    );
    const document = {
      ...JSON.parse(row.header),
      nodes: Object.fromEntries(bodies.map((b) => JSON.parse(b))),
    };
    mutate(document);
    const encoded = encodeSnapshot(document as StateSnapshot);
    connection.exec("BEGIN IMMEDIATE");
    const newIds = encoded.bodies.map((body) => {
      const hash = entryHash(body);
      connection.run(
        "INSERT INTO entries (hash, body) VALUES (?, ?) ON CONFLICT (hash) DO NOTHING",
        hash,
        body,
      );
      return Number(connection.get<{ id: number }>("SELECT id FROM entries WHERE hash = ?", hash)!.id);
    });
    connection.run(
      "UPDATE snapshots SET header = ?, entries = ?, digest = ? WHERE id = ?",
      encoded.header,
      JSON.stringify(newIds),
      encoded.digest,
      id,
    );
    connection.exec("COMMIT");
  } finally {
    connection.close();
  }
}

function sqliteHarness(driver: DriverName): Harness {
  const dirs: string[] = [];
  return {
    name: `sqlite (${driver})`,
    async open(options) {
      const dir = tempDir();
      dirs.push(dir);
      return SqliteStateStore.open(path.join(dir, "state.db"), { ...options, driver });
    },
    async rewrite(store, id, mutate) {
      const file = store.location;
      await store.close();
      rewriteSqliteDocument(file, driver, id, mutate);
      return SqliteStateStore.open(file, { driver });
    },
    cleanup() {
      for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const HARNESSES: Harness[] = [
  memoryHarness(),
  sqliteHarness("better-sqlite3"),
  sqliteHarness("node:sqlite"),
];

export const SQLITE_DRIVERS: DriverName[] = ["better-sqlite3", "node:sqlite"];

export const PROD = { project: "jaffle_shop", environment: "prod" };
export const DEV = { project: "jaffle_shop", environment: "dev" };

/** A small snapshot for scope `scope`, produced by `runId`. */
export function snapshotFor(
  scope: { project: string; environment: string },
  runId: string,
  nodes = 12,
  seed = 1,
): StateSnapshot {
  return generateSnapshot({
    nodes,
    seed,
    project: scope.project,
    environment: scope.environment,
    runId,
    createdAt: "2026-11-30T12:00:00.000Z",
  });
}

export function runFor(
  scope: { project: string; environment: string },
  runId: string,
  overrides: Partial<RunRecord> = {},
): RunRecord {
  return {
    run_id: runId,
    scope: `${scope.project}/${scope.environment}`,
    invocation_id: `inv-${runId}`,
    command: "build",
    started_at: "2026-11-30T11:50:00.000Z",
    ended_at: "2026-11-30T11:59:00.000Z",
    status: "success",
    snapshot_id: null,
    ...overrides,
  };
}
