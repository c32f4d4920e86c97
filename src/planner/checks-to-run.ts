/**
 * Class 12 (a): a REUSE node whose checks (data tests) are new or changed
 * since their recorded pass keeps REUSE, and its checks run: the entry says
 * which and why, and the plan's `select` selects them, so
 * `dbt build --select …` runs them against the reused relation (as dbt's own
 * `state:modified` selection would select a changed test alone; dbt-core
 * graph/selector_methods.py, StateSelectorMethod). All of the node's checks
 * run, not only the changed ones: the record holds one digest over all of
 * them, and running more is the conservative side.
 *
 * Data tests only: a node with a unit test among such checks never gets
 * here, as unitTestsChanged turns its REUSE into a BUILD (`dbt build` runs a
 * unit test only right before its model, and a reused model is not in its
 * queue; dbt-core task/build.py, BuildTask.get_graph_queue). Both decide
 * "changed" with the same changedChecks. Pure.
 */
import type { MacroIndex } from "../dbt/fingerprint/macro-index.js";
import type { GraphNode, ProjectGraph } from "../dbt/graph.js";
import type { PlanEntry } from "../state/plan.js";
import type { NodeState } from "../state/snapshot.js";
import { changedChecks } from "./changed-checks.js";

export function checksToRun(
  graph: ProjectGraph,
  node: GraphNode,
  recorded: NodeState | undefined,
  macros: MacroIndex,
): PlanEntry["checks"] | undefined {
  const changed = changedChecks(graph, node, recorded, macros);
  if (!changed) return undefined;
  const { checks, tested } = changed;
  const message = tested.checks_digest
    ? `Its checks were added, removed or edited since they last passed (run ${tested.run_id}): the ${checks.length} check${checks.length === 1 ? "" : "s"} of the reused build run.`
    : `Its checks' last pass (run ${tested.run_id}) was recorded without a digest of them, so it can't say they are the same: the ${checks.length} check${checks.length === 1 ? "" : "s"} of the reused build run.`;
  return { run: checks.map((check) => check.id), reason: { code: "checks_changed", message } };
}
