/**
 * What the state commands (history, doctor, backup, reset) share: the
 * `--state PATH` option, resolved against the context's working directory.
 */
import path from "node:path";
import { DEFAULT_STATE_FILE } from "../../app/scope.js";
import type { CliContext, OptionSpec, ParsedValues } from "../command.js";

export const STATE_OPTION: OptionSpec = { state: { type: "string" } };

export const STATE_OPTION_HELP = `the state database; default ${DEFAULT_STATE_FILE} in the working directory`;

export function stateFile(values: ParsedValues, context: CliContext): string {
  const value = values.state;
  return path.resolve(context.cwd, typeof value === "string" && value !== "" ? value : DEFAULT_STATE_FILE);
}

/** A path as the user would type it from the working directory, when it is under it. */
export function shown(file: string, context: CliContext): string {
  const relative = path.relative(context.cwd, file);
  return relative !== "" && !relative.startsWith("..") && !path.isAbsolute(relative) ? relative : file;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

export function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}
