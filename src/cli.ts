#!/usr/bin/env node
/**
 * The `ods-state` CLI entry point: the only place in the CLI that reads the
 * process environment and opens the adapters. Everything else is in src/cli/
 * and takes a context.
 */
import { openAdapters } from "./adapters.js";
import { runCli } from "./cli/run-cli.js";
import { warehouseEnvOf } from "./drivers/providers/provider-spec.js";
import { formatUserError, isUserError } from "./errors/user-error.js";
import { fixYoungGeneration } from "./runtime/young-generation.js";
import { type DriverPreference, parseDriverPreference } from "./store/sqlite-driver.js";

fixYoungGeneration();

let sqliteDriver: DriverPreference;
try {
  sqliteDriver = parseDriverPreference(process.env.ODS_SQLITE_DRIVER);
} catch (error) {
  process.stderr.write(`${isUserError(error) ? formatUserError(error) : String(error)}\n`);
  process.exit(2);
}

process.exitCode = await runCli(
  process.argv.slice(2),
  {
    cwd: process.cwd(),
    sqliteDriver,
    ...openAdapters(sqliteDriver),
    warehouse: process.env.ODS_WAREHOUSE || undefined,
    warehouseEnv: warehouseEnvOf(process.env),
    repository: process.env.GITHUB_REPOSITORY || undefined,
    repositoryId: process.env.GITHUB_REPOSITORY_ID || undefined,
    env: process.env,
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    interactive: process.stderr.isTTY === true,
  },
  Boolean(process.env.ODS_DEBUG),
);
