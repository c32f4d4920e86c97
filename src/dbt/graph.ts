/**
 * The project graph ODS plans over, built from a loaded manifest.
 *
 * - Planned nodes: models (SQL and Python), seeds and snapshots. Ephemeral
 *   models, analyses, operations and tests are not planned.
 * - Ephemeral models are inlined into their readers' compiled SQL, so a reader
 *   depends on the ephemeral model's parents instead, transitively; each node
 *   lists the ephemeral models it passes through (their code and macros are
 *   part of what it builds).
 * - A parent that is neither a planned node, an ephemeral model nor a source
 *   (absent from the manifest, or a function, analysis, …) is kept as an
 *   unknown parent: the planner builds such a node (ADR-0013 rule 6).
 * - Data tests and unit tests are checks attached to every node, source or
 *   ephemeral model they read.
 * - A planned node that writes the very relation a source points at (a seed
 *   loading a project's raw data, as dbt-labs' jaffle-shop does) is that
 *   source's writer (`GraphSource.writtenBy`), though no `ref` says so: the
 *   source's readers get the writer as a parent (`GraphNode.writtenInputs`
 *   says which, and through which source), so its code changes and rebuilds
 *   reach them (relation-writers.ts). A link that would close a cycle (the
 *   reader is upstream of the writer, or is the writer) is not made: the
 *   reader keeps the source as a plain input, with its freshness evidence.
 * - A dependency cycle is `UserError("graph_cycle")` naming its nodes in order.
 *
 * Deterministic: every map and list is ordered by unique_id (code-unit
 * order, not locale), except `order`, which is by DAG depth, then id.
 * Exposures, metrics, semantic models and saved queries are not part of it.
 */
import { UserError } from "../errors/user-error.js";
import type {
  Manifest,
  ManifestDataTest,
  ManifestMacro,
  ManifestMetadata,
  ManifestNode,
  ManifestSource,
  ManifestUnitTest,
} from "./artifacts/manifest.js";
import { linkWriters, orderWithLinks, sourceWriters, type WrittenInput } from "./relation-writers.js";

export type PlannedResourceType = "model" | "seed" | "snapshot";

/** A parent ODS doesn't know: no planned node, ephemeral model or source has its id. */
export interface UnknownParent {
  id: string;
  /** What the manifest says it is (`function`, `analysis`, `test`, …), or null when the manifest has no such id. */
  resourceType: string | null;
}

/** What a node reads once ephemeral models are resolved. All lists sorted by id. */
export interface ResolvedInputs {
  /** Planned nodes read directly or through ephemeral models. */
  parents: readonly string[];
  /** Sources read directly or through ephemeral models. */
  sources: readonly string[];
  unknownParents: readonly UnknownParent[];
  /** Ephemeral models passed through (directly or nested), whose SQL is inlined. */
  ephemerals: readonly string[];
}

export interface GraphNode extends ResolvedInputs {
  id: string;
  node: ManifestNode;
  /**
   * Parents (also in `parents`) that no `ref` names: they write the relation
   * of a source this node reads. Sorted.
   */
  writtenInputs: readonly WrittenInput[];
  /** Planned nodes that read this one (directly or through ephemeral models). */
  children: readonly string[];
  /** Ids of the data tests and unit tests that read this node. */
  checks: readonly string[];
  /** 0 for a node without planned parents, else 1 + the deepest planned parent. */
  depth: number;
}

/** An ephemeral model: not planned, inlined into its readers. */
export interface EphemeralModel extends ResolvedInputs {
  id: string;
  node: ManifestNode;
  /** Planned nodes that inline it (directly or through other ephemeral models). */
  readers: readonly string[];
  /** Checks defined on the ephemeral model itself (not attached to any planned node). */
  checks: readonly string[];
}

export interface GraphSource {
  id: string;
  source: ManifestSource;
  /** Planned nodes that read it (directly or through ephemeral models). */
  readers: readonly string[];
  /** Ids of the checks that read it (source tests). */
  checks: readonly string[];
  /**
   * Planned nodes whose relation is (or could be) this source's relation,
   * sorted. Its readers have them as parents, except where that would close
   * a cycle.
   */
  writtenBy: readonly string[];
}

export type Check =
  | { id: string; kind: "data_test"; test: ManifestDataTest; reads: readonly string[] }
  | { id: string; kind: "unit_test"; test: ManifestUnitTest; reads: readonly string[] };

export interface ProjectGraph {
  file: string;
  metadata: ManifestMetadata;
  /** Planned nodes by id. */
  nodes: ReadonlyMap<string, GraphNode>;
  /** Planned node ids by DAG depth, then id (the plan's order, rule 15). */
  order: readonly string[];
  ephemerals: ReadonlyMap<string, EphemeralModel>;
  sources: ReadonlyMap<string, GraphSource>;
  checks: ReadonlyMap<string, Check>;
  /** Every macro of the manifest by id (the manifest's own map). */
  macros: ReadonlyMap<string, ManifestMacro>;
  /** The loaded manifest, for anything else. */
  manifest: Manifest;
}

const PLANNED = new Set<string>(["model", "seed", "snapshot"]);

/** True for a model whose materialization is `ephemeral`. */
export function isEphemeral(node: ManifestNode): boolean {
  return node.resourceType === "model" && node.materialized === "ephemeral";
}

function sortedIds<T>(map: ReadonlyMap<string, T>): string[] {
  return [...map.keys()].sort();
}

function uniqueSorted(ids: readonly string[]): string[] {
  return [...new Set(ids)].sort();
}

interface Working {
  parents: Set<string>;
  sources: Set<string>;
  unknown: Map<string, string | null>;
  ephemerals: Set<string>;
}

function freeze(w: Working): ResolvedInputs {
  return {
    parents: [...w.parents].sort(),
    sources: [...w.sources].sort(),
    unknownParents: [...w.unknown.keys()]
      .sort()
      .map((id) => ({ id, resourceType: w.unknown.get(id) ?? null })),
    ephemerals: [...w.ephemerals].sort(),
  };
}

/**
 * Orders the model/seed/snapshot nodes (ephemeral included) so that every
 * node comes after the nodes it depends on, or throws `graph_cycle` naming
 * the first cycle found (deterministically: ids and edges in sorted order).
 */
function topologicalOrder(
  nodes: ReadonlyMap<string, ManifestNode>,
  ids: readonly string[],
  file: string,
): string[] {
  const edges = new Map<string, string[]>();
  for (const id of ids) {
    const deps = nodes.get(id)?.dependsOn.nodes ?? [];
    edges.set(id, uniqueSorted(deps.filter((d) => nodes.has(d))));
  }
  const state = new Map<string, 1 | 2>(); // 1: on the stack, 2: done
  const order: string[] = [];
  for (const root of ids) {
    if (state.has(root)) continue;
    // Iterative DFS: [id, index of the next edge to follow].
    const stack: Array<[string, number]> = [[root, 0]];
    state.set(root, 1);
    while (stack.length > 0) {
      const top = stack[stack.length - 1] as [string, number];
      const [id, next] = top;
      const out = edges.get(id) ?? [];
      if (next < out.length) {
        top[1] = next + 1;
        const dep = out[next] as string;
        const s = state.get(dep);
        if (s === undefined) {
          state.set(dep, 1);
          stack.push([dep, 0]);
        } else if (s === 1) {
          throw cycleError(
            stack.map(([n]) => n),
            dep,
            file,
          );
        }
      } else {
        stack.pop();
        state.set(id, 2);
        order.push(id);
      }
    }
  }
  return order;
}

/**
 * `path` is the DFS stack (each node depends on the next); `back` is on it
 * and the last node depends on it. The cycle is reported in data-flow order
 * (each node is read by the next, as dbt prints it), starting at its
 * smallest id.
 */
function cycleError(path: readonly string[], back: string, file: string): UserError {
  const members = path.slice(path.indexOf(back));
  const flow = [...members].reverse(); // now each node is read by the next, and the last is read by the first
  let start = 0;
  for (let i = 1; i < flow.length; i += 1) {
    if ((flow[i] as string) < (flow[start] as string)) start = i;
  }
  const cycle = [...flow.slice(start), ...flow.slice(0, start)];
  const shown = [...cycle, cycle[0] as string].join(" → ");
  return new UserError(
    "graph_cycle",
    `${file} has a dependency cycle between ${cycle.length === 1 ? "a node and itself" : `${cycle.length} nodes`}: ${shown} (each is read by the next).`,
    { file },
  );
}

/**
 * Builds the project graph. Throws `UserError("graph_cycle")` when models,
 * seeds and snapshots (ephemeral models included) depend on each other in a
 * cycle.
 */
export function buildGraph(manifest: Manifest): ProjectGraph {
  const all = manifest.nodes;
  const allIds = sortedIds(all);
  const topo = topologicalOrder(all, allIds, manifest.file);

  const kindOf = (id: string): string | null =>
    manifest.dataTests.has(id)
      ? "test"
      : manifest.unitTests.has(id)
        ? "unit_test"
        : (manifest.otherNodes.get(id)?.resourceType ?? null);

  const resolvedEphemeral = new Map<string, Working>();
  const resolvedPlanned = new Map<string, Working>();
  const depth = new Map<string, number>();

  // Parents come before readers in `topo`, so one pass resolves everything.
  for (const id of topo) {
    const node = all.get(id) as ManifestNode;
    const w: Working = { parents: new Set(), sources: new Set(), unknown: new Map(), ephemerals: new Set() };
    for (const dep of node.dependsOn.nodes) {
      const parent = all.get(dep);
      if (parent !== undefined) {
        const inlined = resolvedEphemeral.get(dep);
        if (inlined !== undefined) {
          w.ephemerals.add(dep);
          for (const x of inlined.parents) w.parents.add(x);
          for (const x of inlined.sources) w.sources.add(x);
          for (const [x, t] of inlined.unknown) w.unknown.set(x, t);
          for (const x of inlined.ephemerals) w.ephemerals.add(x);
        } else {
          w.parents.add(dep);
        }
      } else if (manifest.sources.has(dep)) {
        w.sources.add(dep);
      } else {
        w.unknown.set(dep, kindOf(dep));
      }
    }
    if (isEphemeral(node)) {
      resolvedEphemeral.set(id, w);
    } else {
      resolvedPlanned.set(id, w);
      let d = 0;
      for (const p of w.parents) d = Math.max(d, (depth.get(p) ?? 0) + 1);
      depth.set(id, d);
    }
  }

  // Checks, in id order, so every list they are added to stays sorted.
  const checks = new Map<string, Check>();
  const checkIds = [...manifest.dataTests.keys(), ...manifest.unitTests.keys()].sort();
  const checksOf = new Map<string, string[]>();
  for (const id of checkIds) {
    const dataTest = manifest.dataTests.get(id);
    const unitTest = manifest.unitTests.get(id);
    const reads = uniqueSorted((dataTest ?? unitTest)?.dependsOn.nodes ?? []);
    if (dataTest !== undefined) checks.set(id, { id, kind: "data_test", test: dataTest, reads });
    else if (unitTest !== undefined) checks.set(id, { id, kind: "unit_test", test: unitTest, reads });
    for (const target of reads) {
      if (all.has(target) || manifest.sources.has(target)) {
        let list = checksOf.get(target);
        if (list === undefined) {
          list = [];
          checksOf.set(target, list);
        }
        list.push(id);
      }
    }
  }

  // Children and readers, in id order.
  const plannedIds = allIds.filter((id) => resolvedPlanned.has(id));
  const children = new Map<string, string[]>();
  const sourceReaders = new Map<string, string[]>();
  const ephemeralReaders = new Map<string, string[]>();
  const push = (map: Map<string, string[]>, key: string, value: string) => {
    const list = map.get(key);
    if (list === undefined) map.set(key, [value]);
    else list.push(value);
  };
  // Relations written by one node and read by another through a source.
  const writers = sourceWriters(
    manifest,
    plannedIds.map((id) => all.get(id) as ManifestNode),
  );
  const writtenInputs = linkWriters(resolvedPlanned, writers);
  if (writtenInputs.size > 0) {
    depth.clear();
    for (const id of orderWithLinks(resolvedPlanned, plannedIds)) {
      let d = 0;
      for (const p of (resolvedPlanned.get(id) as Working).parents) d = Math.max(d, (depth.get(p) ?? 0) + 1);
      depth.set(id, d);
    }
  }

  const frozen = new Map<string, ResolvedInputs>();
  for (const id of plannedIds) {
    const inputs = freeze(resolvedPlanned.get(id) as Working);
    frozen.set(id, inputs);
    for (const p of inputs.parents) push(children, p, id);
    for (const s of inputs.sources) push(sourceReaders, s, id);
    for (const e of inputs.ephemerals) push(ephemeralReaders, e, id);
  }

  const NONE: readonly string[] = Object.freeze([]);
  const nodes = new Map<string, GraphNode>();
  for (const id of plannedIds) {
    nodes.set(id, {
      id,
      node: all.get(id) as ManifestNode,
      ...(frozen.get(id) as ResolvedInputs),
      children: children.get(id) ?? NONE,
      checks: checksOf.get(id) ?? NONE,
      depth: depth.get(id) ?? 0,
      writtenInputs: writtenInputs.get(id) ?? [],
    });
  }

  const ephemerals = new Map<string, EphemeralModel>();
  for (const id of allIds) {
    const w = resolvedEphemeral.get(id);
    if (w === undefined) continue;
    ephemerals.set(id, {
      id,
      node: all.get(id) as ManifestNode,
      ...freeze(w),
      readers: ephemeralReaders.get(id) ?? NONE,
      checks: checksOf.get(id) ?? NONE,
    });
  }

  const sources = new Map<string, GraphSource>();
  for (const id of sortedIds(manifest.sources)) {
    sources.set(id, {
      id,
      source: manifest.sources.get(id) as ManifestSource,
      readers: sourceReaders.get(id) ?? NONE,
      checks: checksOf.get(id) ?? NONE,
      writtenBy: writers.get(id) ?? NONE,
    });
  }

  const order = [...plannedIds].sort((a, b) => {
    const da = depth.get(a) ?? 0;
    const db = depth.get(b) ?? 0;
    return da !== db ? da - db : a < b ? -1 : a > b ? 1 : 0;
  });

  return {
    file: manifest.file,
    metadata: manifest.metadata,
    nodes,
    order,
    ephemerals,
    sources,
    checks,
    macros: manifest.macros,
    manifest,
  };
}

/**
 * Every macro reachable from `roots` through `dependsOn.macros`, sorted, and
 * the ids referenced (roots included) that the manifest does not have.
 */
export function macroClosure(
  macros: ReadonlyMap<string, ManifestMacro>,
  roots: Iterable<string>,
): { ids: string[]; missing: string[] } {
  const seen = new Set<string>();
  const missing = new Set<string>();
  const queue: string[] = [];
  for (const root of roots) {
    if (!seen.has(root)) {
      seen.add(root);
      queue.push(root);
    }
  }
  while (queue.length > 0) {
    const id = queue.pop() as string;
    const macro = macros.get(id);
    if (macro === undefined) {
      missing.add(id);
      continue;
    }
    for (const dep of macro.dependsOn.macros) {
      if (!seen.has(dep)) {
        seen.add(dep);
        queue.push(dep);
      }
    }
  }
  return {
    ids: [...seen].filter((id) => !missing.has(id)).sort(),
    missing: [...missing].sort(),
  };
}

/** Whether a manifest node is planned (a model that is not ephemeral, a seed or a snapshot). */
export function isPlanned(node: ManifestNode): boolean {
  return PLANNED.has(node.resourceType) && !isEphemeral(node);
}
