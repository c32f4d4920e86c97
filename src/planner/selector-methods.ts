/**
 * dbt's selector methods (core/dbt/graph/selector_methods.py), each a
 * predicate over a member of the selection graph, compiled once per
 * criterion so that resolving it is one pass over the members.
 */
import { fnmatch } from "./fnmatch.js";
import { type GlobPath, GlobRefusal, type GlobResult, globPaths } from "./path-glob.js";
import type { Member, SelectionIndex } from "./selection-index.js";
import type { SelectionCriterion } from "./selector-spec.js";
import { usageError } from "./selector-spec.js";

export type MemberTest = (member: Member) => boolean;

/** NodeType values (core/dbt/node_types.py), for `resource_type:`. */
const NODE_TYPES: ReadonlySet<string> = new Set([
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

export function compileCriterion(
  index: SelectionIndex,
  c: SelectionCriterion,
  whole: string,
  input: string,
): MemberTest {
  const value = c.value;
  switch (c.method) {
    case "fqn": {
      // QualifiedNameSelectorMethod: non_source_nodes, matched on the fqn with and without its package.
      const matches = fqnMatcher(value);
      return (m) =>
        m.kind !== "source" &&
        m.fqn.length > 0 &&
        (matches(m.fqn, 0, m.versioned) || (m.fqn.length > 1 && matches(m.fqn, 1, m.versioned)));
    }
    case "tag":
      // TagSelectorMethod: all_nodes with a `tags` attribute, any tag fnmatch-ing.
      return (m) => m.tags?.some((tag) => fnmatch(tag, value)) === true;
    case "package": {
      // PackageSelectorMethod: `this` is the root project.
      const wanted = value === "this" && index.projectName !== null ? index.projectName : value;
      return (m) => fnmatch(m.packageName, wanted);
    }
    case "file":
      // FileSelectorMethod: the file's name or its stem.
      return (m) => {
        if (m.originalFilePath === null) return false;
        const base = m.originalFilePath.slice(m.originalFilePath.lastIndexOf("/") + 1);
        const dot = base.lastIndexOf(".");
        const stem = dot > 0 ? base.slice(0, dot) : base;
        return fnmatch(base, value) || fnmatch(stem, value);
      };
    case "path":
      return pathTest(index, value, whole, input);
    case "source":
      return sourceTest(value, whole, input);
    case "resource_type":
      if (!NODE_TYPES.has(value)) {
        throw usageError(whole, `\`${value}\` is not a dbt resource type (dbt refuses it too)`, input);
      }
      return (m) => m.resourceType === value;
    case "config":
      return configTest(c.args, value);
  }
}

/**
 * selector_methods.py `is_selected_node`: the leaf name (for a versioned
 * model: the name, or name and version joined by `.` or `_`), else the
 * selector's dot-separated parts against the fqn flattened at dots, exactly
 * until the first part with a wildcard, from where the rest is fnmatch-ed.
 */
export function isSelectedNode(fqn: readonly string[], selector: string, versioned: boolean): boolean {
  return fqnMatcher(selector)(fqn, 0, versioned);
}

/** isSelectedNode compiled for one selector: `(fqn, start, versioned)` matches `fqn[start:]`. */
function fqnMatcher(
  selector: string,
): (fqn: readonly string[], start: number, versioned: boolean) => boolean {
  const parts = selector.split(".");
  const wild = parts.findIndex((part) => /[*?[\]]/.test(part));
  const rest = wild >= 0 ? parts.slice(wild).join(".") : "";
  const lastTwo = parts.slice(-2).join("_");
  return (fqn, start, versioned) => {
    const last = fqn.length - 1;
    if (last < start) return false;
    if (versioned && last > start) {
      if (fqn[last - 1] === selector) return true;
      if (`${fqn[last - 1]}_${fqn[last]}` === lastTwo) return true;
    } else if (fqn[last] === selector) {
      return true;
    }
    // Dots in fqn segments are separators too (flat_fqn).
    let flat = fqn;
    let at = start;
    for (let k = start; k <= last; k++) {
      if (fqn[k]!.includes(".")) {
        flat = fqn.slice(start).flatMap((segment) => segment.split("."));
        at = 0;
        break;
      }
    }
    if (flat.length - at < parts.length) return false;
    for (let i = 0; i < parts.length; i++) {
      if (i === wild) return fnmatch(flat.slice(at + i).join("."), rest);
      if (flat[at + i] !== parts[i]) return false;
    }
    return true;
  };
}

function sourceTest(value: string, whole: string, input: string): MemberTest {
  // SourceSelectorMethod: source, source.table or package.source.table, each part fnmatch-ed.
  const parts = value.split(".");
  let pkg = "*";
  let source: string;
  let table = "*";
  if (parts.length === 1) source = parts[0]!;
  else if (parts.length === 2) [source, table] = parts as [string, string];
  else if (parts.length === 3) [pkg, source, table] = parts as [string, string, string];
  else
    throw usageError(
      whole,
      "a source is `source_name`, `source_name.table` or `package.source_name.table` (dbt refuses it too)",
      input,
    );
  return (m) =>
    m.kind === "source" &&
    fnmatch(m.packageName, pkg) &&
    fnmatch(m.sourceName ?? "", source) &&
    fnmatch(m.name, table);
}

/**
 * ConfigSelectorMethod: `nodes` entries and sources whose config has the
 * key path; a list matches when it holds the value, anything else when it
 * equals it; `true`/`false` (any case) also match booleans; `severity` is
 * compared without case.
 */
function configTest(args: readonly string[], value: string): MemberTest {
  const caseless = args.length === 1 && args[0] === "severity";
  const lower = value.toLowerCase();
  const equals = (v: unknown): boolean => {
    if (typeof v === "string") return caseless ? v.toUpperCase() === value.toUpperCase() : v === value;
    if (v === true) return lower === "true";
    if (v === false) return lower === "false";
    return false;
  };
  return (m) => {
    if (m.config === null || (m.kind !== "node" && m.kind !== "source")) return false;
    let current: unknown = m.config;
    for (const key of args) {
      if (
        current === null ||
        typeof current !== "object" ||
        Array.isArray(current) ||
        !Object.hasOwn(current, key)
      )
        return false;
      current = (current as Record<string, unknown>)[key];
    }
    if (Array.isArray(current)) return current.some(equals);
    return equals(current);
  };
}

/**
 * PathSelectorMethod: the paths `Path(project_root).glob(value)` finds; a
 * member matches when its original_file_path or its patch (YAML) file is one
 * of them, or a folder holding its original_file_path is. The glob runs on
 * the paths the manifest names instead of the disk (path-glob.ts).
 */
function pathTest(index: SelectionIndex, value: string, whole: string, input: string): MemberTest {
  let glob: GlobResult;
  try {
    glob = globPaths(value, candidatePaths(index));
  } catch (error) {
    if (error instanceof GlobRefusal) throw usageError(whole, error.message, input);
    throw error;
  }
  const test = pathMemberTest(glob.paths);
  if (glob.alternative !== null) {
    const other = pathMemberTest(glob.alternative);
    if (index.members.some((m) => test(m) !== other(m))) throw usageError(whole, glob.why, input);
  }
  return test;
}

function pathMemberTest(matched: ReadonlySet<string>): MemberTest {
  const root = matched.has("");
  return (m) => {
    const file = m.pathKey;
    if (m.patchKey !== null && matched.has(m.patchKey)) return true;
    if (file === null) return false;
    if (matched.has(file)) return true;
    // Path(original_file_path).parents: every folder above it, ending with `.`, the project root.
    if (root) return true;
    let at = file.lastIndexOf("/");
    while (at > 0) {
      if (matched.has(file.slice(0, at))) return true;
      at = file.lastIndexOf("/", at - 1);
    }
    return false;
  };
}

const candidateCache = new WeakMap<SelectionIndex, GlobPath[]>();

function candidatePaths(index: SelectionIndex): GlobPath[] {
  const cached = candidateCache.get(index);
  if (cached) return cached;
  const files = new Set<string>();
  const dirs = new Set<string>();
  for (const m of index.members) {
    for (const path of [m.pathKey, m.patchKey]) {
      // pathlib's glob never walks up out of the project: a path through `..` is never found.
      if (path === null || path === "" || path.split("/").includes("..")) continue;
      files.add(path);
      for (const dir of folders(path)) dirs.add(dir);
    }
  }
  const out: GlobPath[] = [{ path: "", dir: true, parts: [] }];
  for (const dir of dirs) out.push({ path: dir, dir: true, parts: dir.split("/") });
  for (const file of files) if (!dirs.has(file)) out.push({ path: file, dir: false, parts: file.split("/") });
  candidateCache.set(index, out);
  return out;
}

/** Every folder above a path, nearest first (`a/b/c.sql` → `a/b`, `a`). */
function folders(path: string): string[] {
  const out: string[] = [];
  let at = path.lastIndexOf("/");
  while (at > 0) {
    out.push(path.slice(0, at));
    at = path.lastIndexOf("/", at - 1);
  }
  return out;
}
