/**
 * Nodes of one tier of the picture (changed, downstream, rebuilt regardless,
 * inputs) grouped into boxes with counts: per folder, per shorter folder, per
 * package, the largest folders with the rest "elsewhere", or per class only,
 * the finest that fits the room given. A group is always of one class, so
 * its box keeps its shape and marker. Pure.
 */
import { formatCount } from "../words.js";
import type { ImpactedSubgraph } from "./impacted-subgraph.js";
import type { LineageClass } from "./lineage-classes.js";
import { folderOf, packageOf } from "./node-folder.js";

export type Tier = "changed" | "downstream" | "regardless" | "inputs";
export type GroupedBy = "folder" | "package" | "class";

export interface NodeGroup {
  key: string;
  tier: Tier;
  cls: LineageClass;
  /** Where its nodes are ("" when grouped by class only). */
  place: string;
  count: number;
}

export interface Grouping {
  by: GroupedBy;
  /** The group key of each grouped node. */
  groupOf: Map<string, string>;
  groups: Map<string, NodeGroup>;
}

const SHORT: Record<LineageClass, string> = {
  changed: "changed",
  downstream: "downstream",
  new_data: "new data",
  no_evidence: "ODS can't tell",
  failed: "failed",
  skipped: "skipped",
  reused: "reused",
  source: "sources",
  outside: "outside the plan",
};

const ELSEWHERE = "elsewhere";

/** What a group box says: "+38 downstream · marts/finance", "3 changed · staging", "208 rebuilt regardless: ODS can't tell". */
export function groupLabel(g: NodeGroup): string {
  const n = formatCount(g.count);
  const what =
    g.tier === "changed"
      ? `${n} changed${g.cls === "changed" ? "" : `, ${SHORT[g.cls]}`}`
      : g.tier === "downstream"
        ? `+${n} ${SHORT[g.cls]}`
        : g.tier === "regardless"
          ? `${n} rebuilt regardless: ${SHORT[g.cls]}`
          : `${n} ${SHORT[g.cls]}`;
  return g.place ? `${what} · ${g.place}` : what;
}

/** The number of classes among the nodes: the fewest boxes they can be grouped into. */
export function classCount(sub: ImpactedSubgraph, ids: readonly string[]): number {
  return new Set(ids.map((id) => sub.node(id).cls)).size;
}

/** The nodes grouped the finest way with at most `room` groups (per class only when nothing finer fits). */
export function groupNodes(
  sub: ImpactedSubgraph,
  tier: Tier,
  ids: readonly string[],
  room: number,
): Grouping {
  const place: Array<[GroupedBy, (id: string) => string]> = [
    ["folder", (id) => folderOf(id, sub.byId.get(id), sub.project)],
    ["folder", (id) => folderOf(id, sub.byId.get(id), sub.project, 2)],
    ["folder", (id) => folderOf(id, sub.byId.get(id), sub.project, 1)],
    ["package", (id) => packageOf(id, sub.byId.get(id), sub.project)],
  ];
  for (const [by, placeOf] of place) {
    const grouping = groupAt(sub, tier, ids, by, placeOf);
    if (grouping.groups.size <= room) return grouping;
  }
  const byClass = groupAt(sub, tier, ids, "class", () => "");
  const keep = room - byClass.groups.size;
  return keep >= 1 ? largestAndElsewhere(sub, tier, ids, place[0]![1], keep) : byClass;
}

function groupAt(
  sub: ImpactedSubgraph,
  tier: Tier,
  ids: readonly string[],
  by: GroupedBy,
  placeOf: (id: string) => string,
): Grouping {
  const groupOf = new Map<string, string>();
  const groups = new Map<string, NodeGroup>();
  for (const id of ids) {
    const cls = sub.node(id).cls;
    const where = placeOf(id);
    const key = `${tier}\u0000${cls}\u0000${where}`;
    groupOf.set(id, key);
    const g = groups.get(key);
    if (g) g.count++;
    else groups.set(key, { key, tier, cls, place: where, count: 1 });
  }
  return { by, groupOf, groups };
}

/** The `keep` largest folder groups, the rest in one "elsewhere" group per class. */
function largestAndElsewhere(
  sub: ImpactedSubgraph,
  tier: Tier,
  ids: readonly string[],
  placeOf: (id: string) => string,
  keep: number,
): Grouping {
  const fine = groupAt(sub, tier, ids, "folder", placeOf);
  const kept = new Set(
    [...fine.groups.values()]
      .sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : 1))
      .slice(0, keep)
      .map((g) => g.key),
  );
  return groupAt(sub, tier, ids, "folder", (id) =>
    kept.has(fine.groupOf.get(id)!) ? placeOf(id) : ELSEWHERE,
  );
}
