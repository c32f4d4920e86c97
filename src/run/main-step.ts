import { existsSync } from "node:fs";
import { journalMode, openDatabaseFile } from "../store/open-database.js";
import { selectDriver } from "../store/sqlite-driver.js";
import type { ActionInputs, Logger, Outputs } from "./ports.js";

export interface MainStepResult {
  stateFound: boolean;
  driver: string;
  journalMode: string;
}

/**
 * The action's main step. For now it opens the state database (creating it
 * when absent) in WAL mode and reports whether state was found; planning,
 * the comment and environments are wired in by later steps of the lifecycle.
 */
export async function runMainStep(
  inputs: ActionInputs,
  log: Logger,
  outputs: Outputs,
): Promise<MainStepResult> {
  const driver = selectDriver(inputs.sqliteDriver, (line) => log.info(line));
  const stateFound = existsSync(inputs.statePath);
  const connection = openDatabaseFile(inputs.statePath, inputs.sqliteDriver);
  let mode: string;
  try {
    mode = journalMode(connection);
  } finally {
    connection.close();
  }
  log.info(`State database ${inputs.statePath}: ${stateFound ? "found" : "created"}, journal mode ${mode}.`);
  outputs.set("state-found", String(stateFound));
  return { stateFound, driver, journalMode: mode };
}
