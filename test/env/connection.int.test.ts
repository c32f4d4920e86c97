/**
 * Timeouts, concurrency and honest errors (issue 19, items 6-8), on a real
 * DuckDB file and a real PostgreSQL server:
 *
 * - a server that accepts and never answers, a statement that runs too long
 *   (pg_sleep in a trigger; a large DuckDB copy), a lock another session
 *   holds (a BI query on PostgreSQL; another process with the DuckDB file
 *   open), a server that stops answering mid-run: each ends with its own
 *   error code naming the timeout, its value and how to change it;
 * - many jobs creating the registry (and one environment) at once all
 *   succeed;
 * - a role without privileges, an unwritable DuckDB file and a connection
 *   terminated mid-run are their own errors, not "a bug in ods-state".
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { DuckDBInstance } from "@duckdb/node-api";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { DuckDbWarehouse } from "../../src/drivers/duckdb/duckdb-warehouse.js";
import { PostgresWarehouse } from "../../src/drivers/postgres/postgres-warehouse.js";
import {
  createEnvironment,
  environmentContext,
  environmentName,
  REGISTRY_SCHEMA_VERSION,
} from "../../src/environment/index.js";
import { isUserError, type UserError } from "../../src/errors/user-error.js";
import { reportFailure } from "../../src/github/report-failure.js";
import { runMainStep } from "../../src/run/main-step.js";
import { DEFAULT_TIMEOUTS, type WarehouseTimeouts } from "../../src/warehouse/timeouts.js";
import type { Warehouse } from "../../src/warehouse/warehouse.js";
import { escapedWarehouseFailure } from "../../src/warehouse/warehouse-errors.js";
import { actionJob, pullRequestEvent } from "../support/action-job.js";
import { cliIn } from "../support/cli-context.js";
import { PROJECT_ROOT } from "../support/shared-fixtures.js";
import { ENGINES, freshSession, postgresServer } from "../support/warehouse/engines.js";
import { prodBuilt, prPlanOf, shop } from "../support/warehouse/scenario.js";
import type { Engine } from "../support/warehouse/sessions.js";
import { ENV_SCOPE } from "../support/warehouse/shop.js";

const PR7 = environmentName(ENV_SCOPE, 7);

const NOW = "2026-12-01T10:00:00.000Z";
const dir = mkdtempSync(path.join(os.tmpdir(), "ods-env-connection-"));
chmodSync(dir, 0o755);
const children: ChildProcess[] = [];
const servers: net.Server[] = [];
afterAll(() => {
  for (const child of children) child.kill("SIGKILL");
  for (const server of servers) server.close();
  rmSync(dir, { recursive: true, force: true });
});

const HOOKS = path.join(PROJECT_ROOT, "tools", "ts-hooks.mjs");
const WORKER = path.join(PROJECT_ROOT, "test", "support", "warehouse", "warehouse-worker.ts");
const CLI = path.join(PROJECT_ROOT, "src", "cli.ts");

const timeouts = (overrides: Partial<WarehouseTimeouts>): WarehouseTimeouts => ({
  ...DEFAULT_TIMEOUTS,
  ...overrides,
});

/** The UserError `promise` rejects with (fails the test when it resolves or throws anything else). */
async function userErrorOf(promise: Promise<unknown>): Promise<UserError> {
  const outcome = await promise.then(
    () => null,
    (error: unknown) => error,
  );
  if (!isUserError(outcome)) throw new Error(`expected a UserError, got ${String(outcome)}`);
  return outcome;
}

const cli = cliIn(dir);

/** A PostgreSQL database of its own, with the server's URL for it (user `ods`, superuser). */
async function database(
  name: string,
): Promise<{ url: string; admin: pg.Client; urlAs(user: string): string }> {
  const session = await freshSession("postgres", name);
  await session.close();
  const server = await postgresServer();
  const admin = new pg.Client({ connectionString: server.urlFor(name) });
  await admin.connect();
  return {
    url: server.urlFor(name),
    admin,
    urlAs: (user) => server.urlFor(name).replace("postgres://ods@", `postgres://${user}@`),
  };
}

/** A TCP server that accepts connections and never answers. */
async function silentServer(): Promise<number> {
  const server = net.createServer((socket) => socket.on("error", () => {}));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as net.AddressInfo).port;
}

/** A TCP proxy to PostgreSQL that can stop forwarding (a frozen server) or reset every connection. */
async function proxyTo(port: number) {
  let frozen = false;
  const sockets: net.Socket[] = [];
  const server = net.createServer((client) => {
    const upstream = net.connect(port, "127.0.0.1");
    sockets.push(client, upstream);
    for (const s of [client, upstream]) s.on("error", () => {});
    client.on("data", (data) => {
      if (!frozen) upstream.write(data);
    });
    upstream.on("data", (data) => {
      if (!frozen) client.write(data);
    });
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    freeze: () => {
      frozen = true;
    },
    reset: () => {
      for (const s of sockets) s.resetAndDestroy();
    },
  };
}

/** Another process holding the DuckDB file open for `ms`; resolves once it holds it. */
async function holdDuckDb(file: string, ms: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", HOOKS, WORKER, "hold", file, String(ms)], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (data: Buffer) => {
      if (data.toString().includes("held")) resolve();
    });
    child.on("exit", (code) => reject(new Error(`holder exited with ${code}`)));
  });
  return child;
}

async function duckFile(name: string): Promise<string> {
  const folder = path.join(dir, name);
  mkdirSync(folder, { recursive: true });
  return path.join(folder, "shop.duckdb");
}

/** A new DuckDB file with `sql` run in it (by DuckDB directly, then closed). */
async function duckWith(name: string, sql: string[]): Promise<string> {
  const file = await duckFile(name);
  const instance = await DuckDBInstance.create(file);
  const connection = await instance.connect();
  for (const statement of sql) await connection.run(statement);
  connection.closeSync();
  instance.closeSync();
  return file;
}

describe.each(ENGINES)("timeouts on %s", (engine: Engine) => {
  it("a warehouse that never lets ODS in ends with a timeout naming its value and how to change it, not a hang", async () => {
    if (engine === "postgres") {
      // Accepts the TCP connection, never answers the handshake.
      const port = await silentServer();
      const started = Date.now();
      const error = await userErrorOf(
        PostgresWarehouse.connect(`postgres://ods@127.0.0.1:${port}/shop`, timeouts({ connectMs: 400 })),
      );
      expect(Date.now() - started).toBeLessThan(5000);
      expect(error.code).toBe("warehouse_connect_timeout");
      expect(error.message).toContain("connect timeout (400 ms)");
      expect(error.message).toContain("--connect-timeout");
      expect(error.message).toContain("`connect-timeout` input");
      const run = await cli([
        "env",
        "list",
        "--warehouse",
        `postgres://ods:secret@127.0.0.1:${port}/shop`,
        "--connect-timeout",
        "300ms",
      ]);
      expect(run.code).toBe(1);
      expect(run.err).toMatch(/^error\[warehouse_connect_timeout\]: The connect timeout \(300 ms\) expired/);
      expect(run.err).not.toContain("secret");
    } else {
      // DuckDB has no server: what can keep it out is another process with the file open.
      const file = await duckWith("held", ["create schema analytics"]);
      const holder = await holdDuckDb(file, 60_000);
      const started = Date.now();
      const error = await userErrorOf(DuckDbWarehouse.open(file, timeouts({ lockMs: 700 })));
      expect(Date.now() - started).toBeGreaterThanOrEqual(650);
      expect(error.code).toBe("warehouse_lock_timeout");
      expect(error.message).toContain("lock timeout (700 ms)");
      expect(error.message).toContain(`PID ${holder.pid}`);
      expect(error.message).toContain("--lock-timeout");
      const run = await cli(["env", "list", "--warehouse", `duckdb:${file}`, "--lock-timeout", "300ms"]);
      expect(run.code).toBe(1);
      expect(run.err).toMatch(/^error\[warehouse_lock_timeout\]: The lock timeout \(300 ms\) expired/);
      holder.kill("SIGKILL");
    }
  }, 30_000);

  it("a statement longer than the statement timeout is cancelled and its transaction rolled back", async () => {
    let warehouse: Warehouse;
    let check: () => Promise<number>;
    let attempt: () => Promise<unknown>;
    if (engine === "postgres") {
      const db = await database("conn_statement");
      warehouse = await PostgresWarehouse.connect(db.url, timeouts({ statementMs: 500 }));
      const ctx = (await environmentContext(warehouse, { scope: ENV_SCOPE, now: NOW }))!;
      // A slow registry write: every insert into environments sleeps 20 s.
      await db.admin.query(
        "create function ods_meta.slow() returns trigger language plpgsql as $$ begin perform pg_sleep(20); return new; end $$",
      );
      await db.admin.query(
        "create trigger slow before insert on ods_meta.environments for each row execute function ods_meta.slow()",
      );
      attempt = () =>
        ctx.registry.putEnvironment({
          name: environmentName(ENV_SCOPE, 1),
          repository: ENV_SCOPE.repository,
          repository_id: null,
          project: "shop",
          schemas: [],
          pr_number: 1,
          head_sha: null,
          status: "open",
          prod_schemas: [],
          created_at: NOW,
          updated_at: NOW,
          closed_at: null,
        });
      check = async () =>
        Number((await db.admin.query("select count(*) as n from ods_meta.environments")).rows[0].n);
      try {
        const started = Date.now();
        const error = await userErrorOf(attempt());
        expect(Date.now() - started).toBeLessThan(10_000);
        expect(error.code).toBe("warehouse_statement_timeout");
        expect(error.message).toContain("statement timeout (500 ms)");
        expect(error.message).toContain("--statement-timeout");
        expect(error.message).toContain("ods_meta");
        expect(await check()).toBe(0);
        // The connection is still usable after a cancelled statement.
        expect(await ctx.registry.environments()).toEqual([]);
      } finally {
        await warehouse.close();
        await db.admin.end();
      }
      return;
    }
    // DuckDB: promoting copies a table into prod's schema; a copy of 20 million rows takes longer than 50 ms.
    const file = await duckWith("copy", [
      "create schema analytics",
      "create schema analytics_pr_1",
      "create table analytics_pr_1.big as select i, i * 2 as j from range(20000000) t(i)",
    ]);
    warehouse = await DuckDbWarehouse.open(file, timeouts({ statementMs: 50 }));
    try {
      const error = await userErrorOf(
        warehouse.stageTable(
          { schema: "analytics_pr_1", identifier: "big" },
          { schema: "analytics", identifier: "big" },
        ),
      );
      expect(error.code).toBe("warehouse_statement_timeout");
      expect(error.message).toContain("statement timeout (50 ms)");
      expect(error.message).toContain("interrupted");
      expect(await warehouse.listObjects(["analytics"])).toEqual([]);
    } finally {
      await warehouse.close();
    }
  }, 60_000);

  it("waiting for a lock another session holds ends with the lock timeout; a lock released in time is waited for", async () => {
    if (engine === "postgres") {
      const db = await database("conn_lock");
      await db.admin.query("create schema analytics; create table analytics.orders (id int)");
      const warehouse = await PostgresWarehouse.connect(db.url, timeouts({ lockMs: 400 }));
      // A BI query reading prod's table, in an open transaction: it holds ACCESS SHARE; a rename needs ACCESS EXCLUSIVE.
      const bi = new pg.Client({ connectionString: db.url });
      await bi.connect();
      try {
        await bi.query("begin; select * from analytics.orders");
        const started = Date.now();
        const error = await userErrorOf(
          warehouse.renameTable({ schema: "analytics", identifier: "orders" }, "orders_retired"),
        );
        expect(Date.now() - started).toBeLessThan(5000);
        expect(error.code).toBe("warehouse_lock_timeout");
        expect(error.message).toContain("lock timeout (400 ms)");
        expect(error.message).toContain('ALTER TABLE "analytics"."orders"');
        expect(error.message).toContain("--lock-timeout");
        expect((await warehouse.listObjects(["analytics"])).map((o) => o.identifier)).toEqual(["orders"]);
        // Released within the limit: the rename waits for it and succeeds. A limit of its own with room
        // (10 s for a lock released after 150 ms): with 400 ms, a loaded 2-core CI machine once took
        // longer than the 250 ms left between the commit and the limit.
        const patient = await PostgresWarehouse.connect(db.url, timeouts({ lockMs: 10_000 }));
        try {
          await bi.query("select * from analytics.orders");
          const commit = new Promise((resolve) => setTimeout(resolve, 150)).then(() => bi.query("commit"));
          const waited = Date.now();
          await patient.renameTable({ schema: "analytics", identifier: "orders" }, "orders_retired");
          await commit;
          expect(Date.now() - waited).toBeGreaterThanOrEqual(100);
          expect((await patient.listObjects(["analytics"])).map((o) => o.identifier)).toEqual([
            "orders_retired",
          ]);
        } finally {
          await patient.close();
        }
      } finally {
        await bi.end();
        await warehouse.close();
        await db.admin.end();
      }
      return;
    }
    const file = await duckWith("wait", ["create schema analytics"]);
    const holder = await holdDuckDb(file, 1000);
    const started = Date.now();
    const warehouse = await DuckDbWarehouse.open(file, timeouts({ lockMs: 20_000 }));
    try {
      expect(Date.now() - started).toBeGreaterThan(300);
      expect(holder.pid).toBeGreaterThan(0);
      expect(await warehouse.listSchemas()).toContain("analytics");
    } finally {
      await warehouse.close();
    }
  }, 60_000);
});

describe.each(ENGINES)("concurrency on %s", (engine: Engine) => {
  it("many jobs creating the registry at once on a fresh warehouse all succeed, with one registry", async () => {
    if (engine === "postgres") {
      for (let round = 0; round < 3; round += 1) {
        const db = await database(`conn_race_${round}`);
        const warehouses = await Promise.all(
          Array.from({ length: 12 }, () => PostgresWarehouse.connect(db.url)),
        );
        try {
          const outcomes = await Promise.allSettled(
            warehouses.map((w) => environmentContext(w, { scope: ENV_SCOPE, now: NOW })),
          );
          const failed = outcomes.filter((o) => o.status === "rejected").map((o) => String(o.reason));
          expect(failed).toEqual([]);
          const rows = await db.admin.query("select key, value from ods_meta.registry_info");
          expect(rows.rows).toEqual([
            {
              key: "schema_version",
              value: `${REGISTRY_SCHEMA_VERSION.major}.${REGISTRY_SCHEMA_VERSION.minor}`,
            },
          ]);
        } finally {
          await Promise.all(warehouses.map((w) => w.close()));
          await db.admin.end();
        }
      }
      return;
    }
    // One DuckDB file is opened for writing by one process at a time: jobs in several processes take turns
    // (each waits for the file up to its lock timeout).
    const file = await duckFile("race");
    const runs = await Promise.all(
      Array.from(
        { length: 4 },
        () =>
          new Promise<string>((resolve) => {
            const child = spawn(
              process.execPath,
              ["--import", HOOKS, WORKER, "registry", `duckdb:${file}`, "60000"],
              { stdio: ["ignore", "pipe", "inherit"] },
            );
            children.push(child);
            let out = "";
            child.stdout!.on("data", (data: Buffer) => {
              out += data.toString();
            });
            child.on("exit", () => resolve(out.trim()));
          }),
      ),
    );
    expect(runs).toEqual(Array(4).fill(JSON.stringify({ ok: true })));
    const warehouse = await DuckDbWarehouse.open(file);
    try {
      expect(await warehouse.hasRecordTable("ods_meta", "registry_info")).toBe(true);
    } finally {
      await warehouse.close();
    }
  }, 120_000);

  // DuckDB creates a new file, then locks it and writes its header: a process that locked the empty file in
  // between failed, the creator (its lock refused) found an existing file on its next try and loaded it, and
  // every job refused the empty file for good ("not a valid DuckDB database file"). ODS now creates a new
  // file whole, and takes an empty file that stays empty for one left behind that way.
  it("an empty file a creator that lost the race for its lock left behind becomes the registry's database", async () => {
    if (engine === "postgres") {
      // PostgreSQL has no database file: creating its registry at once is the test above.
      return;
    }
    const file = await duckFile("empty");
    writeFileSync(file, "");
    const warehouse = await DuckDbWarehouse.open(file, timeouts({ lockMs: 10_000 }));
    try {
      await environmentContext(warehouse, { scope: ENV_SCOPE, now: NOW });
      expect(await warehouse.hasRecordTable("ods_meta", "registry_info")).toBe(true);
    } finally {
      await warehouse.close();
    }
    expect(readdirSync(path.dirname(file)).filter((name) => name.includes("ods-new"))).toEqual([]);
  }, 60_000);

  it("a file that is not a database is still refused, not replaced", async () => {
    if (engine === "postgres") return;
    const file = await duckFile("not-a-database");
    writeFileSync(file, "id,name\n".repeat(4000));
    const error = await userErrorOf(DuckDbWarehouse.open(file));
    expect(error.message).toContain("not a valid DuckDB database file");
    expect(readFileSync(file, "utf8").startsWith("id,name\n")).toBe(true);
  }, 60_000);
});

describe.each(ENGINES)("honest errors on %s", (engine: Engine) => {
  it("a warehouse that refuses for lack of privilege says which operation and what to grant", async () => {
    if (engine === "postgres") {
      const db = await database("conn_perm");
      await db.admin.query("create schema analytics; create table analytics.orders (id int)");
      await db.admin.query("drop role if exists ci_bare; create role ci_bare login");
      try {
        // No CREATE on the database: the registry's schema can't be created.
        const run = await cli([
          "env",
          "cleanup",
          "--pr",
          "1",
          "--project",
          "shop",
          "--repository",
          "acme/shop",
          "--warehouse",
          db.urlAs("ci_bare"),
        ]);
        expect(run.code).toBe(1);
        expect(run.err).toMatch(
          /^error\[warehouse_permission_denied\]: Permission denied in postgres:\/\/127\.0\.0\.1:\d+\/conn_perm for CREATE SCHEMA IF NOT EXISTS "ods_meta"/,
        );
        expect(run.err).toContain("GRANT CREATE ON DATABASE");
        expect(run.err).not.toContain("internal");
        // With CREATE on the database, the registry is made; a prod table it doesn't own can't be renamed.
        await db.admin.query(
          'grant create on database "conn_perm" to ci_bare; grant usage on schema analytics to ci_bare',
        );
        const warehouse = await PostgresWarehouse.connect(db.urlAs("ci_bare"));
        try {
          expect(await environmentContext(warehouse, { scope: ENV_SCOPE, now: NOW })).not.toBeNull();
          const error = await userErrorOf(
            warehouse.renameTable({ schema: "analytics", identifier: "orders" }, "orders_retired"),
          );
          expect(error.code).toBe("warehouse_permission_denied");
          expect(error.message).toContain("must be owner of table orders");
          expect(error.message).toContain("ownership of the object");
        } finally {
          await warehouse.close();
        }
      } finally {
        await db.admin.query("drop owned by ci_bare; ");
        await db.admin.end();
      }
      return;
    }
    // DuckDB: a database file the job's user can't write.
    const file = await duckWith("readonly", ["create schema analytics"]);
    const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
    let code: number | null;
    let err: string;
    if (isRoot) {
      // root writes any file: run the CLI as `nobody`, which can read the file and its folder but not write them.
      const child = spawnSync(
        "runuser",
        [
          "-u",
          "nobody",
          "--",
          process.execPath,
          "--import",
          HOOKS,
          CLI,
          "env",
          "list",
          "--warehouse",
          `duckdb:${file}`,
        ],
        { encoding: "utf8", cwd: dir },
      );
      code = child.status;
      err = child.stderr;
    } else {
      chmodSync(file, 0o444);
      chmodSync(path.dirname(file), 0o555);
      const run = await cli(["env", "list", "--warehouse", `duckdb:${file}`]);
      code = run.code;
      err = run.err;
      chmodSync(path.dirname(file), 0o755);
    }
    expect(code).toBe(1);
    expect(err).toMatch(/^error\[warehouse_permission_denied\]: Permission denied in duckdb:.*shop\.duckdb/);
    expect(err).toContain("read and write the database file");
    expect(err).not.toContain("internal");
  }, 60_000);
});

// DuckDB runs in the process: there is no connection to lose or server to stop answering. What applies
// there is the file another process holds (the timeouts above) and a file ODS can't write (above).
describe.skipIf(!ENGINES.includes("postgres"))(
  "a PostgreSQL server that goes away or stops answering",
  () => {
    it("a connection terminated mid-run says the warehouse went away and what to run; nothing hangs", async () => {
      const db = await database("conn_lost");
      const warehouse = await PostgresWarehouse.connect(db.url);
      const ctx = (await environmentContext(warehouse, { scope: ENV_SCOPE, now: NOW }))!;
      const blocker = new pg.Client({ connectionString: db.url });
      await blocker.connect();
      try {
        // Hold the registry so ODS's read waits, then terminate ODS's backend from another session.
        await blocker.query("begin; lock table ods_meta.environments in access exclusive mode");
        const reading = userErrorOf(ctx.registry.environments());
        await new Promise((resolve) => setTimeout(resolve, 300));
        const killed = await db.admin.query(
          "select pg_terminate_backend(pid) as ok from pg_stat_activity where application_name = 'ods-state' and datname = 'conn_lost'",
        );
        expect(killed.rows).toEqual([{ ok: true }]);
        const error = await reading;
        expect(error.code).toBe("warehouse_connection_lost");
        expect(error.message).toContain("terminating connection due to administrator command");
        expect(error.hint).toContain("run the same command again");
        // Every later statement says so at once, and closing doesn't hang.
        expect((await userErrorOf(ctx.registry.environments())).code).toBe("warehouse_connection_lost");
        await warehouse.close();
        await blocker.query("rollback");
        // A new run finds the registry as it was.
        const again = await PostgresWarehouse.connect(db.url);
        try {
          expect(
            await (await environmentContext(again, { scope: ENV_SCOPE, now: NOW }))!.registry.environments(),
          ).toEqual([]);
        } finally {
          await again.close();
        }
        // The action's and CLI's last line of defence: the driver's own error, escaped, is still not a bug.
        const raw = new pg.Client({ connectionString: db.url, application_name: "raw-victim" });
        raw.on("error", () => {});
        await raw.connect();
        const sleeping = raw.query("select pg_sleep(30)").then(
          () => null,
          (e: unknown) => e,
        );
        await new Promise((resolve) => setTimeout(resolve, 200));
        await db.admin.query(
          "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'raw-victim'",
        );
        const failures: string[] = [];
        reportFailure(await sleeping, {
          setFailed: (message) => failures.push(message),
          error: () => {},
          debug: () => {},
        });
        expect(failures[0]).toMatch(/^error\[warehouse_connection_lost\]/);
        expect(failures[0]).not.toContain("bug");
      } finally {
        await blocker.end();
        await db.admin.end();
      }
    }, 60_000);

    it("mid-run: the statement ends after the statement timeout (and a grace), the connection is closed", async () => {
      const db = await database("conn_frozen");
      const proxy = await proxyTo((await postgresServer()).port);
      const url = db.url.replace(/:\d+\//, `:${proxy.port}/`);
      const warehouse = await PostgresWarehouse.connect(url, timeouts({ statementMs: 400 }));
      try {
        expect(await environmentContext(warehouse, { scope: ENV_SCOPE, now: NOW })).not.toBeNull();
        proxy.freeze();
        const started = Date.now();
        const error = await userErrorOf(warehouse.listSchemas());
        expect(Date.now() - started).toBeLessThan(5000);
        expect(error.code).toBe("warehouse_statement_timeout");
        expect(error.message).toContain("the server did not answer");
        const closing = Date.now();
        await warehouse.close();
        expect(Date.now() - closing).toBeLessThan(2000);
      } finally {
        await db.admin.end();
      }
    }, 30_000);

    it("a reset connection is a lost connection", async () => {
      const db = await database("conn_reset");
      const proxy = await proxyTo((await postgresServer()).port);
      const warehouse = await PostgresWarehouse.connect(db.url.replace(/:\d+\//, `:${proxy.port}/`));
      try {
        const ctx = (await environmentContext(warehouse, { scope: ENV_SCOPE, now: NOW }))!;
        proxy.reset();
        const error = await userErrorOf(ctx.registry.environments());
        expect(error.code).toBe("warehouse_connection_lost");
        await warehouse.close();
      } finally {
        await db.admin.end();
      }
    }, 30_000);

    it("the timeouts come from flags and inputs and are refused when they aren't durations", async () => {
      const run = await cli(["env", "list", "--warehouse", "duckdb:x.duckdb", "--lock-timeout", "soon"]);
      expect(run.code).toBe(2);
      expect(run.err).toMatch(/^error\[usage\]: --lock-timeout is `soon`/);
    });
  },
);

describe.each(ENGINES)("the action's inputs on %s", (engine: Engine) => {
  it("connect-timeout / lock-timeout reach the warehouse: the main step fails with the timeout's own error", async () => {
    const workspace = path.join(dir, `action-${engine}`);
    mkdirSync(path.join(workspace, "target"), { recursive: true });
    writeFileSync(path.join(workspace, "target", "manifest.json"), JSON.stringify(shop().prManifest));
    let warehouse: string;
    let holder: ChildProcess | null = null;
    if (engine === "postgres") {
      warehouse = `postgres://ods:secret@127.0.0.1:${await silentServer()}/shop`;
    } else {
      const file = await duckWith(`action-held-${engine}`, ["create schema analytics"]);
      holder = await holdDuckDb(file, 60_000);
      warehouse = `duckdb:${file}`;
    }
    const values: Record<string, string> = {
      warehouse,
      "connect-timeout": "300ms",
      "lock-timeout": "300ms",
      comment: "false",
    };
    const { main } = actionJob({
      workspace,
      event: pullRequestEvent("opened", { headSha: "c".repeat(40) }),
      tempDir: path.join(workspace, "temp"),
      inputs: values,
      runId: 9,
    });
    const started = Date.now();
    const thrown = await main().then(
      () => null,
      (error: unknown) => error,
    );
    expect(Date.now() - started).toBeLessThan(10_000);
    const failures: string[] = [];
    reportFailure(thrown, { setFailed: (m) => failures.push(m), error: () => {}, debug: () => {} });
    expect(failures[0]).toMatch(
      engine === "postgres"
        ? /^error\[warehouse_connect_timeout\]: The connect timeout \(300 ms\) expired/
        : /^error\[warehouse_lock_timeout\]: The lock timeout \(300 ms\) expired/,
    );
    expect(failures[0]).not.toContain("secret");
    holder?.kill("SIGKILL");
  }, 30_000);
});

describe("the last line of defence only claims what is the warehouse's", () => {
  it.each([
    ["a broken pipe on stdout", Object.assign(new Error("write EPIPE"), { code: "EPIPE" })],
    ["a reset GitHub API call", Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" })],
    ["a file error", Object.assign(new Error("EACCES: permission denied, open 'x'"), { code: "EACCES" })],
    ["a plain error", new Error("permission denied for table orders")],
  ])("%s stays what it is", (_, error) => {
    expect(escapedWarehouseFailure(error)).toBeNull();
  });
});

describe.skipIf(!ENGINES.includes("postgres"))(
  "an environment's creation cut off mid-run (PostgreSQL)",
  () => {
    it("fails as a lost connection with nothing half-made, and running it again finishes the environment", async () => {
      const session = await freshSession("postgres");
      const url = (await postgresServer()).urlFor("shop");
      const blocker = new pg.Client({ connectionString: url });
      await blocker.connect();
      try {
        const s = shop();
        const prod = await prodBuilt(session, s);
        const plan = prPlanOf(s, prod);
        const input = { name: PR7, project: "shop", prNumber: 7, headSha: null, plan, prod };
        const first = await PostgresWarehouse.connect(url);
        const ctx = (await environmentContext(first, { scope: ENV_SCOPE, now: NOW }))!;
        // The first pointer view is made, then its registry row waits for the lock another session holds:
        // an administrator terminates ODS's backend there.
        await blocker.query("begin; lock table ods_meta.env_pointers in access exclusive mode");
        const creating = userErrorOf(createEnvironment(ctx, input));
        await new Promise((resolve) => setTimeout(resolve, 500));
        await session.exec(
          "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'ods-state' and wait_event_type = 'Lock'",
        );
        const error = await creating;
        expect(error.code).toBe("warehouse_connection_lost");
        expect(error.hint).toContain("run the same command again");
        await first.close();
        await blocker.query("rollback");
        // Nothing half-made: the view being made went with its transaction.
        const views = async () =>
          (
            await session.rows(
              "select table_name from information_schema.views where table_schema = 'analytics_pr_7'",
            )
          )
            .map((row) => String(row.table_name))
            .sort();
        expect(await views()).toEqual([]);
        // Running it again finishes the job.
        const again = await PostgresWarehouse.connect(url);
        try {
          const ctx2 = (await environmentContext(again, { scope: ENV_SCOPE, now: NOW }))!;
          const change = await createEnvironment(ctx2, input);
          expect(change.pointers).toBeGreaterThan(0);
          const pointers = (await ctx2.registry.pointers(PR7)).map((p) => p.identifier).sort();
          expect(await views()).toEqual(pointers);
          expect((await createEnvironment(ctx2, input)).actions).toEqual([]);
        } finally {
          await again.close();
        }
      } finally {
        await blocker.end();
        await session.close();
      }
    }, 60_000);
  },
);

describe.skipIf(!ENGINES.includes("postgres"))(
  "one environment created by several jobs at once (PostgreSQL)",
  () => {
    it("all succeed and the environment is whole", async () => {
      // The shop's relations name the database `shop`.
      const session = await freshSession("postgres");
      const warehouses: PostgresWarehouse[] = [];
      try {
        const s = shop();
        const prod = await prodBuilt(session, s);
        const plan = prPlanOf(s, prod);
        const url = (await postgresServer()).urlFor("shop");
        for (let i = 0; i < 6; i += 1) warehouses.push(await PostgresWarehouse.connect(url));
        const contexts = await Promise.all(
          warehouses.map((w) => environmentContext(w, { scope: ENV_SCOPE, now: NOW })),
        );
        const outcomes = await Promise.allSettled(
          contexts.map((ctx) =>
            createEnvironment(ctx!, {
              name: PR7,
              project: "shop",
              prNumber: 7,
              headSha: null,
              plan,
              prod,
            }),
          ),
        );
        expect(outcomes.filter((o) => o.status === "rejected").map((o) => String(o.reason))).toEqual([]);
        const again = await createEnvironment(contexts[0]!, {
          name: PR7,
          project: "shop",
          prNumber: 7,
          headSha: null,
          plan,
          prod,
        });
        expect(again.actions).toEqual([]);
        const pointers = await contexts[0]!.registry.pointers(PR7);
        const views = await warehouses[0]!.listObjects(["analytics_pr_7"]);
        expect(pointers.length).toBeGreaterThan(0);
        expect(views.map((v) => `${v.identifier}:${v.kind}`).sort()).toEqual(
          pointers.map((p) => `${p.identifier}:view`).sort(),
        );
      } finally {
        await Promise.all(warehouses.map((w) => w.close()));
        await session.close();
      }
    }, 60_000);
  },
);
