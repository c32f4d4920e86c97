/**
 * Recording a pull request's dbt build in its environment (the builds a
 * later push reuses in place and the default branch promotes): the action's
 * post step on a pull request and `ods-state env record`.
 */
import {
  type EnvContext,
  type RecordBuildsInput,
  type RecordBuildsOutcome,
  recordEnvironmentBuilds,
} from "../../env/index.js";

export async function recordBuilds(ctx: EnvContext, config: RecordBuildsInput): Promise<RecordBuildsOutcome> {
  return recordEnvironmentBuilds(ctx, config);
}
