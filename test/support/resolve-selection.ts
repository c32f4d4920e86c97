/**
 * What a `select` / `exclude` pair (as the plan and the action's outputs
 * write them: shell-quoted terms) makes `dbt build` run among the planned
 * nodes: read as bash reads the words, resolved with dbt's selection
 * semantics (src/planner/selection.ts, after core/dbt/graph/selector.py).
 * Independent of the form the compactor picks (fqn terms, `+`, complement).
 */
import type { ProjectGraph } from "../../src/dbt/graph.js";
import { loadProject } from "../../src/dbt/load-project.js";
import { selectedMembers, selectNodes } from "../../src/planner/selection.js";
import type { Plan } from "../../src/state/plan.js";
import { shellWords } from "./adversarial/shell-words.js";

export function selectorWords(text: string): string[] {
  const parsed = shellWords(text);
  if (!parsed.ok) throw new Error(`not shell-safe: ${parsed.problem}`);
  return parsed.words;
}

/** The models, seeds and snapshots `dbt build --select <select> [--exclude <exclude>]` runs, sorted. */
export function nodesRun(graph: ProjectGraph, select: string, exclude: string): string[] {
  if (select === "") return [];
  return [...selectNodes(graph, selectorWords(select), selectorWords(exclude)).nodes].sort();
}

/**
 * The set the dbt stand-in (tools/dbt-standin.ts `runDbt`) builds for
 * a manifest document and the action's `select` / `exclude` outputs, as
 * `dbt build --select <select> [--exclude <exclude>]` would.
 */
export function nodesToBuild(manifest: unknown, select: string, exclude = ""): Set<string> {
  return new Set(nodesRun(loadProject(JSON.stringify(manifest), "manifest.json").graph, select, exclude));
}

/** The sources `dbt build --select <select> [--exclude <exclude>]` selects (their data tests run), sorted. */
export function sourcesSelected(manifest: unknown, select: string, exclude = ""): string[] {
  if (select === "") return [];
  const graph = loadProject(JSON.stringify(manifest), "manifest.json").graph;
  return [...selectNodes(graph, selectorWords(select), selectorWords(exclude)).sources].sort();
}

/**
 * Every unique id a plan's `select` and `exclude` make dbt select (tests by
 * eager indirect selection included); an empty `select` selects nothing
 * (the workflow runs no dbt).
 */
export function resolveSelect(graph: ProjectGraph, plan: Pick<Plan, "select" | "exclude">): Set<string> {
  if (plan.select === "") return new Set();
  return selectedMembers(graph, selectorWords(plan.select), selectorWords(plan.exclude ?? ""));
}
