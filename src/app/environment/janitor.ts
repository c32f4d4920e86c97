/**
 * The janitor: environments of pull requests closed longer than the
 * retention are dropped, open environments whose pull request is no longer
 * open are marked closed, and promotions past their retention drop the prod
 * tables they kept for rollback. The default branch's post step,
 * `command: janitor` and `ods-state env gc` run it.
 */
import { type EnvContext, type JanitorReport, runJanitor } from "../../environment/index.js";
import type { StateSnapshot } from "../../state/snapshot.js";

export interface JanitorConfig {
  prod: StateSnapshot | null;
  /** Days a closed environment is kept; the janitor's default (3) when absent. */
  retentionDays?: number | undefined;
  /** Pull requests still open, when known. */
  openPullRequests?: ReadonlySet<number> | undefined;
  dryRun?: boolean;
}

export async function collectEnvironments(ctx: EnvContext, config: JanitorConfig): Promise<JanitorReport> {
  return runJanitor(ctx, {
    prod: config.prod,
    ...(config.dryRun !== undefined ? { dryRun: config.dryRun } : {}),
    ...(config.retentionDays !== undefined ? { retentionDays: config.retentionDays } : {}),
    ...(config.openPullRequests ? { openPullRequests: config.openPullRequests } : {}),
  });
}
