/**
 * The action's post step (`post-if: success()`). One of the three entry
 * points: the only files that import @actions/core and read the process
 * environment.
 */
import * as core from "@actions/core";
import { readRunner } from "./github/read-runner.js";
import { reportFailure } from "./github/report-failure.js";
import { runPostStep } from "./run/post-step.js";
import { selectDriver } from "./store/sqlite-driver.js";

try {
  const { inputs, run, ports } = readRunner(core, process.env);
  selectDriver(inputs.sqliteDriver, (line) => core.info(line));
  await runPostStep(inputs, run, ports);
} catch (error) {
  reportFailure(error, core);
}
