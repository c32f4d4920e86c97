import { openAdapters } from "../../src/adapters.js";
import type { CliContext } from "../../src/cli/command.js";
import { PROJECT_ROOT } from "./shared-fixtures.js";

/** A CLI context whose output is captured, for tests that call runCli in process. */
export function captureContext(
  cwd = PROJECT_ROOT,
  overrides: Partial<CliContext> = {},
): CliContext & { out: string[]; err: string[]; stdoutText(): string; stderrText(): string } {
  const out: string[] = [];
  const err: string[] = [];
  return {
    cwd,
    sqliteDriver: "auto",
    ...openAdapters("auto"),
    warehouse: undefined,
    stdout: (text) => out.push(text),
    stderr: (text) => err.push(text),
    interactive: false,
    ...overrides,
    out,
    err,
    stdoutText: () => out.join(""),
    stderrText: () => err.join(""),
  };
}
