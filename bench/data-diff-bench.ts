/**
 * The data diff on a 1,000,000-row table on a real PostgreSQL (issue 23's
 * target: within 10 s on this machine).
 *
 *   node bench/data-diff-bench.ts [--rows 1000000] [--runs 5] [--engine postgres|duckdb]
 *
 * Starts a throwaway PostgreSQL server the way the tests do
 * (test/support/warehouse/postgres-server.ts: initdb into a temporary
 * folder, 127.0.0.1, trust, fsync off) and builds, untimed:
 *
 *   prod.orders   keys 1..N, 10 columns of mixed types (int, bigint,
 *                 numeric, double, text, varchar, boolean, date, timestamp, text)
 *   pr_1.orders   keys 1001..N+1000 (1,000 rows only on each side); `e`
 *                 changed in every 100th row and `c` in every 1000th + 5
 *                 (≈ 1.1% of the rows changed)
 *
 * then times the whole `diffEnvironment` for that one node (columns, counts,
 * schema, the row comparison with the key's health; not sampled:
 * sample_above_rows is N + 1000), checks every count against what the data
 * was built to hold, and prints one JSON line per run and the median.
 * `--explain` prints EXPLAIN ANALYZE of the comparison's statement.
 * Results: bench/DATA-DIFF.md.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import "../tools/ts-hooks.mjs";

const { default: pg } = await import("pg");
const { startPostgres } = await import("../test/support/warehouse/postgres-server.js");
const { PostgresWarehouse } = await import("../src/drivers/postgres/postgres-warehouse.js");
const { DuckDbWarehouse } = await import("../src/drivers/duckdb/duckdb-warehouse.js");
const { diffEnvironment } = await import("../src/app/environment/diff-environment.js");
const { comparisonSql } = await import("../src/drivers/data-diff/statements.js");

type Warehouse = import("../src/warehouse/warehouse.js").Warehouse;
type ComparedRows = import("../src/state/data-diff.js").ComparedRows;

const args = process.argv.slice(2);
const flag = (name: string, fallback: string): string => {
  const i = args.indexOf(name);
  return i >= 0 ? (args[i + 1] ?? fallback) : fallback;
};
const N = Number(flag("--rows", "1000000"));
const RUNS = Number(flag("--runs", "5"));
const ENGINE = flag("--engine", "postgres");
const EXPLAIN = args.includes("--explain");
/** --analyze: ANALYZE both tables before the runs (as autovacuum does a while after dbt built them). */
const ANALYZE = args.includes("--analyze");
/** --profile: the time of each read (columns, counts, key checks, the comparison), per run. */
const PROFILE = args.includes("--profile");

const COLUMNS = `g AS id, CAST(g % 1000 AS INTEGER) AS a, CAST(g * 7 AS BIGINT) AS b,
  CAST((g % 10000) / 100.0 AS DECIMAL(12,2)) AS c, CAST(g * 0.5 AS DOUBLE PRECISION) AS d, 'name ' || CAST(g AS VARCHAR) AS e,
  CAST('code' || CAST(g % 500 AS VARCHAR) AS VARCHAR(20)) AS f, g % 2 = 0 AS flag, DATE '2020-01-01' + CAST(g % 1000 AS INTEGER) AS day,
  TIMESTAMP '2020-01-01' + g * INTERVAL '1 second' AS at, CAST(g % 97 AS VARCHAR) AS category`;
const CHANGED_COLUMNS = COLUMNS.replace(
  "'name ' || CAST(g AS VARCHAR) AS e",
  "CASE WHEN g % 100 = 0 THEN 'renamed ' ELSE 'name ' END || CAST(g AS VARCHAR) AS e",
).replace(
  "CAST((g % 10000) / 100.0 AS DECIMAL(12,2)) AS c",
  "CAST(CASE WHEN g % 1000 = 5 THEN -1 ELSE (g % 10000) / 100.0 END AS DECIMAL(12,2)) AS c",
);

/** What the data was built to hold. */
function expected() {
  const matched = { from: 1001, to: N };
  const multiples = (k: number, r: number) => {
    let n = 0;
    for (let g = matched.from; g <= matched.to; g += 1) if (g % k === r) n += 1;
    return n;
  };
  const e = multiples(100, 0);
  const c = multiples(1000, 5);
  return { only_prod: 1000, only_pr: 1000, changed: e + c, unchanged: N - 1000 - e - c, e, c };
}

interface Setup {
  warehouse: Warehouse;
  exec(sql: string): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

async function setUp(): Promise<{ setup: Setup; cleanUp: () => void }> {
  const tables = [
    "CREATE SCHEMA prod",
    "CREATE SCHEMA pr_1",
    `CREATE TABLE prod.orders AS SELECT ${COLUMNS} FROM (SELECT CAST(g AS BIGINT) AS g FROM generate_series(1, ${N}) AS s(g)) s`,
    `CREATE TABLE pr_1.orders AS SELECT ${CHANGED_COLUMNS} FROM (SELECT CAST(g AS BIGINT) AS g FROM generate_series(1001, ${N + 1000}) AS s(g)) s`,
  ];
  if (ENGINE === "duckdb") {
    const { openDuckDbFile } = await import("../tools/dbt-standin.js");
    const dir = mkdtempSync(path.join(os.tmpdir(), "ods-diff-bench-"));
    const duck = await openDuckDbFile(path.join(dir, "bench.duckdb"));
    for (const sql of tables) await duck.exec(sql);
    return {
      setup: {
        warehouse: DuckDbWarehouse.fromConnection(duck.connection, "duckdb:bench.duckdb"),
        exec: (sql) => duck.rows(sql),
        close: duck.close,
      },
      cleanUp: () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const server = await startPostgres();
  server.createDatabase("bench");
  const admin = new pg.Client({ connectionString: server.urlFor("bench") });
  await admin.connect();
  for (const sql of tables) await admin.query(sql);
  if (ANALYZE) await admin.query("ANALYZE prod.orders; ANALYZE pr_1.orders");
  const warehouse = await PostgresWarehouse.connect(server.urlFor("bench"));
  return {
    setup: {
      warehouse,
      exec: async (sql) => (await admin.query(sql)).rows,
      close: async () => {
        await warehouse.close();
        await admin.end();
      },
    },
    cleanUp: () => server.stop(),
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Wraps each read of the warehouse's data diff to time it (--profile). */
function profiled(warehouse: Warehouse, spent: { read: string; ms: number }[]): void {
  const reads = warehouse.dataDiff as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
  for (const name of ["columns", "countRows", "compareRows"]) {
    const read = reads[name]!.bind(reads);
    reads[name] = async (...a: unknown[]) => {
      const started = performance.now();
      try {
        return await read(...a);
      } finally {
        spent.push({ read: name, ms: Math.round(performance.now() - started) });
      }
    };
  }
}

const setupStarted = performance.now();
const { setup, cleanUp } = await setUp();
console.error(`setup: ${N} rows per side in ${Math.round(performance.now() - setupStarted)} ms`);
try {
  if (ENGINE === "postgres") {
    const settings = await setup.exec(
      "SELECT name, setting, unit FROM pg_settings WHERE name IN ('work_mem', 'shared_buffers', 'max_parallel_workers_per_gather', 'server_version') ORDER BY name",
    );
    console.error(`postgres: ${settings.map((s) => `${s.name}=${s.setting}${s.unit ?? ""}`).join(", ")}`);
  }
  const want = expected();
  const times: number[] = [];
  const spent: { read: string; ms: number }[] = [];
  if (PROFILE) profiled(setup.warehouse, spent);
  for (let run = 1; run <= RUNS; run += 1) {
    const load = os.loadavg()[0]!.toFixed(2);
    const started = performance.now();
    const report = await diffEnvironment(
      setup.warehouse,
      {
        environment: "pr_1",
        comparedWith: "prod",
        targets: [
          {
            unique_id: "model.bench.orders",
            name: "orders",
            group: "changed",
            prod: { schema: "prod", identifier: "orders" },
            pr: { schema: "pr_1", identifier: "orders" },
            built: true,
            key: { columns: ["id"], source: "meta" },
            values: { shown: true },
          },
        ],
        limits: {
          budget_ms: 600_000,
          statement_timeout_ms: 300_000,
          sample_above_rows: N + 1000,
          show_keys: 0,
        },
      },
      () => new Date(),
    );
    const ms = Math.round(performance.now() - started);
    const rows = report.nodes[0]!.rows as ComparedRows;
    const got = {
      only_prod: rows.only_prod,
      only_pr: rows.only_pr,
      changed: rows.changed,
      unchanged: rows.unchanged,
      e: rows.columns.find((c) => c.name === "e")?.changed,
      c: rows.columns.find((c) => c.name === "c")?.changed,
    };
    if (rows.status !== "compared" || rows.sample !== null || JSON.stringify(got) !== JSON.stringify(want)) {
      throw new Error(`run ${run}: expected ${JSON.stringify(want)}, got ${JSON.stringify(report.nodes[0])}`);
    }
    times.push(ms);
    console.log(
      JSON.stringify({
        run,
        engine: ENGINE,
        rows: N,
        ms,
        load_before: Number(load),
        ...(PROFILE ? { reads: spent.splice(0).map((r) => `${r.read} ${r.ms}`) } : {}),
      }),
    );
  }
  console.log(
    JSON.stringify({
      engine: ENGINE,
      rows: N,
      runs: RUNS,
      median_ms: median(times),
      min_ms: Math.min(...times),
      max_ms: Math.max(...times),
      loadavg: os.loadavg().map((l) => Number(l.toFixed(2))),
      cpus: os.cpus().length,
    }),
  );
  if (EXPLAIN && ENGINE === "postgres") {
    const columns = ["a", "b", "c", "d", "e", "f", "flag", "day", "at", "category"].map((name) => ({
      prod: name,
      pr: name,
      as_text: false,
    }));
    const sql = comparisonSql({
      prod: `"prod"."orders"`,
      pr: `"pr_1"."orders"`,
      key: [{ prod: "id", pr: "id", as_text: false }],
      columns,
      sample: null,
    });
    await setup.exec("BEGIN READ ONLY");
    const plan = await setup.exec(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`);
    console.error(plan.map((row) => row["QUERY PLAN"]).join("\n"));
    await setup.exec("ROLLBACK");
  }
} finally {
  await setup.close();
  cleanUp();
}
