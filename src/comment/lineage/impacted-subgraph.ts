/**
 * The impacted subgraph the lineage picture draws: the BUILD nodes and their
 * descendants in the plan (in plan order), and one ring of parents around
 * them (reused nodes, sources, nodes outside the plan), each with its class
 * (built for code or data, reused, outside, failed, skipped). Pure.
 */
import type { Plan } from "../../state/plan.js";
import type { NodeRunStatus, RunOutcome } from "../comment-context.js";
import { displayId, entryLabel, isCodeReason } from "../reason-phrases.js";
import type { Box, LineageEntry, NodeClass } from "./mermaid-picture.js";

export interface ImpactedSubgraph {
  project: string;
  byId: ReadonlyMap<string, LineageEntry>;
  /** The BUILD nodes and their descendants, in plan order. */
  impacted: ReadonlySet<string>;
  inner: readonly string[];
  /** Parents of the impacted nodes outside it, sorted. */
  ring: readonly string[];
  /** The ring, then the inner nodes. */
  all: readonly string[];
  /** A node's parents that are in the picture. */
  parentsInPicture: (id: string) => string[];
  classOf: (id: string) => NodeClass;
  label: (id: string) => string;
}

/** The subgraph, or undefined when there is nothing to draw (no entry carries its parents, or no BUILD node). */
export function impactedSubgraph(plan: Plan, outcome: RunOutcome | undefined): ImpactedSubgraph | undefined {
  const entries = plan.entries as LineageEntry[];
  if (!entries.some((e) => e.parents !== undefined)) return undefined;
  const byId = new Map(entries.map((e) => [e.unique_id, e]));
  const impacted = descendantsOfBuilds(entries, byId);
  if (impacted.size === 0) return undefined;
  const inner = entries.filter((e) => impacted.has(e.unique_id)).map((e) => e.unique_id);
  const ring = [
    ...new Set(inner.flatMap((id) => (byId.get(id)!.parents ?? []).filter((p) => !impacted.has(p)))),
  ].sort();
  const ringSet = new Set(ring);
  const classes = new Map<string, NodeClass>();
  return {
    project: plan.project,
    byId,
    impacted,
    inner,
    ring,
    all: [...ring, ...inner],
    parentsInPicture: (id) => (byId.get(id)?.parents ?? []).filter((p) => impacted.has(p) || ringSet.has(p)),
    classOf: (id) => {
      let cls = classes.get(id);
      if (cls === undefined) {
        cls = nodeClass(byId.get(id), impacted.has(id), outcome?.nodes[id]?.status);
        classes.set(id, cls);
      }
      return cls;
    },
    label: (id) => {
      const e = byId.get(id);
      return e ? entryLabel(e, plan.project) : displayId(id, plan.project);
    },
  };
}

/** A node drawn one by one. */
export function nodeBox(subgraph: ImpactedSubgraph, id: string): Box {
  return {
    id,
    label: subgraph.label(id),
    cls: subgraph.classOf(id),
    shape: id.startsWith("source.") ? "source" : "box",
  };
}

/** The BUILD nodes and their descendants among the entries. */
function descendantsOfBuilds(
  entries: readonly LineageEntry[],
  byId: ReadonlyMap<string, LineageEntry>,
): Set<string> {
  const children = new Map<string, string[]>();
  for (const e of entries)
    for (const p of e.parents ?? []) {
      const list = children.get(p);
      if (list) list.push(e.unique_id);
      else children.set(p, [e.unique_id]);
    }
  const impacted = new Set<string>();
  const stack = entries.filter((e) => e.action === "BUILD").map((e) => e.unique_id);
  while (stack.length) {
    const id = stack.pop()!;
    if (impacted.has(id)) continue;
    impacted.add(id);
    for (const c of children.get(id) ?? []) if (byId.has(c) && !impacted.has(c)) stack.push(c);
  }
  return impacted;
}

function nodeClass(
  e: LineageEntry | undefined,
  impacted: boolean,
  status: NodeRunStatus | undefined,
): NodeClass {
  if (!e) return "outside";
  if (!impacted) return "reuse";
  if (e.action === "REUSE") return "reuse";
  if (status === "failed") return "failed";
  if (status === "skipped") return "skipped";
  const first = e.reasons[0]?.code;
  return first && !isCodeReason(first) ? "build_data" : "build_code";
}
