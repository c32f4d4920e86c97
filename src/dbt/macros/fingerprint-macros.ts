/**
 * The fingerprint's macro components from the run-time resolution
 * (run-time-closure.ts): `macros` (what a node's build runs) and
 * `project_hooks` (the on-run-start hooks that run before every node).
 * Both are cached: most nodes share their roots, and every node its hooks.
 */
import type { ManifestNode, ManifestOtherNode } from "../artifacts/manifest.js";
import { canonicalJson } from "../fingerprint/canonical-json.js";
import { sha256 } from "../fingerprint/digest.js";
import type { MacroIndex } from "../fingerprint/macro-index.js";
import type { ProjectGraph } from "../graph.js";
import type { RunTimeMacros } from "./run-time-closure.js";

export interface NodeMacros {
  resolved: RunTimeMacros;
  /** Project and package macros the build runs, without those that only name the relation. */
  bodyUser: readonly string[];
  digest: string;
}

const nodeMacroCache = new WeakMap<MacroIndex, Map<string, NodeMacros>>();

function stringConfig(n: ManifestNode, key: string): string | null {
  const value = n.config?.[key];
  return typeof value === "string" && value !== "" ? value : null;
}

/**
 * The macros a node's build runs: its own and its ephemeral models' calls,
 * the materialization and strategy dbt picks, everything they reach at run
 * time, and the `generate_*_name` overrides. Cached by what decides it.
 */
export function nodeRunTimeMacros(
  macros: MacroIndex,
  n: ManifestNode,
  ephemerals: readonly ManifestNode[],
  materialization: string,
): NodeMacros {
  let cache = nodeMacroCache.get(macros);
  if (cache === undefined) {
    cache = new Map();
    nodeMacroCache.set(macros, cache);
  }
  const incrementalStrategy = stringConfig(n, "incremental_strategy");
  const snapshotStrategy = n.resourceType === "snapshot" ? stringConfig(n, "strategy") : null;
  let key = `${n.packageName}\0${materialization}\0${incrementalStrategy}\0${snapshotStrategy}\0${JSON.stringify(n.dependsOn.macros)}`;
  for (const ephemeral of ephemerals) key += `\0${JSON.stringify(ephemeral.dependsOn.macros)}`;
  let result = cache.get(key);
  if (result === undefined) {
    const called = new Set<string>(n.dependsOn.macros);
    for (const ephemeral of ephemerals) for (const id of ephemeral.dependsOn.macros) called.add(id);
    const { resolved, bodyUser } = macros.resolver.resolve({
      searchPackage: n.packageName,
      called: [...called],
      materialization,
      incrementalStrategy,
      snapshotStrategy,
      nameRoots: macros.generateNameOverrides(),
    });
    result = { resolved, bodyUser, digest: macros.closureDigest(resolved.macros) };
    cache.set(key, result);
  }
  return result;
}

/** A project's on-run-start hooks (its own and its packages'), by id. */
export function onRunStartHooks(graph: ProjectGraph): ManifestOtherNode[] {
  const hooks: ManifestOtherNode[] = [];
  for (const other of graph.manifest.otherNodes.values()) {
    if (other.resourceType === "operation" && /-on-run-start-\d+$/.test(other.uniqueId)) hooks.push(other);
  }
  return hooks.sort((a, b) => (a.uniqueId < b.uniqueId ? -1 : 1));
}

export interface ProjectHooks {
  /** Null when the project has no on-run-start hook. */
  digest: string | null;
  incomplete: readonly string[];
}

const projectHookCache = new WeakMap<MacroIndex, ProjectHooks>();

/**
 * The `project_hooks` component: SHA-256 of the canonical JSON of
 * `[id, SQL, digest of its run-time macros]` per on-run-start hook. dbt runs
 * them before any node (core/dbt/task/run.py `RunTask.before_run`), and they
 * may create what a node's build reads (a function, a table).
 */
export function projectHooks(graph: ProjectGraph, macros: MacroIndex): ProjectHooks {
  let result = projectHookCache.get(macros);
  if (result !== undefined) return result;
  const hooks = onRunStartHooks(graph);
  const incomplete: string[] = [];
  const entries: unknown[] = [];
  const resolver = macros.resolver;
  for (const hook of hooks) {
    if (hook.rawCode === null) incomplete.push(`on-run-start hook \`${hook.uniqueId}\` has no recorded SQL`);
    const closure = resolver.closure(
      hook.dependsOn.macros,
      hook.packageName ?? graph.metadata.projectName ?? "",
    );
    for (const id of closure.missing)
      incomplete.push(`macro \`${id}\` of \`${hook.uniqueId}\` is missing from the artifacts`);
    entries.push([hook.uniqueId, hook.rawCode, macros.closureDigest(closure.macros)]);
  }
  result = { digest: hooks.length === 0 ? null : sha256(canonicalJson(entries)), incomplete };
  projectHookCache.set(macros, result);
  return result;
}
