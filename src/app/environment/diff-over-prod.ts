/**
 * `ods-state env diff` as one use case: prod's head as the warehouse has it
 * (the registry's rollbacks applied, as every command that plans over prod
 * does), the pull request's plan over it (narrowed to `select`/`exclude`:
 * which models are downstream of a change comes from the whole plan), then
 * the data diff of the environment against prod (diff-pull-request.ts, what
 * the action's post step runs).
 */
import type { EnvContext } from "../../environment/index.js";
import type { DataDiffLimits, DataDiffReport } from "../../state/data-diff.js";
import { type OverProdInputs, planOverHead } from "../plan/make-plan.js";
import type { Clock, Log, Phase } from "../ports.js";
import { prodHeadAfterRollbacks } from "../promotion/prod-rollbacks.js";
import { diffPullRequest } from "./diff-pull-request.js";

/** The pull request's manifest, its scope and sources, the target its dbt builds into, prod's head. */
export interface DiffOverProdConfig extends OverProdInputs {
  environment: string;
  select: string[];
  exclude: string[];
  limits: DataDiffLimits;
}

export async function diffOverProd(
  ctx: EnvContext,
  config: DiffOverProdConfig,
  ports: { now: Clock; log: Log; phase?: Phase },
): Promise<DataDiffReport> {
  // Read-only: nothing is recovered (the next run that changes the warehouse does it).
  const prod = await prodHeadAfterRollbacks(ctx, config.head, ports, { recover: false });
  const planned = (selection: { select: string[]; exclude: string[] }) =>
    planOverHead(
      {
        project: config.project,
        scope: config.scope,
        sources: config.sources,
        ...selection,
        targetName: config.targetName,
        pointers: true,
      },
      prod,
      ports.now,
    )(prod?.snapshot ?? null);
  ports.phase?.("planning the pull request over prod");
  const overProd = planned({ select: [], exclude: [] });
  if (config.select.length > 0 || config.exclude.length > 0) {
    // Groups come from the whole plan (a model is downstream of a change whatever is selected); the selection only narrows.
    const selected = new Set(
      planned({ select: config.select, exclude: config.exclude }).entries.map((e) => e.unique_id),
    );
    overProd.entries = overProd.entries.filter((e) => selected.has(e.unique_id));
  }
  ports.phase?.(`comparing ${config.environment} with ${config.scope.environment}`);
  return diffPullRequest(
    ctx,
    {
      environment: config.environment,
      overProd,
      project: config.project,
      prod: prod?.snapshot ?? null,
      limits: config.limits,
      comparedWith: config.scope.environment,
    },
    ports.now,
  );
}
