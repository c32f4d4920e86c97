/**
 * The messages between the three parts of the SQL analysis process
 * (analysis-process.ts): the caller's thread, the broker thread
 * (analysis-broker.ts) and the child process (analysis-server.ts). Types
 * only: the broker imports nothing at run time, so Node runs its source as
 * it is, without the project's resolve hook.
 */
import type { MessagePort } from "node:worker_threads";
import type { SqlAnalysisResult } from "../../dbt/column-facts/sql-analysis.js";

/** Caller → broker → server: analyse one statement. */
export interface AnalyseRequest {
  readonly type: "analyse";
  readonly id: number;
  readonly sql: string;
  readonly dialect: string;
}

/** Server → broker: the parser is loaded and warmed, or it could not be loaded. */
export type ServerStatus = { readonly type: "ready" } | { readonly type: "failed"; readonly error: string };

/** Server → broker → caller: the statement's analysis (structured-cloned). */
export interface Answer {
  readonly type: "answer";
  readonly id: number;
  readonly result: SqlAnalysisResult;
}

/** What the broker is started with (`workerData`). */
export interface BrokerData {
  /** The server's file and the Node options it runs with. */
  readonly serverFile: string;
  readonly execArgv: readonly string[];
  /** An analysis's time on a ready server past which it is stopped. */
  readonly timeLimitMs: number;
  /** One Int32 the broker adds 1 to after each answer it posts on `answers`. */
  readonly signal: SharedArrayBuffer;
  readonly answers: MessagePort;
}

/** Broker → caller, on the worker's own channel: the first server's status. */
export type BrokerStatus = ServerStatus;
