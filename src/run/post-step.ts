import type { Logger } from "./ports.js";

/**
 * The action's post step (runs at job end when the job succeeded). Recording
 * the job's dbt run and saving state are wired in with the lifecycle; until
 * then it says that it had nothing to record.
 */
export async function runPostStep(log: Logger): Promise<void> {
  log.info("ods-state post step: nothing to record in this version.");
}
