/**
 * Fresh shop databases on each engine for the environment tests: a DuckDB
 * file in a temporary folder, or the database `shop` (dropped and created
 * again) on a throwaway PostgreSQL server started once per test file.
 */
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll } from "vitest";
import { type PostgresServer, postgresAvailable, startPostgres } from "./postgres-server.js";
import { duckdbSession, type Engine, postgresSession, type Session } from "./sessions.js";

export const POSTGRES_MISSING = postgresAvailable();
if (POSTGRES_MISSING) {
  // .ci/run installs PostgreSQL and sets ODS_REQUIRE_POSTGRES=1: there, a missing server is a failure, not a skip.
  if (process.env.ODS_REQUIRE_POSTGRES === "1") {
    throw new Error(
      `PostgreSQL is required (ODS_REQUIRE_POSTGRES=1) but can't be started: ${POSTGRES_MISSING}`,
    );
  }
  console.warn(`[skip] PostgreSQL environment tests: ${POSTGRES_MISSING}`);
}

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

/**
 * A prepared database, copied for each use: `prepare` runs once on a fresh
 * `shop` database; every `fresh()` is a new database with exactly that
 * content (DuckDB: a copy of the file; PostgreSQL: CREATE DATABASE … TEMPLATE).
 */
export function prepared<T>(
  engine: Engine,
  prepare: (session: Session) => Promise<T>,
): () => Promise<{ session: Session; value: T }> {
  let ready: Promise<{ value: T; source: string }> | null = null;
  const make = async () => {
    const session = await freshSession(engine);
    const value = await prepare(session);
    await session.close();
    if (engine === "duckdb") {
      const dir = scratch[scratch.length - 1]!;
      return { value, source: path.join(dir, "shop.duckdb") };
    }
    const s = await postgresServer();
    const template = `shop_template_${Math.random().toString(36).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: s.url });
    await admin.connect();
    try {
      await admin.query(`alter database "shop" rename to "${template}"`);
    } finally {
      await admin.end();
    }
    return { value, source: template };
  };
  return async () => {
    ready ??= make();
    const { value, source } = await ready;
    if (engine === "duckdb") {
      const dir = mkdtempSync(path.join(os.tmpdir(), "ods-env-duckdb-"));
      scratch.push(dir);
      copyFileSync(source, path.join(dir, "shop.duckdb"));
      return { session: await duckdbSession(dir, "shop"), value };
    }
    const s = await postgresServer();
    const admin = new pg.Client({ connectionString: s.url });
    await admin.connect();
    try {
      await admin.query(`drop database if exists "shop" with (force)`);
      await admin.query(`create database "shop" template "${source}"`);
    } finally {
      await admin.end();
    }
    return { session: await postgresSession(s.urlFor("shop")), value };
  };
}
