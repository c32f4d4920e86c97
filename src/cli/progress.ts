/**
 * Progress of long CLI work (reading and fingerprinting a large manifest,
 * planning, promotion, cleanup) on stderr. On a terminal (the context's
 * `interactive`: stderr is a TTY) each phase rewrites one line in place with
 * what is being done and how long the previous phase took; `done()` clears
 * it, so that what stays on screen is the command's own output. Anywhere else
 * (a pipe, a file, CI logs) it writes nothing: output meant for machines is
 * never mixed with it, and logs stay the same from run to run.
 *
 * The pure core knows nothing of it: commands announce a phase before they
 * call into the core. Synchronous work blocks the event loop, so a phase is
 * announced, not animated; writes to a TTY are synchronous, so the line is on
 * screen while the work runs.
 */
import { cleanText } from "../comment/markdown-escape.js";
import type { CliContext } from "./command.js";

export interface Progress {
  /** Whether anything is shown (stderr is a terminal). */
  readonly shown: boolean;
  /** Starts a phase ("fingerprinting 10,000 nodes"); ends the one before. */
  phase(label: string): void;
  /** Ends the last phase and clears the line. Safe to call more than once. */
  done(): void;
}

/** Erases the current terminal line and returns to its start. */
export const CLEAR_LINE = "\r\u001b[2K";

/** Widest label shown, so the line fits a narrow terminal without wrapping (which would defeat the rewrite). */
const LABEL_MAX = 100;

export function createProgress(
  context: Pick<CliContext, "stderr" | "interactive">,
  options: { now?: () => number } = {},
): Progress {
  if (!context.interactive) return { shown: false, phase() {}, done() {} };
  const now = options.now ?? (() => performance.now());
  let started: number | undefined;
  let showing = false;
  return {
    shown: true,
    phase(label) {
      const at = now();
      const previous = started === undefined ? "" : ` (${Math.round(at - started)} ms so far)`;
      started ??= at;
      context.stderr(`${CLEAR_LINE}ods-state: ${cleanText(label, LABEL_MAX)}…${previous}`);
      showing = true;
    },
    done() {
      if (showing) context.stderr(CLEAR_LINE);
      showing = false;
    },
  };
}

/** Runs `work` as one phase; the line is cleared afterwards (also when it throws, so an error starts on a clean line). */
export async function inPhase<T>(progress: Progress, label: string, work: () => T | Promise<T>): Promise<T> {
  progress.phase(label);
  try {
    return await work();
  } finally {
    progress.done();
  }
}

/** "74 MB", "812 kB", "312 B": a file's size for a phase label. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1_000_000) return `${(bytes / 1_000_000).toFixed(bytes >= 10_000_000 ? 0 : 1)} MB`;
  if (bytes >= 1_000) return `${Math.round(bytes / 1_000)} kB`;
  return `${bytes} B`;
}
