import { resetStateFile } from "../../app/state-file/maintenance.js";
import type { Command } from "../command.js";
import { STATE_OPTION, STATE_OPTION_HELP, shown, stateFile } from "./state-file.js";

export const resetCommand: Command = {
  name: "reset",
  summary: "move the state database aside (nothing is deleted) so the next run starts from no state",
  usage: ["reset [--state PATH]"],
  optionHelp: { state: STATE_OPTION_HELP },
  options: { ...STATE_OPTION },
  examples: ["ods-state reset", "ods-state reset --state .ods/state.db"],
  async run(values, _positionals, context) {
    const file = stateFile(values, context);
    const { moved, wal } = resetStateFile(file);
    if (moved === undefined) {
      context.stdout(`There is no state database at ${shown(file, context)}; nothing to reset.\n`);
      return 0;
    }
    const lines = [
      `Moved ${shown(file, context)} aside to ${shown(moved, context)}${wal ? ` (with its write-ahead log, ${shown(`${moved}-wal`, context)})` : ""}. Nothing was deleted.`,
      "The next run starts from no state: every node is built once, then state is recorded again.",
      `To undo, before the next run records anything: mv ${shown(moved, context)} ${shown(file, context)}${wal ? ` && mv ${shown(`${moved}-wal`, context)} ${shown(`${file}-wal`, context)}` : ""}`,
    ];
    context.stdout(`${lines.join("\n")}\n`);
    return 0;
  },
};
