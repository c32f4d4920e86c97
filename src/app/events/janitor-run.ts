/**
 * `command: janitor` (a scheduled job): environments closed past the
 * retention, replaced tables past it. No plan; at most one manifest parse
 * and one warehouse connection.
 */
import { UserError } from "../../errors/user-error.js";
import type { ActionInputs } from "../../github/action-inputs.js";
import type { RunEnvironment } from "../../github/event.js";
import { withWarehouseSession } from "./environment-steps.js";
import type { EventPorts } from "./event-ports.js";
import { cleanUpEnvironments } from "./merge-steps.js";
import { prodIfKnown } from "./prod-if-known.js";
import { countingPorts, type StepCounts } from "./step-counts.js";

export async function janitorRun(
  inputs: ActionInputs,
  run: RunEnvironment,
  given: EventPorts,
): Promise<{ counts: StepCounts }> {
  const { ports, counts } = countingPorts(given);
  const { project, prod } = await prodIfKnown(inputs, ports);
  if (project === null) {
    // The janitor acts on its repository's and project's environments only: without the project, on none.
    throw new UserError(
      "input_invalid",
      `The janitor needs the dbt project, to act only on its environments: there is no ${inputs.manifest} and no dbt_project.yml with a name in ${inputs.projectDir}.`,
      {
        input: "manifest",
        hint: "Run `dbt parse` before the action (it writes target/manifest.json), or set `project-dir`.",
      },
    );
  }
  await withWarehouseSession(inputs, run, ports, project, (session) =>
    cleanUpEnvironments(inputs, ports, session, { promotion: null, prod }),
  );
  return { counts };
}
