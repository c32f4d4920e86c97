/**
 * Repairing pull requests' pointer views that a prod rebuild dropped
 * (PostgreSQL's DROP … CASCADE): the default branch's post step after it
 * recorded its run, and `ods-state env repair`.
 */
import { type EnvContext, type RepairReport, repairEnvironments } from "../../environment/index.js";
import type { StateSnapshot } from "../../state/snapshot.js";

export interface RepairConfig {
  /** Only this environment; every open one when absent. */
  name?: string | undefined;
  prod: StateSnapshot | null;
  dryRun?: boolean;
}

export async function repairPointerViews(ctx: EnvContext, config: RepairConfig): Promise<RepairReport> {
  return repairEnvironments(ctx, {
    ...(config.name !== undefined ? { name: config.name } : {}),
    prod: config.prod,
    ...(config.dryRun !== undefined ? { dryRun: config.dryRun } : {}),
  });
}
