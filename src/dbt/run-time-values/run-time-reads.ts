/**
 * What a node's build reads from the run (issue 36): the `env_var`, `var`
 * and `target` reads (value-reads.ts) of everything dbt renders only when it
 * builds the node, not when it compiles it:
 * - the materialization dbt picks (both candidates when a package overrides
 *   a builtin one), the incremental or snapshot strategy, and every macro
 *   they reach at run time, dbt's and the adapter's included
 *   (run-time-closure.ts);
 * - the node's pre- and post-hooks (rendered at run time,
 *   core/dbt/task/run.py `ModelRunner` → the materialization's `run_hooks`)
 *   and the macros they call, resolved from the node's package;
 * - the project's on-run-start hooks and their macros (run before any node,
 *   `RunTask.before_run`);
 * - the latest-version pointer's macros where dbt 1.12 makes one.
 * The node's own SQL and the macros it calls are rendered when dbt compiles
 * it: what they read is in its compiled code and config already, so they
 * are not scanned here. `generate_*_name` macros are not scanned either:
 * they decide the relation (the `relation` component).
 *
 * Each macro is scanned once per manifest and each distinct set of roots
 * merged once (cached on the MacroIndex), so a 10,000-node project scans its
 * engine macros once, not per node.
 */
import type { ManifestNode } from "../artifacts/manifest.js";
import type { MacroIndex } from "../fingerprint/macro-index.js";
import type { ProjectGraph } from "../graph.js";
import { onRunStartHooks } from "../macros/fingerprint-macros.js";
import { isNameMacro, type RunTimeMacros } from "../macros/run-time-closure.js";
import { isInertEngineRead } from "./engine-target-reads.js";
import { calledNames, type JinjaScan, readKey, SECRET_ENV_PREFIX, scanJinja } from "./value-reads.js";

/** A read ODS can't name, and where it is. */
export interface DynamicRead {
  where: string;
  what: string;
}

export interface RunTimeReads {
  /** Static reads as component keys (`env_var(NAME)`, `var(name)`, `target.field`), sorted. */
  static: readonly string[];
  /** Reads whose name is not a literal, sorted by where then what. */
  dynamic: readonly DynamicRead[];
  /** `DBT_ENV_SECRET_*` names read with env_var: dbt refuses them in a build (never looked up). */
  secrets: readonly string[];
}

export const NO_RUN_TIME_READS: RunTimeReads = { static: [], dynamic: [], secrets: [] };

interface Caches {
  macro: Map<string, JinjaScan | null>;
  closure: Map<string, RunTimeReads>;
  hook: Map<string, RunTimeReads>;
  projectHooks?: RunTimeReads;
}

const caches = new WeakMap<MacroIndex, Caches>();

function cachesOf(macros: MacroIndex): Caches {
  let c = caches.get(macros);
  if (c === undefined) {
    c = { macro: new Map(), closure: new Map(), hook: new Map() };
    caches.set(macros, c);
  }
  return c;
}

/** One macro's scan: null for a name macro (or a missing one); an engine macro's inert target reads dropped. */
function macroScan(macros: MacroIndex, c: Caches, id: string): JinjaScan | null {
  let scan = c.macro.get(id);
  if (scan !== undefined) return scan;
  const macro = macros.get(id);
  scan = macro === undefined || isNameMacro(macro.name) ? null : scanJinja(macro.macroSql);
  if (scan !== null && macros.isEngine(id) && scan.static.some(isInertEngineRead)) {
    scan = { ...scan, static: scan.static.filter((key) => !isInertEngineRead(key)) };
  }
  if (
    scan !== null &&
    scan.static.length + scan.dynamic.length + scan.secrets.length + scan.paramReads.length === 0 &&
    scan.calls.length === 0
  )
    scan = null;
  c.macro.set(id, scan);
  return scan;
}

/**
 * The reads of every macro of a closure (and of `callers`: a hook's own
 * text, which calls into it), each dynamic one with where it is. A read of
 * a macro's own parameter (ParamRead) is resolved at its call sites in the
 * closure: a literal argument makes it static, a parameter of the caller
 * passes it on to the caller's callers, anything else is dynamic; one that
 * no call site in the closure reaches is dynamic where it is.
 */
function closureReads(
  macros: MacroIndex,
  c: Caches,
  roots: readonly string[],
  searchPackage: string,
  callers: readonly { where: string; scan: JinjaScan }[] = [],
): RunTimeReads {
  if (roots.length === 0 && callers.length === 0) return NO_RUN_TIME_READS;
  const cacheable = callers.length === 0;
  const key = `${searchPackage}\0${roots.join("\0")}`;
  if (cacheable) {
    const cached = c.closure.get(key);
    if (cached !== undefined) return cached;
  }
  const statics = new Set<string>();
  const dynamic: DynamicRead[] = [];
  const secrets = new Set<string>();
  const scans: { where: string; name: string | null; scan: JinjaScan }[] = [
    ...callers.map((x) => ({ ...x, name: null })),
  ];
  for (const id of roots.length === 0 ? [] : macros.resolver.closure(roots, searchPackage).macros) {
    const scan = macroScan(macros, c, id);
    if (scan !== null) scans.push({ where: `macro ${id}`, name: macros.get(id)!.name, scan });
  }
  for (const { where, scan } of scans) {
    for (const read of scan.static) statics.add(read);
    for (const what of scan.dynamic) dynamic.push({ where, what });
    for (const name of scan.secrets) secrets.add(name);
  }
  resolveParamReads(scans, statics, dynamic, secrets);
  const reads = build(statics, dynamic, secrets);
  if (cacheable) c.closure.set(key, reads);
  return reads;
}

/** resolveParamReads' fixpoint over the scans of a closure (see closureReads). */
function resolveParamReads(
  scans: readonly { where: string; name: string | null; scan: JinjaScan }[],
  statics: Set<string>,
  dynamic: DynamicRead[],
  secrets: Set<string>,
): void {
  // Parameter reads by macro name (several macros may share a name: each counts).
  const pending: {
    name: string;
    where: string;
    read: { kind: "env_var" | "var" | "target"; index: number; param: string };
  }[] = [];
  for (const { name, where, scan } of scans) {
    if (name === null) continue;
    for (const read of scan.paramReads) pending.push({ name, where, read });
  }
  if (pending.length === 0) return;
  const seen = new Set<string>();
  const called = new Set<string>();
  while (pending.length > 0) {
    const { name, where, read } = pending.pop()!;
    const id = `${name}\0${read.kind}\0${read.index}`;
    if (seen.has(id)) continue;
    seen.add(id);
    let reached = false;
    for (const caller of scans) {
      for (const call of caller.scan.calls) {
        if (call.name !== name) continue;
        reached = true;
        const arg =
          call.args.find((a) => a.kw === read.param) ??
          (call.args[read.index]?.kw === null ? call.args[read.index] : undefined);
        const value = arg?.value ?? null;
        if (arg === undefined) {
          dynamic.push({
            where: caller.where,
            what: `${read.kind}(<default of ${read.param}>) through ${name}`,
          });
        } else if (value !== null && "lit" in value) {
          if (read.kind === "env_var" && value.lit.startsWith(SECRET_ENV_PREFIX)) secrets.add(value.lit);
          else statics.add(readKey(read.kind, value.lit));
        } else if (value !== null && caller.name !== null) {
          const params = callerParams(caller.scan, value.param);
          pending.push({
            name: caller.name,
            where: caller.where,
            read: { kind: read.kind, index: value.param, param: params },
          });
        } else {
          dynamic.push({ where: caller.where, what: `${read.kind}(<expression>) through ${name}` });
        }
      }
    }
    if (!reached && !called.has(id)) dynamic.push({ where, what: `${read.kind}(<parameter ${read.param}>)` });
    called.add(id);
  }
}

/** The name of a caller's parameter at `index` (from its own parameter reads or calls), for keyword matching. */
function callerParams(scan: JinjaScan, index: number): string {
  return scan.params[index] ?? "";
}

function build(statics: Set<string>, dynamic: DynamicRead[], secrets: Set<string>): RunTimeReads {
  if (statics.size === 0 && dynamic.length === 0 && secrets.size === 0) return NO_RUN_TIME_READS;
  return {
    static: [...statics].sort(),
    dynamic: dynamic.sort((a, b) =>
      a.where === b.where ? (a.what < b.what ? -1 : a.what > b.what ? 1 : 0) : a.where < b.where ? -1 : 1,
    ),
    secrets: [...secrets].sort(),
  };
}

/** Merges reads (distinct, sorted). */
export function mergeRunTimeReads(parts: readonly RunTimeReads[]): RunTimeReads {
  const nonEmpty = parts.filter((part) => part !== NO_RUN_TIME_READS);
  if (nonEmpty.length <= 1) return nonEmpty[0] ?? NO_RUN_TIME_READS;
  const statics = new Set<string>();
  const secrets = new Set<string>();
  const dynamic = new Map<string, DynamicRead>();
  for (const part of nonEmpty) {
    for (const read of part.static) statics.add(read);
    for (const name of part.secrets) secrets.add(name);
    for (const read of part.dynamic) dynamic.set(`${read.where}\0${read.what}`, read);
  }
  return build(statics, [...dynamic.values()], secrets);
}

/** A hook's own reads and its macros' (the names it calls, resolved from the node's package). */
function hookReads(
  macros: MacroIndex,
  c: Caches,
  where: string,
  sql: string,
  searchPackage: string,
): RunTimeReads {
  const key = `${searchPackage}\0${where}\0${sql}`;
  let reads = c.hook.get(key);
  if (reads !== undefined) return reads;
  const roots: string[] = [];
  const resolver = macros.resolver;
  for (const name of calledNames(sql)) {
    const id = name.includes(".")
      ? resolver.qualified(name, searchPackage)
      : resolver.flat(name, searchPackage);
    if (id !== undefined) roots.push(id);
  }
  reads = closureReads(macros, c, roots.sort(), searchPackage, [{ where, scan: scanJinja(sql) }]);
  c.hook.set(key, reads);
  return reads;
}

/** The on-run-start hooks' reads (their SQL and their macros'), once per manifest. */
function projectHookReads(graph: ProjectGraph, macros: MacroIndex, c: Caches): RunTimeReads {
  if (c.projectHooks !== undefined) return c.projectHooks;
  const parts: RunTimeReads[] = [];
  for (const hook of onRunStartHooks(graph)) {
    const pkg = hook.packageName ?? graph.metadata.projectName ?? "";
    const where = `on-run-start hook ${hook.uniqueId}`;
    parts.push(
      closureReads(macros, c, [...hook.dependsOn.macros].sort(), pkg, [
        { where, scan: scanJinja(hook.rawCode ?? "") },
      ]),
    );
  }
  c.projectHooks = mergeRunTimeReads(parts);
  return c.projectHooks;
}

/**
 * The reads of a node's run-time path (see the file comment): `resolved` is
 * its run-time macros (nodeRunTimeMacros), `pointerRoots` the latest-version
 * pointer's roots when it makes one.
 */
export function nodeRunTimeReads(
  graph: ProjectGraph,
  macros: MacroIndex,
  n: ManifestNode,
  resolved: RunTimeMacros,
  pointerRoots: readonly string[] | null,
): RunTimeReads {
  const c = cachesOf(macros);
  const roots: string[] = [];
  if (resolved.materialization !== null) roots.push(resolved.materialization);
  if (resolved.materializationAlternative !== null) roots.push(resolved.materializationAlternative);
  if (resolved.strategy !== null) roots.push(resolved.strategy);
  const parts = [closureReads(macros, c, roots.sort(), n.packageName), projectHookReads(graph, macros, c)];
  n.preHooks.forEach((hook, i) => {
    parts.push(hookReads(macros, c, `pre-hook ${i + 1}`, hook.sql, n.packageName));
  });
  n.postHooks.forEach((hook, i) => {
    parts.push(hookReads(macros, c, `post-hook ${i + 1}`, hook.sql, n.packageName));
  });
  if (pointerRoots !== null && pointerRoots.length > 0)
    parts.push(closureReads(macros, c, [...pointerRoots].sort(), n.packageName));
  return mergeRunTimeReads(parts);
}
