/**
 * Fresh shop databases on each engine for the environment tests: a DuckDB
 * file in a temporary folder, or the database `shop` (dropped and created
 * again) on a throwaway PostgreSQL server.
 *
 * The server is one per vitest worker, not one per test file (starting and
 * stopping one costs about a second): under `npm test` (vitest.config.ts
 * names a folder, ODS_TEST_POSTGRES_DIR) the first file of a worker slot
 * (VITEST_POOL_ID: the files of a slot run one after the other, never two
 * at once) starts it and writes where it is into that folder; the next
 * files of the slot attach to it, and postgres-global-setup.ts stops them
 * all at the end of the run. Each file first gets the server as a new one
 * is: every database but `postgres` and the templates dropped, every role
 * but the superuser `ods` dropped (databases named `shop` clash, a file's
 * roles must not outlive it). Elsewhere (no folder, not in a worker) a file
 * starts its own and stops it when it ends.
 */
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, expect, onTestFinished } from "vitest";
import {
  attachPostgres,
  type PostgresLocation,
  type PostgresServer,
  postgresAvailable,
  startPostgres,
  stopPostgresAt,
} from "./postgres-server.js";
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

let server: Promise<{ server: PostgresServer; own: boolean }> | null = null;

/**
 * The DuckDB folders (a file of about 7 MB each) go as soon as nothing can
 * use them, not at the end of the run: the tests' temporary folder is on
 * tmpfs (vitest.config.ts), so what they leave is memory. The fault suites
 * make a database per kill point, over a thousand in a run: kept to the end,
 * they filled /dev/shm with 9.7 GB and CI's run was killed for memory. A
 * folder made inside a test goes when the test finishes; one made outside a
 * test (a beforeAll) or holding a prepared database that later tests copy
 * goes when the worker moves on to another file (a project with
 * `isolate: false` imports this module once, so an afterAll registered here
 * would only ever run for its first file) or when the file ends.
 */
const fileScratch: string[] = [];
let scratchOf: string | undefined;

function removeAll(dirs: string[]): void {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** The worker runs another file now: the folders of the one before go. */
function enterCurrentFile(): void {
  const file = expect.getState().testPath;
  if (scratchOf !== file) {
    removeAll(fileScratch);
    scratchOf = file;
  }
}

function duckdbFolder(lifetime: "test" | "file"): string {
  enterCurrentFile();
  const dir = mkdtempSync(path.join(os.tmpdir(), "ods-env-duckdb-"));
  if (lifetime === "test") {
    try {
      onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
      return dir;
    } catch {
      // Not inside a test (a hook): the file's lifetime.
    }
  }
  fileScratch.push(dir);
  return dir;
}

afterAll(async () => {
  if (server) {
    const { server: s, own } = await server;
    if (own) s.stop();
  }
  removeAll(fileScratch);
});

/** The server as a new one is: only the database `postgres` (and the templates), only the role `ods`. False when it does not answer. */
async function resetPostgres(s: PostgresServer): Promise<boolean> {
  const admin = new pg.Client({ connectionString: s.url, connectionTimeoutMillis: 10_000 });
  try {
    await admin.connect();
  } catch {
    return false;
  }
  try {
    const databases = await admin.query<{ datname: string }>(
      "select datname from pg_database where not datistemplate and datname <> 'postgres'",
    );
    for (const { datname } of databases.rows)
      await admin.query(`drop database "${datname.replaceAll('"', '""')}" with (force)`);
    const roles = await admin.query<{ rolname: string }>(
      "select rolname from pg_roles where rolname !~ '^pg_' and rolname <> current_user",
    );
    for (const { rolname } of roles.rows) {
      const role = `"${rolname.replaceAll('"', '""')}"`;
      await admin.query(`drop owned by ${role}`);
      await admin.query(`drop role ${role}`);
    }
    return true;
  } finally {
    await admin.end();
  }
}

async function workerServer(dir: string, slot: string): Promise<PostgresServer> {
  mkdirSync(dir, { recursive: true });
  const record = path.join(dir, `slot-${slot}.json`);
  if (existsSync(record)) {
    const location = JSON.parse(readFileSync(record, "utf8")) as PostgresLocation;
    const attached = attachPostgres(location);
    if (await resetPostgres(attached)) return attached;
    // It went away (or stopped answering): start another in its place.
    try {
      stopPostgresAt(location);
    } catch {}
  }
  const started = await startPostgres();
  writeFileSync(record, JSON.stringify(started.location));
  return started;
}

/**
 * The test file the worker's server was last made new for. A worker that
 * keeps its modules between files (a project with `isolate: false`) imports
 * this module once: the server is then made new again when the file changes,
 * not only when the module is first imported.
 */
let madeNewFor: string | undefined;

export async function postgresServer(): Promise<PostgresServer> {
  const dir = process.env.ODS_TEST_POSTGRES_DIR;
  const slot = process.env.VITEST_POOL_ID;
  const file = expect.getState().testPath;
  if (server && dir && slot && madeNewFor !== file) {
    // Another file of the same worker: the server as a new one is, or another one in its place.
    const previous = server;
    server = previous.then(async (p) =>
      (await resetPostgres(p.server)) ? p : { server: await workerServer(dir, slot), own: false },
    );
  }
  madeNewFor = file;
  server ??=
    dir && slot
      ? workerServer(dir, slot).then((s) => ({ server: s, own: false }))
      : startPostgres().then((s) => ({ server: s, own: true }));
  return (await server).server;
}

/** A new, empty database named `database` (default shop: the fixtures' relations name it). */
export async function freshSession(engine: Engine, database = "shop"): Promise<Session> {
  if (engine === "duckdb") return duckdbSession(duckdbFolder("test"), database);
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
 * `shop` database (or, given `base`, on a copy of that prepared database,
 * with its value); every `fresh()` is a new database with exactly that
 * content (DuckDB: a copy of the file; PostgreSQL: CREATE DATABASE … TEMPLATE).
 */
export function prepared<T, B = undefined>(
  engine: Engine,
  prepare: (session: Session, base: B) => Promise<T>,
  base?: () => Promise<{ session: Session; value: B }>,
): () => Promise<{ session: Session; value: T }> {
  let ready: Promise<{ value: T; source: string }> | null = null;
  const make = async () => {
    const from = base ? await base() : { session: await freshSession(engine), value: undefined as B };
    const session = from.session;
    const value = await prepare(session, from.value);
    if (engine === "duckdb") await session.exec("CHECKPOINT");
    await session.close();
    if (engine === "duckdb") {
      // Later tests copy it: into a folder of its own that lives as long as the file (the session's goes with its test).
      const dir = duckdbFolder("file");
      const source = path.join(dir, "shop.duckdb");
      copyFileSync(session.spec.slice("duckdb:".length), source);
      return { value, source };
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
    // First, so that an earlier file's folders are gone before the source is looked for (not between the look and the copy).
    if (engine === "duckdb") enterCurrentFile();
    ready ??= make();
    let made = await ready;
    if (engine === "duckdb" && !existsSync(made.source)) {
      // Made for an earlier file of this worker (a prepared() held by a shared module), whose folders are gone.
      ready = make();
      made = await ready;
    }
    const { value, source } = made;
    if (engine === "duckdb") {
      const dir = duckdbFolder("test");
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
