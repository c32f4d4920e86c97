import { inspectStateFile } from "../../app/state-file/maintenance.js";
import type { Command } from "../command.js";
import { count, formatBytes, STATE_OPTION, STATE_OPTION_HELP, shown, stateFile } from "./state-file.js";

export const doctorCommand: Command = {
  name: "doctor",
  summary: "check the state database and say what is wrong and what to do (exit 1 when damaged)",
  usage: ["doctor [--state PATH] [--quick]"],
  optionHelp: {
    state: STATE_OPTION_HELP,
    quick: "SQLite's quick_check instead of the full integrity_check (faster on large files)",
  },
  options: { ...STATE_OPTION, quick: { type: "boolean" } },
  examples: ["ods-state doctor", "ods-state doctor --state .ods/state.db --quick"],
  async run(values, _positionals, context) {
    const file = stateFile(values, context);
    const inspection = await inspectStateFile(file, { driver: context.sqliteDriver, full: !values.quick });
    const { report } = inspection;
    const lines: string[] = [];
    if (!inspection.exists && report.problems.length === 0) {
      lines.push(
        `There is no state database at ${shown(file, context)}: nothing to check.`,
        "Without state every node is built; the next run that records state creates the file.",
        "If state was expected here, check --state, or restore a backup (see below and docs/state-recovery.md).",
      );
    } else {
      const facts = inspection.exists
        ? `${formatBytes(inspection.bytes)}${inspection.walBytes > 0 ? ` + ${formatBytes(inspection.walBytes)} write-ahead log` : ""}${report.layout_version === undefined ? "" : `, layout ${report.layout_version}`}`
        : "missing";
      lines.push(
        `Checked ${shown(file, context)} (${facts}): ${count(report.scopes, "scope")}, ${count(report.snapshots, "snapshot")}, ${count(report.runs, "run")}.`,
      );
      const errors = report.problems.filter((problem) => problem.severity === "error");
      const warnings = report.problems.filter((problem) => problem.severity === "warning");
      if (report.problems.length === 0) lines.push("No problems found.");
      else if (errors.length > 0)
        lines.push(
          `The state is damaged: ${errors.length} error${errors.length === 1 ? "" : "s"}, ${warnings.length} warning${warnings.length === 1 ? "" : "s"}.`,
        );
      else lines.push(`The state is sound: ${warnings.length} warning${warnings.length === 1 ? "" : "s"}.`);
      for (const problem of report.problems) {
        lines.push(
          "",
          `${problem.severity}: ${problem.subject}`,
          `  ${problem.message}`,
          `  what to do: ${problem.action}`,
        );
      }
    }
    if (inspection.backups.length > 0) {
      lines.push("", "Backups next to it (newest first):");
      for (const backup of inspection.backups) {
        lines.push(
          `  ${shown(backup.path, context)}  ${formatBytes(backup.bytes)}  ${backup.modified.toISOString()}`,
        );
      }
      if (!report.ok) {
        lines.push(
          `To restore one: ods-state reset --state ${shown(file, context)} (moves the damaged file aside), then copy the backup to ${shown(file, context)}.`,
        );
      }
    }
    context.stdout(`${lines.join("\n")}\n`);
    return report.ok ? 0 : 1;
  },
};
