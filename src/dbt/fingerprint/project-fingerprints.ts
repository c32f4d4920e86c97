/**
 * Fingerprints and version keys of every planned node of a project graph,
 * computed in DAG order so that a node's version key can name its parents'.
 */
import type { Fingerprint } from "../../state/snapshot.js";
import { clockCalls, pythonClockCalls } from "../clock-functions.js";
import type { GraphNode, ProjectGraph } from "../graph.js";
import type { RunTimeMacros } from "../macros/run-time-closure.js";
import type { RunTimeReads } from "../run-time-values/run-time-reads.js";
import { canonicalJson } from "./canonical-json.js";
import { sha256 } from "./digest.js";
import { makeFingerprint } from "./fingerprint.js";
import { type EnvironmentRead, type FingerprintInputs, fingerprintNode } from "./node-fingerprint.js";
import { macroIndexFor } from "./shared-macro-index.js";

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
  /**
   * The clock functions its compiled SQL calls (src/dbt/clock-functions.ts),
   * its inlined ephemeral models' included, sorted; empty when none.
   */
  clockCalls: readonly string[];
  /** The macros the node's build resolves to at run time (what `explain` lists). */
  runTimeMacros: RunTimeMacros;
  /** Relations its compiled SQL reads by name, not through ref/source (undeclared_relation_read); null when not scanned. */
  undeclaredReads: readonly string[] | null;
  /**
   * What its run-time path reads from the run (env_var, var, target): the
   * plan and the record add a `value:` component per static read, a keyed
   * digest of its value (src/dbt/run-time-values/).
   */
  runTimeReads: RunTimeReads;
}

export function fingerprintProject(
  graph: ProjectGraph,
  inputs: FingerprintInputs = {},
): Map<string, NodeFingerprint> {
  const macros = macroIndexFor(graph);
  const result = new Map<string, NodeFingerprint>();
  const adapter = graph.metadata.adapterType;
  const ephemeralCalls = new Map<string, readonly string[]>();
  const callsOf = (sql: string | null) => (sql ? clockCalls(sql, adapter) : NO_CALLS);
  for (const id of graph.order) {
    const node = graph.nodes.get(id)!;
    const parts = fingerprintNode(graph, node, macros, inputs);
    const fingerprint = makeFingerprint(parts.components);
    // The components without `relation`, the sql one on the portable SQL.
    const codeComponents: Record<string, string> = {};
    for (const name in fingerprint.components) {
      if (name !== "relation") codeComponents[name] = fingerprint.components[name]!;
    }
    if (parts.portableSql !== null) codeComponents.sql = parts.portableSql;
    const versionKey = sha256(versionKeyJson(graph, node, codeComponents, result));
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
      clockCalls: nodeClockCalls(graph, node, callsOf, ephemeralCalls),
      runTimeMacros: parts.runTimeMacros,
      undeclaredReads: parts.undeclaredReads,
      runTimeReads: parts.runTimeReads,
    });
  }
  return result;
}

const NO_CALLS: readonly string[] = [];

/**
 * The node's own compiled SQL and that of every ephemeral model it inlines
 * (dbt injects them as CTEs into the compiled code it writes, but scanning
 * them costs little and doesn't rest on that), each scanned once.
 */
function nodeClockCalls(
  graph: ProjectGraph,
  node: GraphNode,
  callsOf: (sql: string | null) => readonly string[],
  ephemeralCalls: Map<string, readonly string[]>,
): readonly string[] {
  if (node.node.language === "python") {
    const code = node.node.compiledCode ?? node.node.rawCode;
    return code ? pythonClockCalls(code) : NO_CALLS;
  }
  const own = callsOf(node.node.compiledCode);
  if (node.ephemerals.length === 0) return own;
  const all = new Set(own);
  for (const id of node.ephemerals) {
    let calls = ephemeralCalls.get(id);
    if (calls === undefined) {
      calls = callsOf(graph.ephemerals.get(id)?.node.compiledCode ?? null);
      ephemeralCalls.set(id, calls);
    }
    for (const name of calls) all.add(name);
  }
  return all.size === own.length ? own : [...all].sort();
}

/**
 * canonicalJson({ components, parents, sources, unknown }) of a node's
 * version key, written directly (keys in canonical order): `parents` are
 * `[id, version key]`, `sources` `[id, [database, schema, identifier]]` (or
 * `[id, null]` for a source the manifest lacks), `unknown` the ids of unknown
 * parents.
 */
function versionKeyJson(
  graph: ProjectGraph,
  node: GraphNode,
  components: Readonly<Record<string, string>>,
  done: ReadonlyMap<string, NodeFingerprint>,
): string {
  let out = '{"components":{';
  let first = true;
  for (const name of Object.keys(components).sort()) {
    if (!first) out += ",";
    first = false;
    out += `${JSON.stringify(name)}:${JSON.stringify(components[name])}`;
  }
  out += '},"parents":[';
  for (let index = 0; index < node.parents.length; index++) {
    const parent = node.parents[index]!;
    if (index > 0) out += ",";
    out += `[${JSON.stringify(parent)},${JSON.stringify(done.get(parent)!.versionKey)}]`;
  }
  out += '],"sources":[';
  for (let index = 0; index < node.sources.length; index++) {
    const sourceId = node.sources[index]!;
    const relation = graph.sources.get(sourceId)?.source.relation;
    if (index > 0) out += ",";
    out += `[${JSON.stringify(sourceId)},${
      relation ? canonicalJson([relation.database, relation.schema, relation.identifier]) : "null"
    }]`;
  }
  out += '],"unknown":[';
  for (let index = 0; index < node.unknownParents.length; index++) {
    if (index > 0) out += ",";
    out += JSON.stringify(node.unknownParents[index]!.id);
  }
  return `${out}]}`;
}
