/**
 * The broker thread of the SQL analysis process (analysis-process.ts). The
 * caller's thread blocks while it waits for an analysis (the planner is
 * synchronous), so it cannot receive from the child process itself: this
 * thread does. It starts the server (analysis-server.ts), passes each
 * request on once the server is ready, and posts each answer on the
 * `answers` port, then wakes the caller through the shared signal.
 *
 * It keeps the time limit: a request not answered within `timeLimitMs` of
 * reaching a ready server is answered "ran past", and its server is killed;
 * the next request starts a new one (its load does not count against the
 * limit). After TIME_OUTS_BEFORE_GIVING_UP in a row, requests are refused
 * at once. A server that exits while a request is open answers it with the
 * reason.
 *
 * It imports only Node's modules and types, so Node runs this source as it
 * is in the tests, and ncc bundles it for dist/.
 */
import { type ChildProcess, fork } from "node:child_process";
import { setPriority } from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import type { AnalyseRequest, Answer, BrokerData, BrokerStatus, ServerStatus } from "./protocol.js";

/** The end of the server's stderr kept to explain an exit. */
const STDERR_TAIL = 4_000;

/** The server's scheduling priority (a Unix nice value; the caller's is 0). */
const SERVER_NICENESS = 10;

/** Analyses in a row that ran past the limit after which the parser counts as broken. */
const TIME_OUTS_BEFORE_GIVING_UP = 2;

const data = workerData as BrokerData;
const signal = new Int32Array(data.signal);

interface Server {
  readonly child: ChildProcess;
  ready: boolean;
  /** Requests waiting for the server to be ready. */
  readonly queued: AnalyseRequest[];
  /** Requests sent and not answered, with their time limit's timer. */
  readonly open: Map<number, NodeJS.Timeout>;
}
let server: Server | null = null;
let statusSent = false;
let timeOutsInARow = 0;

function answer(id: number, result: Answer["result"]): void {
  data.answers.postMessage({ type: "answer", id, result } satisfies Answer);
  Atomics.add(signal, 0, 1);
  Atomics.notify(signal, 0);
}

function status(message: BrokerStatus): void {
  if (statusSent) return;
  statusSent = true;
  parentPort?.postMessage(message);
}

/** Why a server exited, from its stderr: the line that names the error, else the last one. */
function reasonIn(stderr: string): string {
  const lines = stderr
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "");
  const named = lines.find((line) => /^(?:\w*Error|Error)\b.*:/.test(line));
  const line = named ?? lines.at(-1);
  return line === undefined ? "" : `: ${line}`;
}

function send(target: Server, request: AnalyseRequest): void {
  const timer = setTimeout(() => {
    target.open.delete(request.id);
    timeOutsInARow += 1;
    answer(request.id, {
      ok: false,
      error: `the analysis ran past ${data.timeLimitMs / 1000} s and was stopped`,
    });
    if (server === target) server = null;
    target.child.kill("SIGKILL");
  }, data.timeLimitMs);
  target.open.set(request.id, timer);
  try {
    target.child.send(request);
  } catch (error) {
    clearTimeout(timer);
    target.open.delete(request.id);
    answer(request.id, {
      ok: false,
      error: `the SQL parser's process took no request: ${(error as Error).message}`,
    });
  }
}

function start(): Server {
  const child = fork(data.serverFile, [], {
    execArgv: [...data.execArgv],
    serialization: "advanced",
    stdio: ["ignore", "ignore", "pipe", "ipc"],
  });
  // The server loads while its caller reads the manifest: on a 2-core runner the caller's work goes first.
  if (child.pid !== undefined) {
    try {
      setPriority(child.pid, SERVER_NICENESS);
    } catch {
      // Not allowed here: it runs at the caller's priority.
    }
  }
  const started: Server = { child, ready: false, queued: [], open: new Map() };
  let stderr = "";
  child.stderr?.setEncoding("utf8");
  child.stderr?.on("data", (chunk: string) => {
    stderr = (stderr + chunk).slice(-STDERR_TAIL);
  });
  child.on("message", (message: ServerStatus | Answer) => {
    if (message.type === "answer") {
      clearTimeout(started.open.get(message.id));
      if (!started.open.delete(message.id)) return;
      timeOutsInARow = 0;
      answer(message.id, message.result);
      return;
    }
    status(message);
    if (message.type === "ready") {
      started.ready = true;
      for (const request of started.queued.splice(0)) send(started, request);
    }
  });
  const gone = (why: string): void => {
    if (server === started) server = null;
    const error = `the SQL parser's process ${why}${reasonIn(stderr)}`;
    status({ type: "failed", error });
    for (const [id, timer] of started.open) {
      clearTimeout(timer);
      answer(id, { ok: false, error });
    }
    started.open.clear();
    for (const request of started.queued.splice(0)) answer(request.id, { ok: false, error });
  };
  child.on("error", (error) => gone(`could not run (${error.message})`));
  child.on("exit", (code, killed) => gone(killed ? `was stopped (${killed})` : `exited with code ${code}`));
  return started;
}

parentPort?.on("message", (request: AnalyseRequest) => {
  if (timeOutsInARow >= TIME_OUTS_BEFORE_GIVING_UP) {
    answer(request.id, {
      ok: false,
      error: `the SQL parser's process stopped answering (${timeOutsInARow} analyses ran past ${data.timeLimitMs / 1000} s)`,
    });
    return;
  }
  server ??= start();
  if (server.ready) send(server, request);
  else server.queued.push(request);
});

server = start();
