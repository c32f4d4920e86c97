/**
 * The action's post step (`post-if: success()`). One of the three entry
 * points: the only files that import @actions/core and read the process
 * environment.
 */
import * as core from "@actions/core";
import { openAdapters } from "./adapters.js";
import { readRunner } from "./github/read-runner.js";
import { reportFailure } from "./github/report-failure.js";
import { runPostStep } from "./run/post-step.js";
import { fixYoungGeneration } from "./runtime/young-generation.js";
import { selectDriver } from "./store/sqlite-driver.js";

fixYoungGeneration();

try {
  const { inputs, run, ports } = readRunner(core, process.env);
  selectDriver(inputs.sqliteDriver, (line) => core.info(line));
  await runPostStep(inputs, run, { ...ports, ...openAdapters(inputs.sqliteDriver) });
} catch (error) {
  reportFailure(error, core);
}
// A cache or artifact call that timed out can't be cancelled and keeps the
// event loop alive: end the step now, with the exit code set above.
process.exit();
