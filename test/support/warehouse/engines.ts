/**
 * Fresh shop databases on each engine for the environment tests: a DuckDB
 * file in a temporary folder, or the database `shop` (dropped and created
 * again) on a throwaway PostgreSQL server started once per test file.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll } from "vitest";
import { type PostgresServer, postgresAvailable, startPostgres } from "./postgres-server.js";
import { duckdbSession, type Engine, postgresSession, type Session } from "./sessions.js";

export const POSTGRES_MISSING = postgresAvailable();
if (POSTGRES_MISSING) console.warn(`[skip] PostgreSQL environment tests: ${POSTGRES_MISSING}`);

/** Engines to run on: DuckDB always, PostgreSQL when a server can be started here. */
export const ENGINES: Engine[] = POSTGRES_MISSING ? ["duckdb"] : ["duckdb", "postgres"];

let server: Promise<PostgresServer> | null = null;
const scratch: string[] = [];

afterAll(async () => {
  if (server) (await server).stop();
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

export async function postgresServer(): Promise<PostgresServer> {
  server ??= startPostgres();
  return server;
}

/** A new, empty database named `database` (default shop: the fixtures' relations name it). */
export async function freshSession(engine: Engine, database = "shop"): Promise<Session> {
  if (engine === "duckdb") {
    const dir = mkdtempSync(path.join(os.tmpdir(), "ods-env-duckdb-"));
    scratch.push(dir);
    return duckdbSession(dir, database);
  }
  const s = await postgresServer();
  const admin = new pg.Client({ connectionString: s.url });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${database}" with (force)`);
    await admin.query(`create database "${database}"`);
  } finally {
    await admin.end();
  }
  return postgresSession(s.urlFor(database));
}
