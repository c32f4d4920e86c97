/**
 * Fingerprints and version keys of every planned node of a project graph,
 * computed in DAG order so that a node's version key can name its parents'.
 */
import type { Fingerprint } from "../../state/snapshot.js";
import type { ProjectGraph } from "../graph.js";
import { canonicalJson } from "./canonical-json.js";
import { sha256 } from "./digest.js";
import { makeFingerprint } from "./fingerprint.js";
import { MacroIndex } from "./macro-index.js";
import { type EnvironmentRead, fingerprintNode } from "./node-fingerprint.js";

export interface NodeFingerprint {
  id: string;
  fingerprint: Fingerprint;
  /**
   * ADR-0028: the fingerprint without `relation`, with parents identified by
   * their version keys (and sources by id and relation). Same code, same key,
   * in every environment.
   */
  versionKey: string;
  complete: boolean;
  incomplete: readonly string[];
  environmentReads: readonly EnvironmentRead[];
  rawDigest: string | null;
  normaliserGaveUp: string | null;
  fileReason: string | null;
  /** The sql component on the portable SQL: equal across environments for the same code. */
  portableSql: string | null;
}

export function fingerprintProject(graph: ProjectGraph): Map<string, NodeFingerprint> {
  const macros = new MacroIndex(graph.macros, graph.metadata.adapterType);
  const result = new Map<string, NodeFingerprint>();
  for (const id of graph.order) {
    const node = graph.nodes.get(id)!;
    const parts = fingerprintNode(graph, node, macros);
    const fingerprint = makeFingerprint(parts.components);
    // The components without `relation`, the sql one on the portable SQL.
    const codeComponents: Record<string, string> = {};
    for (const name in fingerprint.components) {
      if (name !== "relation") codeComponents[name] = fingerprint.components[name]!;
    }
    if (parts.portableSql !== null) codeComponents.sql = parts.portableSql;
    const parentKeys = node.parents.map((parent) => [parent, result.get(parent)!.versionKey]);
    const sourceKeys = node.sources.map((sourceId) => {
      const relation = graph.sources.get(sourceId)?.source.relation;
      return [sourceId, relation ? [relation.database, relation.schema, relation.identifier] : null];
    });
    const unknown = node.unknownParents.map((parent) => parent.id);
    const versionKey = sha256(
      canonicalJson({ components: codeComponents, parents: parentKeys, sources: sourceKeys, unknown }),
    );
    result.set(id, {
      id,
      fingerprint,
      versionKey,
      complete: parts.incomplete.length === 0,
      incomplete: parts.incomplete,
      environmentReads: parts.environmentReads,
      rawDigest: parts.rawDigest,
      normaliserGaveUp: parts.normaliserGaveUp,
      fileReason: parts.fileReason,
      portableSql: parts.portableSql,
    });
  }
  return result;
}
