/**
 * One MacroIndex per project graph: its caches (macro source digests,
 * run-time closures) are pure functions of the graph's macros and adapter, so the
 * fingerprints and the plan of the same graph share them instead of
 * digesting every macro twice.
 */
import type { ProjectGraph } from "../graph.js";
import { MacroIndex } from "./macro-index.js";

const indexes = new WeakMap<ProjectGraph, MacroIndex>();

export function macroIndexFor(graph: ProjectGraph): MacroIndex {
  let index = indexes.get(graph);
  if (index === undefined) {
    index = new MacroIndex(graph.macros, graph.metadata);
    indexes.set(graph, index);
  }
  return index;
}
