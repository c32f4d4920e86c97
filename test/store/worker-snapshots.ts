/**
 * The snapshots test/store/commit-worker.ts commits, deterministic in `n`, so
 * that the test can check that what it reads back is exactly what was
 * committed. Most commits are small; every fifth is large (a longer write
 * transaction, more entries to insert and to prune). Each differs from the
 * base in a tenth of its nodes, so entries are shared between snapshots and
 * pruning has garbage to collect.
 */

import type { RunRecord } from "../../src/state/run-record.js";
import type { StateSnapshot } from "../../src/state/snapshot.js";
import { generateSnapshot, nextRun } from "../../tools/snapshot-generator.js";

const bases = new Map<number, StateSnapshot>();

export function workerSnapshot(n: number, tag = "loop"): StateSnapshot {
  const size = n % 5 === 0 ? 800 : 100;
  let base = bases.get(size);
  if (!base) {
    base = generateSnapshot({
      nodes: size,
      seed: 11,
      project: "faults",
      environment: "prod",
      runId: "run-0",
    });
    bases.set(size, base);
  }
  const snapshot = nextRun(
    base,
    `run-${n}`,
    `2026-11-30T12:00:${String(n % 60).padStart(2, "0")}.000Z`,
    0.1,
    n,
  );
  return tag === "loop" ? snapshot : { ...snapshot, target: { adapter_type: "duckdb", name: tag } };
}

export function workerRun(n: number, tag = "loop"): RunRecord {
  return {
    run_id: tag === "loop" ? `run-${n}` : `run-${n}-${tag}`,
    scope: "faults/prod",
    invocation_id: `inv-${n}`,
    command: "build",
    started_at: "2026-11-30T11:00:00.000Z",
    ended_at: "2026-11-30T11:01:00.000Z",
    status: "success",
    snapshot_id: null,
  };
}
