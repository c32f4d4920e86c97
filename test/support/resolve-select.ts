/**
 * What a plan's `select` and `exclude` make `dbt build` select, resolved with
 * the product's dbt selection (src/planner/selection.ts; issue 20's property
 * test checks it against an independent reference): every selected unique
 * id, tests by eager indirect selection included. An empty `select` selects
 * nothing (the workflow runs no dbt).
 */
import type { ProjectGraph } from "../../src/dbt/graph.js";
import { selectedMembers } from "../../src/planner/selection.js";
import type { Plan } from "../../src/state/plan.js";
import { shellWords } from "./adversarial/shell-words.js";

export function resolveSelect(graph: ProjectGraph, plan: Pick<Plan, "select" | "exclude">): Set<string> {
  const select = shellWords(plan.select);
  const exclude = shellWords(plan.exclude ?? "");
  if (!select.ok) throw new Error(`select is not shell-safe (${select.problem}): ${plan.select}`);
  if (!exclude.ok) throw new Error(`exclude is not shell-safe (${exclude.problem}): ${plan.exclude}`);
  if (select.words.length === 0) return new Set();
  return selectedMembers(graph, select.words, exclude.words);
}
