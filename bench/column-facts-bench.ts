/**
 * Column facts per model (issue 24): `computeColumnFacts` with the adapter
 * src/runtime/column-facts-analyzer.ts, over every SQL model of every real
 * fixture (../shared/fixtures/dbt/<project>/manifest.json).
 *
 *   node bench/column-facts-bench.ts [--timeout-ms 60000] [--max-length N] [--only SUBSTRING] [--list-over CHARS] [--json FILE]
 *
 * `--max-length` replaces the adapter's size bound (`Infinity` to measure
 * without it). Each model runs in a worker thread, timed there; a model past
 * --timeout-ms is given up and its worker replaced (the SDK's calls are
 * synchronous). Prints one line per model slower than 500 ms or longer than
 * --list-over characters, then per
 * fixture and overall: models, median, p95, max and total ms, and the
 * unknown reasons; --json writes every model's row (fixture, id, chars, ms, unknown).
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import "../tools/ts-hooks.mjs";

type Parent = { uniqueId: string; relation: string | null };
type Job = { fixture: string; id: string; sql: string; adapter: string; parents: Parent[] };
type Reply = { ms: number; unknown: string | null; detail?: string };

const args = process.argv.slice(2);
const flag = (name: string, fallback: string): string => {
  const i = args.indexOf(name);
  return i >= 0 ? (args[i + 1] ?? fallback) : fallback;
};

if (isMainThread) await main();
else await serve();

async function serve(): Promise<void> {
  const { computeColumnFacts } = await import("../src/dbt/column-facts/compute-facts.js");
  const { analyzeSqlOver } = await import("../src/runtime/column-facts-analyzer.js");
  const { loadPolyglotSdk } = await import("../src/runtime/polyglot-sdk.js");
  const loaded = await loadPolyglotSdk();
  if (!loaded.ok) throw new Error(loaded.error);
  const given = workerData.maxLength as string | undefined;
  const analyze = analyzeSqlOver(loaded.sdk, given === undefined ? undefined : Number(given));
  analyze("with a as (select 1 as x) select x from a", "duckdb"); // the SDK's first call is slower: not a model's time
  parentPort?.postMessage({ ready: true });
  parentPort?.on("message", (job: Job) => {
    const start = performance.now();
    const facts = computeColumnFacts(
      { language: "sql", compiledSql: job.sql, adapterType: job.adapter, parents: job.parents },
      analyze,
    );
    const ms = performance.now() - start;
    parentPort?.postMessage({ ms, unknown: facts.unknown?.reason ?? null, detail: facts.unknown?.detail });
  });
}

function jobs(): Job[] {
  const shared = path.resolve(import.meta.dirname, "..", "..", "shared", "fixtures", "dbt");
  const only = flag("--only", "");
  const out: Job[] = [];
  for (const fixture of readdirSync(shared).sort()) {
    if (only && !fixture.includes(only)) continue;
    let manifest: {
      metadata: { adapter_type: string };
      nodes: Record<string, Record<string, unknown>>;
      sources: Record<string, Record<string, unknown>>;
    };
    try {
      manifest = JSON.parse(readFileSync(path.join(shared, fixture, "manifest.json"), "utf8"));
    } catch {
      continue;
    }
    for (const [id, node] of Object.entries(manifest.nodes)) {
      if (node.resource_type !== "model" || (node.language ?? "sql") !== "sql") continue;
      if (typeof node.compiled_code !== "string" || node.compiled_code.trim() === "") continue;
      const parents = ((node.depends_on as { nodes?: string[] })?.nodes ?? []).map((parent) => ({
        uniqueId: parent,
        relation: ((manifest.nodes[parent] ?? manifest.sources[parent])?.relation_name as string) ?? null,
      }));
      out.push({ fixture, id, sql: node.compiled_code, adapter: manifest.metadata.adapter_type, parents });
    }
  }
  return out;
}

async function main(): Promise<void> {
  const timeoutMs = Number(flag("--timeout-ms", "60000"));
  const maxLength = flag("--max-length", "");
  const listOver = Number(flag("--list-over", "Infinity"));
  const results: (Job & Reply & { timedOut: boolean })[] = [];
  let worker: Worker | undefined;
  const start = async (): Promise<Worker> => {
    const created = new Worker(new URL(import.meta.url), {
      workerData: { maxLength: maxLength === "" ? undefined : maxLength },
    });
    await new Promise((resolve, reject) => {
      created.once("message", resolve);
      created.once("error", reject);
    });
    return created;
  };
  for (const job of jobs()) {
    worker ??= await start();
    const running = worker;
    const reply = await new Promise<Reply | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), timeoutMs);
      running.once("message", (message: Reply) => {
        clearTimeout(timer);
        resolve(message);
      });
      running.postMessage(job);
    });
    if (reply === null) {
      await running.terminate();
      worker = undefined;
    }
    const row = { ...job, ...(reply ?? { ms: timeoutMs, unknown: "timed_out" }), timedOut: reply === null };
    results.push(row);
    if (row.ms > 500 || row.timedOut || job.sql.length > listOver)
      console.log(
        `${row.timedOut ? ">" : ""}${row.ms.toFixed(0)} ms  ${job.sql.length} chars  ${job.fixture} ${job.id}  ${row.unknown ?? ""} ${(row.detail ?? "").slice(0, 160)}`,
      );
  }
  await worker?.terminate();
  const json = flag("--json", "");
  if (json !== "")
    writeFileSync(
      json,
      JSON.stringify(
        results.map(({ fixture, id, sql, ms, unknown, detail }) => ({
          fixture,
          id,
          chars: sql.length,
          ms,
          unknown,
          detail,
        })),
      ),
    );
  const summary = (label: string, rows: typeof results): void => {
    const ms = rows.map((row) => row.ms).sort((a, b) => a - b);
    const at = (q: number) => ms[Math.min(ms.length - 1, Math.ceil(q * ms.length) - 1)] ?? Number.NaN;
    const reasons = new Map<string, number>();
    for (const row of rows) if (row.unknown) reasons.set(row.unknown, (reasons.get(row.unknown) ?? 0) + 1);
    console.log(
      `${label.padEnd(40)} ${String(rows.length).padStart(4)} models  median ${at(0.5).toFixed(0)}  p95 ${at(0.95).toFixed(0)}  max ${at(1).toFixed(0)}  total ${ms.reduce((a, b) => a + b, 0).toFixed(0)} ms  known ${rows.length - [...reasons.values()].reduce((a, b) => a + b, 0)}  ${[...reasons].map(([r, n]) => `${r} ${n}`).join(", ")}`,
    );
  };
  for (const fixture of [...new Set(results.map((row) => row.fixture))])
    summary(
      fixture,
      results.filter((row) => row.fixture === fixture),
    );
  summary("all", results);
}
