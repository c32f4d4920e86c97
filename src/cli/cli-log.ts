/**
 * What the use cases tell, as the CLI tells it: on stderr (stdout is the
 * command's result), warnings prefixed `warning: `.
 */
import type { Log } from "../app/ports.js";
import type { CliContext } from "./command.js";

/** A use case's log: information and warnings on stderr, no debug. */
export function cliLog(context: CliContext): Log {
  return {
    info: (message) => context.stderr(`${message}\n`),
    warning: (message) => context.stderr(`warning: ${message}\n`),
    debug: () => {},
  };
}

/** Only the warnings, for the use cases that say nothing else. */
export function cliWarnings(context: CliContext): Pick<Log, "warning"> {
  return { warning: (message) => context.stderr(`warning: ${message}\n`) };
}
