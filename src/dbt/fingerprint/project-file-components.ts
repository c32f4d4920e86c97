/**
 * The components dbt_project.yml adds to a node's fingerprint (issue 36, the
 * project rows of the inventory, inventory/project-rows.ts):
 *
 * - `input:dbt_project.yml › dispatch`: the `dispatch:` entries of the
 *   namespaces the node's run-time macros (and the on-run-start hooks')
 *   call `adapter.dispatch` in; every entry when a call names its namespace
 *   by an expression. Absent when no entry applies.
 * - `input:dbt_project.yml › flags › <flag>`: a fingerprinted-here flag
 *   written in the file, on the nodes its row's `reach` names.
 * - `unclassified:dbt_project.yml › <key>` (and `… › flags › <flag>`): a key
 *   or flag no row classifies, or one classified unknown, on every node.
 *
 * Each is the SHA-256 of the value's canonical JSON, as written (Jinja
 * unrendered). A key that is absent adds nothing, so writing it adds a
 * component (a change) and removing it removes one (a change).
 */
import type { ManifestNode } from "../artifacts/manifest.js";
import type { GraphNode, ProjectGraph } from "../graph.js";
import {
  type ProjectKey,
  projectFlag,
  projectFlagPath,
  projectKey,
  projectKeyPath,
} from "../inventory/project-rows.js";
import { onRunStartHooks } from "../macros/fingerprint-macros.js";
import { adapterTypeChain, type RunTimeMacros } from "../macros/run-time-closure.js";
import { isRecord, type ProjectFile } from "../project-file.js";
import { canonicalJson } from "./canonical-json.js";
import { sha256 } from "./digest.js";
import { INPUT_COMPONENT, UNCLASSIFIED_COMPONENT } from "./fingerprint.js";
import type { MacroIndex } from "./macro-index.js";

export const DISPATCH_COMPONENT = `${INPUT_COMPONENT}${projectKeyPath("dispatch")}`;

/** What one project file gives every node, computed once per file and manifest. */
interface Prepared {
  /** Components every node gets (unclassified keys and flags, `every` flags). */
  everyNode: Record<string, string>;
  /** Flag components by reach, for the nodes that reach them. */
  byReach: Map<string, Record<string, string>>;
  /** `dispatch:` entries by namespace (the first entry of a namespace is the one dbt uses). */
  dispatch: Map<string, unknown>;
  /** Namespaces the on-run-start hooks dispatch in (`*`: one not written as a literal). */
  hookNamespaces: ReadonlySet<string>;
  hasHooks: boolean;
}

const prepared = new WeakMap<ProjectFile, WeakMap<ProjectGraph, Prepared>>();

/** The project file's components for one node (`resolved`: the node's run-time macros). */
export function projectFileComponents(
  file: ProjectFile,
  graph: ProjectGraph,
  node: GraphNode,
  macros: MacroIndex,
  resolved: RunTimeMacros,
): Record<string, string> {
  const p = prepare(file, graph, macros);
  const out: Record<string, string> = { ...p.everyNode };
  const n = node.node;
  for (const [reach, components] of p.byReach) {
    if (reaches(reach, n, resolved, p, graph)) Object.assign(out, components);
  }
  if (p.dispatch.size > 0) {
    const namespaces = new Set(p.hookNamespaces);
    for (const ns of dispatchNamespacesOf(resolved, macros)) namespaces.add(ns);
    const entries = namespaces.has("*")
      ? [...p.dispatch.values()]
      : [...p.dispatch.keys()].filter((ns) => namespaces.has(ns)).map((ns) => p.dispatch.get(ns));
    if (entries.length > 0) out[DISPATCH_COMPONENT] = sha256(canonicalJson(entries));
  }
  return out;
}

function reaches(
  reach: string,
  n: ManifestNode,
  resolved: RunTimeMacros,
  p: Prepared,
  graph: ProjectGraph,
): boolean {
  if (reach === "materialization-override") return resolved.materializationAlternative !== null;
  if (reach === "microbatch")
    return n.materialized === "incremental" && n.config?.incremental_strategy === "microbatch";
  if (reach === "project-hooks") return p.hasHooks;
  if (reach.startsWith("adapter:"))
    return adapterTypeChain(graph.metadata.adapterType).includes(reach.slice("adapter:".length));
  return false;
}

function prepare(file: ProjectFile, graph: ProjectGraph, macros: MacroIndex): Prepared {
  let byGraph = prepared.get(file);
  if (byGraph === undefined) {
    byGraph = new WeakMap();
    prepared.set(file, byGraph);
  }
  let p = byGraph.get(graph);
  if (p !== undefined) return p;
  const everyNode: Record<string, string> = {};
  const byReach = new Map<string, Record<string, string>>();
  const digest = (value: unknown) => sha256(canonicalJson(value ?? null));
  for (const [key, value] of Object.entries(file.keys)) {
    const row = projectKey(key);
    if (row?.key === "flags") {
      if (value !== null && value !== undefined && !isRecord(value))
        everyNode[`${UNCLASSIFIED_COMPONENT}${projectKeyPath(key)}`] = digest(value);
      continue;
    }
    if (row === undefined || row.class === "unknown")
      everyNode[`${UNCLASSIFIED_COMPONENT}${projectKeyPath(key)}`] = digest(value);
  }
  for (const [name, value] of Object.entries(file.flags)) {
    const row = projectFlag(name);
    if (row === undefined || row.class === "unknown") {
      everyNode[`${UNCLASSIFIED_COMPONENT}${projectFlagPath(name)}`] = digest(value);
      continue;
    }
    const reach = fingerprintedHere(row);
    if (reach === null) continue;
    const component = `${INPUT_COMPONENT}${projectFlagPath(name)}`;
    if (reach === "every") everyNode[component] = digest(value);
    else {
      let components = byReach.get(reach);
      if (components === undefined) {
        components = {};
        byReach.set(reach, components);
      }
      components[component] = digest(value);
    }
  }
  const dispatch = new Map<string, unknown>();
  const entries = dispatchKeyValue(file);
  for (const entry of Array.isArray(entries) ? entries : []) {
    const ns = isRecord(entry) && typeof entry.macro_namespace === "string" ? entry.macro_namespace : "*";
    if (!dispatch.has(ns)) dispatch.set(ns, entry);
  }
  if (entries !== undefined && entries !== null && !Array.isArray(entries)) dispatch.set("*", entries);
  const hooks = onRunStartHooks(graph);
  const hookNamespaces = new Set<string>();
  if (dispatch.size > 0) {
    for (const hook of hooks) {
      const closure = macros.resolver.closure(
        hook.dependsOn.macros,
        hook.packageName ?? graph.metadata.projectName ?? "",
      );
      for (const id of closure.macros) for (const ns of macroNamespaces(id, macros)) hookNamespaces.add(ns);
    }
  }
  const hasHooks =
    hooks.length > 0 ||
    [...graph.manifest.otherNodes.values()].some((o) => o.resourceType === "operation") ||
    nonEmpty(file.keys["on-run-start"] ?? file.keys.on_run_start) ||
    nonEmpty(file.keys["on-run-end"] ?? file.keys.on_run_end);
  p = { everyNode, byReach, dispatch, hookNamespaces, hasHooks };
  byGraph.set(graph, p);
  return p;
}

function nonEmpty(value: unknown): boolean {
  return Array.isArray(value) ? value.length > 0 : value !== undefined && value !== null && value !== "";
}

/** `dispatch` (or a dispatch entry a namespace can't be read from: `*`, every node). */
function dispatchKeyValue(file: ProjectFile): unknown {
  for (const [key, value] of Object.entries(file.keys)) if (projectKey(key)?.key === "dispatch") return value;
  return undefined;
}

/** The reach of a flag's `input:` component; null when the flag adds none (through the manifest, inert, the version component). */
function fingerprintedHere(row: ProjectKey): string | null {
  if (row.class !== "fingerprinted" || row.reach === undefined) return null;
  if (row.reach === "version-component" || row.reach === "vars" || row.reach === "dispatch") return null;
  return row.reach;
}

// ------------------------------------------------------------ dispatch namespaces

const namespaceCache = new WeakMap<MacroIndex, Map<string, readonly string[]>>();
const nodeNamespaceCache = new WeakMap<RunTimeMacros, ReadonlySet<string>>();

function dispatchNamespacesOf(resolved: RunTimeMacros, macros: MacroIndex): ReadonlySet<string> {
  let found = nodeNamespaceCache.get(resolved);
  if (found === undefined) {
    const set = new Set<string>();
    for (const id of resolved.macros) for (const ns of macroNamespaces(id, macros)) set.add(ns);
    found = set;
    nodeNamespaceCache.set(resolved, found);
  }
  return found;
}

function macroNamespaces(id: string, macros: MacroIndex): readonly string[] {
  let cache = namespaceCache.get(macros);
  if (cache === undefined) {
    cache = new Map();
    namespaceCache.set(macros, cache);
  }
  let found = cache.get(id);
  if (found === undefined) {
    found = dispatchNamespaces(macros.get(id)?.macroSql ?? "");
    cache.set(id, found);
  }
  return found;
}

const DISPATCH_OPEN = /adapter\s*\.\s*dispatch\s*\(/g;
const STRING_LITERAL = /^(?:'([^'\\]*)'|"([^"\\]*)")$/;

/**
 * The namespaces `adapter.dispatch(name, macro_namespace, packages)` calls in
 * `sql` name (core/dbt/context/providers.py `BaseDatabaseWrapper.dispatch`):
 * the second positional argument or `macro_namespace=`, when a string
 * literal; `*` when it is an expression (any namespace); nothing for a call
 * without one (dbt then searches no dispatch config: `_get_search_packages(None)`)
 * or with the deprecated `packages=` (which replaces the search order).
 */
export function dispatchNamespaces(sql: string): string[] {
  if (!sql.includes("dispatch")) return [];
  const out = new Set<string>();
  for (const match of sql.matchAll(DISPATCH_OPEN)) {
    const args = callArguments(sql, match.index! + match[0].length);
    if (args === null) {
      out.add("*");
      continue;
    }
    let namespace: string | undefined;
    let packages = false;
    let positional = 0;
    for (const arg of args) {
      const kw = /^([A-Za-z_]\w*)\s*=(?!=)\s*([\s\S]*)$/.exec(arg);
      if (kw) {
        if (kw[1] === "macro_namespace") namespace = kw[2]!.trim();
        else if (kw[1] === "packages") packages = kw[2]!.trim() !== "none" && kw[2]!.trim() !== "None";
        continue;
      }
      if (positional === 1) namespace = arg;
      else if (positional === 2) packages = arg !== "none" && arg !== "None";
      positional++;
    }
    if (packages || namespace === undefined || namespace === "none" || namespace === "None") continue;
    const literal = STRING_LITERAL.exec(namespace);
    out.add(literal ? (literal[1] ?? literal[2])! : "*");
  }
  return [...out].sort();
}

/** The top-level arguments of a call whose `(` ends just before `start`, trimmed; null when it doesn't close. */
function callArguments(sql: string, start: number): string[] | null {
  const args: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let from = start;
  for (let i = start; i < sql.length; i++) {
    const c = sql[i]!;
    if (quote !== null) {
      if (c === "\\") i++;
      else if (c === quote) quote = null;
      continue;
    }
    if (c === "'" || c === '"') quote = c;
    else if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === "}") {
      if (depth === 0) {
        const last = sql.slice(from, i).trim();
        if (last !== "" || args.length > 0) args.push(last);
        return args;
      }
      depth--;
    } else if (c === "," && depth === 0) {
      args.push(sql.slice(from, i).trim());
      from = i + 1;
    }
  }
  return null;
}
