/**
 * A pull request closed (`pull_request` closed; `command: env-cleanup`): its
 * environment is dropped unless it merged (the default branch's run may
 * promote from it). No plan; at most one manifest parse and one warehouse
 * connection.
 */
import type { ActionInputs } from "../../github/action-inputs.js";
import type { RunEnvironment } from "../../github/event.js";
import {
  closePullRequestEnvironment,
  environmentRefusal,
  withWarehouseSession,
} from "./environment-steps.js";
import type { EventPorts } from "./event-ports.js";
import { prodIfKnown } from "./prod-if-known.js";
import { countingPorts, type StepCounts } from "./step-counts.js";

export async function pullRequestClosed(
  inputs: ActionInputs,
  run: RunEnvironment,
  given: EventPorts,
): Promise<{ counts: StepCounts }> {
  const { ports, counts } = countingPorts(given);
  const refusal = environmentRefusal(inputs, run);
  if (refusal !== null || run.event.kind !== "pull_request") {
    ports.log.info(`Nothing to do for a closed pull request (${refusal ?? "no pull request"}).`);
    return { counts };
  }
  const event = run.event;
  const { project, prod } = await prodIfKnown(inputs, ports);
  if (project === null) {
    ports.log.warning(
      `No ${inputs.manifest} and no dbt_project.yml with a name in ${inputs.projectDir}: the dbt project is unknown, so the environment (an environment is its repository's and project's) is not dropped now. The janitor drops it after the retention once its pull request is closed.`,
    );
    return { counts };
  }
  await withWarehouseSession(inputs, run, ports, project, (session) =>
    session.use((ctx) =>
      closePullRequestEnvironment(ctx, { prNumber: event.number, merged: event.merged, prod }, ports),
    ),
  );
  return { counts };
}
