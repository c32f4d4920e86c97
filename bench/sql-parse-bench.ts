/**
 * SQL parsers for column-level impact (issue 24), measured on the compiled SQL
 * of every real fixture.
 *
 *   node bench/sql-parse-bench.ts [--candidates polyglot,node-sql-parser,duckdb]
 *        [--timeout-ms 3000] [--only SUBSTRING] [--out bench/SQL-PARSE.md]
 *
 * Fixtures: every ../shared/fixtures/dbt/<project>/manifest.json (not the
 * older versions under history/) and fixtures/shop/prod; dialect from
 * `metadata.adapter_type`. Models: SQL models with compiled code.
 *
 * Per candidate (each in its own worker thread, bench/sql-parse-worker.ts):
 *   parse       a successful analysis
 *   columns     where the fixture has a catalog.json: the output column names
 *               against the catalog's columns of that model (case-insensitive,
 *               as sets); `unknown` when the parser leaves a `*` or an unnamed
 *               slot. @polyglot-sql/sdk gets a schema made of the parents'
 *               catalog columns, so that it can expand `select *`.
 *   reads       polyglot only: each column it says the model reads from a
 *               physical parent (projections' upstream and columnUses),
 *               checked against that parent's catalog columns
 *   speed       load time, per-model time (measured inside the worker, no
 *               messaging) p50/p95/max/total, and time against SQL length
 * A model that takes longer than --timeout-ms is given up: its worker is
 * terminated and a new one loaded (the parsers' calls are synchronous and
 * have no time-out of their own). Candidates: `polyglot` (@polyglot-sql/sdk's
 * analyzeQuery, raw), `adapter` (src/runtime/sql-analyzer.ts, what ships),
 * `polyglot-parse` (the parse alone), `node-sql-parser` (not a dependency:
 * `npm install --no-save node-sql-parser@5.4.0`; skipped when absent) and
 * `duckdb` (json_serialize_sql, duckdb fixtures only).
 * `--manifest DIR/manifest.json --sample N` adds every k-th of N models of
 * another manifest (e.g. bench/out/gen/10000/manifest.json).
 * Decision and reading of the figures: docs/decisions/column-impact-parser.md.
 */

import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";

const args = process.argv.slice(2);
const flag = (name: string, fallback: string): string => {
  const i = args.indexOf(name);
  return i >= 0 ? (args[i + 1] ?? fallback) : fallback;
};
const CANDIDATES = flag("--candidates", "polyglot,adapter,polyglot-parse,node-sql-parser,duckdb").split(",");
const TIMEOUT_MS = Number(flag("--timeout-ms", "3000"));
const ONLY = flag("--only", "");
/** Also a manifest of one's own (e.g. the 10,000-node one bench/generate.ts writes), every k-th model up to --sample. */
const EXTRA_MANIFEST = flag("--manifest", "");
const SAMPLE = Number(flag("--sample", "100"));
const VERBOSE = args.includes("--verbose");
const OUT = flag("--out", new URL("./SQL-PARSE.md", import.meta.url).pathname);
const ROOT = new URL("..", import.meta.url).pathname;
const SHARED = path.resolve(ROOT, "../shared/fixtures/dbt");

type Column = { name: string; type: string };
type Relation = { database: string; schema: string; name: string; columns: Column[] };
type Model = { id: string; sql: string; expected?: string[]; parents: Relation[] };
type Fixture = { name: string; dialect: string; models: Model[]; hasCatalog: boolean };

// biome-ignore lint/suspicious/noExplicitAny: dbt artifacts read loosely
type Json = any;

function loadFixture(name: string, dir: string): Fixture {
  const manifest: Json = JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8"));
  const catalogFile = path.join(dir, "catalog.json");
  const catalog: Json = existsSync(catalogFile) ? JSON.parse(readFileSync(catalogFile, "utf8")) : undefined;
  const relationOf = (id: string): Relation | undefined => {
    const entry = catalog?.nodes?.[id] ?? catalog?.sources?.[id];
    if (!entry) return undefined;
    const columns = Object.values(entry.columns as Record<string, Json>)
      .sort((a, b) => a.index - b.index)
      .map((c) => ({ name: String(c.name), type: String(c.type ?? "UNKNOWN") }));
    return {
      database: entry.metadata.database ?? "",
      schema: entry.metadata.schema,
      name: entry.metadata.name,
      columns,
    };
  };
  const models: Model[] = [];
  for (const [id, node] of Object.entries(manifest.nodes as Record<string, Json>)) {
    if (node.resource_type !== "model" || (node.language ?? "sql") !== "sql" || !node.compiled_code) continue;
    const own = relationOf(id);
    const parents = ((node.depends_on?.nodes ?? []) as string[])
      .map(relationOf)
      .filter((r): r is Relation => r !== undefined);
    models.push({ id, sql: node.compiled_code, expected: own?.columns.map((c) => c.name), parents });
  }
  return { name, dialect: manifest.metadata.adapter_type, models, hasCatalog: catalog !== undefined };
}

function fixtures(): Fixture[] {
  const all: Fixture[] = [];
  for (const name of readdirSync(SHARED).sort()) {
    const dir = path.join(SHARED, name);
    if (existsSync(path.join(dir, "manifest.json"))) all.push(loadFixture(name, dir));
  }
  all.push(loadFixture("shop (fixtures/shop/prod)", path.join(ROOT, "fixtures/shop/prod")));
  if (EXTRA_MANIFEST !== "") {
    const extra = loadFixture(path.relative(ROOT, EXTRA_MANIFEST), path.dirname(EXTRA_MANIFEST));
    const step = Math.max(1, Math.floor(extra.models.length / SAMPLE));
    extra.models = extra.models.filter((_, i) => i % step === 0).slice(0, SAMPLE);
    all.push(extra);
  }
  return all.filter((f) => f.name.includes(ONLY) && f.models.length > 0);
}

const qualified = (r: Relation): string => [r.database, r.schema, r.name].filter((p) => p !== "").join(".");
const schemaOf = (model: Model) => ({
  strict: false,
  tables: model.parents.map((r) => ({ name: qualified(r), columns: r.columns })),
});

type Reply = {
  id: number;
  ok: boolean;
  ms: number;
  columns?: string[];
  unknown?: boolean;
  reads?: string[];
  error?: string;
};

/** A candidate's worker, restarted after a time-out. */
class Runner {
  readonly candidate: string;
  worker: Worker | undefined;
  loads: number[] = [];
  next = 0;
  constructor(candidate: string) {
    this.candidate = candidate;
  }
  async start(): Promise<void> {
    const started = performance.now();
    const worker = new Worker(new URL("./sql-parse-worker.ts", import.meta.url), {
      workerData: { candidate: this.candidate },
    });
    await new Promise<void>((resolve, reject) => {
      worker.once("message", () => resolve());
      worker.once("error", reject);
    });
    this.loads.push(performance.now() - started);
    this.worker = worker;
  }
  async analyse(sql: string, dialect: string, schema: unknown): Promise<Reply | "timeout"> {
    if (!this.worker) await this.start();
    const worker = this.worker as Worker;
    const id = this.next++;
    return await new Promise((resolve) => {
      const timer = setTimeout(async () => {
        worker.off("message", onMessage);
        await worker.terminate();
        this.worker = undefined;
        resolve("timeout");
      }, TIMEOUT_MS);
      const onMessage = (reply: Reply) => {
        if (reply.id !== id) return;
        clearTimeout(timer);
        worker.off("message", onMessage);
        resolve(reply);
      };
      worker.on("message", onMessage);
      worker.postMessage({ id, sql, dialect, schema });
    });
  }
  async stop(): Promise<void> {
    await this.worker?.terminate();
  }
}

type Sample = { fixture: string; id: string; length: number; ms: number | "timeout" };
type Row = {
  fixture: string;
  dialect: string;
  candidate: string;
  models: number;
  parsed: number;
  timeouts: number;
  withCatalog: number;
  exact: number;
  unknown: number;
  wrong: number;
  readsChecked: number;
  readsFound: number;
  readsUnmatched: number;
  times: number[];
  errors: Map<string, number>;
};

const lower = (s: string): string => s.toLowerCase();
const pct = (n: number, d: number): string =>
  d === 0 ? "–" : `${((100 * n) / d).toFixed(n === d ? 0 : 1)}%`;
const quantile = (xs: number[], q: number): number => {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? Number.NaN;
};
const maxOf = (xs: number[]): number => (xs.length === 0 ? Number.NaN : Math.max(...xs));
const ms = (x: number): string => (Number.isNaN(x) ? "–" : x < 10 ? x.toFixed(2) : x.toFixed(0));

/** Whether `relation` (as the parser names it, maybe quoted, maybe partly qualified) is `parent`. */
const isRelation = (relation: string, parent: Relation): boolean => {
  const parts = lower(relation.replaceAll(/["`]/g, "")).split(".");
  const full = [parent.database, parent.schema, parent.name].map(lower);
  return parts.every((p, i) => full[full.length - parts.length + i] === p);
};

async function main(): Promise<void> {
  const all = fixtures();
  const rows: Row[] = [];
  const samples = new Map<string, Sample[]>();
  const loadMs = new Map<string, number[]>();
  for (const candidate of CANDIDATES) {
    const runner = new Runner(candidate);
    try {
      await runner.start();
    } catch (error) {
      console.error(`${candidate}: does not load (${(error as Error).message}); skipped`);
      continue;
    }
    samples.set(candidate, []);
    for (const fixture of all) {
      // DuckDB's parser only reads DuckDB's SQL: it is the reference for the duckdb fixtures.
      if (candidate === "duckdb" && fixture.dialect !== "duckdb") continue;
      const row: Row = {
        fixture: fixture.name,
        dialect: fixture.dialect,
        candidate,
        models: fixture.models.length,
        parsed: 0,
        timeouts: 0,
        withCatalog: 0,
        exact: 0,
        unknown: 0,
        wrong: 0,
        readsChecked: 0,
        readsFound: 0,
        readsUnmatched: 0,
        times: [],
        errors: new Map(),
      };
      for (const model of fixture.models) {
        const schema =
          (candidate === "polyglot" || candidate === "adapter") && model.parents.length > 0
            ? schemaOf(model)
            : undefined;
        const reply = await runner.analyse(model.sql, fixture.dialect, schema);
        samples.get(candidate)?.push({
          fixture: fixture.name,
          id: model.id,
          length: model.sql.length,
          ms: reply === "timeout" ? "timeout" : reply.ms,
        });
        if (reply === "timeout") {
          row.timeouts++;
          continue;
        }
        row.times.push(reply.ms);
        if (!reply.ok) {
          const key = (String(reply.error).split("\n")[0] ?? "").slice(0, 90);
          row.errors.set(key, (row.errors.get(key) ?? 0) + 1);
          continue;
        }
        row.parsed++;
        if (model.expected) {
          row.withCatalog++;
          const got = (reply.columns ?? []).map(lower);
          const expected = model.expected.map(lower);
          if (reply.unknown) row.unknown++;
          else if (
            got.length === expected.length &&
            new Set(got).size === new Set(expected).size &&
            got.every((c) => expected.includes(c))
          )
            row.exact++;
          else {
            row.wrong++;
            if (VERBOSE)
              console.error(
                `wrong ${candidate} ${model.id}: got ${got.join(",")} expected ${expected.join(",")}`,
              );
          }
        }
        for (const read of reply.reads ?? []) {
          const [relation = "", column = ""] = read.split("|");
          const parent = model.parents.find((p) => isRelation(relation, p));
          if (!parent) {
            row.readsUnmatched++;
            continue;
          }
          row.readsChecked++;
          if (parent.columns.some((c) => lower(c.name) === lower(column))) row.readsFound++;
        }
      }
      rows.push(row);
      console.log(
        JSON.stringify({
          candidate,
          fixture: row.fixture,
          dialect: row.dialect,
          models: row.models,
          parsed: row.parsed,
          timeouts: row.timeouts,
          exact: row.exact,
          unknown: row.unknown,
          wrong: row.wrong,
          reads: `${row.readsFound}/${row.readsChecked}`,
          totalMs: Math.round(row.times.reduce((a, b) => a + b, 0)),
          errors: [...row.errors].slice(0, 3),
        }),
      );
    }
    loadMs.set(candidate, runner.loads);
    await runner.stop();
  }
  writeFileSync(OUT, report(rows, samples, loadMs));
  console.log(`wrote ${path.relative(process.cwd(), OUT)}`);
}

function report(rows: Row[], samples: Map<string, Sample[]>, loadMs: Map<string, number[]>): string {
  const lines: string[] = [];
  const load = os.loadavg().map((x) => x.toFixed(2));
  lines.push("# SQL parsers on the fixtures' compiled SQL (issue 24)", "");
  lines.push(
    `\`node bench/sql-parse-bench.ts ${args.join(" ")}\`, ${new Date().toISOString().slice(0, 16)}Z, Node ${process.version}, ` +
      `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, load average at the end ${load.join(" / ")} ` +
      `(the machine is shared: times drift by tens of percent). Time box per model: ${TIMEOUT_MS} ms.`,
    "",
  );
  lines.push(
    "Columns: models with a catalog entry; *exact* = the parser's output column names equal the catalog's (case-insensitive, as sets); " +
      "*unknown* = it leaves a `*` or an unnamed slot (a safe answer: the planner keeps BUILD); *wrong* = it names columns that differ (unsafe unless caught). " +
      "Reads: columns the parser says the model reads from a physical parent, found in that parent's catalog.",
    "",
  );
  for (const candidate of new Set(rows.map((r) => r.candidate))) {
    const mine = rows.filter((r) => r.candidate === candidate);
    const loads = loadMs.get(candidate) ?? [];
    lines.push(`## ${candidate}`, "");
    lines.push(
      `Load (worker start, import and init): first ${ms(loads[0] ?? Number.NaN)} ms` +
        (loads.length > 1
          ? `, ${loads.length - 1} reloads after time-outs (median ${ms(quantile(loads.slice(1), 0.5))} ms)`
          : "") +
        ".",
      "",
    );
    lines.push(
      "| fixture | dialect | models | parsed | timed out | catalog | exact | unknown | wrong | reads found | p50 ms | p95 ms | max ms | total ms | first errors |",
    );
    lines.push("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|");
    const sum = (f: (r: Row) => number) => mine.reduce((a, r) => a + f(r), 0);
    for (const r of mine) {
      const total = r.times.reduce((a, b) => a + b, 0);
      lines.push(
        `| ${r.fixture} | ${r.dialect} | ${r.models} | ${r.parsed} (${pct(r.parsed, r.models)}) | ${r.timeouts} | ${r.withCatalog} | ${r.exact} | ${r.unknown} | ${r.wrong} | ` +
          `${r.readsChecked ? `${r.readsFound}/${r.readsChecked}` : "–"} | ${ms(quantile(r.times, 0.5))} | ${ms(quantile(r.times, 0.95))} | ${ms(maxOf(r.times))} | ${ms(total)} | ` +
          `${[...r.errors]
            .slice(0, 2)
            .map(([e, n]) => `${n}× ${e.replaceAll("|", "\\|")}`)
            .join("; ")} |`,
      );
    }
    const times = mine.flatMap((r) => r.times);
    lines.push(
      `| **all** | | ${sum((r) => r.models)} | ${sum((r) => r.parsed)} (${pct(
        sum((r) => r.parsed),
        sum((r) => r.models),
      )}) | ${sum((r) => r.timeouts)} | ${sum((r) => r.withCatalog)} | ${sum((r) => r.exact)} | ${sum((r) => r.unknown)} | ${sum((r) => r.wrong)} | ` +
        `${sum((r) => r.readsFound)}/${sum((r) => r.readsChecked)} | ${ms(quantile(times, 0.5))} | ${ms(quantile(times, 0.95))} | ${ms(maxOf(times))} | ${ms(times.reduce((a, b) => a + b, 0))} | |`,
      "",
    );
    const byDialect = new Map<string, Row[]>();
    for (const r of mine) byDialect.set(r.dialect, [...(byDialect.get(r.dialect) ?? []), r]);
    lines.push(
      `By dialect (parsed / models): ${[...byDialect]
        .map(([d, rs]) => {
          const p = rs.reduce((a, r) => a + r.parsed, 0);
          const m = rs.reduce((a, r) => a + r.models, 0);
          return `${d} ${p}/${m} (${pct(p, m)})`;
        })
        .join(", ")}.`,
      "",
    );
    const s = samples.get(candidate) ?? [];
    const buckets: [string, number, number][] = [
      ["< 2 kB", 0, 2_000],
      ["2–8 kB", 2_000, 8_000],
      ["8–32 kB", 8_000, 32_000],
      ["32–128 kB", 32_000, 128_000],
      ["≥ 128 kB", 128_000, Number.POSITIVE_INFINITY],
    ];
    lines.push("Time against SQL length:", "");
    lines.push(
      "| SQL length | models | p50 ms | max ms | ms per kB (p50) | timed out |",
      "|---|---:|---:|---:|---:|---:|",
    );
    for (const [label, lo, hi] of buckets) {
      const inside = s.filter((x) => x.length >= lo && x.length < hi);
      if (inside.length === 0) continue;
      const t = inside.flatMap((x) => (x.ms === "timeout" ? [] : [x.ms]));
      const perKb = inside.flatMap((x) => (x.ms === "timeout" ? [] : [x.ms / (x.length / 1000)]));
      lines.push(
        `| ${label} | ${inside.length} | ${ms(quantile(t, 0.5))} | ${ms(maxOf(t))} | ${ms(quantile(perKb, 0.5))} | ${inside.length - t.length} |`,
      );
    }
    const slowest = [...s]
      .sort((a, b) => (b.ms === "timeout" ? Infinity : b.ms) - (a.ms === "timeout" ? Infinity : a.ms))
      .slice(0, 8);
    lines.push("", "Slowest models:", "");
    for (const x of slowest) {
      lines.push(
        `- ${x.fixture} \`${x.id}\`: ${x.length.toLocaleString("en")} chars, ${x.ms === "timeout" ? `timed out (> ${TIMEOUT_MS} ms)` : `${ms(x.ms)} ms`}`,
      );
    }
    lines.push("");
  }
  return `${lines.join("\n")}\n`;
}

await main();
