import type { Command } from "./command.js";
import { diffCommand } from "./commands/diff.js";
import { explainCommand } from "./commands/explain.js";
import { fingerprintCommand } from "./commands/fingerprint.js";
import { planCommand } from "./commands/plan.js";
import { recordCommand } from "./commands/record.js";

/**
 * Every CLI command, in the order `--help` lists them. A command is added by
 * importing it here and listing it below; nowhere else.
 */
export const COMMANDS: Command[] = [
  planCommand,
  recordCommand,
  explainCommand,
  diffCommand,
  fingerprintCommand,
];

export function findCommand(name: string): Command | undefined {
  return COMMANDS.find((command) => command.name === name);
}
