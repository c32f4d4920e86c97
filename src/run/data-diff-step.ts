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
import { diffPullRequest } from "../app/environment/diff-pull-request.js";
import { makePlan } from "../app/plan/make-plan.js";
import { reconcileWithRollbacks } from "../app/promotion/prod-rollbacks.js";
import type { SourcesFreshness } from "../dbt/artifacts/sources.js";
import type { LoadedProject } from "../dbt/load-project.js";
import { withinStatementTimeout } from "../environment/data-diff-settings.js";
import { environmentName, recordedRollbacks } from "../environment/index.js";
import type { ActionInputs } from "../github/action-inputs.js";
import type { RunEnvironment } from "../github/event.js";
import type { DataDiffReport } from "../state/data-diff.js";
import type { Scope } from "../state/scope.js";
import { environmentRefusal, environmentScope, withEnvironmentContext } from "./environment-step.js";
import type { Ports } from "./ports.js";
import { openRestoredState } from "./restored-state.js";

export async function pullRequestDataDiff(
  inputs: ActionInputs,
  run: RunEnvironment,
  ports: Ports,
  input: { scope: Scope; project: LoadedProject; sources: SourcesFreshness | null },
): Promise<DataDiffReport | null> {
  const event = run.event;
  if (inputs.dataDiff === null || event.kind !== "pull_request" || environmentRefusal(inputs, run) !== null)
    return null;
  const limits = withinStatementTimeout(inputs.dataDiff, inputs.timeouts.statementMs);
  const { scope, project, sources } = input;
  try {
    const state = await openRestoredState(ports.stateFiles, inputs.statePath, scope, "this job's restore");
    return await withEnvironmentContext(inputs, environmentScope(run, scope.project), ports, async (ctx) => {
      const latest = state.latest;
      const prod = latest
        ? reconcileWithRollbacks(latest.snapshot, await recordedRollbacks(ctx, scope.project), ports)
        : null;
      const overProd = makePlan(
        {
          project,
          scope,
          state: latest && prod ? { id: latest.id, snapshot: prod } : null,
          sources,
          select: inputs.select,
          exclude: inputs.exclude,
          targetName: "ci",
          pointers: true,
        },
        ports.now,
      );
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
