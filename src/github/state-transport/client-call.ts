/**
 * One call of an @actions client (cache, artifact) with a deadline, while a
 * ClientOutputWatch collects what it prints: the outcome (done, error,
 * timeout) with the failures it reported by printing.
 */
import type { Capture, ClientOutputWatch } from "./client-output-watch.js";
import { errorMessage, statusOf } from "./message-text.js";

export interface Reported {
  problems: string[];
  causes: string[];
}

export type ClientCall<T> =
  | ({ kind: "done"; value: T } & Reported)
  | ({ kind: "error"; message: string; status: number | undefined } & Reported)
  | ({ kind: "timeout" } & Reported);

/**
 * Runs a client call with a deadline while watching what it prints. The call
 * is not cancelled at the deadline (the clients can't be); it is abandoned,
 * and its late lines still go to the watch's log.
 */
export async function callClient<T>(
  work: () => Promise<T>,
  timeoutMs: number,
  watch: ClientOutputWatch,
): Promise<ClientCall<T>> {
  const capture = watch.start();
  let promise: Promise<T>;
  try {
    promise = work();
  } catch (error) {
    watch.end(capture);
    return { kind: "error", message: errorMessage(error), status: statusOf(error), ...reported(capture) };
  }
  const settled = promise.then(
    (value) => ({ kind: "done" as const, value }),
    (error: unknown) => ({ kind: "error" as const, error }),
  );
  void settled.finally(() => watch.end(capture));
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<{ kind: "timeout" }>((resolve) => {
    timer = setTimeout(() => resolve({ kind: "timeout" }), timeoutMs);
    timer.unref();
  });
  const outcome = await Promise.race([settled, expired]);
  clearTimeout(timer);
  const so = reported(capture);
  if (outcome.kind === "timeout") return { kind: "timeout", ...so };
  if (outcome.kind === "error") {
    return { kind: "error", message: errorMessage(outcome.error), status: statusOf(outcome.error), ...so };
  }
  return { kind: "done", value: outcome.value, ...so };
}

function reported(capture: Capture): Reported {
  return { problems: [...capture.problems], causes: [...capture.causes] };
}
