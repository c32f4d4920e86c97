/**
 * The column facts' parser in a child process of its own, answering the
 * synchronous `AnalyzeSql` port (src/dbt/column-facts/sql-analysis.ts) that
 * the planner calls. Three parts:
 * - this module, in the caller's thread: posts each statement to the broker
 *   and blocks on a shared signal (`Atomics.wait`) until the answer is on
 *   its port;
 * - the broker thread (analysis-broker.ts), which owns the child process
 *   and keeps each analysis's time limit;
 * - the server (analysis-server.ts): the parser, loaded and warmed.
 *
 * Why a process (bench/COLUMN-IMPACT.md): in the caller's process the
 * parser's 22.8 MB of WebAssembly is compiled again by V8's optimising tier
 * on background threads while the plan runs, and its garbage is collected
 * with the plan's; on a 2-core runner that more than doubled the plan. The
 * server runs with `--liftoff-only` (a V8 option a process takes, not a
 * thread), loads while the caller reads the manifest, and can be killed:
 * an analysis that runs past its time limit is stopped (its facts are
 * unknown, so the planner builds) and the next starts a new server.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { MessageChannel, receiveMessageOnPort, Worker } from "node:worker_threads";
import type { AnalyzeSql, SqlAnalysisResult } from "../../dbt/column-facts/sql-analysis.js";
import type { LoadAnalyzeSqlResult } from "../column-facts-analyzer.js";
import type { AnalyseRequest, Answer, BrokerData, BrokerStatus } from "./protocol.js";

/**
 * One statement's analysis time past which it is stopped. The slowest real
 * model analysed in 1.1–4.5 s (src/runtime/column-facts-analyzer.ts); the
 * SDK's exponential shapes would run for minutes.
 */
export const ANALYSIS_TIME_LIMIT_MS = 10_000;

/** Time for the server to load and warm the parser (≈ 0.5 s) before the load counts as failed. */
export const LOAD_TIME_LIMIT_MS = 60_000;

export interface AnalysisProcessOptions {
  readonly timeLimitMs?: number;
  readonly loadTimeLimitMs?: number;
  /** Other files than processFiles()'s (a test's server that cannot start). */
  readonly files?: Partial<ProcessFiles>;
}

/** The loaded process: its `analyze` port and a `close` that stops the server and the broker. */
export type AnalysisProcessResult =
  | { ok: true; analyze: AnalyzeSql; close(): Promise<void> }
  | { ok: false; error: string };

interface ProcessFiles {
  readonly broker: string;
  readonly server: string;
  readonly execArgv: readonly string[];
}

/**
 * The broker and the server: bundled next to the caller's bundle
 * (dist/<entry>/index.js → dist/sql-analysis-broker/, dist/sql-analysis-server/,
 * written by scripts/bundle.mjs), else the sources, the server through the
 * project's resolve hook (tools/ts-hooks.mjs).
 */
function processFiles(): ProcessFiles {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const broker = path.join(here, "..", "sql-analysis-broker", "index.js");
  const server = path.join(here, "..", "sql-analysis-server", "index.js");
  if (existsSync(broker) && existsSync(server)) return { broker, server, execArgv: ["--liftoff-only"] };
  const hooks = path.join(here, "..", "..", "..", "tools", "ts-hooks.mjs");
  return {
    broker: path.join(here, "analysis-broker.ts"),
    server: path.join(here, "analysis-server.ts"),
    execArgv: ["--liftoff-only", "--import", pathToFileURL(hooks).href],
  };
}

/** Starts a server and resolves once its parser is loaded and warmed (never rejects). */
export function startAnalysisProcess(options: AnalysisProcessOptions = {}): Promise<AnalysisProcessResult> {
  const timeLimitMs = options.timeLimitMs ?? ANALYSIS_TIME_LIMIT_MS;
  const files = { ...processFiles(), ...options.files };
  const signalBuffer = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
  const signal = new Int32Array(signalBuffer);
  const { port1: answers, port2 } = new MessageChannel();
  answers.unref();
  const data: BrokerData = {
    serverFile: files.server,
    execArgv: files.execArgv,
    timeLimitMs,
    signal: signalBuffer,
    answers: port2,
  };
  let worker: Worker;
  try {
    worker = new Worker(files.broker, { workerData: data, transferList: [port2], execArgv: [] });
  } catch (error) {
    return Promise.resolve({
      ok: false,
      error: `the SQL parser's process did not start: ${(error as Error).message}`,
    });
  }
  worker.unref();
  const close = async (): Promise<void> => {
    await worker.terminate();
    answers.close();
  };

  // A safety net for a broker that stopped: the broker itself keeps the time limit, counted once the server is ready.
  const waitLimitMs = timeLimitMs + (options.loadTimeLimitMs ?? LOAD_TIME_LIMIT_MS);
  let next = 0;
  let brokerStopped = false;
  const analyze: AnalyzeSql = (sql, dialect): SqlAnalysisResult => {
    if (brokerStopped) return { ok: false, error: "the SQL parser's process stopped answering" };
    next += 1;
    const id = next;
    worker.postMessage({ type: "analyse", id, sql, dialect } satisfies AnalyseRequest);
    const deadline = performance.now() + waitLimitMs;
    for (;;) {
      // Read the signal before the port: an answer posted after this read changes it, and the wait returns at once.
      const seen = Atomics.load(signal, 0);
      for (let received = receiveMessageOnPort(answers); received; received = receiveMessageOnPort(answers)) {
        const answer = received.message as Answer;
        if (answer.id === id) return answer.result;
      }
      const left = deadline - performance.now();
      if (left <= 0) break;
      Atomics.wait(signal, 0, seen, left);
    }
    brokerStopped = true;
    return { ok: false, error: `the SQL parser's process did not answer within ${waitLimitMs / 1000} s` };
  };

  return new Promise((resolve) => {
    const settle = (result: AnalysisProcessResult): void => {
      clearTimeout(timer);
      if (!result.ok) void close();
      resolve(result);
    };
    const timer = setTimeout(
      () =>
        settle({
          ok: false,
          error: `the SQL parser did not load within ${(options.loadTimeLimitMs ?? LOAD_TIME_LIMIT_MS) / 1000} s`,
        }),
      options.loadTimeLimitMs ?? LOAD_TIME_LIMIT_MS,
    );
    timer.unref();
    worker.once("message", (status: BrokerStatus) =>
      settle(status.type === "ready" ? { ok: true, analyze, close } : { ok: false, error: status.error }),
    );
    worker.once("error", (error) =>
      settle({ ok: false, error: `the SQL parser's process failed: ${error.message}` }),
    );
  });
}

let loaded: Promise<LoadAnalyzeSqlResult> | undefined;

/**
 * The `LoadSqlParser` port of the action and the CLI (src/adapters.ts): one
 * analysis process per process, started on the first call (a failed start is
 * tried again on the next call). It exits with the caller.
 */
export function loadAnalyzeSqlProcess(): Promise<LoadAnalyzeSqlResult> {
  loaded ??= startAnalysisProcess().then((result): LoadAnalyzeSqlResult => {
    if (!result.ok) {
      loaded = undefined;
      return result;
    }
    return { ok: true, analyze: result.analyze };
  });
  return loaded;
}
