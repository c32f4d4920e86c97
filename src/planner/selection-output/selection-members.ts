/**
 * What a compact selection is measured against (issue 20): over dbt's whole
 * selection graph (selection-index.ts), which members `dbt build` executes,
 * which of them the plan intends to run, and the graph in topological order.
 *
 * `dbt build` executes selected models (not ephemeral ones: they are inlined),
 * seeds, snapshots, data tests, unit tests and (dbt 1.11) functions
 * (dbt-core task/build.py `BuildTask.RUNNER_MAP`). It also "runs" saved
 * queries and exposures, which write no relation in dbt-core: they are not
 * counted. Sources, metrics, analyses and the rest run nothing.
 *
 * The intended set: the BUILD nodes; every test and unit test with ANY
 * parent among them (dbt's default `--indirect-selection eager`, selector.py
 * `expand_selection`); the checks REUSE nodes run; and the tests of the
 * sources whose checks run (eager on the source). Pure.
 *
 * Unit tests are the exception: `dbt build` queues its selection without
 * them and runs a model's selected unit tests right before that model
 * (task/build.py `get_graph_queue`, `model_to_unit_test_map` keyed by the
 * unit test's first dependency, `call_model_and_unit_tests_runner`). A unit
 * test runs only when its model runs: it is intended only when its model is
 * built (the planner builds a reused model whose unit tests changed), and a
 * selection runs it only when it selects its model too (`runs`).
 */
import type { ProjectGraph } from "../../dbt/graph.js";
import { type SelectionIndex, selectionIndex } from "../selection-index.js";

export interface SelectionTarget {
  /** Planned nodes (models, seeds, snapshots) to build. */
  build: readonly string[];
  /** Tests and unit tests to run although their node is reused (class 12 checks). */
  checks: readonly string[];
  /** Sources whose checks (data tests) run. */
  sources: readonly string[];
}

export interface SelectionMembers {
  graph: ProjectGraph;
  index: SelectionIndex;
  /** 1: `dbt build` executes the member when selected. */
  executable: Uint8Array;
  /** 1: the plan intends to run it (executable members only, plus the target's sources). */
  intended: Uint8Array;
  /** Members in topological order (parents first). */
  order: Int32Array;
}

const TESTS = new Set(["test", "unit_test"]);
const EXECUTED = new Set(["model", "seed", "snapshot", "test", "unit_test", "function"]);

export function isTest(resourceType: string): boolean {
  return TESTS.has(resourceType);
}

export function selectionMembers(graph: ProjectGraph, target: SelectionTarget): SelectionMembers {
  const index = selectionIndex(graph);
  const { members, byId, children } = index;
  const n = members.length;
  const executable = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const m = members[i]!;
    if (EXECUTED.has(m.resourceType) && !graph.ephemerals.has(m.id)) executable[i] = 1;
  }
  const intended = new Uint8Array(n);
  for (const id of target.build) {
    const i = byId.get(id);
    if (i !== undefined) intended[i] = 1;
  }
  const withTests = (id: string): void => {
    const i = byId.get(id);
    if (i === undefined) return;
    intended[i] = 1;
    for (const c of children[i]!) if (isTest(members[c]!.resourceType)) intended[c] = 1;
  };
  for (const id of target.build) withTests(id);
  for (const id of target.sources) withTests(id);
  for (const id of target.checks) {
    const i = byId.get(id);
    if (i !== undefined) intended[i] = 1;
  }
  // A unit test runs only with its model.
  for (let i = 0; i < n; i++) {
    if (intended[i] && members[i]!.resourceType === "unit_test") {
      const model = unitTestModel(index, i);
      if (model === null || !intended[model]) intended[i] = 0;
    }
  }
  return { graph, index, executable, intended, order: topologicalOrder(index) };
}

/** The model a unit test belongs to: its first dependency (task/build.py `build_model_to_unit_test_map`). */
export function unitTestModel(index: SelectionIndex, unitTest: number): number | null {
  return index.parents[unitTest]![0] ?? null;
}

/**
 * What `dbt build` runs of a selection (a mask of selected members): the
 * executable members, less the unit tests whose model it doesn't run.
 */
export function runs(ms: SelectionMembers, selected: Uint8Array): Uint8Array {
  const { index, executable } = ms;
  const out = new Uint8Array(selected.length);
  for (let i = 0; i < selected.length; i++) if (selected[i] && executable[i]) out[i] = 1;
  for (let i = 0; i < selected.length; i++) {
    if (out[i] && index.members[i]!.resourceType === "unit_test") {
      const model = unitTestModel(index, i);
      if (model === null || !out[model]) out[i] = 0;
    }
  }
  return out;
}

/** Kahn's algorithm over the selection graph; members on a cycle (dbt refuses those) come last. */
function topologicalOrder(index: SelectionIndex): Int32Array {
  const n = index.members.length;
  const pending = new Int32Array(n);
  for (let i = 0; i < n; i++) pending[i] = index.parents[i]!.length;
  const order = new Int32Array(n);
  const placed = new Uint8Array(n);
  let head = 0;
  let tail = 0;
  for (let i = 0; i < n; i++) if (pending[i] === 0) order[tail++] = i;
  while (head < tail) {
    const i = order[head++]!;
    placed[i] = 1;
    for (const c of index.children[i]!) if (--pending[c]! === 0) order[tail++] = c;
  }
  for (let i = 0; i < n && tail < n; i++) if (!placed[i] && pending[i]! > 0) order[tail++] = i;
  return order;
}
