/**
 * State store benchmark: commit and read of a 10,000-node snapshot, and the
 * file's size after 1,000 commits with retention. Targets (issue 4): commit
 * and read each under 200 ms on a 2-core machine; the file after 1,000
 * commits within 3x one commit's size.
 *
 *   node --import ./tools/ts-hooks.mjs bench/store-bench.ts [--nodes 10000] [--commits 1000] [--driver better-sqlite3|node:sqlite] [--json]
 *
 * Wall times on a shared machine vary with its load, so CPU time (user +
 * system, this process) is reported next to each; `cold` is the first
 * operation in a fresh process (JIT not yet warm). `fresh process` runs what
 * a CLI invocation or the action's post step does (open, read the head,
 * commit the next run) in new processes; `warm` repeats read and commit in
 * one process.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import type { StateSnapshot } from "../src/state/snapshot.js";
import { SqliteStateStore } from "../src/store/sqlite-store.js";
import { generateSnapshot, nextRun } from "../tools/snapshot-generator.js";

const { values } = parseArgs({
  options: {
    nodes: { type: "string", default: "10000" },
    commits: { type: "string", default: "1000" },
    samples: { type: "string", default: "15" },
    driver: { type: "string", default: "better-sqlite3" },
    json: { type: "boolean", default: false },
    /** Internal: run as the fresh process of the `fresh_process` measurement, on this file. */
    "fresh-process": { type: "string" },
  },
});
const NODES = Number(values.nodes);
const COMMITS = Number(values.commits);
const SAMPLES = Number(values.samples);
const driver = values.driver as "better-sqlite3" | "node:sqlite";
const scope = { project: "jaffle_shop", environment: "prod" };

interface Timing {
  wall: number;
  cpu: number;
}

function timed<T>(fn: () => Promise<T>): Promise<[T, Timing]> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  return fn().then((result) => {
    const wall = performance.now() - start;
    const used = process.cpuUsage(cpu);
    return [result, { wall, cpu: (used.user + used.system) / 1000 }];
  });
}

function fileBytes(file: string): number {
  let total = 0;
  for (const suffix of ["", "-wal"]) {
    try {
      total += statSync(`${file}${suffix}`).size;
    } catch {
      // absent
    }
  }
  return total;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function p90(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.9))]!;
}

if (values["fresh-process"]) {
  // What a CLI run or the action's post step does: a new process opens the
  // state, reads the head, and commits the next run (5% of nodes rebuilt).
  const file = values["fresh-process"];
  const [store, open] = await timed(() => SqliteStateStore.open(file, { driver }));
  const [latest, read] = await timed(() => store.latest(scope));
  const next = nextRun(latest!.snapshot, "run-fresh", "2026-12-01T00:00:00.000Z", 0.05, 99);
  const [, commit] = await timed(() => store.commit(scope, latest!.id, next));
  await store.close();
  process.stdout.write(`${JSON.stringify({ open, read, commit })}\n`);
  process.exit(0);
}

const dir = mkdtempSync(path.join(tmpdir(), "ods-store-bench-"));
const results: Record<string, unknown> = {
  driver,
  nodes: NODES,
  machine: { cpus: cpus().length, load_before: loadavg()[0] },
};
try {
  const base = generateSnapshot({ nodes: NODES, project: scope.project, environment: scope.environment });
  results.snapshot_json_bytes = Buffer.byteLength(JSON.stringify(base));

  // Cold: the first commit and the first read in this process, on a new file.
  const file = path.join(dir, "state.db");
  let store = await SqliteStateStore.open(file, { driver });
  const [first, firstCommit] = await timed(() => store.commit(scope, null, base));
  const [, firstRead] = await timed(() => store.latest(scope));
  await store.close();
  results.cold = { commit: firstCommit, read: firstRead };
  results.one_commit_file_bytes = fileBytes(file);

  // Warm: a run that rebuilt 5% of the nodes, committed on the head, then read back.
  store = await SqliteStateStore.open(file, { driver });
  let parent = first.id;
  let previous: StateSnapshot = base;
  const commits: Timing[] = [];
  const reads: Timing[] = [];
  for (let sample = 1; sample <= SAMPLES; sample++) {
    const snapshot = nextRun(
      previous,
      `run-${sample}`,
      new Date(Date.UTC(2026, 10, 30, 12, sample)).toISOString(),
      0.05,
      sample,
    );
    const [committed, commitTime] = await timed(() => store.commit(scope, parent, snapshot));
    const [, readTime] = await timed(() => store.latest(scope));
    parent = committed.id;
    previous = snapshot;
    commits.push(commitTime);
    reads.push(readTime);
  }
  await store.close();

  // Fresh processes: open, first read and first commit, as a CLI run sees them.
  const fresh: { open: Timing; read: Timing; commit: Timing }[] = [];
  for (let run = 0; run < 3; run++) {
    const output = execFileSync(
      process.execPath,
      [...process.execArgv, fileURLToPath(import.meta.url), "--fresh-process", file, "--driver", driver],
      { encoding: "utf8" },
    );
    fresh.push(JSON.parse(output.trim().split("\n").pop()!));
  }
  results.fresh_process = {
    runs: fresh.length,
    open_median_wall: median(fresh.map((f) => f.open.wall)),
    read_median_wall: median(fresh.map((f) => f.read.wall)),
    read_median_cpu: median(fresh.map((f) => f.read.cpu)),
    commit_median_wall: median(fresh.map((f) => f.commit.wall)),
    commit_median_cpu: median(fresh.map((f) => f.commit.cpu)),
  };
  const summary = (timings: Timing[]) => ({
    median_wall: median(timings.map((t) => t.wall)),
    p90_wall: p90(timings.map((t) => t.wall)),
    median_cpu: median(timings.map((t) => t.cpu)),
  });
  results.warm = { samples: SAMPLES, commit: summary(commits), read: summary(reads) };

  // Size: COMMITS commits with retention (default 30 per scope), two workloads.
  for (const [name, fraction] of [
    ["same_nodes", 0],
    ["rebuild_5_percent", 0.05],
  ] as const) {
    const sized = path.join(dir, `${name}.db`);
    let sizeStore = await SqliteStateStore.open(sized, { driver });
    let head: string | null = null;
    let snapshot: StateSnapshot = base;
    let oneCommit = 0;
    let peak = 0;
    const started = performance.now();
    for (let commit = 1; commit <= COMMITS; commit++) {
      snapshot =
        fraction === 0
          ? {
              ...base,
              run_id: `run-${commit}`,
              created_at: new Date(Date.UTC(2026, 0, 1, 0, commit)).toISOString(),
            }
          : nextRun(
              snapshot,
              `run-${commit}`,
              new Date(Date.UTC(2026, 0, 1, 0, commit)).toISOString(),
              fraction,
              commit,
            );
      head = (await sizeStore.commit(scope, head, snapshot)).id;
      if (commit === 1) {
        // One commit's size: the database file alone, checkpointed (as it is saved and restored).
        await sizeStore.close();
        oneCommit = fileBytes(sized);
        sizeStore = await SqliteStateStore.open(sized, { driver });
      }
      peak = Math.max(peak, fileBytes(sized));
    }
    const seconds = (performance.now() - started) / 1000;
    await sizeStore.close();
    const final = fileBytes(sized);
    results[`size_${name}`] = {
      commits: COMMITS,
      one_commit_bytes: oneCommit,
      final_bytes_after_close: final,
      peak_bytes_while_open_with_wal: peak,
      final_over_one: Number((final / oneCommit).toFixed(2)),
      peak_with_wal_over_one: Number((peak / oneCommit).toFixed(2)),
      seconds: Number(seconds.toFixed(1)),
    };
  }
  results.machine = { ...(results.machine as object), load_after: loadavg()[0] };
} finally {
  rmSync(dir, { recursive: true, force: true });
}

if (values.json) {
  process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
} else {
  const ms = (timing: Timing) => `${timing.wall.toFixed(0)} ms (cpu ${timing.cpu.toFixed(0)} ms)`;
  const cold = results.cold as { commit: Timing; read: Timing };
  const fp = results.fresh_process as {
    runs: number;
    open_median_wall: number;
    read_median_wall: number;
    read_median_cpu: number;
    commit_median_wall: number;
    commit_median_cpu: number;
  };
  const warm = results.warm as Record<string, { median_wall: number; p90_wall: number; median_cpu: number }>;
  const lines = [
    `store bench: ${NODES} nodes, driver ${driver}, ${((results.snapshot_json_bytes as number) / 1e6).toFixed(1)} MB of JSON`,
    `  first commit into a new file ${ms(cold.commit)}, then read ${ms(cold.read)} (same process, cold)`,
    `  fresh process (open, read head, commit next run): open ${fp.open_median_wall.toFixed(0)} ms, read ${fp.read_median_wall.toFixed(0)} ms (cpu ${fp.read_median_cpu.toFixed(0)} ms), commit ${fp.commit_median_wall.toFixed(0)} ms (cpu ${fp.commit_median_cpu.toFixed(0)} ms), median of ${fp.runs}`,
    `  warm  commit median ${warm.commit!.median_wall.toFixed(0)} ms, p90 ${warm.commit!.p90_wall.toFixed(0)} ms (cpu ${warm.commit!.median_cpu.toFixed(0)} ms)  read median ${warm.read!.median_wall.toFixed(0)} ms, p90 ${warm.read!.p90_wall.toFixed(0)} ms (cpu ${warm.read!.median_cpu.toFixed(0)} ms)`,
  ];
  for (const name of ["same_nodes", "rebuild_5_percent"]) {
    const size = results[`size_${name}`] as Record<string, number>;
    lines.push(
      `  size ${name}: one commit ${(size.one_commit_bytes! / 1e6).toFixed(1)} MB; after ${size.commits} commits ${(size.final_bytes_after_close! / 1e6).toFixed(1)} MB (${size.final_over_one}x), peak while open incl. WAL ${(size.peak_bytes_while_open_with_wal! / 1e6).toFixed(1)} MB (${size.peak_with_wal_over_one}x), ${size.seconds} s`,
    );
  }
  lines.push(
    `  load average ${(results.machine as { load_before: number }).load_before.toFixed(1)} before, ${(results.machine as { load_after: number }).load_after.toFixed(1)} after`,
  );
  process.stdout.write(`${lines.join("\n")}\n`);
}
