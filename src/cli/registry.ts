import type { Command } from "./command.js";
import { backupCommand } from "./commands/backup.js";
import { diffCommand } from "./commands/diff.js";
import { doctorCommand } from "./commands/doctor.js";
import { envCommand } from "./commands/env/env-command.js";
import { explainCommand } from "./commands/explain.js";
import { fingerprintCommand } from "./commands/fingerprint.js";
import { historyCommand } from "./commands/history.js";
import { planCommand } from "./commands/plan.js";
import { recordCommand } from "./commands/record.js";
import { resetCommand } from "./commands/reset.js";

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
  historyCommand,
  doctorCommand,
  backupCommand,
  resetCommand,
  envCommand,
];

export function findCommand(name: string): Command | undefined {
  return COMMANDS.find((command) => command.name === name);
}
