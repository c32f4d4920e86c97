/**
 * Renames that keep the relation (issue 36, over-builds): a model renamed
 * (a new unique_id) whose relation, code and everything else its fingerprint
 * holds are the same as a recorded build's of a node that is gone from the
 * manifest writes exactly what that build wrote: dbt builds a node from its
 * compiled code, config and macros into its relation (core/dbt/task/run.py
 * `ModelRunner.execute`), none of which name its unique_id (the name only
 * decides `ref()` lookups at parse time, which end in its readers' compiled
 * SQL). So the recorded build is carried to the new id, and every recorded
 * `parents` map that names the old id names the new one.
 *
 * Only a one-to-one match counts: one gone entry with the node's exact
 * relation (database, schema, identifier as recorded) and fingerprint
 * digest, and one new node for it. Anything else stays as it is (the new
 * node is `never_built`). Pure.
 */
import type { NodeFingerprint } from "../dbt/fingerprint/project-fingerprints.js";
import type { ProjectGraph } from "../dbt/graph.js";
import { own, setOwn } from "../state/own.js";
import type { NodeState, StateSnapshot } from "../state/snapshot.js";

export interface RenamedBuilds {
  /** The snapshot with renamed builds under their new ids (the same object when there are none). */
  snapshot: StateSnapshot;
  /** New id → the id its build was recorded under. */
  renamed: ReadonlyMap<string, string>;
}

function relationKey(database: string | null | undefined, schema: string, identifier: string): string {
  return `${database ?? ""}\0${schema}\0${identifier}`;
}

export function carryRenamedBuilds(
  snapshot: StateSnapshot,
  graph: ProjectGraph,
  fingerprints: ReadonlyMap<string, NodeFingerprint>,
): RenamedBuilds {
  const gone = new Map<string, string[]>();
  for (const id of Object.keys(snapshot.nodes)) {
    if (graph.nodes.has(id) || graph.ephemerals.has(id)) continue;
    const entry = snapshot.nodes[id]!;
    if (!entry.relation) continue;
    const key = `${relationKey(entry.relation.database, entry.relation.schema, entry.relation.identifier)}\0${entry.fingerprint.digest}`;
    const list = gone.get(key);
    if (list) list.push(id);
    else gone.set(key, [id]);
  }
  if (gone.size === 0) return { snapshot, renamed: new Map() };
  const candidates = new Map<string, string[]>();
  for (const [id, node] of graph.nodes) {
    if (own(snapshot.nodes, id)) continue;
    const fp = fingerprints.get(id);
    if (!fp?.complete) continue;
    const r = node.node.relation;
    const key = `${relationKey(r.database, r.schema, r.identifier)}\0${fp.fingerprint.digest}`;
    const olds = gone.get(key);
    if (olds?.length !== 1) continue;
    const list = candidates.get(olds[0]!);
    if (list) list.push(id);
    else candidates.set(olds[0]!, [id]);
  }
  const renamed = new Map<string, string>();
  for (const [old, news] of candidates) if (news.length === 1) renamed.set(news[0]!, old);
  if (renamed.size === 0) return { snapshot, renamed };
  const back = new Map([...renamed].map(([now, old]) => [old, now]));
  const nodes: Record<string, NodeState> = {};
  for (const [id, entry] of Object.entries(snapshot.nodes)) {
    const key = back.get(id) ?? id;
    let parents = entry.parents;
    if (Object.keys(parents).some((p) => back.has(p))) {
      parents = {};
      for (const [p, run] of Object.entries(entry.parents)) setOwn(parents, back.get(p) ?? p, run);
    }
    setOwn(nodes, key, parents === entry.parents ? entry : { ...entry, parents });
  }
  // The relation's last recorded writer (snapshot 1.6) is the renamed node now, for the same write.
  let relations = snapshot.relations;
  if (relations !== undefined) {
    const moved: NonNullable<StateSnapshot["relations"]> = {};
    let any = false;
    for (const [key, write] of Object.entries(relations)) {
      const now = back.get(write.node);
      const same = now !== undefined && snapshot.nodes[write.node]?.run_id === write.run_id;
      if (same) any = true;
      setOwn(moved, key, same ? { ...write, node: now } : write);
    }
    if (any) relations = moved;
  }
  return { snapshot: { ...snapshot, nodes, ...(relations ? { relations } : {}) }, renamed };
}
