/**
 * Runs fuzz cases [from, to) of one artifact kind in a worker thread and
 * time-boxes each: when no case finishes within `caseTimeoutMs`, the worker
 * is ended, the case is reported as a hang, and the rest go on in a new
 * worker.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { ArtifactKind, CaseResult } from "./fuzz-engine.js";

const WORKER = path.join(path.dirname(fileURLToPath(import.meta.url)), "fuzz-worker.mjs");

export interface FuzzRun {
  results: CaseResult[];
  notes: string[];
  seeds: Record<string, string[]>;
}

export async function runFuzz(
  kind: ArtifactKind,
  seed: number,
  from: number,
  to: number,
  caseTimeoutMs = 60_000,
): Promise<FuzzRun> {
  const results: CaseResult[] = [];
  let notes: string[] = [];
  let seeds: Record<string, string[]> = {};
  let next = from;
  while (next < to) {
    const start = next;
    await new Promise<void>((resolve, reject) => {
      const worker = new Worker(WORKER, { workerData: { kind, seed, from: start, to } });
      let timer: NodeJS.Timeout | undefined;
      let ready = false;
      const arm = () => {
        clearTimeout(timer);
        timer = setTimeout(
          () => {
            results.push({
              kind,
              index: next,
              op: "hang",
              detail: `case ${next} did not finish within ${caseTimeoutMs} ms`,
              outcome: "hang",
              armed: false,
              failure: `case ${kind}#${next} (seed ${seed}) did not finish within ${caseTimeoutMs} ms`,
              ms: caseTimeoutMs,
            });
            next += 1;
            void worker.terminate().then(() => resolve());
          },
          ready ? caseTimeoutMs : 5 * caseTimeoutMs,
        );
      };
      arm();
      worker.on(
        "message",
        (message: {
          type: string;
          result?: CaseResult;
          notes?: string[];
          seeds?: Record<string, string[]>;
        }) => {
          if (message.type === "ready") {
            ready = true;
            notes = message.notes ?? [];
            seeds = message.seeds ?? {};
            arm();
          } else if (message.type === "case" && message.result) {
            results.push(message.result);
            next = message.result.index + 1;
            arm();
          } else if (message.type === "done") {
            clearTimeout(timer);
            void worker.terminate().then(() => resolve());
          }
        },
      );
      worker.on("error", (error) => {
        clearTimeout(timer);
        if (next >= to) resolve();
        else {
          // An error outside any case (the corpus didn't load, a crash): report the case it stopped at.
          results.push({
            kind,
            index: next,
            op: "worker",
            detail: String(error.stack ?? error),
            outcome: "worker error",
            armed: false,
            failure: `the worker stopped at case ${kind}#${next}: ${error.message}`,
            ms: 0,
          });
          next += 1;
          if (!ready) reject(error);
          else resolve();
        }
      });
    });
  }
  return { results, notes, seeds };
}
