/**
 * Issue 24, at record time: a node reused because a rebuilt parent's change
 * is not read (parent_change_not_read) keeps its build, which read the
 * parent's previous build. Its record of that read moves to the parent's new
 * build when the new build differs only in columns it does not read, its rows
 * unchanged, and nothing else moved (the same source versions, the same
 * parents' builds, or parents rebuilt the same way); otherwise the next plan
 * would see the parent "rebuilt after the build it read" and build it for new
 * data. `carried` keeps the run it actually read. Applied to the nodes of a
 * recorded run and of a recorded promotion alike. Pure.
 */
import {
  type ChangeClassification,
  changeReach,
  classifyChange,
} from "../dbt/column-facts/classify-change.js";
import { propagateChange } from "../dbt/column-facts/propagate-change.js";
import { factsFromStored } from "../dbt/column-facts/stored-facts.js";
import { diffFingerprints } from "../dbt/fingerprint/fingerprint.js";
import type { MacroIndex } from "../dbt/fingerprint/macro-index.js";
import type { ProjectGraph } from "../dbt/graph.js";
import { own, setOwn } from "../state/own.js";
import type { NodeState, StateSnapshot } from "../state/snapshot.js";
import { changedBeyondSql, readsOnlyThroughSql, rebuildProblem } from "./column-impact.js";

const unknown = (reason: string): ChangeClassification => ({ kind: "unknown", reason });

/** `nodes` (the next snapshot's) with reads carried over unread changes; entries are replaced, never mutated. */
export function carryUnreadReads(
  graph: ProjectGraph,
  macros: MacroIndex,
  previous: StateSnapshot | null,
  nodes: Record<string, NodeState>,
): Record<string, NodeState> {
  if (!previous) return nodes;
  const changes = new Map<string, ChangeClassification>();
  const out: Record<string, NodeState> = { ...nodes };
  for (const id of graph.order) {
    const before = own(previous.nodes, id);
    const after = own(out, id);
    if (!before || !after) continue;
    if (after.run_id !== before.run_id) {
      changes.set(id, rebuiltChange(graph, macros, id, before, after, previous, out, changes));
      continue;
    }
    // Kept: carry its reads of parents rebuilt for a change it does not read. Its own parents only,
    // and nothing decoded unless one of them was rebuilt (a run keeps most nodes).
    const node = graph.nodes.get(id);
    const rebuilt = (node?.parents ?? []).filter((parent) => changes.has(parent));
    if (rebuilt.length === 0 || !after.facts || !readsOnlyThroughSql(node, macros)) continue;
    const facts = factsFromStored(after.facts);
    let parents: Record<string, string> | null = null;
    let carried: Record<string, string> | null = null;
    for (const parent of rebuilt) {
      const change = changes.get(parent)!;
      const read = own(after.parents, parent);
      if (read === undefined || read !== own(previous.nodes, parent)?.run_id) continue;
      if (
        changeReach(change, own(facts.reads, parent), facts.star_from.includes(parent)).kind !==
        "does_not_read"
      )
        continue;
      parents ??= { ...after.parents };
      carried ??= { ...(after.carried ?? {}) };
      setOwn(parents, parent, own(out, parent)!.run_id);
      if (own(carried, parent) === undefined) setOwn(carried, parent, read);
    }
    if (parents && carried) setOwn(out, id, { ...after, parents, carried });
  }
  return out;
}

/** What a rebuild changed for its readers, from both builds' records. */
function rebuiltChange(
  graph: ProjectGraph,
  macros: MacroIndex,
  id: string,
  before: NodeState,
  after: NodeState,
  previous: StateSnapshot,
  next: Record<string, NodeState>,
  changes: ReadonlyMap<string, ChangeClassification>,
): ChangeClassification {
  const node = graph.nodes.get(id);
  if (!node) return unknown("not a planned node");
  const problem = rebuildProblem(node, macros);
  if (problem !== null) return unknown(problem);
  if (after.partial) return unknown("a partial build");
  if (!before.facts || !after.facts) return unknown("no column facts on both builds");
  const diff = diffFingerprints(before.fingerprint, after.fingerprint);
  const names = [...diff.changed, ...diff.added, ...diff.removed];
  if (changedBeyondSql(names).length > 0) return unknown(`its ${names.join(", ")} changed`);
  for (const source of node.sources) {
    const was = own(before.sources, source)?.value;
    if (was === undefined || was !== own(after.sources, source)?.value)
      return unknown(`no proof that source ${source} holds the same data`);
  }
  const parents = new Map<string, ChangeClassification>();
  for (const parent of node.parents) {
    const was = own(before.parents, parent);
    const is = own(after.parents, parent);
    if (was === undefined || is === undefined) return unknown(`no record of the build of ${parent} it read`);
    if (was === is) continue;
    const change = changes.get(parent);
    const rebuiltHere = is === own(next, parent)?.run_id && was === own(previous.nodes, parent)?.run_id;
    if (!change || !rebuiltHere) return unknown(`parent ${parent} moved`);
    parents.set(parent, change);
  }
  const factsAfter = factsFromStored(after.facts);
  const own_ = names.includes("sql") ? classifyChange(factsFromStored(before.facts), factsAfter) : null;
  return propagateChange(own_, factsAfter, parents);
}
