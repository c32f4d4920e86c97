import { changedChecks } from "../changed-checks.js";
import type { Rule } from "./context.js";

/**
 * Class 12 (a), unit tests: a node that would be reused, whose checks
 * changed since their recorded pass (changedChecks, the comparison
 * checksToRun makes) and include a unit test, is built. Selecting the unit
 * test beside a reused model would run nothing: `dbt build` queues no unit
 * test (dbt-core core/dbt/task/build.py, `BuildTask.get_graph_queue` builds
 * the queue without them and keeps the selected ones in
 * `model_to_unit_test_map`, keyed by `depends_on.nodes[0]`), and runs them
 * only right before their model, when the model itself comes off the queue
 * (`handle_job_queue` → `call_model_and_unit_tests_runner`); v1.10.0 to
 * v1.11.9 alike. So the model is built and its unit tests run with it; its
 * readers then see a parent built for data, as after tests_not_passed.
 *
 * A guard over REUSE (`overReuse`): asked only once a later rule returns a
 * REUSE (unchanged, formatting_only, within_lag_tolerance, quorum_not_met),
 * whose decision it replaces; a node built for any other reason runs its
 * unit tests anyway. A node whose changed checks are data tests only keeps
 * REUSE, and checksToRun runs them.
 */
export const unitTestsChanged: Rule = {
  code: "unit_tests_changed",
  overReuse: true,
  decide(c) {
    const graph = c.facts.graph;
    const unitTests = c.node.checks.filter((id) => graph.checks.get(id)?.kind === "unit_test");
    if (unitTests.length === 0) return undefined;
    const changed = changedChecks(graph, c.node, c.recorded, c.facts.macros);
    if (!changed) return undefined;
    return c.build("unit_tests_changed", message(changed.tested, unitTests.length, changed.checks.length), {
      subjects: unitTests,
    });
  },
};

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

function message(tested: { run_id: string; checks_digest?: string }, units: number, all: number): string {
  const data = all - units;
  const which =
    data === 0 ? count(units, "unit test") : `${count(units, "unit test")}, ${count(data, "data test")}`;
  const what = tested.checks_digest
    ? `Its checks (${which}) were added, removed or edited since they last passed (run ${tested.run_id})`
    : `Its checks' last pass (run ${tested.run_id}) was recorded without a digest of them, so ODS can't say its checks (${which}) are the same`;
  const cannotTell =
    data === 0
      ? ""
      : "; one digest covers all of its checks, so ODS can't tell whether a unit test or a data test changed";
  const them = units === 1 ? "its unit test" : `its ${units} unit tests`;
  return `${what}${cannotTell}. \`dbt build\` runs a unit test only right before building its model, so the model is built to run ${them}.`;
}
