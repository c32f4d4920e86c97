/**
 * The plan of a pull request or default-branch run: prod's state as the
 * warehouse has it (a promotion rolled back there is no longer prod's build,
 * whatever the restored state says), then the plan over it; on a pull
 * request with an environment, the plan over prod plus the environment's own
 * builds, and the environment created (schemas and pointer views) before dbt
 * builds the rest into it.
 */

import { columnFactsOfLoad, PLAN_ANALYSIS_BUDGET } from "../../app/plan/column-facts-source.js";
import { makePlan } from "../../app/plan/make-plan.js";
import type { LatestState } from "../../app/plan/read-latest-state.js";
import type { SqlParserLoad } from "../../app/ports.js";
import { reconcileWithRollbacks } from "../../app/promotion/prod-rollbacks.js";
import type { SourcesFreshness } from "../../dbt/artifacts/sources.js";
import type { LoadedProject } from "../../dbt/load-project.js";
import type { EnvironmentChange } from "../../environment/index.js";
import type { ActionInputs } from "../../github/action-inputs.js";
import type { RunEnvironment } from "../../github/event.js";
import { planMayAnalyse } from "../../planner/column-facts-needed.js";
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
  /**
   * The SQL parser of column impact, loading (started once the state is
   * known, so it overlaps what comes before the plan); null when the
   * `column-impact` input is false or there is no state to plan against.
   */
  sqlParser: Promise<SqlParserLoad> | null;
}

/** Starts loading the SQL parser when the plan can use it: `column-impact` on and a state to plan against. */
export function startLoadingSqlParser(
  inputs: Pick<ActionInputs, "columnImpact">,
  ports: Pick<Ports, "loadSqlParser">,
  state: LatestState,
  project: LoadedProject,
  pointers: boolean,
): Promise<SqlParserLoad> | null {
  if (!inputs.columnImpact || !state.latest) return null;
  // No model some model reads has other SQL than its recorded build: the plan would analyse nothing.
  if (!planMayAnalyse(project, state.latest.snapshot, pointers)) return null;
  return ports.loadSqlParser();
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
    usesWarehouse && state.latest
      ? await warehouseRollbacks(inputs, run, ports, scope.project, state.latest.snapshot)
      : [];
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
  const columnFacts = planning.sqlParser
    ? columnFactsOfLoad(await planning.sqlParser, project, ports, PLAN_ANALYSIS_BUDGET)
    : undefined;
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
        ...(columnFacts ? { columnFacts } : {}),
      },
      ports.now,
    );
  const refusal = isPullRequest ? environmentRefusal(inputs, run) : "not a pull request";
  if (isPullRequest && refusal === null && run.event.kind === "pull_request") {
    const event = run.event;
    const envScope = environmentScope(run, scope.project);
    const outcome = await withEnvironmentContext(
      inputs,
      envScope,
      ports,
      (ctx) =>
        createPullRequestEnvironment(
          ctx,
          {
            project,
            prNumber: event.number,
            headSha: event.headSha,
            prod,
            planOver: planWith,
            incrementalStart: inputs.incrementalStart,
          },
          ports,
        ),
      run,
    );
    return { result: outcome.plan, created: outcome.change };
  }
  if (isPullRequest && inputs.warehouse !== "") ports.log.warning(`No environment: ${refusal}.`);
  return { result: planWith(prod), created: null };
}
