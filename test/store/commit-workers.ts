/**
 * The child processes of the store's fault tests (test/store/commit-worker.ts,
 * run on this very Node with tools/ts-hooks.mjs), and the SIGKILL
 * rounds that sqlite-faults.adv.test.ts runs 6 times per driver and
 * sqlite-kill.slow.test.ts 100 times.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "vitest";
import { SqliteStateStore } from "../../src/store/sqlite-store.js";
import type { DriverName } from "./harness.js";
import { workerSnapshot } from "./worker-snapshots.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const WORKER = path.join(ROOT, "test", "store", "commit-worker.ts");
const HOOKS = path.join(ROOT, "tools", "ts-hooks.mjs");
export const FAULTS = { project: "faults", environment: "prod" };
const COMPILE_CACHE = path.join(tmpdir(), "ods-state-test-compile-cache");

export interface Worker {
  child: ChildProcess;
  lines: string[];
  /** Resolves with the first line matching `pattern` from now on (or already received after `from`). */
  waitFor(pattern: RegExp, from?: number): Promise<string>;
  exited: Promise<number | null>;
  stderr: () => string;
}

export function startWorker(
  mode: "loop" | "race",
  file: string,
  driver: string,
  keep?: number,
  report?: string,
): Worker {
  const child = spawn(
    process.execPath,
    [
      "--import",
      HOOKS,
      WORKER,
      mode,
      file,
      driver,
      ...(keep === undefined ? [] : [String(keep)]),
      ...(report === undefined ? [] : [report]),
    ],
    {
      cwd: ROOT,
      stdio: ["pipe", "pipe", "pipe"],
      // Node's on-disk compile cache keeps the stripped TypeScript and V8 code between
      // the ~250 workers this file starts: each starts in ~150 ms instead of ~400 ms.
      env: { ...process.env, NODE_COMPILE_CACHE: COMPILE_CACHE },
    },
  );
  const lines: string[] = [];
  let partial = "";
  let errors = "";
  const waiters: { pattern: RegExp; from: number; resolve: (line: string) => void }[] = [];
  const settle = () => {
    for (const waiter of [...waiters]) {
      const found = lines.slice(waiter.from).find((line) => waiter.pattern.test(line));
      if (found !== undefined) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(found);
      }
    }
  };
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
    partial += chunk;
    const complete = partial.split("\n");
    partial = complete.pop()!;
    lines.push(...complete);
    settle();
  });
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
    errors += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
  return {
    child,
    lines,
    exited,
    stderr: () => errors,
    waitFor(pattern, from = 0) {
      return new Promise((resolve, reject) => {
        waiters.push({ pattern, from, resolve });
        settle();
        exited.then(() => {
          settle();
          if (waiters.some((waiter) => waiter.resolve === resolve)) {
            reject(new Error(`worker exited before ${pattern}: ${errors}`));
          }
        });
      });
    },
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `rounds` times: a worker commits in a loop and is killed with SIGKILL at a
 * random point (while starting, between commits or inside one); after each
 * kill the file opens, its head is the last reported commit or the one in
 * flight, check() is clean, retention kept exactly what it should, and every
 * commit's ledger row is there. Most kills must land inside commits.
 */
export async function killWhileCommitting(file: string, driver: DriverName, rounds: number): Promise<void> {
  /** Commit number -> snapshot id, for every commit known to have completed. */
  const committed = new Map<number, string>();
  /** The commit numbers whose snapshots must be in the file now (retention decides which). */
  let present: number[] = [];
  let lastOk = 0;
  let killedMidCommit = 0;
  let next: Worker | undefined;
  for (let round = 0; round < rounds; round++) {
    // Every other round prunes hard (keep 6), so kills also land in retention and garbage collection.
    const keep = round % 2 === 0 ? 100_000 : 6;
    const report = `${file}.round-${round}.log`;
    const worker = next ?? startWorker("loop", file, driver, keep, report);
    await worker.waitFor(/^waiting/);
    worker.child.stdin!.write("go\n");
    if (round % 10 === 3) {
      // Sometimes while it is still starting or opening (creating, checking, configuring the file).
      await sleep(Math.random() * 200);
    } else {
      // Otherwise after 0-2 commits of this round, then anywhere within the next commit or two.
      await worker.waitFor(/^ready/);
      const after = Math.floor(Math.random() * 3);
      if (after > 0) await worker.waitFor(new RegExp(`^ok ${lastOk + after} `)).catch(() => undefined);
      await sleep(Math.random() * 40);
    }
    worker.child.kill("SIGKILL");
    await worker.exited;
    // The next worker starts up (imports, warm-up) while this round is checked; it touches the file only on `go`.
    next =
      round < rounds - 1
        ? startWorker(
            "loop",
            file,
            driver,
            (round + 1) % 2 === 0 ? 100_000 : 6,
            `${file}.round-${round + 1}.log`,
          )
        : undefined;
    const thisRound: number[] = [];
    let begun = lastOk;
    // What the worker completed, from its report file (see commit-worker.ts for why not stdout).
    const reported = existsSync(report) ? readFileSync(report, "utf8").split("\n") : [];
    for (const line of reported) {
      const [event, n, id] = line.split(" ");
      if (event === "ok") {
        committed.set(Number(n), id!);
        thisRound.push(Number(n));
        lastOk = Math.max(lastOk, Number(n));
      }
      if (event === "begin") begun = Math.max(begun, Number(n));
    }
    if (begun > lastOk) killedMidCommit++;
    if (!existsSync(file)) {
      expect(committed.size).toBe(0);
      continue;
    }
    // The file opens; the head is the last reported commit or the one in flight.
    const store = await SqliteStateStore.open(file, {
      driver,
      keepSnapshots: 100_000,
      keepRuns: 100_000,
    });
    try {
      const head = await store.latest(FAULTS);
      if (head === undefined) {
        expect(lastOk, "the head is gone but commits were reported").toBe(0);
      } else {
        const headN = Number(head.snapshot.run_id.slice("run-".length));
        expect(
          [lastOk, begun],
          `round ${round}: head is run-${headN}; the worker reported: ${reported.join(" | ")} ${worker.stderr()}`,
        ).toContain(headN);
        if (headN === lastOk) expect(head.id).toBe(committed.get(lastOk));
        if (headN > lastOk) {
          // The commit in flight had completed: it counts as committed.
          committed.set(headN, head.id);
          thisRound.push(headN);
          lastOk = headN;
        }
        expect(head.snapshot).toEqual(workerSnapshot(headN));
      }
      // check() is clean: no damage, and no leftovers of the interrupted transaction.
      expect((await store.check()).problems).toEqual([]);
      // Exactly the snapshots retention keeps are there: every one committed, minus those pruned on purpose.
      present = [...new Set([...present, ...thisRound])].sort((a, b) => a - b);
      if (keep === 6 && thisRound.length > 0) present = present.slice(-6);
      const history = await store.history(FAULTS);
      expect(history.map((entry) => entry.id).sort()).toEqual(present.map((n) => committed.get(n)).sort());
      for (const n of present.slice(-3)) {
        const stored = await store.get(committed.get(n)!);
        expect(stored?.snapshot).toEqual(workerSnapshot(n));
      }
      // The ledger row of each commit is there, pointing at its snapshot.
      const runs = await store.runs(FAULTS);
      const byRun = new Map(runs.map((run) => [run.run_id, run.snapshot_id]));
      for (const [n, id] of committed) expect(byRun.get(`run-${n}`)).toBe(id);
      expect(runs).toHaveLength(committed.size);
    } finally {
      await store.close();
    }
  }
  expect(committed.size).toBeGreaterThan(rounds / 2);
  // The kills must land inside commits, not only between them.
  expect(killedMidCommit).toBeGreaterThan(rounds * 0.3);
}
