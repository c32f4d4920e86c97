/**
 * Cleaning up (closing) an environment: a pull request closed without merge
 * drops what its environment owns (only objects the registry says it
 * created, never a schema prod's state names); a merged one's environment is
 * kept for the default branch's promotion, then dropped once that run is
 * recorded. The action's closed-pull-request and post steps and
 * `ods-state env cleanup` run these.
 */
import {
  type CleanupReport,
  cleanupEnvironment,
  closeEnvironment,
  type EnvContext,
} from "../../environment/index.js";
import type { StateSnapshot } from "../../state/snapshot.js";

export interface CloseEnvironmentConfig {
  name: string;
  merged: boolean;
  prod: StateSnapshot | null;
}

/**
 * What closing did: nothing (no open environment of that name), kept (merged
 * and `dropMerged` not set: the default branch may promote from it), or
 * dropped (with the cleanup's report).
 */
export type ClosedEnvironment =
  | { outcome: "not_open" }
  | { outcome: "kept" }
  | { outcome: "dropped"; report: CleanupReport };

/** The pull request closed: marks its environment closed or merged, and drops it unless it merged. */
export async function closeAndDropEnvironment(
  ctx: EnvContext,
  config: CloseEnvironmentConfig,
): Promise<ClosedEnvironment> {
  const closed = await closeEnvironment(ctx, { name: config.name, merged: config.merged });
  if (!closed) return { outcome: "not_open" };
  if (config.merged) return { outcome: "kept" };
  return {
    outcome: "dropped",
    report: await cleanupEnvironment(ctx, { name: config.name, prod: config.prod }),
  };
}

/** After the default branch recorded the merge's run: the merged environment is marked merged and dropped. */
export async function dropMergedEnvironment(
  ctx: EnvContext,
  config: { name: string; prod: StateSnapshot | null },
): Promise<CleanupReport> {
  await closeEnvironment(ctx, { name: config.name, merged: true });
  return cleanupEnvironment(ctx, { name: config.name, prod: config.prod });
}

/** Drops what the environment owns, whatever its status (`ods-state env cleanup`); `found` false when unknown. */
export async function cleanUpEnvironment(
  ctx: EnvContext,
  config: { name: string; prod: StateSnapshot | null; dryRun: boolean },
): Promise<CleanupReport> {
  return cleanupEnvironment(ctx, config);
}

/**
 * `ods-state env cleanup --merged`: the pull request merged, so its
 * environment is marked merged and kept for the default branch's promotion
 * (what the action does on a merged pull request's close); `not_open` when
 * there is no open environment of that name.
 */
export async function closeMergedEnvironment(
  ctx: EnvContext,
  config: { name: string; prod: StateSnapshot | null },
): Promise<ClosedEnvironment> {
  return closeAndDropEnvironment(ctx, { name: config.name, merged: true, prod: config.prod });
}
