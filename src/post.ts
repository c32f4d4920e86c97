/**
 * The action's post step (`post-if: success()`). One of the three entry
 * points: the only files that import @actions/* and read the environment.
 */
import * as core from "@actions/core";
import { reportFailure } from "./github/report-failure.js";
import { runPostStep } from "./run/post-step.js";

try {
  await runPostStep(core);
} catch (error) {
  reportFailure(error, core);
}
