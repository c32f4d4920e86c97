/**
 * The last recorded writer of each relation (issue 36, "relations, not only
 * nodes"; snapshot 1.6 `relations`). A run's result wrote its node's
 * relation when:
 *
 * - the command builds (build, run, seed, snapshot; `dbt retry` writes the
 *   retried command as `which`: core/dbt/task/retry.py `RetryTask`) and dbt
 *   reports the node built (run-statuses.ts `builtByRun`), unless it ran
 *   nothing (`wroteNothing`);
 * - the command is `dbt clone` and the result is `success` with a message
 *   other than `No-op`: core/dbt/task/clone.py
 *   `CloneRunner._build_run_model_result` writes "No-op" exactly when the
 *   clone materialization ran no `main` statement (no state relation, the
 *   relation exists without `--full-refresh`, or it is the state relation
 *   itself: dbt-adapters global_project materializations/models/clone/clone.sql).
 *
 * Writes of one run are applied in the order they finished (the execute
 * timing's end, then the order dbt wrote them), so of two nodes writing one
 * relation the later write is its writer. Pure.
 */
import { relationKey } from "../dbt/relation-identity.js";
import { setOwn } from "../state/own.js";
import type { RelationWrite, StateSnapshot } from "../state/snapshot.js";
import type { Recording } from "./recording.js";
import { builtByRun, type RunResult } from "./run-statuses.js";
import { completedAt } from "./run-times.js";

/** dbt's message of a clone that wrote nothing (core/dbt/task/clone.py). */
export const CLONE_NO_OP = "No-op";

/**
 * A result dbt reports as `success` that ran nothing: a microbatch model with
 * no batches to run (core/dbt/task/run.py `MicrobatchModelRunner.execute`
 * returns its initial result, `batch_results` empty, when `get_batches` gives
 * none). Its relation holds what it held before.
 */
export function wroteNothing(result: RunResult): boolean {
  const batches = result.batchResults;
  return (
    result.status === "success" &&
    batches !== null &&
    batches.successful.length === 0 &&
    batches.failed.length === 0
  );
}

/** Whether this run's result for a node wrote the node's relation. */
export function wroteRelation(command: string, result: RunResult): boolean {
  if (command === "clone")
    return result.status === "success" && (result.message ?? "").trim() !== CLONE_NO_OP;
  return builtByRun(result) && !wroteNothing(result);
}

/** The previous writers with this run's writes applied. */
export function recordRelationWrites(
  recording: Recording,
  previous: StateSnapshot | null,
): Record<string, RelationWrite> {
  const { project, run } = recording;
  const graph = project.graph;
  const adapter = graph.metadata.adapterType;
  const out: Record<string, RelationWrite> = {};
  for (const [key, write] of Object.entries(previous?.relations ?? {})) setOwn(out, key, write);
  const position = new Map<RunResult, number>();
  recording.runResults.results.forEach((result, index) => {
    position.set(result, index);
  });
  const writes: Array<{ id: string; at: string; index: number }> = [];
  for (const id of graph.order) {
    const result = recording.statuses.resultOf(id);
    if (result === undefined || !wroteRelation(run.command, result)) continue;
    writes.push({ id, at: completedAt(result.timing) ?? "", index: position.get(result) ?? 0 });
  }
  writes.sort((a, b) => (a.at === b.at ? a.index - b.index : a.at < b.at ? -1 : 1));
  for (const { id } of writes) {
    const relation = graph.nodes.get(id)!.node.relation;
    setOwn(out, relationKey(adapter, relation, relation.relationName), {
      node: id,
      run_id: run.runId,
      command: run.command,
    });
  }
  return out;
}
