/**
 * The @actions clients report their failures by printing (`::warning::`)
 * rather than throwing (restoreCache returns undefined for a miss and for a
 * failure alike). While a client call runs, the transport watches what is
 * written to stdout to learn why, and hands those lines to `clientLog` (or
 * lets them through when there is none).
 *
 * A watch belongs to one transport operation (one restore, one save): it
 * patches `process.stdout.write` only while one of its client calls runs, and
 * puts the original back when the last one ends. Nothing is kept in module
 * state; two operations at once each wrap what they found.
 */
import { clientProblem, reserveCause } from "./client-lines.js";

/** What one client call printed. */
export interface Capture {
  /** What the client reported as failures (`::warning::`, `::error::`, `Failed to …:`). */
  problems: string[];
  /** Causes it only logged under debug (`Failed to reserve cache: …`). */
  causes: string[];
}

type Write = typeof process.stdout.write;

/** On a wrapper a watch installed: what it writes to once its watch has ended (it only passes through then). */
const PASSES_THROUGH_TO = Symbol("ods-state.client-output-watch");
type Wrapper = Write & { [PASSES_THROUGH_TO]?: () => Write | undefined };

/** `write`, skipping wrappers of ended watches (they only pass through). */
function liveWrite(write: Write): Write {
  let current = write as Wrapper;
  for (let next = current[PASSES_THROUGH_TO]?.(); next; next = current[PASSES_THROUGH_TO]?.()) {
    current = next as Wrapper;
  }
  return current;
}

export class ClientOutputWatch {
  readonly #log: ((line: string) => void) | undefined;
  readonly #captures = new Set<Capture>();
  /** Ends the patch of stdout; set while it is installed. */
  #uninstall: (() => void) | undefined;
  #partialLine = "";
  #delivering = false;

  /** `log` receives every line printed while a call is watched; without it the lines are printed as usual. */
  constructor(log: ((line: string) => void) | undefined) {
    this.#log = log;
  }

  /** Starts watching for one client call; end it with `end` when the call settles. */
  start(): Capture {
    const capture: Capture = { problems: [], causes: [] };
    this.#captures.add(capture);
    if (!this.#uninstall) this.#install();
    return capture;
  }

  end(capture: Capture): void {
    if (!this.#captures.delete(capture) || this.#captures.size > 0) return;
    this.#partialLine = "";
    this.#uninstall?.();
    this.#uninstall = undefined;
  }

  #install(): void {
    const original = liveWrite(process.stdout.write);
    let ended = false;
    const watch = this;
    const wrapper = function write(this: NodeJS.WriteStream, chunk: unknown, ...rest: unknown[]): boolean {
      // Lines a clientLog writes to stdout itself are not captured again.
      if (ended || watch.#captures.size === 0 || watch.#delivering) {
        return (original as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
      }
      watch.#deliver(chunk);
      if (watch.#log) {
        const callback = rest.find((arg) => typeof arg === "function") as (() => void) | undefined;
        callback?.();
        return true;
      }
      return (original as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    } as Wrapper;
    wrapper[PASSES_THROUGH_TO] = () => (ended ? original : undefined);
    process.stdout.write = wrapper;
    this.#uninstall = () => {
      ended = true;
      // Put the original back unless someone wrapped stdout after us (then ours stays, passing through).
      if (process.stdout.write === wrapper) process.stdout.write = liveWrite(original);
    };
  }

  /** Splits what was written into lines and gives each to every running capture and to the log. */
  #deliver(chunk: unknown): void {
    const active = [...this.#captures];
    const text =
      typeof chunk === "string"
        ? chunk
        : chunk instanceof Uint8Array
          ? Buffer.from(chunk).toString("utf8")
          : String(chunk);
    const lines = (this.#partialLine + text).split(/\r?\n/);
    this.#partialLine = lines.pop() ?? "";
    this.#delivering = true;
    try {
      for (const line of lines) {
        const problem = clientProblem(line);
        const cause = reserveCause(line);
        // Logged once per running call: a late line of an abandoned call shows with the current one.
        for (const capture of active) {
          if (problem) capture.problems.push(problem);
          if (cause !== undefined) capture.causes.push(cause);
          this.#log?.(line);
        }
      }
    } finally {
      this.#delivering = false;
    }
  }
}
