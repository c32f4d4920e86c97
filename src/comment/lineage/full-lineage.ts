/**
 * The whole plan's lineage as data, for the HTML page to draw all of it
 * (the comment's picture draws at most MAX_BOXES boxes of it): every planned
 * node in plan order, then the parents outside the plan (sources, nodes not
 * selected), sorted; each with its class (lineage-classes.ts), label, folder
 * and package; and every parent → child edge. Pure and deterministic.
 */
import type { Plan } from "../../state/plan.js";
import { type ChangeClass, changeClassesOf } from "../change-groups.js";
import type { RunOutcome } from "../comment-context.js";
import { displayId, entryLabel } from "../reason-phrases.js";
import { type LineageClass, lineageClassOf } from "./lineage-classes.js";
import type { LineageEntry } from "./mermaid-picture.js";
import { folderOf, packageOf } from "./node-folder.js";

export interface LineageNode {
  /** The dbt unique id. */
  id: string;
  /** The name a reviewer reads (the package prefixed when it is not the project's). Untrusted: escape it. */
  label: string;
  cls: LineageClass;
  /** A planned node's class in the plan, before the run's outcome (a failed node may have been changed). */
  change?: ChangeClass;
  /** The node's folder (the directory of its path; else package and schema; a source's source name). */
  folder: string;
  package: string;
  /** BUILD or REUSE; absent for sources and nodes outside the plan. */
  action?: "BUILD" | "REUSE";
}

export interface FullLineage {
  nodes: LineageNode[];
  /** [parent id, child id], in plan order of the child, then the order of its parents. */
  edges: Array<[string, string]>;
}

/** Every node of the plan and its parents, with their class, and every edge. */
export function fullLineage(plan: Plan, outcome?: RunOutcome): FullLineage {
  const entries = plan.entries as LineageEntry[];
  const byId = new Map(entries.map((e) => [e.unique_id, e]));
  const classes = changeClassesOf(entries);
  const outside = new Set<string>();
  const edges: Array<[string, string]> = [];
  for (const e of entries)
    for (const p of e.parents ?? []) {
      edges.push([p, e.unique_id]);
      if (!byId.has(p)) outside.add(p);
    }
  const node = (id: string, e: LineageEntry | undefined): LineageNode => {
    const n: LineageNode = {
      id,
      label: e ? entryLabel(e, plan.project) : displayId(id, plan.project),
      cls: lineageClassOf(id, e, classes.get(id), outcome?.nodes[id]?.status),
      folder: folderOf(id, e, plan.project),
      package: packageOf(id, e, plan.project),
    };
    if (e) {
      n.change = classes.get(id)!;
      n.action = e.action;
    }
    return n;
  };
  return {
    nodes: [
      ...entries.map((e) => node(e.unique_id, e)),
      ...[...outside].sort().map((id) => node(id, undefined)),
    ],
    edges,
  };
}
