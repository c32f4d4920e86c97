/**
 * What a node is grouped under when the picture groups: its folder (the
 * directory of its path, to a depth; else package and schema; sources per
 * source; outside nodes per package) or its package. Computed once per node
 * and grouping. Pure.
 */
import type { ImpactedSubgraph } from "./impacted-subgraph.js";

export type GroupBy = "folder" | "package";

/** The grouping key of a node, by folder (to `depth` parts) or package, remembered per grouping. */
export function groupKeys(subgraph: ImpactedSubgraph): (id: string, by: GroupBy, depth: number) => string {
  const dirs = new Map<string, string[]>();
  const folders = new Map<string, Map<string, string>>();
  const { byId, project } = subgraph;

  const computeFolder = (id: string, by: GroupBy, depth: number): string => {
    const e = byId.get(id);
    if (!e) {
      if (id.startsWith("source.")) {
        const parts = id.split(".");
        return by === "folder" ? `source ${parts[2] ?? "?"}` : `sources of ${parts[1] ?? "?"}`;
      }
      return by === "folder" ? `outside: ${id.split(".")[1] ?? "?"}` : "outside the plan";
    }
    if (by === "package") return e.package_name || project;
    if (e.path) {
      let parts = dirs.get(id);
      if (!parts) {
        parts = e.path.replaceAll("\\", "/").split("/").slice(0, -1);
        dirs.set(id, parts);
      }
      const dir = parts.slice(0, depth).join("/");
      return e.package_name && e.package_name !== project ? `${e.package_name}/${dir}` : dir || ".";
    }
    return `${e.package_name || project} ${e.relation.schema}`;
  };

  return (id, by, depth) => {
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
  };
}
