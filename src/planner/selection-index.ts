/**
 * dbt's selection graph, rebuilt from the manifest: every enabled member of
 * the graph dbt selects over (core/dbt/compilation.py `Linker.link_graph`:
 * sources, `nodes` — models (ephemeral ones too), seeds, snapshots, tests,
 * analyses, operations —, semantic models, exposures, functions, metrics,
 * unit tests, saved queries), with an edge from each `depends_on.nodes`
 * entry that is a member. ODS's ProjectGraph skips ephemeral models and
 * tests; selection must not: `x+1` counts an ephemeral model as a step, and
 * `@x` reaches the other parents of the tests on x's descendants, as dbt's
 * `Graph.select_childrens_parents` does.
 *
 * Built once per manifest (cached), in one pass; members are numbered so the
 * graph walks work on integer arrays.
 */
import type { ProjectGraph } from "../dbt/graph.js";

export type MemberKind = "node" | "source" | "function" | "unit_test" | "other";

export interface Member {
  id: string;
  kind: MemberKind;
  resourceType: string;
  name: string;
  packageName: string;
  fqn: readonly string[];
  /** null: dbt's node has no `tags` attribute. */
  tags: readonly string[] | null;
  originalFilePath: string | null;
  patchPath: string | null;
  /** originalFilePath and patchPath as pathlib reads them (empty and `.` segments dropped), for `path:`. */
  pathKey: string | null;
  patchKey: string | null;
  /** For `config.x:`: only `nodes` entries and sources are configurable (selector_methods.py `configurable_nodes`). */
  config: Readonly<Record<string, unknown>> | null;
  versioned: boolean;
  /** Sources only. */
  sourceName: string | null;
}

export interface SelectionIndex {
  members: readonly Member[];
  byId: ReadonlyMap<string, number>;
  parents: readonly (readonly number[])[];
  children: readonly (readonly number[])[];
  projectName: string | null;
}

const cache = new WeakMap<ProjectGraph, SelectionIndex>();

function enabled(config: Readonly<Record<string, unknown>> | null): boolean {
  return config?.enabled !== false;
}

export function selectionIndex(graph: ProjectGraph): SelectionIndex {
  const cached = cache.get(graph);
  if (cached) return cached;
  const m = graph.manifest;
  const members: Member[] = [];
  const deps: (readonly string[])[] = [];
  const add = (member: Omit<Member, "pathKey" | "patchKey">, dependsOn: readonly string[]): void => {
    members.push({
      ...member,
      pathKey: member.originalFilePath === null ? null : normalizePath(member.originalFilePath),
      patchKey: member.patchPath === null ? null : normalizePath(member.patchPath),
    });
    deps.push(dependsOn);
  };
  for (const s of m.sources.values()) {
    if (!enabled(s.config)) continue;
    add(
      {
        id: s.uniqueId,
        kind: "source",
        resourceType: "source",
        name: s.name,
        packageName: s.packageName,
        fqn: s.fqn,
        tags: s.tags,
        originalFilePath: s.originalFilePath,
        patchPath: s.patchPath,
        config: s.config,
        versioned: false,
        sourceName: s.sourceName,
      },
      [],
    );
  }
  for (const n of m.nodes.values()) {
    if (!enabled(n.config)) continue;
    add(
      {
        id: n.uniqueId,
        kind: "node",
        resourceType: n.resourceType,
        name: n.name,
        packageName: n.packageName,
        fqn: n.fqn,
        tags: n.tags,
        originalFilePath: n.originalFilePath,
        patchPath: n.patchPath,
        config: n.config,
        // nodes.py BaseNode.is_versioned: VERSIONED_NODE_TYPES is models only.
        versioned: n.resourceType === "model" && n.version !== null,
        sourceName: null,
      },
      n.dependsOn.nodes,
    );
  }
  for (const t of m.dataTests.values()) {
    if (!enabled(t.config)) continue;
    add(
      {
        id: t.uniqueId,
        kind: "node",
        resourceType: "test",
        name: t.name,
        packageName: t.packageName,
        fqn: t.fqn,
        tags: t.tags,
        originalFilePath: t.originalFilePath,
        patchPath: t.patchPath,
        config: t.config,
        versioned: false,
        sourceName: null,
      },
      t.dependsOn.nodes,
    );
  }
  for (const u of m.unitTests.values()) {
    if (!enabled(u.config)) continue;
    add(
      {
        id: u.uniqueId,
        kind: "unit_test",
        resourceType: "unit_test",
        name: u.name,
        packageName: u.packageName,
        fqn: u.fqn,
        tags: u.tags,
        originalFilePath: u.originalFilePath,
        patchPath: null,
        config: null,
        versioned: false,
        sourceName: null,
      },
      u.dependsOn.nodes,
    );
  }
  for (const o of [...m.otherNodes.values(), ...m.otherMembers.values()]) {
    // selector.py `_is_graph_member`: exposures are always members; the rest when enabled.
    if (o.resourceType !== "exposure" && !enabled(o.config)) continue;
    const isFunction = o.resourceType === "function";
    const isNode = !isFunction && m.otherNodes.has(o.uniqueId);
    add(
      {
        id: o.uniqueId,
        kind: isFunction ? "function" : isNode ? "node" : "other",
        resourceType: o.resourceType,
        name: o.name ?? "",
        packageName: o.packageName ?? "",
        fqn: o.fqn,
        tags: o.tags,
        originalFilePath: o.originalFilePath,
        patchPath: o.patchPath,
        config: isNode ? o.config : null,
        versioned: false,
        sourceName: null,
      },
      o.dependsOn.nodes,
    );
  }
  const byId = new Map<string, number>();
  for (let i = 0; i < members.length; i++) byId.set(members[i]!.id, i);
  const parents: number[][] = members.map(() => []);
  const children: number[][] = members.map(() => []);
  deps.forEach((list, child) => {
    const seen = new Set<number>();
    for (const dep of list) {
      const parent = byId.get(dep);
      if (parent === undefined || parent === child || seen.has(parent)) continue;
      seen.add(parent);
      parents[child]!.push(parent);
      children[parent]!.push(child);
    }
  });
  const index: SelectionIndex = {
    members,
    byId,
    parents,
    children,
    projectName: graph.metadata.projectName,
  };
  cache.set(graph, index);
  return index;
}

/**
 * graph.py `select_parents` / `select_children`: breadth-first layers from
 * the selected set, at most `depth` of them (null: all). A selected node is
 * included only when it is itself a parent (child) of another selected one.
 */
export function walk(
  edges: readonly (readonly number[])[],
  selected: readonly number[],
  depth: number | null,
): number[] {
  const seen = new Uint8Array(edges.length);
  const found: number[] = [];
  let frontier: readonly number[] = selected;
  let layer = 0;
  while (frontier.length > 0 && (depth === null || layer < depth)) {
    const next: number[] = [];
    for (const node of frontier) {
      for (const other of edges[node]!) {
        if (!seen[other]) {
          seen[other] = 1;
          found.push(other);
          next.push(other);
        }
      }
    }
    frontier = next;
    layer++;
  }
  return found;
}

/** pathlib's reading of a relative path: empty and `.` segments dropped. */
export function normalizePath(path: string): string {
  if (
    !path.includes("//") &&
    !path.startsWith("./") &&
    !path.includes("/./") &&
    !path.endsWith("/") &&
    path !== "."
  )
    return path;
  return path
    .split("/")
    .filter((s) => s !== "" && s !== ".")
    .join("/");
}
