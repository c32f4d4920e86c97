/**
 * The action's main step. One of the three entry points: the only files that
 * import @actions/* and read the environment.
 */
import * as core from "@actions/core";
import { readActionInputs } from "./github/action-inputs.js";
import { reportFailure } from "./github/report-failure.js";
import { runMainStep } from "./run/main-step.js";

try {
  const inputs = readActionInputs(
    (name) => core.getInput(name),
    process.env.GITHUB_WORKSPACE || process.cwd(),
    process.env.ODS_SQLITE_DRIVER,
  );
  await runMainStep(inputs, core, { set: (name, value) => core.setOutput(name, value) });
} catch (error) {
  reportFailure(error, core);
}
