/**
 * An independent reference of dbt's node selection, for the property test of
 * the plan's `select` / `exclude` (issue 20). Written from dbt-core 1.12's
 * source, not from ODS's selector (it imports nothing of src/planner): slow
 * where that is clearer, and a literal port where dbt's rules are subtle.
 *
 * - The graph (core/dbt/compilation.py, Linker.link_graph): every manifest
 *   member is a graph node (`nodes`, `sources`, `exposures`, `metrics`,
 *   `semantic_models`, `saved_queries`, `unit_tests`, `functions`), with an
 *   edge from each `depends_on.nodes` entry found in `nodes`, `sources`,
 *   `metrics`, `semantic_models` or `functions`. Disabled members are not in
 *   it (graph/selector.py, NodeSelector._is_graph_member). The `parent_test`
 *   edges `dbt build` adds (Linker.add_test_edges) are left out: selection
 *   walks skip them (graph/graph.py, select_children / select_parents), and
 *   the one place that follows them (expand_selection's select_successors)
 *   only reaches models from tests, which are never selected indirectly.
 * - A criterion (graph/selector_spec.py, RAW_SELECTOR_PATTERN): `@`, `N+`,
 *   `method.args:`, value, `+N`; no method: `path` when the value has a `/`,
 *   `file` when it ends in .sql/.py/.csv, else `fqn` (default_method).
 * - Its nodes (graph/selector.py, get_nodes_from_criteria): the method's
 *   matches, their graph relatives, then eager indirect selection: every test
 *   or unit test that is a direct successor of one of them (expand_selection).
 * - The command line (graph/cli.py, parse_union / parse_difference): words
 *   (split again on spaces) are a union, commas an intersection; `--exclude`
 *   is parsed the same way, with the same (eager) indirect selection, so an
 *   excluded model takes its tests, relationship tests included, with it;
 *   the result is select − exclude; no `--select` means DEFAULT_INCLUDES.
 *   In eager mode incorporate_indirect_nodes changes nothing.
 * - The selected set is then filtered (NodeSelector.filter_selection) by the
 *   task's resource types and drops empty nodes (blank raw_code).
 *
 * What `dbt build` runs (core/dbt/task/build.py, BuildTask): RUNNER_MAP's
 * types are models, snapshots, seeds, tests, unit tests, saved queries,
 * exposures and functions. Saved queries and exposures are no-ops
 * (core/dbt/runners/*: NoOpRunner), ephemeral models are never run
 * (task/runnable.py), functions are created (task/function.py): so a run is a
 * non-ephemeral model, a seed, a snapshot, a data test, a function, and a
 * unit test only when its model is run too: BuildTask.get_graph_queue queues
 * the selection without unit tests, and handle_job_queue runs a model's
 * selected unit tests right before it (build_model_to_unit_test_map); a unit
 * test selected without its model never runs (dbt-core#10267: `dbt build
 * --resource-type unit_test` does nothing).
 *
 * Only eager indirect selection and the methods ODS's output may use (plus a
 * few more) are modelled; any other method throws rather than guess.
 */

/** One member of dbt's graph, from the manifest JSON. */
export interface RefMember {
  id: string;
  /** The manifest map it comes from. */
  map:
    | "nodes"
    | "sources"
    | "exposures"
    | "metrics"
    | "semantic_models"
    | "saved_queries"
    | "unit_tests"
    | "functions";
  resourceType: string;
  name: string;
  packageName: string;
  fqn: readonly string[];
  isVersioned: boolean;
  originalFilePath: string;
  patchPath: string | null;
  dependsOn: readonly string[];
  tags: readonly string[];
  materialized: string | null;
  /** A `nodes` member whose raw_code is blank (dbt's `empty`; seeds never are). */
  empty: boolean;
  /** Generic data tests carry test_metadata (GenericTestNode); singular tests don't. */
  testMetadataName: string | null;
  sourceName: string | null;
}

export interface RefIndex {
  projectName: string;
  members: ReadonlyMap<string, RefMember>;
  children: ReadonlyMap<string, readonly string[]>;
  parents: ReadonlyMap<string, readonly string[]>;
  /** Files and folders of the root project (relative paths), as `Path.glob` could find them. */
  tree: ReadonlySet<string>;
  fqnIndex: FqnIndex;
  pathIndex: {
    byFile: Map<string, string[]>;
    byPatch: Map<string, string[]>;
    byFolder: Map<string, string[]>;
  };
}

const MAPS = [
  "nodes",
  "sources",
  "exposures",
  "metrics",
  "semantic_models",
  "saved_queries",
  "unit_tests",
  "functions",
] as const;

/** Types QualifiedNameSelectorMethod searches: every member but sources (non_source_nodes). */
const NON_SOURCE = new Set<RefMember["map"]>(MAPS.filter((m) => m !== "sources"));

// NodeType values (core/dbt/node_types.py) a resource_type: selector accepts.
const NODE_TYPES = new Set([
  "model",
  "analysis",
  "test",
  "snapshot",
  "operation",
  "seed",
  "rpc",
  "sql_operation",
  "doc",
  "source",
  "macro",
  "exposure",
  "metric",
  "group",
  "saved_query",
  "semantic_model",
  "unit_test",
  "fixture",
  "function",
]);

type Json = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === "string" ? v : null);
const obj = (v: unknown): Json => (v && typeof v === "object" ? (v as Json) : {});

/** Indexes a manifest document (the parsed manifest.json). */
export function referenceIndex(doc: unknown): RefIndex {
  const manifest = obj(doc);
  const members = new Map<string, RefMember>();
  for (const map of MAPS) {
    for (const [id, raw] of Object.entries(obj(manifest[map]))) {
      const m = obj(raw);
      const config = obj(m.config);
      if (config.enabled === false) continue;
      const resourceType = str(m.resource_type) ?? map.replace(/s$/, "");
      const rawCode = str(m.raw_code) ?? str(m.raw_sql);
      members.set(id, {
        id,
        map,
        resourceType,
        name: str(m.name) ?? "",
        packageName: str(m.package_name) ?? "",
        fqn: Array.isArray(m.fqn) ? (m.fqn as string[]) : [],
        isVersioned: resourceType === "model" && m.version !== null && m.version !== undefined,
        originalFilePath: str(m.original_file_path) ?? "",
        patchPath: str(m.patch_path),
        dependsOn: Array.isArray(obj(m.depends_on).nodes) ? (obj(m.depends_on).nodes as string[]) : [],
        tags: Array.isArray(m.tags) ? (m.tags as string[]) : [],
        materialized: str(config.materialized),
        empty: map === "nodes" && resourceType !== "seed" && rawCode !== null && rawCode.trim() === "",
        testMetadataName: str(obj(m.test_metadata).name),
        sourceName: str(m.source_name),
      });
    }
  }
  // Linker.link_node: an edge from each dependency found in these maps.
  const linkable = new Set<RefMember["map"]>(["nodes", "sources", "metrics", "semantic_models", "functions"]);
  const children = new Map<string, string[]>();
  const parents = new Map<string, string[]>();
  for (const id of members.keys()) {
    children.set(id, []);
    parents.set(id, []);
  }
  for (const member of members.values()) {
    for (const dep of new Set(member.dependsOn)) {
      const parent = members.get(dep);
      if (!parent || !linkable.has(parent.map)) continue;
      children.get(dep)!.push(member.id);
      parents.get(member.id)!.push(dep);
    }
  }
  const metadata = obj(manifest.metadata);
  const projectName = str(metadata.project_name) ?? mostCommonPackage(members);
  const tree = new Set<string>();
  for (const m of members.values()) {
    if (m.packageName !== projectName) continue;
    for (const file of [m.originalFilePath, patchFile(m.patchPath)]) {
      if (!file) continue;
      const parts = file.split("/");
      for (let i = 1; i <= parts.length; i++) tree.add(parts.slice(0, i).join("/"));
    }
  }
  return {
    projectName,
    members,
    children,
    parents,
    tree,
    fqnIndex: fqnIndex(members),
    pathIndex: pathIndex(members),
  };
}

function mostCommonPackage(members: ReadonlyMap<string, RefMember>): string {
  const counts = new Map<string, number>();
  for (const m of members.values()) counts.set(m.packageName, (counts.get(m.packageName) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? "";
}

/** `project://models/x.yml` → `models/x.yml` (PathSelectorMethod: patch_path.split("://")[1]). */
function patchFile(patchPath: string | null): string | null {
  if (!patchPath) return null;
  const i = patchPath.indexOf("://");
  return i < 0 ? null : patchPath.slice(i + 3);
}

// ------------------------------------------------------------------ fnmatch

/**
 * Python's fnmatch.fnmatchcase (fnmatch on POSIX does not fold case), from
 * CPython's fnmatch.translate: `*`, `?`, `[seq]`, `[!seq]`, an unclosed `[`
 * literal. Written here again so the reference shares nothing with ODS.
 */
export function pyFnmatch(name: string, pattern: string): boolean {
  let re = fnCache.get(pattern);
  if (!re) {
    re = new RegExp(`^${pyTranslate(pattern)}$`, "su");
    fnCache.set(pattern, re);
  }
  return re.test(name);
}
const fnCache = new Map<string, RegExp>();

function pyTranslate(pat: string): string {
  const esc = (s: string) => s.replace(/[\\^$.*+?()[\]{}|/-]/g, "\\$&");
  let out = "";
  let i = 0;
  const n = pat.length;
  while (i < n) {
    const c = pat[i++]!;
    if (c === "*") {
      out += ".*";
      while (pat[i] === "*") i++;
    } else if (c === "?") {
      out += ".";
    } else if (c === "[") {
      let j = i;
      if (j < n && pat[j] === "!") j++;
      if (j < n && pat[j] === "]") j++;
      while (j < n && pat[j] !== "]") j++;
      if (j >= n) {
        out += "\\[";
        continue;
      }
      let body = pat.slice(i, j);
      i = j + 1;
      let negate = false;
      if (body.startsWith("!")) {
        negate = true;
        body = body.slice(1);
      }
      // Characters and ranges, each escaped; an empty set matches nothing.
      const items: string[] = [];
      let k = 0;
      while (k < body.length) {
        if (k + 2 < body.length && body[k + 1] === "-") {
          const lo = body[k]!;
          const hi = body[k + 2]!;
          if (lo <= hi) items.push(`${esc(lo)}-${esc(hi)}`);
          k += 3;
        } else {
          items.push(esc(body[k]!));
          k++;
        }
      }
      if (items.length === 0) out += negate ? "." : "(?!)";
      else out += `[${negate ? "^" : ""}${items.join("")}]`;
    } else {
      out += esc(c);
    }
  }
  return out;
}

// ------------------------------------------------------------------ fqn

/**
 * dbt's is_selected_node (graph/selector_methods.py), a literal port: the
 * leaf (for a versioned model, the name or `name_v` / `name.v`), else a
 * prefix of the fqn flattened on dots, with fnmatch from the first part that
 * has a wildcard on.
 */
export function isSelectedNode(fqn: readonly string[], selector: string, isVersioned: boolean): boolean {
  if (fqn.length === 0) return false; // Python would raise IndexError on fqn[-1]
  const selParts = selector.split(".");
  if (isVersioned) {
    if (fqn[fqn.length - 2] === selector) return true;
    if (fqn.slice(-2).join("_") === selParts.slice(-2).join("_")) return true;
  } else if (fqn[fqn.length - 1] === selector) {
    return true;
  }
  const flat = fqn.flatMap((segment) => segment.split("."));
  if (flat.length < selParts.length) return false;
  let slurp: number | null = null;
  for (let i = 0; i < selParts.length; i++) {
    const part = selParts[i]!;
    if (/[*?[\]]/.test(part)) {
      slurp = i;
      break;
    }
    if (flat[i] !== part) return false;
  }
  if (slurp !== null) return pyFnmatch(flat.slice(slurp).join("."), selParts.slice(slurp).join("."));
  return true;
}

/** QualifiedNameSelectorMethod.node_is_match: with the package, or without it (fqn[1:]). */
export function fqnMatches(member: RefMember, selector: string): boolean {
  return (
    isSelectedNode(member.fqn, selector, member.isVersioned) ||
    isSelectedNode(member.fqn.slice(1), selector, member.isVersioned)
  );
}

interface FqnIndex {
  byLeaf: Map<string, string[]>;
  byVersionName: Map<string, string[]>;
  byVersionJoined: Map<string, string[]>;
  byPrefix: Map<string, string[]>;
}

function push(map: Map<string, string[]>, key: string, id: string): void {
  const list = map.get(key);
  if (list) {
    if (list[list.length - 1] !== id) list.push(id);
  } else map.set(key, [id]);
}

/**
 * The same matches as fqnMatches for a selector without wildcards, by lookup
 * (explicit selections have one term per node; a scan per term is quadratic
 * at 50,000 nodes). The unit tests check it against the scan on every name
 * and fqn of a real manifest.
 */
function fqnIndex(members: ReadonlyMap<string, RefMember>): FqnIndex {
  const index: FqnIndex = {
    byLeaf: new Map(),
    byVersionName: new Map(),
    byVersionJoined: new Map(),
    byPrefix: new Map(),
  };
  for (const m of members.values()) {
    if (!NON_SOURCE.has(m.map)) continue;
    for (const fqn of [m.fqn, m.fqn.slice(1)]) {
      if (fqn.length === 0) continue;
      if (m.isVersioned) {
        if (fqn.length >= 2) push(index.byVersionName, fqn[fqn.length - 2]!, m.id);
        push(index.byVersionJoined, fqn.slice(-2).join("_"), m.id);
      } else {
        push(index.byLeaf, fqn[fqn.length - 1]!, m.id);
      }
      const flat = fqn.flatMap((segment) => segment.split("."));
      for (let k = 1; k <= flat.length; k++) push(index.byPrefix, flat.slice(0, k).join("."), m.id);
    }
  }
  return index;
}

function fqnSearch(index: RefIndex, selector: string): Set<string> {
  const out = new Set<string>();
  if (/[*?[\]]/.test(selector)) {
    for (const m of index.members.values())
      if (NON_SOURCE.has(m.map) && fqnMatches(m, selector)) out.add(m.id);
    return out;
  }
  const f = index.fqnIndex;
  for (const id of f.byLeaf.get(selector) ?? []) out.add(id);
  for (const id of f.byVersionName.get(selector) ?? []) out.add(id);
  for (const id of f.byVersionJoined.get(selector.split(".").slice(-2).join("_")) ?? []) out.add(id);
  for (const id of f.byPrefix.get(selector) ?? []) out.add(id);
  return out;
}

/** fqn matches by scanning every member (the literal port), for cross-checking the index. */
export function fqnSearchByScan(index: RefIndex, selector: string): Set<string> {
  const out = new Set<string>();
  for (const m of index.members.values()) if (NON_SOURCE.has(m.map) && fqnMatches(m, selector)) out.add(m.id);
  return out;
}

export function fqnSearchByIndex(index: RefIndex, selector: string): Set<string> {
  return fqnSearch(index, selector);
}

// ------------------------------------------------------------------ path

function pathIndex(members: ReadonlyMap<string, RefMember>): RefIndex["pathIndex"] {
  const byFile = new Map<string, string[]>();
  const byPatch = new Map<string, string[]>();
  const byFolder = new Map<string, string[]>();
  for (const m of members.values()) {
    const ofp = m.originalFilePath;
    push(byFile, ofp, m.id);
    const patch = patchFile(m.patchPath);
    if (patch) push(byPatch, patch, m.id);
    // Path(ofp).parents: every folder above it, up to `.`.
    const parts = ofp.split("/");
    push(byFolder, ".", m.id);
    for (let i = 1; i < parts.length; i++) push(byFolder, parts.slice(0, i).join("/"), m.id);
  }
  return { byFile, byPatch, byFolder };
}

/**
 * pathlib's Path(root).glob(pattern) over the root project's files and
 * folders the manifest reveals (a folder no member lives under selects
 * nothing either way): `**` any number of folders, other parts fnmatch.
 */
export function globTree(tree: ReadonlySet<string>, pattern: string): Set<string> {
  if (pattern.startsWith("/")) throw new Error(`path: ${pattern}: pathlib refuses non-relative patterns`);
  const parts = pattern.split("/").filter((p) => p !== "" && p !== ".");
  const out = new Set<string>();
  const entries = [...tree];
  const childrenOf = new Map<string, string[]>();
  for (const e of entries) {
    const i = e.lastIndexOf("/");
    const parent = i < 0 ? "" : e.slice(0, i);
    push(childrenOf, parent, e);
  }
  const isDir = (p: string) => childrenOf.has(p);
  const base = (p: string) => p.slice(p.lastIndexOf("/") + 1);
  const walk = (dir: string, k: number): void => {
    if (k === parts.length) {
      out.add(dir === "" ? "." : dir);
      return;
    }
    const part = parts[k]!;
    if (part === "**") {
      // `**`: this folder and every folder below it.
      const stack = [dir];
      while (stack.length) {
        const d = stack.pop()!;
        walk(d, k + 1);
        for (const c of childrenOf.get(d) ?? []) if (isDir(c)) stack.push(c);
      }
      return;
    }
    for (const c of childrenOf.get(dir) ?? []) {
      if (!pyFnmatch(base(c), part)) continue;
      if (k + 1 < parts.length && !isDir(c)) continue;
      walk(c, k + 1);
    }
  };
  walk("", 0);
  return out;
}

function pathSearch(index: RefIndex, selector: string): Set<string> {
  const paths = globTree(index.tree, selector);
  const out = new Set<string>();
  for (const p of paths) {
    for (const id of index.pathIndex.byFile.get(p) ?? []) out.add(id);
    for (const id of index.pathIndex.byPatch.get(p) ?? []) out.add(id);
    for (const id of index.pathIndex.byFolder.get(p) ?? []) out.add(id);
  }
  return out;
}

// ------------------------------------------------------------------ criteria

export interface Criterion {
  raw: string;
  method: string;
  args: string[];
  value: string;
  childrensParents: boolean;
  parents: boolean;
  parentsDepth: number | null;
  children: boolean;
  childrenDepth: number | null;
}

// RAW_SELECTOR_PATTERN (graph/selector_spec.py), as a JavaScript regular expression.
const RAW =
  /^(?<cp>@)?(?<parents>(?<pd>\d*)\+)?(?:(?<method>[\w.]+):)?(?<value>.*?)(?<children>\+(?<cd>\d*))?$/su;

export function parseCriterion(raw: string): Criterion {
  const m = RAW.exec(raw);
  if (!m?.groups) throw new Error(`Invalid selector spec "${raw}"`);
  const g = m.groups;
  const value = g.value ?? "";
  let method: string;
  let args: string[] = [];
  if (g.method === undefined) {
    // SelectionCriteria.default_method
    if (value.includes("/")) method = "path";
    else if (/\.(sql|py|csv)$/i.test(value)) method = "file";
    else method = "fqn";
  } else {
    [method, ...args] = g.method.split(".") as [string, ...string[]];
  }
  const depth = (s: string | undefined) => (s ? Number.parseInt(s, 10) : null);
  const c: Criterion = {
    raw,
    method,
    args,
    value,
    childrensParents: g.cp !== undefined,
    parents: g.parents !== undefined,
    parentsDepth: depth(g.pd),
    children: g.children !== undefined,
    childrenDepth: depth(g.cd),
  };
  if (c.children && c.childrensParents) throw new Error(`Invalid node spec ${raw}: "@" and "+" suffix`);
  return c;
}

function each(index: RefIndex, maps: readonly RefMember["map"][]): RefMember[] {
  const want = new Set(maps);
  return [...index.members.values()].filter((m) => want.has(m.map));
}

/** The method's own matches (SelectorMethod.search), over every graph member. */
export function searchMethod(index: RefIndex, c: Criterion): Set<string> {
  const v = c.value;
  const ids = (ms: RefMember[]) => new Set(ms.map((m) => m.id));
  const named = (map: RefMember["map"], what: string) => {
    const parts = v.split(".");
    if (parts.length > 2) throw new Error(`Invalid ${what} selector value "${v}"`);
    const [pkg, name] = parts.length === 2 ? parts : ["*", parts[0]!];
    return ids(each(index, [map]).filter((m) => pyFnmatch(m.packageName, pkg!) && pyFnmatch(m.name, name!)));
  };
  switch (c.method) {
    case "fqn":
      return fqnSearch(index, v);
    case "path":
      return pathSearch(index, v);
    case "file":
      return ids(
        [...index.members.values()].filter((m) => {
          const name = m.originalFilePath.slice(m.originalFilePath.lastIndexOf("/") + 1);
          const dot = name.lastIndexOf(".");
          const stem = dot > 0 ? name.slice(0, dot) : name;
          return pyFnmatch(name, v) || pyFnmatch(stem, v);
        }),
      );
    case "source": {
      const parts = v.split(".");
      let pkg = "*";
      let source: string;
      let table = "*";
      if (parts.length === 1) source = parts[0]!;
      else if (parts.length === 2) [source, table] = parts as [string, string];
      else if (parts.length === 3) [pkg, source, table] = parts as [string, string, string];
      else throw new Error(`Invalid source selector value "${v}"`);
      return ids(
        each(index, ["sources"]).filter(
          (m) =>
            pyFnmatch(m.packageName, pkg) &&
            pyFnmatch(m.sourceName ?? "", source) &&
            pyFnmatch(m.name, table),
        ),
      );
    }
    case "resource_type":
      if (!NODE_TYPES.has(v)) throw new Error(`Invalid resource_type selector "${v}"`);
      return ids([...index.members.values()].filter((m) => m.resourceType === v));
    case "tag":
      return ids([...index.members.values()].filter((m) => m.tags.some((t) => pyFnmatch(t, v))));
    case "package": {
      const pattern = v === "this" ? index.projectName : v;
      return ids([...index.members.values()].filter((m) => pyFnmatch(m.packageName, pattern)));
    }
    case "test_name":
      return ids(
        each(index, ["nodes", "unit_tests"]).filter((m) =>
          m.map === "unit_tests"
            ? pyFnmatch(m.name, v)
            : m.resourceType === "test" && m.testMetadataName !== null && pyFnmatch(m.testMetadataName, v),
        ),
      );
    case "test_type": {
      const generic = (m: RefMember) => m.resourceType === "test" && m.testMetadataName !== null;
      const singular = (m: RefMember) => m.resourceType === "test" && m.testMetadataName === null;
      const pick: Record<string, (m: RefMember) => boolean> = {
        generic,
        schema: generic,
        singular,
        data: (m) => generic(m) || singular(m),
        unit: (m) => m.map === "unit_tests",
      };
      const f = pick[v];
      if (!f) throw new Error(`Invalid test type selector ${v}`);
      return ids(
        each(index, ["nodes", "unit_tests"])
          .filter((m) => m.map === "nodes" || m.map === "unit_tests")
          .filter(f),
      );
    }
    case "exposure":
      return named("exposures", "exposure");
    case "metric":
      return named("metrics", "metric");
    case "semantic_model":
      return named("semantic_models", "semantic model");
    case "saved_query":
      return named("saved_queries", "saved query");
    case "unit_test":
      return named("unit_tests", "unit test");
    default:
      throw new Error(
        `The reference resolver does not model the selector method \`${c.method}:\` (${c.raw})`,
      );
  }
}

/** Graph.select_children: descendants up to a depth (not the start nodes themselves, unless reached). */
function walk(next: ReadonlyMap<string, readonly string[]>, start: Set<string>, maxDepth: number | null) {
  const found = new Set<string>();
  let layer = start;
  let i = 0;
  while (layer.size > 0 && (maxDepth === null || i < maxDepth)) {
    const nextLayer = new Set<string>();
    for (const id of layer) for (const n of next.get(id) ?? []) if (!found.has(n)) nextLayer.add(n);
    for (const n of nextLayer) found.add(n);
    layer = nextLayer;
    i++;
  }
  return found;
}

const isTestLike = (m: RefMember | undefined) =>
  m !== undefined && ((m.map === "nodes" && m.resourceType === "test") || m.map === "unit_tests");

/** get_nodes_from_criteria with eager indirect selection. */
export function criterionNodes(index: RefIndex, c: Criterion): Set<string> {
  const collected = searchMethod(index, c);
  const selected = new Set(collected);
  // collect_specified_neighbors
  if (c.childrensParents) {
    const down = new Set([...walk(index.children, collected, null), ...collected]);
    for (const id of [...walk(index.parents, down, null), ...down]) selected.add(id);
  }
  if (c.parents) for (const id of walk(index.parents, collected, c.parentsDepth)) selected.add(id);
  if (c.children) for (const id of walk(index.children, collected, c.childrenDepth)) selected.add(id);
  // expand_selection, eager: a test or unit test any of whose parents is selected.
  const direct = new Set(selected);
  for (const id of selected) {
    for (const s of index.children.get(id) ?? []) if (isTestLike(index.members.get(s))) direct.add(s);
  }
  return direct;
}

const DEFAULT_INCLUDES = ["fqn:*", "source:*", "exposure:*", "metric:*", "semantic_model:*"];

/** parse_union: words split on spaces, each a union member; commas intersect. */
function union(index: RefIndex, words: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const word of words) {
    for (const raw of word.split(" ")) {
      // SelectionIntersection of the comma-separated criteria.
      const sets = raw.split(",").map((part) => criterionNodes(index, parseCriterion(part)));
      const [first, ...rest] = sets;
      for (const id of first ?? []) if (rest.every((s) => s.has(id))) out.add(id);
    }
  }
  return out;
}

/**
 * What dbt selects for `--select <select> --exclude <exclude>` (parse_difference
 * then NodeSelector.select_nodes), before the task's resource filter. An empty
 * select list is no `--select` (DEFAULT_INCLUDES).
 */
export function dbtSelected(
  index: RefIndex,
  select: readonly string[],
  exclude: readonly string[],
): Set<string> {
  const included = union(index, select.length > 0 ? select : DEFAULT_INCLUDES);
  const excluded = union(index, exclude);
  return new Set([...included].filter((id) => !excluded.has(id)));
}

/** A resource `dbt build` executes when it is selected (units: see dbtBuildRuns). */
export function isExecutable(m: RefMember): boolean {
  if (m.map === "unit_tests") return true;
  if (m.map === "functions") return true;
  if (m.map !== "nodes" || m.empty) return false;
  if (m.resourceType === "model") return m.materialized !== "ephemeral";
  return m.resourceType === "seed" || m.resourceType === "snapshot" || m.resourceType === "test";
}

/** What `dbt build` runs of a selection (BuildTask: filter, queue, unit tests with their model). */
export function dbtBuildRuns(index: RefIndex, selected: ReadonlySet<string>): Set<string> {
  const runs = new Set<string>();
  for (const id of selected) {
    const m = index.members.get(id)!;
    if (m.map !== "unit_tests" && isExecutable(m)) runs.add(id);
  }
  for (const id of selected) {
    const m = index.members.get(id)!;
    if (m.map === "unit_tests" && m.dependsOn[0] !== undefined && runs.has(m.dependsOn[0])) runs.add(id);
  }
  return runs;
}

/**
 * POSIX shell words of a command-line fragment as build-command.ts quotes it:
 * bare words and single-quoted strings (`'\''` for a quote). Anything a shell
 * would expand is refused, so an unexpected output fails loudly.
 */
export function shellWords(text: string): string[] {
  const words: string[] = [];
  let word: string | null = null;
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === " " || c === "\t" || c === "\n") {
      if (word !== null) words.push(word);
      word = null;
      i++;
    } else if (c === "'") {
      const end = text.indexOf("'", i + 1);
      if (end < 0) throw new Error(`unterminated quote in ${text}`);
      word = (word ?? "") + text.slice(i + 1, end);
      i = end + 1;
    } else if (c === "\\") {
      if (i + 1 >= text.length) throw new Error(`trailing backslash in ${text}`);
      word = (word ?? "") + text[i + 1];
      i += 2;
    } else if (/[A-Za-z0-9_.:+/,=@-]/.test(c)) {
      word = (word ?? "") + c;
      i++;
    } else {
      throw new Error(`unquoted shell character ${JSON.stringify(c)} in ${text}`);
    }
  }
  if (word !== null) words.push(word);
  return words;
}

/**
 * What `dbt build --select <select> [--exclude <exclude>]` runs, for the
 * plan's shell-quoted outputs. An empty `select` is no command at all: nothing runs.
 */
export function resolveBuildCommand(index: RefIndex, select: string, exclude: string): Set<string> {
  const sel = shellWords(select);
  if (sel.length === 0) return new Set();
  return dbtBuildRuns(index, dbtSelected(index, sel, shellWords(exclude)));
}
