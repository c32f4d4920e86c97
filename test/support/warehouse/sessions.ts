/**
 * A test's connection to a real warehouse: the adapter under test plus raw
 * SQL for the test itself (loading data, running dbt's compiled SQL,
 * asserting what readers see). DuckDB: a database file; PostgreSQL: a
 * database on a server from postgres-server.ts.
 */
import path from "node:path";
import pg from "pg";
import { DuckDbWarehouse } from "../../../src/drivers/duckdb/duckdb-warehouse.js";
import { PostgresWarehouse } from "../../../src/drivers/postgres/postgres-warehouse.js";
import type { Warehouse } from "../../../src/warehouse/warehouse.js";
import { openDuckDbFile } from "../../../tools/dbt-standin.js";

export type Engine = "duckdb" | "postgres";

export interface Session {
  engine: Engine;
  warehouse: Warehouse;
  /** The warehouse as `--warehouse` takes it (for the CLI; DuckDB: close the session first). */
  spec: string;
  exec(sql: string, params?: unknown[]): Promise<void>;
  rows(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

/** A DuckDB file `<folder>/<database>.duckdb` (DuckDB names the database after the file). */
export async function duckdbSession(folder: string, database = "shop"): Promise<Session> {
  // One thread: the tests' statements are small and many, and 2 workers share 2 cores (18% less CPU in the
  // fault suites). No checkpoint at close: the folder is thrown away, and a file that is copied is checkpointed
  // first (engines.ts, prepared).
  const duck = await openDuckDbFile(path.join(folder, `${database}.duckdb`), {
    threads: 1,
    checkpointOnClose: false,
  });
  return {
    engine: "duckdb",
    spec: `duckdb:${path.join(folder, `${database}.duckdb`)}`,
    warehouse: DuckDbWarehouse.fromConnection(duck.connection, `duckdb:${database}.duckdb`),
    exec: duck.exec,
    rows: duck.rows,
    close: duck.close,
  };
}

export async function postgresSession(url: string): Promise<Session> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    engine: "postgres",
    spec: url,
    warehouse: PostgresWarehouse.fromClient(client, "postgres://test"),
    exec: async (sql, params) => {
      await client.query(sql, params as unknown[]);
    },
    rows: async (sql, params) => {
      const result = await client.query(sql, params as unknown[]);
      return result.rows.map((row) =>
        Object.fromEntries(
          Object.entries(row).map(([key, value]) => [
            key,
            value instanceof Date ? value.toISOString() : typeof value === "bigint" ? String(value) : value,
          ]),
        ),
      );
    },
    close: async () => {
      await client.end();
    },
  };
}
