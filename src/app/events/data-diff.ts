/**
 * The post step's data diff on a pull request (issue 23): after dbt built
 * into the environment and the build was recorded, each model the pull
 * request builds for a code change is compared with prod's table
 * (src/app/environment/diff-pull-request.ts), for the comment and the job
 * summary. Read-only, within the `data-diff-*` limits.
 *
 * A diff is information, not a gate: when it can't run (the state or the
 * warehouse can't be read), the step warns and the comment goes out
 * without it; nothing the run recorded is affected.
 */
import type { LoadedProject } from "../../dbt/load-project.js";
import { withinStatementTimeout } from "../../environment/data-diff-settings.js";
import { environmentName } from "../../environment/index.js";
import type { ActionInputs } from "../../github/action-inputs.js";
import type { RunEnvironment } from "../../github/event.js";
import type { DataDiffReport } from "../../state/data-diff.js";
import type { Plan } from "../../state/plan.js";
import type { Scope } from "../../state/scope.js";
import { diffPullRequest } from "../environment/diff-pull-request.js";
import { prodHeadAfterRollbacks } from "../promotion/prod-rollbacks.js";
import { environmentRefusal, type WarehouseSession } from "./environment-steps.js";
import { openRestoredState } from "./restored-state.js";
import type { CountedPorts } from "./step-counts.js";

/**
 * `overProd` is the pull request's plan over prod alone, made by the main
 * step (plan-the-run.ts, `dataDiffPlan`) and handed off: the post step plans nothing.
 */
export async function pullRequestDataDiff(
  inputs: ActionInputs,
  run: RunEnvironment,
  ports: CountedPorts,
  session: WarehouseSession,
  input: { scope: Scope; project: LoadedProject; overProd: Plan | null },
): Promise<DataDiffReport | null> {
  const event = run.event;
  if (
    inputs.dataDiff === null ||
    input.overProd === null ||
    event.kind !== "pull_request" ||
    environmentRefusal(inputs, run) !== null
  )
    return null;
  const limits = withinStatementTimeout(inputs.dataDiff, inputs.timeouts.statementMs);
  const { scope, project, overProd } = input;
  try {
    const state = await openRestoredState(ports.stateFiles, inputs.statePath, scope, "this job's restore");
    return await session.use(async (ctx) => {
      const prod =
        (await prodHeadAfterRollbacks(ctx, state.latest ?? null, ports, { recover: false }))?.snapshot ??
        null;
      const report = await diffPullRequest(
        ctx,
        {
          environment: environmentName(ctx.scope, event.number),
          overProd,
          project,
          prod,
          limits,
          comparedWith: scope.environment,
        },
        ports.now,
      );
      const compared = report.nodes.filter((n) => n.status !== "not_compared").length;
      ports.log.info(
        `Data diff of ${report.environment} against ${report.compared_with}: ${compared} of ${report.nodes.length} model${report.nodes.length === 1 ? "" : "s"} compared in ${(report.duration_ms / 1000).toFixed(1)} s${report.budget_exhausted ? " (the budget ran out)" : ""}.`,
      );
      return report;
    });
  } catch (error) {
    ports.log.warning(
      `The data diff could not run (${error instanceof Error ? error.message : String(error)}): the comment goes out without it.`,
    );
    return null;
  }
}
