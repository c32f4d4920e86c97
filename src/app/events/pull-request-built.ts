/**
 * A pull request's job after dbt built (the action's post step): with an
 * environment, its builds recorded in the registry and the data diff against
 * prod (over the plan the main step handed off: no plan here); what dbt did,
 * for the comment. One parse, of the manifest dbt rewrote, with the planned
 * manifest's keys the main step handed off laid over it (recordBuilds
 * records under the planned keys and refuses a build whose compiled SQL
 * differs from the planned one); one warehouse connection.
 */
import type { RunResults } from "../../dbt/artifacts/run-results.js";
import { type PlannedKeys, withPlannedKeys } from "../../dbt/fingerprint/planned-keys.js";
import type { ActionInputs } from "../../github/action-inputs.js";
import type { RunEnvironment } from "../../github/event.js";
import type { DataDiffReport } from "../../state/data-diff.js";
import type { Plan } from "../../state/plan.js";
import type { Scope } from "../../state/scope.js";
import { pullRequestDataDiff } from "./data-diff.js";
import { environmentRefusal, recordPullRequestBuilds, withWarehouseSession } from "./environment-steps.js";
import type { EventPorts } from "./event-ports.js";
import { countingPorts, type StepCounts } from "./step-counts.js";

export interface PullRequestBuilt {
  /** dbt's run results of this job; null when dbt wrote none since the main step (nothing new to say). */
  runResults: RunResults | null;
  dataDiff: DataDiffReport | null;
  counts: StepCounts;
}

export async function pullRequestBuilt(
  inputs: ActionInputs,
  run: RunEnvironment,
  given: EventPorts,
  handedOff: {
    scope: Scope;
    /** The keys of the manifest the main step planned from: the builds are recorded under them. */
    plannedKeys: PlannedKeys;
    resultsBefore: string;
    /** The pull request's plan over prod alone (the data diff's); null when there is no diff to make. */
    dataDiffPlan: Plan | null;
  },
): Promise<PullRequestBuilt> {
  const { ports, counts } = countingPorts(given);
  const results = ports.artifacts.runResults(inputs.runResults);
  if (!results || results.metadata.invocationId === handedOff.resultsBefore) {
    ports.log.info("No new dbt run results: the plan comment stays as it is.");
    return { runResults: null, dataDiff: null, counts };
  }
  const event = run.event;
  if (environmentRefusal(inputs, run) !== null || event.kind !== "pull_request")
    return { runResults: results, dataDiff: null, counts };
  const { scope, plannedKeys } = handedOff;
  const buildProject = ports.artifacts.project(inputs.manifest, inputs.projectDir, inputs.buildEnv);
  const project = withPlannedKeys(buildProject, plannedKeys);
  const sources = ports.artifacts.sources(inputs.sources);
  const dataDiff = await withWarehouseSession(inputs, run, ports, scope.project, async (session) => {
    await session.use((ctx) =>
      recordPullRequestBuilds(
        ctx,
        {
          prNumber: event.number,
          project,
          buildProject,
          runResults: results,
          sources,
          columnImpact: inputs.columnImpact,
        },
        ports,
      ),
    );
    return pullRequestDataDiff(inputs, run, ports, session, {
      scope,
      project,
      overProd: handedOff.dataDiffPlan,
    });
  });
  return { runResults: results, dataDiff, counts };
}
