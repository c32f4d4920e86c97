/**
 * One benchmark measurement in this (fresh) process, from the TypeScript
 * sources: bench/run.mjs starts one process per measurement and run, and
 * reads the JSON line this prints.
 *
 *   node bench/steps.ts <measurement> --dir bench/out/gen/N --work bench/out/work/N [--runs 1000]
 *
 * Measurements (each step timed with performance.now(); what isn't listed is
 * set up untimed, before the timed steps):
 *
 *   floor     read next/manifest.json; JSON.parse of it (on V8's defaults)
 *   bound     the least work any plan of the manifest does, on one thread (V8's
 *             defaults): JSON.parse of the whole text (read untimed), then each
 *             model's SQL read once: its compiled SQL normalised and hashed,
 *             its raw code hashed and its Jinja checked (no streaming, no
 *             validation, no graph, no other component, no plan)
 *   plan      read, parse and validate (streamed, as the action reads it); graph;
 *             fingerprint; plan() of next/ against the recorded snapshot (1% of
 *             the models changed); the sum of those is `plan total`. The
 *             snapshot and sources.json are read (untimed) after fingerprint,
 *             as the main step reads the state after the manifest
 *   record    load the build's manifest (read, parse, validate, graph, fingerprint),
 *             run_results.json and sources.json; record()
 *   render    renderComment() of the plan (work/plan.json)
 *   commit    commit the recorded snapshot into a new SQLite file, then a copy
 *             with 1% of the nodes rebuilt on top of it
 *   read      open the state database; latest()
 *   selection (issue 20) the plan file the main step wrote (--plan FILE): its
 *             select / exclude, their terms and exactness, and the PR comment
 *             rendered as the main step renders it (renderComment with the
 *             main step's context for pull request 7): its size and command
 *   prepare   (untimed) writes work/snapshot.json from work/state.db
 *   growth    1,000 (--runs) successive commits of the snapshot with a few
 *             nodes rebuilt each time: commit time and file size along the way
 *
 * Prints `{"measurement", "steps": {name: ms}, "maxRssKb", …}` on one line.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import "../tools/ts-hooks.mjs";

type Json = Record<string, unknown>;

const args = process.argv.slice(2);
const measurement = args[0];
const flag = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const dir = path.resolve(flag("--dir") ?? ".");
const work = path.resolve(flag("--work") ?? ".");
const steps: Record<string, number> = {};
/** CPU time of the step (user + system, every thread of the process: GC helpers too), in ms. */
const cpu: Record<string, number> = {};
const extra: Json = {};

function cpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

function time<T>(name: string, fn: () => T): T {
  const cpuStart = cpuMs();
  const start = performance.now();
  const result = fn();
  steps[name] = (steps[name] ?? 0) + performance.now() - start;
  cpu[name] = (cpu[name] ?? 0) + cpuMs() - cpuStart;
  return result;
}

async function timeAsync<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const cpuStart = cpuMs();
  const start = performance.now();
  const result = await fn();
  steps[name] = (steps[name] ?? 0) + performance.now() - start;
  cpu[name] = (cpu[name] ?? 0) + cpuMs() - cpuStart;
  return result;
}

const SCOPE = { project: "warehouse", environment: "prod" };
const NOW = "2026-11-30T12:02:00.000Z";

function readSnapshot(): Json {
  return JSON.parse(readFileSync(path.join(work, "snapshot.json"), "utf8")) as Json;
}

/** A copy of `snapshot` as the next run leaves it: `count` nodes rebuilt by run `runId`. */
function rebuilt(snapshot: Json, count: number, runId: string, at: string, salt: number): Json {
  const nodes = snapshot.nodes as Record<string, Json>;
  const ids = Object.keys(nodes);
  const next: Record<string, Json> = { ...nodes };
  const changed = new Set<string>();
  for (let k = 0; changed.size < Math.min(count, ids.length); k++) {
    changed.add(ids[(salt * 7919 + k * 104729) % ids.length]!);
  }
  for (const id of changed) {
    const old = nodes[id]!;
    const fingerprint = old.fingerprint as Json;
    const components = { ...(fingerprint.components as Record<string, string>) };
    const digest = `${runId.replaceAll("-", "").padEnd(64, "0").slice(0, 64)}`;
    if (components.sql !== undefined) components.sql = digest;
    next[id] = {
      ...old,
      fingerprint: { ...fingerprint, digest, components },
      run_id: runId,
      built_at: at,
    };
  }
  // Readers of a rebuilt node read the new build.
  for (const [id, state] of Object.entries(nodes)) {
    const parents = state.parents as Record<string, string>;
    if (!Object.keys(parents).some((p) => changed.has(p))) continue;
    const updated: Record<string, string> = { ...parents };
    for (const p of Object.keys(updated)) if (changed.has(p)) updated[p] = runId;
    next[id] = { ...(next[id] ?? state), parents: updated, run_id: runId, built_at: at };
  }
  return { ...snapshot, run_id: runId, created_at: at, nodes: next };
}

function runRecord(runId: string, at: string): Json {
  return {
    run_id: runId,
    scope: "warehouse/prod",
    invocation_id: runId,
    command: "build",
    started_at: at,
    ended_at: at,
    status: "success",
    snapshot_id: null,
  };
}

async function main(): Promise<void> {
  // The product's runtime setting (src/main.ts, src/post.ts, src/cli.ts), for the product's code paths;
  // the floor runs on Node's defaults.
  if (measurement !== "floor" && measurement !== "bound" && !process.env.BENCH_V8_DEFAULTS) {
    const { fixYoungGeneration } = await import("../src/runtime/young-generation.js");
    fixYoungGeneration();
  }
  switch (measurement) {
    case "floor": {
      const text = time("read", () => readFileSync(path.join(dir, "next", "manifest.json"), "utf8"));
      time("JSON.parse", () => JSON.parse(text));
      break;
    }
    case "bound": {
      const { normaliseSqlBytes } = await import("../src/dbt/sql-normaliser.js");
      const { sha256, sha256Of } = await import("../src/dbt/fingerprint/digest.js");
      const { checkJinjaPurity } = await import("../src/dbt/jinja-purity.js");
      const text = readFileSync(path.join(dir, "next", "manifest.json"), "utf8");
      const document = time("JSON.parse", () => JSON.parse(text)) as { nodes: Record<string, Json> };
      let models = 0;
      time("SQL work", () => {
        for (const node of Object.values(document.nodes)) {
          if (node.resource_type !== "model" && node.resource_type !== "snapshot") continue;
          if (typeof node.compiled_code === "string") {
            const normalised = normaliseSqlBytes(node.compiled_code);
            if (normalised.ok) sha256Of("normalised\0", normalised.bytes);
            else sha256Of("raw\0", node.compiled_code);
          }
          if (typeof node.raw_code === "string") {
            sha256(node.raw_code);
            checkJinjaPurity(node.raw_code);
          }
          models += 1;
        }
      });
      steps.total = steps["JSON.parse"]! + steps["SQL work"]!;
      cpu.total = cpu["JSON.parse"]! + cpu["SQL work"]!;
      extra.models = models;
      break;
    }
    case "plan": {
      const { readManifestFile } = await import("../src/files/read-manifest-file.js");
      const { buildGraph } = await import("../src/dbt/graph.js");
      const { fingerprintProject } = await import("../src/dbt/fingerprint/project-fingerprints.js");
      const { loadSources } = await import("../src/dbt/artifacts/sources.js");
      const { plan } = await import("../src/planner/plan.js");
      const file = path.join(dir, "next", "manifest.json");
      const cpuStart = cpuMs();
      const start = performance.now();
      // As the action and the CLI read it: streamed from the file, read, parsed and validated entry by entry.
      const manifest = time("read, parse and validate", () => readManifestFile(file, "bench"));
      const graph = time("graph", () => buildGraph(manifest));
      const fingerprints = time("fingerprint", () => fingerprintProject(graph));
      // Untimed, between the steps, as the main step does it: the state is read after the manifest.
      const paused = performance.now();
      const pausedCpu = cpuMs();
      const snapshot = readSnapshot();
      const sourcesFile = path.join(dir, "next", "sources.json");
      const sources = loadSources(readFileSync(sourcesFile, "utf8"), sourcesFile);
      const pauseMs = performance.now() - paused;
      const pauseCpu = cpuMs() - pausedCpu;
      const result = time("plan", () =>
        plan({
          project: { manifest, graph, fingerprints },
          scope: SCOPE,
          state: { id: "bench", snapshot: snapshot as never },
          sources,
          select: [],
          now: NOW,
          target: { name: "prod", adapter_type: "duckdb" },
        }),
      );
      steps["plan total"] = performance.now() - start - pauseMs;
      cpu["plan total"] = cpuMs() - cpuStart - pauseCpu;
      extra.summary = result.summary;
      const planFile = path.join(work, "plan.json");
      if (!existsSync(planFile)) writeFileSync(planFile, JSON.stringify(result));
      break;
    }
    case "record": {
      const { projectOf } = await import("../src/dbt/load-project.js");
      const { readManifestFile } = await import("../src/files/read-manifest-file.js");
      const { loadRunResults } = await import("../src/dbt/artifacts/run-results.js");
      const { loadSources } = await import("../src/dbt/artifacts/sources.js");
      const { record } = await import("../src/planner/record.js");
      const file = path.join(dir, "manifest.json");
      const resultsFile = path.join(dir, "run_results.json");
      const resultsText = readFileSync(resultsFile, "utf8");
      const sourcesFile = path.join(dir, "sources.json");
      const sourcesText = readFileSync(sourcesFile, "utf8");
      const project = time("load manifest", () => projectOf(readManifestFile(file, "bench")));
      const runResults = time("load run_results", () => loadRunResults(resultsText, resultsFile));
      const sources = time("load sources", () => loadSources(sourcesText, sourcesFile));
      const outcome = time("record", () =>
        record({
          project,
          runResults,
          sources,
          scope: SCOPE,
          previous: null,
          recordedRunIds: new Set(),
          target: { name: "prod", adapter_type: "duckdb" },
          now: NOW,
        }),
      );
      extra.built = outcome.built.length;
      break;
    }
    case "render": {
      const modulePath = path.resolve(import.meta.dirname, "..", "src", "comment", "render-comment.ts");
      if (!existsSync(modulePath)) {
        extra.skipped = "src/comment/render-comment.ts does not exist";
        break;
      }
      const { renderComment, renderJobSummary } = await import("../src/comment/render-comment.js");
      const planned = JSON.parse(readFileSync(path.join(work, "plan.json"), "utf8"));
      const comment = time("render comment", () => renderComment(planned));
      const summary = time("render job summary", () => renderJobSummary(planned));
      extra.chars = { comment: comment.length, summary: summary.length };
      break;
    }
    case "commit": {
      const { SqliteStateStore } = await import("../src/store/sqlite-store.js");
      const snapshot = readSnapshot();
      const next = rebuilt(
        snapshot,
        Math.ceil(Object.keys(snapshot.nodes as Json).length / 100),
        "bench-run-2",
        NOW,
        1,
      );
      const file = path.join(work, `commit-${process.pid}.db`);
      rmSync(file, { force: true });
      const store = await timeAsync("open (create)", () => SqliteStateStore.open(file));
      try {
        const first = await timeAsync("commit", () =>
          store.commit(SCOPE, null, snapshot as never, runRecord(snapshot.run_id as string, NOW) as never),
        );
        await timeAsync("commit (1% rebuilt)", () =>
          store.commit(SCOPE, first.id, next as never, runRecord("bench-run-2", NOW) as never),
        );
      } finally {
        await store.close();
      }
      extra.bytes = statSync(file).size;
      for (const suffix of ["", "-wal", "-shm"]) rmSync(`${file}${suffix}`, { force: true });
      break;
    }
    case "read": {
      const { SqliteStateStore } = await import("../src/store/sqlite-store.js");
      const store = await timeAsync("open", () =>
        SqliteStateStore.open(path.join(work, "state.db"), { create: false }),
      );
      try {
        const latest = await timeAsync("read", () => store.latest(SCOPE));
        extra.nodes = Object.keys(latest?.snapshot.nodes ?? {}).length;
      } finally {
        await store.close();
      }
      break;
    }
    case "selection": {
      const { renderComment } = await import("../src/comment/render-comment.js");
      const { VERSION } = await import("../src/version.js");
      const planFile = flag("--plan");
      if (!planFile) throw new Error("selection: --plan FILE is required");
      const planned = JSON.parse(readFileSync(planFile, "utf8")) as Json & {
        select: string;
        exclude?: string;
        select_terms?: number;
        select_exact?: boolean;
        select_extra?: string[];
        build_command: string | null;
        short_command?: { command: string; terms: number; exact: boolean; extra: number };
        summary: { build: number; reuse: number };
        project: string;
      };
      // As src/run/main-step.ts's commentContext() fills it for pull request 7 of acme/warehouse (bench/run.mjs).
      const repositoryUrl = "https://github.com/acme/warehouse";
      const comment = time("render comment", () =>
        renderComment(planned as never, {
          project: planned.project,
          repositoryUrl,
          toolVersion: VERSION,
          links: { jobSummary: `${repositoryUrl}/actions/runs/101` },
          pullRequest: 7,
          headSha: "a".repeat(40),
        }),
      );
      extra.selection = {
        build: planned.summary.build,
        reuse: planned.summary.reuse,
        selectChars: planned.select.length,
        selectBytes: Buffer.byteLength(planned.select),
        excludeChars: (planned.exclude ?? "").length,
        terms: planned.select_terms ?? null,
        exact: planned.select_exact ?? null,
        extra: planned.select_extra?.length ?? 0,
        buildCommandChars: planned.build_command?.length ?? 0,
        shortCommand: planned.short_command
          ? {
              chars: planned.short_command.command.length,
              terms: planned.short_command.terms,
              exact: planned.short_command.exact,
              extra: planned.short_command.extra,
            }
          : null,
        commentChars: comment.length,
        commentBytes: Buffer.byteLength(comment),
        commentHasCommand: /dbt build( |$)/m.test(comment),
        planFileBytes: statSync(planFile).size,
      };
      break;
    }
    case "prepare": {
      const { SqliteStateStore } = await import("../src/store/sqlite-store.js");
      const store = await SqliteStateStore.open(path.join(work, "state.db"), { create: false });
      try {
        const latest = await store.latest(SCOPE);
        if (!latest) throw new Error(`no snapshot of ${SCOPE.project}/${SCOPE.environment} in state.db`);
        writeFileSync(path.join(work, "snapshot.json"), JSON.stringify(latest.snapshot));
        extra.nodes = Object.keys(latest.snapshot.nodes).length;
      } finally {
        await store.close();
      }
      break;
    }
    case "growth": {
      const { SqliteStateStore } = await import("../src/store/sqlite-store.js");
      const runs = Number(flag("--runs") ?? 1000);
      const perRun = Number(flag("--changed") ?? 5);
      const every = Number(flag("--every") ?? 50);
      const growthDir = path.join(work, "growth");
      mkdirSync(growthDir, { recursive: true });
      const file = path.join(growthDir, "state.db");
      for (const suffix of ["", "-wal", "-shm"]) rmSync(`${file}${suffix}`, { force: true });
      let snapshot = readSnapshot();
      const store = await SqliteStateStore.open(file);
      const series: Json[] = [];
      const commitMs: number[] = [];
      let head: string | null = null;
      const base = Date.parse("2026-12-01T00:00:00.000Z");
      try {
        for (let run = 1; run <= runs; run++) {
          const at = new Date(base + run * 3_600_000).toISOString();
          const runId = `growth-${String(run).padStart(5, "0")}`;
          snapshot = rebuilt(snapshot, perRun, runId, at, run);
          const start = performance.now();
          const committed = await store.commit(SCOPE, head, snapshot as never, runRecord(runId, at) as never);
          commitMs.push(performance.now() - start);
          head = committed.id;
          if (run === 1 || run % every === 0) {
            const bytes = ["", "-wal"].reduce(
              (sum, suffix) => sum + (existsSync(`${file}${suffix}`) ? statSync(`${file}${suffix}`).size : 0),
              0,
            );
            const window = commitMs.slice(-every).sort((a, b) => a - b);
            series.push({
              run,
              bytes,
              dbBytes: statSync(file).size,
              commitMedianMs: Math.round(window[Math.floor(window.length / 2)]! * 10) / 10,
              commitMaxMs: Math.round(window[window.length - 1]! * 10) / 10,
            });
          }
        }
      } finally {
        await store.close();
      }
      extra.series = series;
      extra.nodes = Object.keys(snapshot.nodes as Json).length;
      break;
    }
    default:
      throw new Error(`unknown measurement ${measurement}`);
  }
  console.log(
    JSON.stringify({
      measurement,
      steps,
      cpu,
      maxRssKb: process.resourceUsage().maxRSS,
      ...extra,
    }),
  );
}

await main();
