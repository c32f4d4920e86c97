#!/usr/bin/env node
import { runCli } from "./cli/run-cli.js";
/**
 * The `ods-state` CLI entry point: the only place in the CLI that reads the
 * process environment. Everything else is in src/cli/ and takes a context.
 */
import { DRIVER_PREFERENCES, type DriverPreference } from "./store/sqlite-driver.js";

function driverPreference(raw: string | undefined): DriverPreference {
  if (raw === undefined || raw === "") return "auto";
  if ((DRIVER_PREFERENCES as readonly string[]).includes(raw)) return raw as DriverPreference;
  process.stderr.write(
    `error[usage]: ODS_SQLITE_DRIVER is \`${raw}\`; allowed: ${DRIVER_PREFERENCES.join(", ")}.\nhint: unset it or set one of the allowed values.\n`,
  );
  process.exit(2);
}

const code = await runCli(
  process.argv.slice(2),
  {
    cwd: process.cwd(),
    sqliteDriver: driverPreference(process.env.ODS_SQLITE_DRIVER),
    warehouse: process.env.ODS_WAREHOUSE || undefined,
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    interactive: process.stderr.isTTY === true,
  },
  Boolean(process.env.ODS_DEBUG),
);
process.exitCode = code;
