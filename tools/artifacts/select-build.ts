/** Which nodes a `dbt build --select …` runs, for the run_results of a partial build. */
import type { ProjectSpec, TargetSpec } from "./project-spec.js";
import { resolveProject } from "./resolve-project.js";

/**
 * The nodes `dbt build --select <selector>` runs: `name`, `name+`, `+name`,
 * `+name+` or `*`, with dbt's eager indirect selection of tests (a data test
 * runs when any of its parents is selected) and the unit tests of selected
 * models. Ephemeral models are never run.
 */
export function selectBuild(project: ProjectSpec, target: TargetSpec, selector: string): Set<string> {
  const resolved = resolveProject(project, { target });
  const parents = new Map<string, string[]>();
  for (const model of resolved.models.values()) parents.set(model.uniqueId, model.dependsOnNodes);
  for (const seed of resolved.seeds.keys()) parents.set(seed, []);
  const children = new Map<string, string[]>();
  for (const [id, ps] of parents) {
    for (const p of ps) children.set(p, [...(children.get(p) ?? []), id]);
  }
  const nodeIds = [...parents.keys()];
  const walk = (start: string, edges: Map<string, string[]>, into: Set<string>): void => {
    for (const next of edges.get(start) ?? []) {
      if (!parents.has(next) || into.has(next)) continue;
      into.add(next);
      walk(next, edges, into);
    }
  };
  const picked = new Set<string>();
  if (selector === "*") {
    for (const id of nodeIds) picked.add(id);
  } else {
    const match = /^(\+?)([A-Za-z0-9_]+)(\+?)$/.exec(selector);
    if (!match) throw new Error(`selectBuild: unsupported selector ${selector}`);
    const [, up, name, down] = match;
    const root = nodeIds.find((id) => id.split(".").pop() === name);
    if (!root) throw new Error(`selectBuild: no node named ${name}`);
    picked.add(root);
    if (up) walk(root, parents, picked);
    if (down) walk(root, children, picked);
  }
  const selected = new Set<string>();
  for (const id of picked) {
    if (resolved.models.get(id)?.spec.config.materialized !== "ephemeral") selected.add(id);
  }
  // Eager indirect selection looks through ephemeral models too (they are selected, just not run).
  for (const test of resolved.tests.values()) {
    if (test.dependsOnNodes.some((id) => picked.has(id))) selected.add(test.uniqueId);
  }
  for (const unit of resolved.unitTests.values()) {
    if (picked.has(unit.modelId)) selected.add(unit.uniqueId);
  }
  return selected;
}
