/**
 * The lineage picture: a mermaid `graph LR` of the impacted subgraph — the
 * BUILD nodes, their descendants in the plan, and one ring of parents around
 * them (reused nodes, sources, nodes outside the selection) — styled by
 * action. Capped so that it always renders: at most NODE_BUDGET boxes and
 * EDGE_BUDGET arrows (mermaid refuses more than 500 edges by default) and
 * MAX_CHARS characters (mermaid's default limit is 50,000). Past the node
 * budget the picture keeps the changed nodes (BUILD nodes with no BUILD
 * parent) and groups the rest per folder with counts; past that it groups
 * everything, per folder, then per package; and it says so.
 *
 * Plan entries carry their parents in `parents` (optional: without it
 * there is no lineage to draw and the section is left out). A folder is the
 * directory of `path` when the entry has one, else package and schema.
 */
import type { Plan, PlanEntry } from "../state/plan.js";
import type { NodeRunStatus, RunOutcome } from "./comment-context.js";
import { mermaidLabel } from "./markdown-escape.js";
import { displayId, entryLabel, isCodeReason } from "./reason-phrases.js";
import { formatCount, plural } from "./words.js";

export const NODE_BUDGET = 80;
export const EDGE_BUDGET = 400;
export const MAX_CHARS = 40_000;
/** Folder depths tried when grouping: the full directory, then its first three, two, one parts. */
const FOLDER_DEPTHS = [Number.POSITIVE_INFINITY, 3, 2];

/** Entries as the lead's planner will emit them: `parents` (and, if added, `path`) optional. */
export type LineageEntry = PlanEntry & { parents?: readonly string[]; path?: string };

type NodeClass = "build_code" | "build_data" | "reuse" | "outside" | "failed" | "skipped";

const CLASS_DEFS: Record<NodeClass, string> = {
  build_code: "fill:#ffebe9,stroke:#cf222e,color:#1f2328",
  build_data: "fill:#fff8c5,stroke:#9a6700,color:#1f2328",
  reuse: "fill:#dafbe1,stroke:#1a7f37,color:#1f2328",
  outside: "fill:#f6f8fa,stroke:#8c959f,color:#1f2328,stroke-dasharray:4 3",
  failed: "fill:#cf222e,stroke:#82071e,color:#ffffff",
  skipped: "fill:#eaeef2,stroke:#6e7781,color:#1f2328,stroke-dasharray:2 2",
};

const CLASS_WORDS: Record<NodeClass, string> = {
  build_code: "built for code",
  build_data: "built for data",
  reuse: "reused",
  outside: "outside the plan",
  failed: "failed",
  skipped: "skipped",
};

export interface Lineage {
  /** The mermaid source, without the fence. */
  mermaid: string;
  mode: "full" | "changed_and_groups" | "groups";
  /** Nodes in the impacted subgraph and its ring. */
  impacted: number;
  /** Boxes drawn. */
  boxes: number;
  /** How nodes were grouped, when they were: `folder` or `package`. */
  groupedBy?: "folder" | "package";
  edgesLeftOut: number;
  /** The classes used, for the legend. */
  classes: NodeClass[];
}

export type LineageLevel = 0 | 1;

/**
 * The picture at `level` 0 (the most detailed that fits) or 1 (grouped, the
 * compact form for long comments); undefined when there is nothing to draw
 * (no BUILD node, or no entry carries its parents).
 */
export function buildLineage(
  plan: Plan,
  outcome: RunOutcome | undefined,
  level: LineageLevel = 0,
): Lineage | undefined {
  const entries = plan.entries as LineageEntry[];
  if (!entries.some((e) => e.parents !== undefined)) return undefined;
  const byId = new Map(entries.map((e) => [e.unique_id, e]));
  const children = new Map<string, string[]>();
  for (const e of entries)
    for (const p of e.parents ?? []) {
      const list = children.get(p);
      if (list) list.push(e.unique_id);
      else children.set(p, [e.unique_id]);
    }

  // The impacted set: BUILD nodes and their descendants in the plan, in plan order.
  const impacted = new Set<string>();
  const stack = entries.filter((e) => e.action === "BUILD").map((e) => e.unique_id);
  if (stack.length === 0) return undefined;
  while (stack.length) {
    const id = stack.pop()!;
    if (impacted.has(id)) continue;
    impacted.add(id);
    for (const c of children.get(id) ?? []) if (byId.has(c) && !impacted.has(c)) stack.push(c);
  }
  const inner = entries.filter((e) => impacted.has(e.unique_id)).map((e) => e.unique_id);
  const ring = [
    ...new Set(inner.flatMap((id) => (byId.get(id)!.parents ?? []).filter((p) => !impacted.has(p)))),
  ].sort();

  const classes = new Map<string, NodeClass>();
  const classOf = (id: string): NodeClass => {
    const known = classes.get(id);
    if (known !== undefined) return known;
    const cls = computeClass(id);
    classes.set(id, cls);
    return cls;
  };
  const computeClass = (id: string): NodeClass => {
    const e = byId.get(id);
    if (!e) return "outside";
    if (!impacted.has(id)) return "reuse";
    if (e.action === "REUSE") return "reuse";
    const status: NodeRunStatus | undefined = outcome?.nodes[id]?.status;
    if (status === "failed") return "failed";
    if (status === "skipped") return "skipped";
    const first = e.reasons[0]?.code;
    return first && !isCodeReason(first) ? "build_data" : "build_code";
  };
  const all = [...ring, ...inner];
  const ringSet = new Set(ring);
  const parentsInPicture = (id: string) =>
    (byId.get(id)?.parents ?? []).filter((p) => impacted.has(p) || ringSet.has(p));

  const dirs = new Map<string, string[]>();
  const folders = new Map<string, Map<string, string>>();
  const label = (id: string) => {
    const e = byId.get(id);
    return e ? entryLabel(e, plan.project) : displayId(id, plan.project);
  };

  const attempts: Array<() => Lineage | undefined> = [];
  if (level === 0) {
    attempts.push(() => {
      if (all.length > NODE_BUDGET) return undefined;
      const boxes = all.map((id) => ({ id, label: label(id), cls: classOf(id), shape: shapeOf(id) }));
      const edges: Array<[string, string]> = [];
      for (const id of inner) for (const p of parentsInPicture(id)) edges.push([p, id]);
      if (edges.length > EDGE_BUDGET) return undefined;
      return draw(boxes, edges, "full", all.length);
    });
    attempts.push(() => {
      // Changed nodes drawn one by one; everything else grouped.
      const changed = inner.filter(
        (id) =>
          byId.get(id)!.action === "BUILD" &&
          !(byId.get(id)!.parents ?? []).some((p) => byId.get(p)?.action === "BUILD" && impacted.has(p)),
      );
      if (changed.length > NODE_BUDGET / 2) return undefined;
      for (const depth of FOLDER_DEPTHS) {
        const result = grouped(new Set(changed), "folder", "changed_and_groups", depth);
        if (result) return result;
      }
      return undefined;
    });
  }
  for (const depth of FOLDER_DEPTHS) attempts.push(() => grouped(new Set(), "folder", "groups", depth));
  attempts.push(() => grouped(new Set(), "package", "groups"));
  attempts.push(() => grouped(new Set(), "package", "groups", Number.POSITIVE_INFINITY, true));

  for (const attempt of attempts) {
    const result = attempt();
    if (result && result.boxes <= NODE_BUDGET && result.mermaid.length <= MAX_CHARS) return result;
  }
  return undefined;

  function shapeOf(id: string): "box" | "source" | "group" {
    return id.startsWith("source.") ? "source" : "box";
  }

  function folderOf(id: string, by: "folder" | "package", depth: number): string {
    const cacheKey = by === "package" ? "package" : String(depth);
    let cache = folders.get(cacheKey);
    if (!cache) {
      cache = new Map();
      folders.set(cacheKey, cache);
    }
    const known = cache.get(id);
    if (known !== undefined) return known;
    const folder = computeFolder(id, by, depth);
    cache.set(id, folder);
    return folder;
  }

  function computeFolder(id: string, by: "folder" | "package", depth: number): string {
    if (by === "package") {
      const e = byId.get(id);
      if (e) return e.package_name || plan.project;
    }
    const e = byId.get(id);
    if (!e) {
      if (id.startsWith("source.")) {
        const parts = id.split(".");
        return by === "folder" ? `source ${parts[2] ?? "?"}` : `sources of ${parts[1] ?? "?"}`;
      }
      return by === "folder" ? `outside: ${id.split(".")[1] ?? "?"}` : "outside the plan";
    }
    if (by === "package") return e.package_name || plan.project;
    if (e.path) {
      let parts = dirs.get(id);
      if (!parts) {
        parts = e.path.replaceAll("\\", "/").split("/").slice(0, -1);
        dirs.set(id, parts);
      }
      const dir = parts.slice(0, depth).join("/");
      return e.package_name && e.package_name !== plan.project ? `${e.package_name}/${dir}` : dir || ".";
    }
    return `${e.package_name || plan.project} ${e.relation.schema}`;
  }

  function grouped(
    individual: Set<string>,
    by: "folder" | "package",
    mode: Lineage["mode"],
    depth = Number.POSITIVE_INFINITY,
    mergeSmallest = false,
  ): Lineage | undefined {
    const groupOf = new Map<string, string>();
    const groups = new Map<string, Group>();
    for (const id of all) {
      if (individual.has(id)) continue;
      const cls = classOf(id);
      const folder = folderOf(id, by, depth);
      const key = folder + "\u0000" + cls;
      groupOf.set(id, key);
      const g = groups.get(key);
      const source = id.startsWith("source.");
      if (g) {
        g.count++;
        g.sources &&= source;
      } else {
        groups.set(key, { key, folder, cls, count: 1, sources: source });
        // Too many groups already: this grouping can't be drawn.
        if (!mergeSmallest && groups.size > NODE_BUDGET - individual.size) return undefined;
      }
    }
    let groupList = [...groups.values()];
    const room = NODE_BUDGET - individual.size;
    if (groupList.length > room) {
      if (!mergeSmallest) return undefined;
      // Keep the largest groups; the rest become one "other" box per class.
      const sorted = [...groupList].sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : 1));
      const keep = new Set(sorted.slice(0, Math.max(0, room - 6)).map((g) => g.key));
      const others = new Map<NodeClass, Group>();
      const moved = new Map<string, string>();
      for (const g of groupList) {
        if (keep.has(g.key)) continue;
        const key = `\u0001other\u0000${g.cls}`;
        const o = others.get(g.cls) ?? { key, folder: "other packages", cls: g.cls, count: 0, sources: true };
        o.count += g.count;
        o.sources &&= g.sources;
        others.set(g.cls, o);
        moved.set(g.key, key);
      }
      for (const [id, k] of groupOf) {
        const to = moved.get(k);
        if (to) groupOf.set(id, to);
      }
      groupList = [...groupList.filter((g) => keep.has(g.key)), ...others.values()];
    }
    const boxes: Box[] = [];
    for (const id of all)
      if (individual.has(id)) boxes.push({ id, label: label(id), cls: classOf(id), shape: shapeOf(id) });
    for (const g of groupList.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)))
      boxes.push({
        id: g.key,
        label: g.sources
          ? `${g.folder}: ${plural(g.count, "table")}`
          : `${g.folder}: ${plural(g.count, "node")} ${CLASS_WORDS[g.cls]}`,
        cls: g.cls,
        shape: "group",
      });
    const rep = (id: string) => (individual.has(id) ? id : groupOf.get(id)!);
    const seen = new Set<string>();
    const edges: Array<[string, string]> = [];
    for (const id of inner)
      for (const p of parentsInPicture(id)) {
        const a = rep(p);
        const b = rep(id);
        if (a === b) continue;
        const key = `${a}\u0002${b}`;
        if (seen.has(key)) continue;
        seen.add(key);
        edges.push([a, b]);
      }
    const result = draw(boxes, edges, mode, all.length);
    result.groupedBy = by;
    return result;
  }
}

interface Group {
  key: string;
  folder: string;
  cls: NodeClass;
  count: number;
  /** Whether every member is a source. */
  sources: boolean;
}

interface Box {
  id: string;
  label: string;
  cls: NodeClass;
  shape: "box" | "source" | "group";
}

function draw(
  boxes: Box[],
  edges: Array<[string, string]>,
  mode: Lineage["mode"],
  impacted: number,
): Lineage {
  const ids = new Map<string, string>();
  boxes.forEach((b, i) => {
    ids.set(b.id, `n${i + 1}`);
  });
  const lines = ["graph LR"];
  for (const b of boxes) {
    const text = mermaidLabel(b.label, b.shape === "group" ? 70 : 48);
    const [open, close] =
      b.shape === "source" ? ["([", "])"] : b.shape === "group" ? ["[[", "]]"] : ["[", "]"];
    lines.push(`  ${ids.get(b.id)}${open}"${text}"${close}`);
  }
  const kept = edges.slice(0, EDGE_BUDGET);
  for (const [a, b] of kept) lines.push(`  ${ids.get(a)} --> ${ids.get(b)}`);
  const used = (Object.keys(CLASS_DEFS) as NodeClass[]).filter((c) => boxes.some((b) => b.cls === c));
  for (const c of used) lines.push(`  classDef ${c} ${CLASS_DEFS[c]}`);
  for (const c of used)
    lines.push(
      `  class ${boxes
        .filter((b) => b.cls === c)
        .map((b) => ids.get(b.id))
        .join(",")} ${c}`,
    );
  return {
    mermaid: lines.join("\n"),
    mode,
    impacted,
    boxes: boxes.length,
    edgesLeftOut: edges.length - kept.length,
    classes: used,
  };
}

const LEGEND_WORDS: Record<NodeClass, string> = {
  build_code: "red: built for a code change",
  build_data: "yellow: built for new data",
  reuse: "green: reused",
  outside: "grey, dashed: sources and nodes outside the plan",
  failed: "solid red: failed",
  skipped: "grey, dotted: skipped",
};

/** One line saying what the colours mean and, when grouped or cut, how. */
export function lineageNotes(lineage: Lineage): { legend: string; note: string | undefined } {
  const legend = lineage.classes.map((c) => LEGEND_WORDS[c]).join(" · ");
  const notes: string[] = [];
  if (lineage.mode !== "full") {
    const by = lineage.groupedBy === "package" ? "package" : "folder";
    notes.push(
      `The impacted subgraph has ${plural(lineage.impacted, "node")}, more than the ${NODE_BUDGET} a picture can show` +
        (lineage.mode === "changed_and_groups"
          ? `: the changed nodes are drawn one by one, the rest grouped per ${by} with counts.`
          : `: nodes are grouped per ${by} with counts.`),
    );
  }
  if (lineage.edgesLeftOut > 0)
    notes.push(
      `${formatCount(lineage.edgesLeftOut)} of the arrows are left out to stay under mermaid's limits.`,
    );
  return { legend, note: notes.length ? notes.join(" ") : undefined };
}
