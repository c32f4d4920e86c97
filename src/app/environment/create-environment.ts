/**
 * Create or refresh a pull request's environment (ADR-0028, phase 1): plan
 * the pull request's manifest over prod's state plus the environment's own
 * successful builds, then create its schemas and a pointer view for every
 * reused node (one lock per environment, src/environment/index.ts). The action's
 * pull request run and `ods-state env create|refresh` both run this.
 */

import type { LoadedProject } from "../../dbt/load-project.js";
import {
  createEnvironment,
  type EnvContext,
  type EnvironmentChange,
  environmentBaseline,
  type IncrementalStart,
} from "../../environment/index.js";
import { UserError } from "../../errors/user-error.js";
import type { Plan } from "../../state/plan.js";
import type { StateSnapshot } from "../../state/snapshot.js";
import type { Phase } from "../ports.js";

export interface CreateEnvironmentConfig {
  /** The environment's registry name (environment-identity.ts). */
  name: string;
  /** The dbt project's name (the state scope's project). */
  project: string;
  /** The pull request's manifest, fingerprinted. */
  manifest: LoadedProject;
  prNumber: number | null;
  headSha: string | null;
  /** Prod's state (rollbacks applied), or null when there is none. */
  prod: StateSnapshot | null;
  /** Plans the pull request's manifest over a baseline (the plan use case with the caller's selection and target). */
  planOver: (baseline: StateSnapshot | null) => Plan;
  /** How incremental models it builds start (`incremental-start`; default: zero-copy clones where the warehouse has them). */
  incrementalStart?: IncrementalStart;
  /** `refresh`: the environment must exist already (an error names the way to create it). */
  refresh?: boolean;
  dryRun?: boolean;
}

export interface CreatedEnvironment {
  plan: Plan;
  change: EnvironmentChange;
}

export async function createOrRefreshEnvironment(
  ctx: EnvContext,
  config: CreateEnvironmentConfig,
  phase: Phase = () => {},
): Promise<CreatedEnvironment> {
  const { name } = config;
  if (config.refresh === true && !(await ctx.registry.environment(name))) {
    throw new UserError(
      "environment_unknown",
      `There is no environment ${name} in ${ctx.warehouse.label} to refresh.`,
      { hint: "Create it with `ods-state env create` (the same flags)." },
    );
  }
  phase(`planning ${name} over prod and its own builds`);
  const plan = config.planOver(await environmentBaseline(ctx, name, config.prod, config.manifest));
  phase(
    `${config.dryRun === true ? "checking" : config.refresh === true ? "refreshing" : "creating"} environment ${name}`,
  );
  const change = await createEnvironment(ctx, {
    name,
    project: config.project,
    prNumber: config.prNumber,
    headSha: config.headSha,
    plan,
    prod: config.prod,
    fullRefreshConfig: fullRefreshConfigured(config.manifest),
    ...(config.incrementalStart ? { incrementalStart: config.incrementalStart } : {}),
    ...(config.dryRun !== undefined ? { dryRun: config.dryRun } : {}),
  });
  return { plan, change };
}

/**
 * Nodes whose config sets `full_refresh`: `true`, dbt rebuilds them whole on
 * every run (none starts from prod's table); `false`, never, even with
 * `--full-refresh` (dbt's should_full_refresh()).
 */
function fullRefreshConfigured(project: LoadedProject): Map<string, boolean> {
  const nodes = new Map<string, boolean>();
  for (const [id, node] of project.manifest.nodes) {
    const value = node.config?.full_refresh;
    if (typeof value === "boolean") nodes.set(id, value);
  }
  return nodes;
}
