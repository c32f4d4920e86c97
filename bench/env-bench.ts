/**
 * Environments at scale on a real PostgreSQL (issue 19's target: creating an
 * environment and promoting 1,000 relations stay under 5 s each).
 *
 *   node bench/env-bench.ts [--relations 1000] [--runs 3] [--engine postgres|duckdb]
 *
 * Starts a throwaway PostgreSQL server the way the tests do
 * (test/support/warehouse/postgres-server.ts: initdb into a temporary folder,
 * 127.0.0.1, trust, fsync off), then per run, on a fresh database:
 *
 *   setup (untimed)  prod: N tables `analytics.t0000…` (id, v; 3 rows each),
 *                    recorded in a prod state snapshot; the registry created
 *   create           createEnvironment of `pr-1`: N REUSE nodes, so N pointer
 *                    views in `analytics_pr_1` reading prod's tables, and the
 *                    environment's schema (the action's main step on a PR)
 *   refresh          createEnvironment again with the same plan (a push that
 *                    changed nothing: the whole observation, no change)
 *   repair           repairEnvironments after a main run rebuilt every prod
 *                    table the way dbt-postgres does (DROP … CASCADE dropped
 *                    every pointer view): N pointer views recreated
 *   setup (untimed)  `pr-2`: N tables built in `analytics_pr_2`, owned by it
 *   promote          promote() of those N tables into prod, replacing N prod
 *                    tables (each kept, renamed, for rollback), one transaction
 *
 * Each timed step also reports the statements it sent (round trips: `pg`
 * sends one query at a time) and CPU time: this process's, and the server's
 * for the connection (PostgreSQL: its backend process, /proc/PID/stat), which
 * compare across minutes of a shared machine where wall time doesn't.
 * `--profile` prints the time per kind of statement. Prints one JSON line
 * per run and a summary (medians per step). Results: bench/README.md.
 */

import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import "../tools/ts-hooks.mjs";

const { default: pg } = await import("pg");
const { startPostgres } = await import("../test/support/warehouse/postgres-server.js");
const env = await import("../src/environment/index.js");
const { PostgresWarehouse } = await import("../src/drivers/postgres/postgres-warehouse.js");
const { DuckDbWarehouse } = await import("../src/drivers/duckdb/duckdb-warehouse.js");

type Warehouse = import("../src/warehouse/warehouse.js").Warehouse;
type Plan = import("../src/state/plan.js").Plan;
type PlanEntry = import("../src/state/plan.js").PlanEntry;
type StateSnapshot = import("../src/state/snapshot.js").StateSnapshot;
type NodeState = import("../src/state/snapshot.js").NodeState;
type PromotionPlan = import("../src/environment/promotion/types.js").PromotionPlan;
const { projectOf } = await import("../src/dbt/load-project.js");
const { readManifestFile } = await import("../src/files/read-manifest-file.js");

/** The project's own shop fixture: a real manifest whose graph the promotion's remaining selection reads. */
const SHOP_MANIFEST = new URL("../fixtures/shop/prod/manifest.json", import.meta.url).pathname;

const args = process.argv.slice(2);
const flag = (name: string, fallback: string): string => {
  const i = args.indexOf(name);
  return i >= 0 ? (args[i + 1] ?? fallback) : fallback;
};
const N = Number(flag("--relations", "1000"));
const RUNS = Number(flag("--runs", "3"));
const ENGINE = flag("--engine", "postgres");
/** --profile: time spent per kind of statement (its first words), per step. */
const PROFILE = args.includes("--profile");
const profile = new Map<string, { n: number; ms: number }>();

function kindOf(sql: unknown): string {
  const text = typeof sql === "string" ? sql : String((sql as { text?: string })?.text ?? "?");
  const bare = text
    .replace(/"(?:[^"]|"")*"/g, "…")
    .replace(/ods_rebind_\d+/gi, "sp")
    .replace(/\s+/g, " ")
    .trim();
  if (/^SELECT/i.test(bare)) return `SELECT … FROM ${/FROM (\S+)/i.exec(bare)?.[1] ?? "?"}`;
  return bare.split(" ").slice(0, 6).join(" ").slice(0, 60);
}

function note(kind: string, ms: number): void {
  const entry = profile.get(kind) ?? { n: 0, ms: 0 };
  entry.n += 1;
  entry.ms += ms;
  profile.set(kind, entry);
}

const name = (i: number) => `t${String(i).padStart(4, "0")}`;
const idOf = (i: number) => `model.bench.${name(i)}`;
const NOW = "2026-12-01T12:00:00.000Z";
const SCOPE = { repository: "acme/bench", project: "bench" };

interface Connection {
  warehouse: Warehouse;
  /** CPU time (ms) the server spent for this connection so far (PostgreSQL: its backend process), or null. */
  serverCpuMs(): number | null;
  /** Runs SQL outside the adapter (setup, dbt's stand-in), uncounted. */
  exec(sql: string): Promise<void>;
  statements(): number;
  close(): Promise<void>;
}

async function postgresConnection(url: string): Promise<Connection> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const backend = Number((await client.query("select pg_backend_pid() as pid")).rows[0].pid);
  let count = 0;
  const query = client.query.bind(client) as (...a: unknown[]) => unknown;
  const counting = new Proxy(client, {
    get(target, key, receiver) {
      if (key === "query")
        return async (...a: unknown[]) => {
          count += 1;
          if (!PROFILE) return query(...a);
          const start = performance.now();
          try {
            return await query(...a);
          } finally {
            note(kindOf(a[0]), performance.now() - start);
          }
        };
      return Reflect.get(target, key, receiver);
    },
  });
  return {
    warehouse: PostgresWarehouse.fromClient(counting as typeof client, "postgres://bench"),
    serverCpuMs: () => {
      try {
        // utime and stime, fields 14 and 15 of /proc/PID/stat, in clock ticks (100 per second on Linux).
        const fields = readFileSync(`/proc/${backend}/stat`, "utf8").split(") ")[1]!.split(" ");
        return (Number(fields[11]) + Number(fields[12])) * 10;
      } catch {
        return null;
      }
    },
    exec: async (sql) => {
      await query(sql);
    },
    statements: () => count,
    close: () => client.end(),
  };
}

async function duckdbConnection(file: string): Promise<Connection> {
  const { DuckDBInstance } = await import("@duckdb/node-api");
  const instance = await DuckDBInstance.create(file);
  const connection = await instance.connect();
  let count = 0;
  const run = connection.runAndReadAll.bind(connection);
  const counting = new Proxy(connection, {
    get(target, key, receiver) {
      if (key === "runAndReadAll")
        return (...a: Parameters<typeof run>) => {
          count += 1;
          return run(...a);
        };
      return Reflect.get(target, key, receiver);
    },
  });
  return {
    warehouse: DuckDbWarehouse.fromConnection(counting as typeof connection, "duckdb:bench"),
    serverCpuMs: () => null,
    exec: async (sql) => {
      await run(sql);
    },
    statements: () => count,
    close: async () => {
      connection.closeSync();
      instance.closeSync();
    },
  };
}

function nodeState(i: number, schema: string, run: string): NodeState {
  return {
    fingerprint: `fp-${i}`,
    version_key: `vk-${i}`,
    run_id: run,
    built_at: "2026-12-01T08:00:00.000Z",
    relation: { database: "bench", schema, identifier: name(i) },
    parents: {},
    sources: {},
    materialized: "table",
  } as unknown as NodeState;
}

function prodSnapshot(): StateSnapshot {
  const nodes: Record<string, NodeState> = {};
  for (let i = 0; i < N; i += 1) nodes[idOf(i)] = nodeState(i, "analytics", "prod-run-1");
  return {
    schema_version: "1.0",
    scope: { project: "bench", environment: "prod" },
    run_id: "prod-run-1",
    created_at: "2026-12-01T08:00:00.000Z",
    nodes,
  } as unknown as StateSnapshot;
}

function reusePlan(schema: string): Plan {
  const entries: PlanEntry[] = [];
  for (let i = 0; i < N; i += 1) {
    entries.push({
      unique_id: idOf(i),
      name: name(i),
      resource_type: "model",
      package_name: "bench",
      materialized: "table",
      depth: 0,
      action: "REUSE",
      reasons: [],
      evidence: [],
      relation: { database: "bench", schema, identifier: name(i) },
      last_build: {
        run_id: "prod-run-1",
        built_at: "2026-12-01T08:00:00.000Z",
        relation: { database: "bench", schema: "analytics", identifier: name(i) },
      },
    });
  }
  return {
    schema_version: "1.0",
    scope: "bench",
    project: "bench",
    environment: "ci",
    planned_at: NOW,
    state: { found: true, snapshot_id: "s", run_id: "prod-run-1", created_at: NOW },
    selection: [],
    pointers: true,
    summary: { build: 0, reuse: N },
    entries,
    build_command: null,
    select: "",
  } as unknown as Plan;
}

/** N tables `schema.t0000…` of 3 rows, in batches of statements sent as one query. */
async function tables(connection: Connection, schema: string): Promise<void> {
  await connection.exec(`create schema if not exists "${schema}"`);
  for (let start = 0; start < N; start += 250) {
    const batch: string[] = [];
    for (let i = start; i < Math.min(N, start + 250); i += 1) {
      batch.push(
        `create table "${schema}"."${name(i)}" as select g as id, 'v' || g as v from generate_series(1, 3) g`,
      );
    }
    if (ENGINE === "duckdb") for (const sql of batch) await connection.exec(sql);
    else await connection.exec(batch.join(";\n"));
  }
}

/** main's dbt build of every prod table, as dbt-postgres's table materialization does it (tools/dbt-standin.ts). */
async function rebuildProd(connection: Connection): Promise<void> {
  const sql: string[] = [];
  for (let i = 0; i < N; i += 1) {
    const t = `"analytics"."${name(i)}"`;
    sql.push(
      `create table "analytics"."${name(i)}__dbt_tmp" as select g as id, 'w' || g as v from generate_series(1, 3) g`,
      `alter table ${t} rename to "${name(i)}__dbt_backup"`,
      `alter table "analytics"."${name(i)}__dbt_tmp" rename to "${name(i)}"`,
      `drop table "analytics"."${name(i)}__dbt_backup" cascade`,
    );
  }
  if (ENGINE === "duckdb") for (const s of sql) await connection.exec(s);
  else await connection.exec(sql.join(";\n"));
}

async function timed<T>(
  connection: Connection,
  out: Record<string, Measured>,
  step: string,
  fn: () => Promise<T>,
): Promise<T> {
  const before = connection.statements();
  profile.clear();
  const serverBefore = connection.serverCpuMs();
  const cpuBefore = process.cpuUsage();
  const start = performance.now();
  const result = await fn();
  const ms = Math.round(performance.now() - start);
  const cpu = process.cpuUsage(cpuBefore);
  const serverAfter = connection.serverCpuMs();
  out[step] = {
    ms,
    statements: connection.statements() - before,
    client_cpu_ms: Math.round((cpu.user + cpu.system) / 1000),
    ...(serverBefore !== null && serverAfter !== null ? { server_cpu_ms: serverAfter - serverBefore } : {}),
  };
  if (PROFILE) {
    const rows = [...profile.entries()].sort((a, b) => b[1].ms - a[1].ms);
    for (const [kind, { n, ms }] of rows)
      console.error(
        `${step.padEnd(8)} ${String(n).padStart(6)} × ${kind.padEnd(44)} ${ms.toFixed(0).padStart(6)} ms`,
      );
  }
  return result;
}

async function oneRun(open: () => Promise<Connection>): Promise<Record<string, Measured>> {
  const connection = await open();
  const out: Record<string, Measured> = {};
  try {
    await tables(connection, "analytics");
    const prod = prodSnapshot();
    const ctx = (await env.environmentContext(connection.warehouse, { scope: SCOPE, now: NOW }))!;
    const plan = reusePlan("analytics_pr_1");
    const input = {
      name: env.environmentName(SCOPE, 1),
      project: "bench",
      prNumber: 1,
      headSha: null,
      plan,
      prod,
    };
    const created = await timed(connection, out, "create", () => env.createEnvironment(ctx, input));
    if (created.actions.length !== N + 1) throw new Error(`create made ${created.actions.length} changes`);
    const again = await timed(connection, out, "refresh", () => env.createEnvironment(ctx, input));
    if (again.actions.length !== 0) throw new Error(`refresh made ${again.actions.length} changes`);

    await rebuildProd(connection);
    const repair = await timed(connection, out, "repair", () => env.repairEnvironments(ctx, { prod }));
    const repaired = repair.environments.reduce((n, e) => n + e.repaired.length, 0);
    const expected = ENGINE === "postgres" ? N : 0;
    if (repaired !== expected) throw new Error(`repair recreated ${repaired} pointer views, not ${expected}`);

    // pr-2 built N tables in its schema: promote them all.
    await tables(connection, "analytics_pr_2");
    await env.createEnvironment(ctx, {
      name: env.environmentName(SCOPE, 2),
      project: "bench",
      prNumber: 2,
      headSha: null,
      plan: { ...plan, entries: [], summary: { build: 0, reuse: 0 } },
      prod,
    });
    await connection.warehouse.transaction(async () => {
      for (let i = 0; i < N; i += 1) {
        await ctx.registry.putObject({
          environment: env.environmentName(SCOPE, 2),
          schema: "analytics_pr_2",
          identifier: name(i),
          kind: "table",
          role: "build",
          node_id: idOf(i),
          state: "present",
          created_at: NOW,
          identity: null,
        });
      }
    });
    const promotion: PromotionPlan = {
      environment: env.environmentName(SCOPE, 2),
      project: "bench",
      decisions: [],
      candidates: Array.from({ length: N }, (_, i) => ({
        unique_id: idOf(i),
        from: { schema: "analytics_pr_2", identifier: name(i) },
        to: { schema: "analytics", identifier: name(i) },
        replaces: true,
        pr_run_id: "pr2-run-1",
        version_key: `vk-${i}`,
        promoted_state: nodeState(i, "analytics", "pr2-run-1"),
        previous_state: prod.nodes[idOf(i)]!,
      })),
    };
    const mainPlan = { ...plan, entries: [], pointers: false } as Plan;
    // Read before the timed step: the promotion's measurement is the promotion alone.
    const mainProject = projectOf(readManifestFile(SHOP_MANIFEST, "the bench's main project"));
    const result = await timed(connection, out, "promote", () =>
      env.promote(ctx, {
        plan: promotion,
        mainPlan,
        // The main plan builds nothing: any real project's graph gives the (empty) rest to build.
        mainProject,
        promotedBy: "main-run-2",
      }),
    );
    if (result.promoted.length !== N) throw new Error(`promoted ${result.promoted.length}, not ${N}`);
  } finally {
    await connection.close();
  }
  return out;
}

interface Measured {
  ms: number;
  statements: number;
  client_cpu_ms: number;
  server_cpu_ms?: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

const runs: Record<string, Measured>[] = [];
if (ENGINE === "postgres") {
  const server = await startPostgres();
  try {
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    for (let run = 0; run < RUNS; run += 1) {
      await admin.query(`drop database if exists bench with (force)`);
      await admin.query(`create database bench`);
      const result = await oneRun(() => postgresConnection(server.urlFor("bench")));
      console.log(JSON.stringify({ engine: ENGINE, relations: N, run, ...result }));
      runs.push(result);
    }
    await admin.end();
  } finally {
    server.stop();
  }
} else {
  for (let run = 0; run < RUNS; run += 1) {
    const dir = mkdtempSync(path.join(os.tmpdir(), "ods-env-bench-"));
    try {
      const result = await oneRun(() => duckdbConnection(path.join(dir, "bench.duckdb")));
      console.log(JSON.stringify({ engine: ENGINE, relations: N, run, ...result }));
      runs.push(result);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}
const summary: Record<string, string> = {};
for (const step of Object.keys(runs[0] ?? {})) {
  const server = runs.map((r) => r[step]!.server_cpu_ms).filter((v): v is number => v !== undefined);
  summary[step] =
    `${median(runs.map((r) => r[step]!.ms))} ms median (${runs.map((r) => r[step]!.ms).join(", ")}), ${runs[0]![step]!.statements} statements, CPU ${median(runs.map((r) => r[step]!.client_cpu_ms))} ms client${server.length > 0 ? ` + ${median(server)} ms server` : ""} (medians)`;
}
console.log(JSON.stringify({ engine: ENGINE, relations: N, runs: RUNS, summary }));
