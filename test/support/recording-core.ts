/**
 * The part of @actions/core the runner ports use, recording what a step
 * does: its log lines, outputs, saved step state (shared by a job's main and
 * post steps when the same recorder is passed to both) and job summary.
 */
import { openAdapters } from "../../src/adapters.js";
import type { RunEnvironment } from "../../src/github/event.js";
import { type CoreLike, type RunnerSettings, runnerPorts } from "../../src/github/runner-ports.js";
import type { Ports } from "../../src/run/ports.js";

export interface RecordingCore {
  core: CoreLike;
  outputs: Record<string, string>;
  state: Record<string, string>;
  lines: string[];
  /** The log, one line per message; warnings start with `warning: `. */
  log(): string;
  summary(): string;
}

export function recordingCore(): RecordingCore {
  const outputs: Record<string, string> = {};
  const state: Record<string, string> = {};
  const lines: string[] = [];
  let summary = "";
  const core: CoreLike = {
    info: (m) => lines.push(m),
    warning: (m) => lines.push(`warning: ${m}`),
    debug: () => {},
    setOutput: (name, value) => {
      outputs[name] = value;
    },
    saveState: (name, value) => {
      state[name] = value;
    },
    getState: (name) => state[name] ?? "",
    summary: {
      addRaw: (text) => ({
        write: async () => {
          summary += text;
        },
      }),
    },
  };
  return { core, outputs, state, lines, log: () => lines.join("\n"), summary: () => summary };
}

/**
 * The runner's ports over a fresh recording core, with the adapters the
 * entry point opens, as a job's steps get them: no token unless given,
 * artifacts kept 3 days.
 */
export function recordedRunnerPorts(
  run: RunEnvironment,
  settings: Pick<RunnerSettings, "tempDir" | "hasSummary"> & Partial<RunnerSettings>,
): { recorder: RecordingCore; ports: Ports } {
  const recorder = recordingCore();
  const ports = {
    ...runnerPorts(recorder.core, run, { token: "", retentionDays: 3, ...settings }),
    ...openAdapters("auto"),
  };
  return { recorder, ports };
}
