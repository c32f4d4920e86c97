/**
 * A pull request's data diff (issue 23), for the action's post step and
 * `ods-state env diff` alike: the targets (data-diff-targets.ts), each
 * compared in the warehouse within the limits (diff-environment.ts), and
 * one report listing every node, changed first, in plan order.
 */
import { diffKeys } from "../../dbt/diff-keys.js";
import type { LoadedProject } from "../../dbt/load-project.js";
import { describeOwner, describeScope, type EnvContext, inScope } from "../../environment/index.js";
import { UserError } from "../../errors/user-error.js";
import {
  DATA_DIFF_SCHEMA_VERSION,
  type DataDiffLimits,
  type DataDiffReport,
  type NodeDataDiff,
} from "../../state/data-diff.js";
import type { Plan } from "../../state/plan.js";
import type { StateSnapshot } from "../../state/snapshot.js";
import type { Clock } from "../ports.js";
import { dataDiffTargets } from "./data-diff-targets.js";
import { diffEnvironment } from "./diff-environment.js";

export interface DiffPullRequestInput {
  /** The environment's name (`environmentName(scope, pr)`). */
  environment: string;
  /** The pull request's plan over prod's state alone. */
  overProd: Plan;
  project: LoadedProject;
  prod: StateSnapshot | null;
  limits: DataDiffLimits;
  /** What prod is called in the report (the scope's environment). */
  comparedWith: string;
}

export async function diffPullRequest(
  ctx: EnvContext,
  input: DiffPullRequestInput,
  clock: Clock,
): Promise<DataDiffReport> {
  const record = await ctx.registry.environment(input.environment);
  if (!record) {
    throw new UserError(
      "environment_unknown",
      `There is no environment ${input.environment} in ${ctx.warehouse.label} to compare with ${input.comparedWith}.`,
      {
        hint: "Create it and record its dbt build first (`ods-state env create`, `ods-state env record`), or check --pr and --repository.",
      },
    );
  }
  if (!inScope(record, ctx.scope)) {
    // Another repository's or dbt project's environment: its tables are not this project's to read.
    throw new UserError(
      "environment_foreign",
      `The environment ${describeOwner(record)} in ${ctx.warehouse.label} is not one of ${describeScope(ctx.scope)}: it is not compared.`,
    );
  }
  const builds = await ctx.registry.builds(input.environment);
  const { targets, skipped, order } = dataDiffTargets({
    overProd: input.overProd,
    project: input.project,
    prod: input.prod,
    builds,
    keys: diffKeys(input.project.manifest),
  });
  const report = await diffEnvironment(
    ctx.warehouse,
    { environment: input.environment, comparedWith: input.comparedWith, targets, limits: input.limits },
    clock,
  );
  const byId = new Map<string, NodeDataDiff>();
  for (const node of [...report.nodes, ...skipped]) byId.set(node.unique_id, node);
  return {
    ...report,
    schema_version: DATA_DIFF_SCHEMA_VERSION,
    nodes: order.map((id) => byId.get(id)).filter((node) => node !== undefined),
  };
}
