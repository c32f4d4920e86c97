import { parseArgs } from "node:util";
import { ERROR_CATALOGUE } from "../errors/catalogue.js";
import { formatUserError, isUserError, UserError } from "../errors/user-error.js";
import { VERSION } from "../version.js";
import { escapedWarehouseFailure } from "../warehouse/warehouse-errors.js";
import type { CliContext } from "./command.js";
import { commandHelp, generalHelp } from "./help.js";
import { CLEAR_LINE } from "./progress.js";
import { COMMANDS, findCommand } from "./registry.js";

/**
 * Runs one CLI invocation and returns its exit code: 0 success, 1 error,
 * 2 usage. A UserError is one message with a hint; anything else is a bug and
 * says so, with the stack only when ODS_DEBUG is set.
 */
export async function runCli(argv: readonly string[], context: CliContext, debug = false): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined || first === "-h" || first === "--help" || first === "help") {
    const topic = first === "help" ? rest[0] : undefined;
    const command = topic ? findCommand(topic) : undefined;
    context.stdout(command ? commandHelp(command) : generalHelp(COMMANDS));
    return 0;
  }
  if (first === "-V" || first === "--version" || first === "version") {
    context.stdout(`ods-state ${VERSION}\n`);
    return 0;
  }
  const command = findCommand(first);
  try {
    if (!command) {
      throw new UserError(
        "usage",
        `Unknown command \`${first}\`. Commands: ${COMMANDS.map((c) => c.name).join(", ")}.`,
      );
    }
    if (rest.includes("--help") || rest.includes("-h")) {
      context.stdout(commandHelp(command));
      return 0;
    }
    let parsed: ReturnType<typeof parseArgs>;
    try {
      parsed = parseArgs({
        args: [...rest],
        options: command.options,
        allowPositionals: command.positionals !== undefined,
        strict: true,
      });
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      throw new UserError("usage", `ods-state ${command.name}: ${detail}`, {
        hint: `Run \`ods-state ${command.name} --help\` for its options.`,
      });
    }
    if (command.positionals?.required && parsed.positionals.length === 0) {
      throw new UserError("usage", `ods-state ${command.name}: missing ${command.positionals.name}.`, {
        hint: `Run \`ods-state ${command.name} --help\` for the usage.`,
      });
    }
    return await command.run(
      parsed.values as Record<string, string | boolean | string[] | undefined>,
      parsed.positionals,
      context,
    );
  } catch (thrown) {
    // A progress line may be on the terminal: the error starts on a clean line.
    if (context.interactive) context.stderr(CLEAR_LINE);
    const error = escapedWarehouseFailure(thrown) ?? thrown;
    if (isUserError(error)) {
      context.stderr(`${formatUserError(commandHint(error, command?.name))}\n`);
      return error.exitCode;
    }
    const message = error instanceof Error ? error.message : String(error);
    context.stderr(
      `error[internal]: ${message}\nhint: this is a bug in ods-state; please report it with the command you ran${debug ? "" : " (set ODS_DEBUG=1 for the stack)"}.\n`,
    );
    if (debug && error instanceof Error && error.stack) context.stderr(`${error.stack}\n`);
    return 1;
  }
}

/**
 * A usage error a command raised with the catalogue's general hint points at
 * that command's own help instead (`ods-state env --help`), which lists its
 * options and examples.
 */
function commandHint(error: UserError, command: string | undefined): UserError {
  if (command === undefined || error.code !== "usage" || error.hint !== ERROR_CATALOGUE.usage.hint)
    return error;
  return new UserError(error.code, error.message, {
    hint: `Run \`ods-state ${command} --help\` for its options and examples.`,
    ...(error.file !== undefined ? { file: error.file } : {}),
    ...(error.input !== undefined ? { input: error.input } : {}),
    problems: error.problems,
  });
}
