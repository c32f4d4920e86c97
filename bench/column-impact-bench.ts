/**
 * Issue 24's cost target: the plan of a 10,000-node project with 1% of its
 * models changed, with column impact, costs at most 1.5× the plan without it.
 *
 *   node_modules/.bin/node bench/column-impact-bench.ts [--nodes 10000] [--runs 5] [--in-process] [--reuse-record]
 *
 * 1. The generator's artifacts (bench/generate.ts, cached under bench/out/gen/N).
 * 2. One record of the full build with column facts (its time is the record's
 *    cost of the facts), written to bench/out/work/N/snapshot-facts.json.
 * 3. Plans of next/ (1% of the models' SQL changed) against that snapshot, in
 *    fresh processes, alternating without and with column impact: read, parse
 *    and validate the manifest, graph, fingerprint, plan (as bench/steps.ts's
 *    `plan`), plus, with column impact, loading the parser (started before the
 *    manifest is read, as the action does) and every analysis the plan asks.
 *    The snapshot and sources.json are read untimed between the steps.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import "../tools/ts-hooks.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.dirname(here);
const args = process.argv.slice(2);
const flag = (name: string, fallback: string): string => {
  const i = args.indexOf(name);
  return i >= 0 ? (args[i + 1] ?? fallback) : fallback;
};
const NODES = Number(flag("--nodes", "10000"));
const RUNS = Number(flag("--runs", "5"));
const SEED = 20261130;
const genDir = path.join(here, "out", "gen");
const dir = path.join(genDir, String(NODES));
const work = path.join(here, "out", "work", String(NODES));
const SCOPE = { project: "warehouse", environment: "prod" };
const NOW = "2026-11-30T12:05:00Z";
const RECORDED_AT = "2026-11-30T09:00:00Z";

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/**
 * The parser as the action loads it (src/adapters.ts): in a process of its
 * own; `--in-process` loads it into this process instead, as before the
 * analysis process (for comparison).
 */
const { loadAnalyzeSql } = await import("../src/runtime/column-facts-analyzer.js");
const { loadAnalyzeSqlProcess } = await import("../src/runtime/sql-analysis-process/analysis-process.js");
/** Imported above, so the process starts here and now, not when this thread next yields. */
function loadParser() {
  return args.includes("--in-process") ? loadAnalyzeSql() : loadAnalyzeSqlProcess();
}

async function recordWithFacts(): Promise<Record<string, unknown>> {
  const { projectOf } = await import("../src/dbt/load-project.js");
  const { readManifestFile } = await import("../src/files/read-manifest-file.js");
  const { loadRunResults } = await import("../src/dbt/artifacts/run-results.js");
  const { loadSources } = await import("../src/dbt/artifacts/sources.js");
  const { record } = await import("../src/planner/record.js");
  const { nodeColumnFacts } = await import("../src/dbt/column-facts/node-facts.js");
  const loaded = await loadParser();
  if (!loaded.ok) throw new Error(loaded.error);
  const project = projectOf(readManifestFile(path.join(dir, "manifest.json"), "bench"));
  const runResultsFile = path.join(dir, "run_results.json");
  const sourcesFile = path.join(dir, "sources.json");
  let analysed = 0;
  let analysisMs = 0;
  const start = performance.now();
  const outcome = record({
    project,
    runResults: loadRunResults(readFileSync(runResultsFile, "utf8"), runResultsFile),
    sources: loadSources(readFileSync(sourcesFile, "utf8"), sourcesFile),
    scope: SCOPE,
    previous: null,
    recordedRunIds: new Set(),
    target: { name: "prod", adapter_type: "duckdb" },
    now: RECORDED_AT,
    columnFacts: (id, columnsOf) => {
      const began = performance.now();
      const facts = nodeColumnFacts(project.manifest, id, loaded.analyze, columnsOf);
      analysisMs += performance.now() - began;
      analysed += 1;
      return facts;
    },
  });
  const recordMs = performance.now() - start;
  const nodes = Object.values(outcome.snapshot.nodes);
  const withFacts = nodes.filter((node) => node.facts !== undefined).length;
  mkdirSync(work, { recursive: true });
  const file = path.join(work, "snapshot-facts.json");
  writeFileSync(file, JSON.stringify(outcome.snapshot));
  const plain = JSON.stringify({
    ...outcome.snapshot,
    nodes: Object.fromEntries(
      Object.entries(outcome.snapshot.nodes).map(([id, node]) => {
        const { facts: _facts, ...rest } = node;
        return [id, rest];
      }),
    ),
  });
  return {
    recordMs,
    analysed,
    analysisMs,
    withFacts,
    nodes: nodes.length,
    snapshotBytes: statSync(file).size,
    plainBytes: Buffer.byteLength(plain),
  };
}

async function planOnce(impact: boolean, budgetMs: number): Promise<Record<string, unknown>> {
  const { readManifestFile } = await import("../src/files/read-manifest-file.js");
  const { buildGraph } = await import("../src/dbt/graph.js");
  const { fingerprintProject } = await import("../src/dbt/fingerprint/project-fingerprints.js");
  const { loadSources } = await import("../src/dbt/artifacts/sources.js");
  const { plan } = await import("../src/planner/plan.js");
  const { nodeColumnFacts } = await import("../src/dbt/column-facts/node-facts.js");
  const { unknownFacts } = await import("../src/dbt/column-facts/facts.js");
  const start = performance.now();
  // The action starts loading the parser before it reads the manifest: WebAssembly compiles off the main thread.
  const parser = impact ? loadParser() : null;
  const manifest = readManifestFile(path.join(dir, "next", "manifest.json"), "bench");
  const graph = buildGraph(manifest);
  const fingerprints = fingerprintProject(graph);
  const loadedAt = performance.now();
  const paused = performance.now();
  const snapshot = JSON.parse(readFileSync(path.join(work, "snapshot-facts.json"), "utf8"));
  const sourcesFile = path.join(dir, "next", "sources.json");
  const sources = loadSources(readFileSync(sourcesFile, "utf8"), sourcesFile);
  const pauseMs = performance.now() - paused;
  const waitStart = performance.now();
  const loaded = parser ? await parser : null;
  const waitMs = performance.now() - waitStart;
  if (loaded && !loaded.ok) throw new Error(loaded.error);
  let analysed = 0;
  let analysisMs = 0;
  const planStart = performance.now();
  const result = plan({
    project: { manifest, graph, fingerprints },
    scope: SCOPE,
    state: { id: "bench", snapshot },
    sources,
    select: [],
    now: NOW,
    target: { name: "prod", adapter_type: "duckdb" },
    ...(loaded?.ok
      ? {
          columnFacts: (id: string, columnsOf: (parent: string) => readonly string[] | null) => {
            // As the action's budget does: once spent, facts are unknown (those nodes' readers build).
            if (analysisMs >= budgetMs)
              return unknownFacts("too_complex", "the plan's analysis budget ran out");
            const began = performance.now();
            const facts = nodeColumnFacts(manifest, id, loaded.analyze, columnsOf);
            analysisMs += performance.now() - began;
            analysed += 1;
            return facts;
          },
        }
      : {}),
  });
  const end = performance.now();
  const reasons: Record<string, number> = {};
  for (const entry of result.entries) {
    const code = `${entry.action} ${entry.reasons[0]?.code}`;
    reasons[code] = (reasons[code] ?? 0) + 1;
  }
  return {
    totalMs: end - start - pauseMs,
    manifestMs: loadedAt - start,
    parserWaitMs: waitMs,
    planMs: end - planStart,
    analysed,
    analysisMs,
    build: result.summary.build,
    reuse: result.summary.reuse,
    reasons,
  };
}

const child = flag("--child", "");
if (child === "record") {
  console.log(JSON.stringify(await recordWithFacts()));
} else if (child === "plan") {
  console.log(
    JSON.stringify(await planOnce(flag("--impact", "0") === "1", Number(flag("--budget-ms", "Infinity")))),
  );
} else {
  const node = process.execPath;
  const run = (childArgs: string[]): Record<string, unknown> => {
    const out = execFileSync(
      node,
      [
        "--max-old-space-size=16384",
        fileURLToPath(import.meta.url),
        "--nodes",
        String(NODES),
        ...childArgs,
        ...(args.includes("--in-process") ? ["--in-process"] : []),
      ],
      { cwd: root, encoding: "utf8", maxBuffer: 1 << 26 },
    );
    return JSON.parse(out.trim().split("\n").pop()!);
  };
  console.error(`generating ${NODES}-node artifacts (cached) …`);
  execFileSync(
    node,
    [
      "--max-old-space-size=16384",
      path.join(here, "generate.ts"),
      "--nodes",
      String(NODES),
      "--seed",
      String(SEED),
      "--out",
      genDir,
    ],
    { cwd: root, stdio: ["ignore", 2, "inherit"] },
  );
  console.error("recording the full build with column facts …");
  // --reuse-record: plan against the snapshot a previous run recorded (when comparing parsers or changes to the plan).
  const snapshotFile = path.join(work, "snapshot-facts.json");
  const recorded =
    args.includes("--reuse-record") && existsSync(snapshotFile)
      ? { reused: snapshotFile }
      : run(["--child", "record"]);
  console.error(JSON.stringify(recorded));
  const BUDGET = flag("--budget-ms", "500");
  const without: Record<string, unknown>[] = [];
  const withImpact: Record<string, unknown>[] = [];
  const withBudget: Record<string, unknown>[] = [];
  for (let i = 0; i < RUNS; i++) {
    without.push(run(["--child", "plan", "--impact", "0"]));
    withImpact.push(run(["--child", "plan", "--impact", "1"]));
    withBudget.push(run(["--child", "plan", "--impact", "1", "--budget-ms", BUDGET]));
    const ms = (list: Record<string, unknown>[]) => Math.round(list.at(-1)!.totalMs as number);
    console.error(
      `run ${i + 1}: ${ms(without)} ms without, ${ms(withImpact)} ms with, ${ms(withBudget)} ms with a ${BUDGET} ms budget`,
    );
  }
  const totals = (list: Record<string, unknown>[]) => list.map((r) => r.totalMs as number);
  const ratios = without.map((r, i) => (withImpact[i]!.totalMs as number) / (r.totalMs as number));
  const budgetRatios = without.map((r, i) => (withBudget[i]!.totalMs as number) / (r.totalMs as number));
  const summary = {
    nodes: NODES,
    runs: RUNS,
    record: recorded,
    withoutMs: median(totals(without)),
    withMs: median(totals(withImpact)),
    pairedRatio: median(ratios),
    budgetMs: Number(BUDGET),
    withBudgetMs: median(totals(withBudget)),
    budgetPairedRatio: median(budgetRatios),
    buildWithBudget: withBudget[0]!.build,
    analysedWithBudget: withBudget[0]!.analysed,
    analysed: withImpact[0]!.analysed,
    analysisMs: median(withImpact.map((r) => r.analysisMs as number)),
    buildWithout: without[0]!.build,
    buildWith: withImpact[0]!.build,
    reasonsWithout: without[0]!.reasons,
    reasonsWith: withImpact[0]!.reasons,
    samples: { without: totals(without), with: totals(withImpact), withBudget: totals(withBudget) },
    load: (await import("node:os")).loadavg(),
    at: new Date().toISOString(),
  };
  console.log(JSON.stringify(summary, null, 2));
}
