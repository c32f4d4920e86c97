import { statSync } from "node:fs";
import path from "node:path";
import { backupStateFile } from "../../app/state-file/maintenance.js";
import type { Command } from "../command.js";
import { formatBytes, STATE_OPTION, STATE_OPTION_HELP, shown, stateFile } from "./state-file.js";

export const backupCommand: Command = {
  name: "backup",
  summary: "write a consistent copy of the state database, even while runs read or write it",
  usage: ["backup [--state PATH] [--to PATH]"],
  optionHelp: {
    state: STATE_OPTION_HELP,
    to: "where to write the copy (must not exist); default STATE.backup-<UTC time>.bak next to the state",
  },
  options: { ...STATE_OPTION, to: { type: "string" } },
  examples: ["ods-state backup", "ods-state backup --to /backups/state-$(date +%F).db"],
  async run(values, _positionals, context) {
    const file = stateFile(values, context);
    const to = typeof values.to === "string" ? path.resolve(context.cwd, values.to) : undefined;
    const written = await backupStateFile(file, to, { driver: context.sqliteDriver });
    context.stdout(
      `Wrote a consistent copy of ${shown(file, context)} to ${shown(written, context)} (${formatBytes(statSync(written).size)}).\nTo restore it: move the damaged or unwanted state aside (ods-state reset), then copy the backup to ${shown(file, context)}.\n`,
    );
    return 0;
  },
};
