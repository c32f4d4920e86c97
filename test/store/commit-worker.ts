/**
 * A child process for test/store/sqlite-faults.adv.test.ts: commits to a SQLite
 * state file and reports on stdout, one line per event, so that the test can
 * kill it at any point and know what it had completed.
 *
 * Run with the resolve hook that maps src/'s `.js` imports to `.ts`:
 *   node --import ./tools/ts-hooks.mjs test/store/commit-worker.ts MODE FILE DRIVER [KEEP [REPORT]]
 *
 * Modes:
 * - `loop`: commits snapshot n+1 on top of snapshot n forever, each with its
 *   run in the ledger. Prints `begin n` before a commit and `ok n ID` after
 *   it returned, to the REPORT file (synchronously, so a line written is a
 *   line the parent reads, kill or not) and to stdout.
 * - `race`: reads `commit PARENT N` lines on stdin (PARENT `-` for none) and
 *   answers `ok N ID` or `conflict N HEAD`, for two processes committing on
 *   the same parent at once.
 */
import { openSync, writeSync } from "node:fs";
import { createInterface } from "node:readline";
import { SqliteStateStore } from "../../src/store/sqlite-store.js";
import { ConflictError } from "../../src/store/state-store.js";
import { workerRun, workerSnapshot } from "./worker-snapshots.js";

const [mode, file, driver, keep, report] = process.argv.slice(2);
if (!mode || !file || (driver !== "better-sqlite3" && driver !== "node:sqlite")) {
  process.stderr.write("usage: commit-worker.ts loop|race FILE better-sqlite3|node:sqlite [KEEP]\n");
  process.exit(2);
}

// stdout to the parent is a socket that Node writes asynchronously once its
// buffer fills: lines queued in the process die with it on SIGKILL. The record
// of what was committed therefore goes to a file first, with a synchronous
// write that is in the kernel before the next commit starts; stdout only
// gives the parent its timing.
const reportFd = report ? openSync(report, "a") : undefined;
const say = (line: string) => {
  if (reportFd !== undefined) writeSync(reportFd, `${line}\n`);
  process.stdout.write(`${line}\n`);
};

// Warm up before touching the file (build both snapshot shapes once), so that
// the parent's random kill times fall on commits, not on start-up.
workerSnapshot(1);
workerSnapshot(5);

const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
if (mode === "loop") {
  // The parent starts the next worker while it checks the file, and says `go`
  // when the file is its again.
  say("waiting");
  const go = await lines.next();
  if (go.done || go.value !== "go") process.exit(0);
}

const store = await SqliteStateStore.open(file, {
  driver,
  keepSnapshots: keep ? Number(keep) : 100_000,
  keepRuns: 100_000,
});
say(`ready ${process.pid}`);

if (mode === "loop") {
  const head = await store.latest({ project: "faults", environment: "prod" });
  let n = head ? Number(head.snapshot.run_id.slice("run-".length)) : 0;
  let parent = head?.id ?? null;
  for (;;) {
    n++;
    say(`begin ${n}`);
    const result = await store.commit(
      { project: "faults", environment: "prod" },
      parent,
      workerSnapshot(n),
      workerRun(n),
    );
    parent = result.id;
    say(`ok ${n} ${result.id}`);
  }
} else if (mode === "race") {
  const tag = process.pid;
  for (let next = await lines.next(); !next.done; next = await lines.next()) {
    const [command, parentArg, nArg] = next.value.split(" ");
    if (command !== "commit") continue;
    const n = Number(nArg);
    try {
      const result = await store.commit(
        { project: "faults", environment: "prod" },
        parentArg === "-" ? null : parentArg!,
        workerSnapshot(n, `race-${tag}`),
        workerRun(n, `race-${tag}`),
      );
      say(`ok ${n} ${result.id}`);
    } catch (error) {
      if (error instanceof ConflictError) say(`conflict ${n} ${error.actual}`);
      else say(`error ${n} ${(error as Error).message.replaceAll("\n", " ")}`);
    }
  }
  await store.close();
} else {
  process.stderr.write(`unknown mode ${mode}\n`);
  process.exit(2);
}
