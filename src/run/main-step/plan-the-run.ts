/**
 * The plan of a pull request or default-branch run: prod's state as the
 * warehouse has it (a promotion rolled back there is no longer prod's build,
 * whatever the restored state says), then the plan over it; on a pull
 * request with an environment, the plan over prod plus the environment's own
 * builds, and the environment created (schemas and pointer views) before dbt
 * builds the rest into it.
 */

import { makePlan } from "../../app/plan/make-plan.js";
import type { LatestState } from "../../app/plan/read-latest-state.js";
import { reconcileWithRollbacks } from "../../app/promotion/prod-rollbacks.js";
import type { SourcesFreshness } from "../../dbt/artifacts/sources.js";
import type { LoadedProject } from "../../dbt/load-project.js";
import type { EnvironmentChange } from "../../env/index.js";
import type { ActionInputs } from "../../github/action-inputs.js";
import type { RunEnvironment } from "../../github/event.js";
import type { Plan } from "../../state/plan.js";
import type { Scope } from "../../state/scope.js";
import type { StateSnapshot } from "../../state/snapshot.js";
import type { Mode } from "../decide-mode.js";
import {
  createPullRequestEnvironment,
  environmentRefusal,
  environmentScope,
  warehouseRollbacks,
  withEnvironmentContext,
} from "../environment-step.js";
import type { Ports } from "../ports.js";

export interface RunToPlan {
  mode: Mode;
  project: LoadedProject;
  scope: Scope;
  state: LatestState;
  sources: SourcesFreshness | null;
}

/** Prod's latest snapshot, less the promotions rolled back in the warehouse (when this run uses it). */
export async function prodAfterRollbacks(
  inputs: ActionInputs,
  run: RunEnvironment,
  ports: Ports,
  planning: RunToPlan,
): Promise<StateSnapshot | null> {
  const { mode, scope, state } = planning;
  const isPullRequest = mode === "pr_plan";
  const usesWarehouse =
    inputs.warehouse !== "" &&
    (mode === "default_branch" || (isPullRequest && environmentRefusal(inputs, run) === null));
  const rollbacks =
    usesWarehouse && state.latest ? await warehouseRollbacks(inputs, run, ports, scope.project) : [];
  return state.latest ? reconcileWithRollbacks(state.latest.snapshot, rollbacks, ports) : null;
}

/** The run's plan, and the pull request's environment when one was created or refreshed. */
export async function planOrCreateEnvironment(
  inputs: ActionInputs,
  run: RunEnvironment,
  ports: Ports,
  planning: RunToPlan,
  prod: StateSnapshot | null,
): Promise<{ result: Plan; created: EnvironmentChange | null }> {
  const { mode, project, scope, state, sources } = planning;
  const isPullRequest = mode === "pr_plan";
  const planWith = (baseline: StateSnapshot | null) =>
    makePlan(
      {
        project,
        scope,
        state: baseline && state.latest ? { id: state.latest.id, snapshot: baseline } : null,
        sources,
        select: inputs.select,
        exclude: inputs.exclude,
        targetName: isPullRequest ? "ci" : scope.environment,
        pointers: isPullRequest,
      },
      ports.now,
    );
  const refusal = isPullRequest ? environmentRefusal(inputs, run) : "not a pull request";
  if (isPullRequest && refusal === null && run.event.kind === "pull_request") {
    const event = run.event;
    const envScope = environmentScope(run, scope.project);
    const outcome = await withEnvironmentContext(inputs, envScope, ports, (ctx) =>
      createPullRequestEnvironment(
        ctx,
        { project, prNumber: event.number, headSha: event.headSha, prod, planOver: planWith },
        ports,
      ),
    );
    return { result: outcome.plan, created: outcome.change };
  }
  if (isPullRequest && inputs.warehouse !== "") ports.log.warning(`No environment: ${refusal}.`);
  return { result: planWith(prod), created: null };
}
