/**
 * Recording a pull request's dbt build in its environment (the builds a
 * later push reuses in place and the default branch promotes): the action's
 * post step on a pull request and `ods-state env record`. With the SQL
 * parser, built models are recorded with their column facts (issue 24), so
 * that a promotion carries them into prod's state.
 */
import {
  type EnvContext,
  type RecordBuildsInput,
  type RecordBuildsOutcome,
  recordEnvironmentBuilds,
} from "../../environment/index.js";
import { columnFactsOfLoad, RECORD_ANALYSIS_BUDGET } from "../plan/column-facts-source.js";
import type { Clock, LoadSqlParser, Log } from "../ports.js";

export interface RecordBuildsPorts {
  /** The SQL parser of column impact; without it, builds are recorded without column facts. */
  loadSqlParser?: LoadSqlParser;
  now: Clock;
  log: Pick<Log, "warning">;
}

export async function recordBuilds(
  ctx: EnvContext,
  config: Omit<RecordBuildsInput, "columnFacts">,
  ports?: RecordBuildsPorts,
): Promise<RecordBuildsOutcome> {
  // Loaded only when the run built a model (its facts go into the build's node state): a second of CPU.
  const builtModel = config.runResults.results.some(
    (result) => config.project.graph.nodes.get(result.uniqueId)?.node.resourceType === "model",
  );
  const columnFacts =
    ports?.loadSqlParser && builtModel
      ? columnFactsOfLoad(await ports.loadSqlParser(), config.project, ports, RECORD_ANALYSIS_BUDGET)
      : undefined;
  return recordEnvironmentBuilds(ctx, { ...config, ...(columnFacts ? { columnFacts } : {}) });
}
