/** Runs the CLI in process, its output captured, for tests of `ods-state`. */
import { openAdapters } from "../../src/adapters.js";
import type { CliContext } from "../../src/cli/command.js";
import { runCli } from "../../src/cli/run-cli.js";
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

/** One in-process run of the CLI: its exit code and what it wrote. */
export interface CliRun {
  code: number;
  out: string;
  err: string;
}

/** `ods-state args…` run in `cwd`, with `overrides` of the context (warehouse, repository, interactive…). */
export async function runCliIn(
  cwd: string,
  args: readonly string[],
  overrides: Partial<CliContext> = {},
): Promise<CliRun> {
  const context = captureContext(cwd, overrides);
  const code = await runCli(args, context);
  return { code, out: context.stdoutText(), err: context.stderrText() };
}

/** runCliIn bound to `cwd` and `defaults`, for a test file that always runs the CLI the same way. */
export function cliIn(
  cwd: string,
  defaults: Partial<CliContext> = {},
): (args: readonly string[], overrides?: Partial<CliContext>) => Promise<CliRun> {
  return (args, overrides = {}) => runCliIn(cwd, args, { ...defaults, ...overrides });
}
