import { DRIVER_STATUS, showDriverStatus } from "../app/warehouse-drivers.js";
import { VERSION } from "../version.js";
import type { Command } from "./command.js";

export function generalHelp(commands: readonly Command[]): string {
  const width = Math.max(8, ...commands.map((command) => command.name.length));
  const lines = [
    `ods-state ${VERSION}: state-aware dbt CI. ODS decides what runs; dbt decides how.`,
    "",
    "Usage: ods-state COMMAND [options]",
    "",
    "Commands:",
    ...commands.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`),
    "",
    "Options:",
    "  -h, --help     show help (also `ods-state COMMAND --help`)",
    "  -V, --version  print the version",
    "",
    "Environment:",
    "  ODS_SQLITE_DRIVER  auto (default), better-sqlite3 or node:sqlite",
    "  ODS_WAREHOUSE      warehouse connection (see Warehouses), when --warehouse is not given",
    "",
    ...warehouseHelp(),
    "",
    "Exit codes: 0 success, 1 error, 2 usage error.",
  ];
  return `${lines.join("\n")}\n`;
}

export function commandHelp(command: Command): string {
  const lines = [`ods-state ${command.name}: ${command.summary}`, "", "Usage:"];
  for (const form of command.usage) lines.push(`  ods-state ${form}`);
  const names = Object.keys(command.optionHelp);
  if (names.length > 0) {
    lines.push("", "Options:");
    const width = Math.max(...names.map((name) => name.length + 2));
    for (const name of names) lines.push(`  ${`--${name}`.padEnd(width)}  ${command.optionHelp[name]}`);
  }
  if (command.examples.length > 0) {
    lines.push("", "Examples:");
    for (const example of command.examples) lines.push(`  ${example}`);
  }
  return `${lines.join("\n")}\n`;
}

/** The warehouses `ods-state env` works on, each with how it is verified (src/drivers/driver-status.ts). */
export function warehouseHelp(): string[] {
  const name = Math.max(...DRIVER_STATUS.map((driver) => driver.name.length));
  const connection = Math.max(...DRIVER_STATUS.map((driver) => driver.connection.length));
  return [
    "Warehouses (ods-state env --warehouse, or ODS_WAREHOUSE):",
    ...DRIVER_STATUS.map(
      (driver) =>
        `  ${driver.name.padEnd(name)}  ${driver.connection.padEnd(connection)}  ${showDriverStatus(driver)}`,
    ),
  ];
}
