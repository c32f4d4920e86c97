import type { Command } from "./command.js";
import { fingerprintCommand } from "./commands/fingerprint.js";

/**
 * Every CLI command, in the order `--help` lists them. A command is added by
 * importing it here and listing it below; nowhere else.
 */
export const COMMANDS: Command[] = [fingerprintCommand];

export function findCommand(name: string): Command | undefined {
  return COMMANDS.find((command) => command.name === name);
}
