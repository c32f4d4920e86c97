/**
 * Where a node lives, for grouping the lineage: its folder (the directory of
 * its file, `file` or `path`, when the entry carries one, to a depth; else its package and
 * schema), a source's source name, the package of a node outside the plan;
 * and its package. Pure.
 */
import type { LineageEntry } from "./mermaid-picture.js";

/** The folder of a node, its directory cut to `depth` parts (all by default). */
export function folderOf(
  id: string,
  entry: LineageEntry | undefined,
  project: string,
  depth = Number.POSITIVE_INFINITY,
): string {
  if (!entry) {
    const parts = id.split(".");
    return id.startsWith("source.") ? `source ${parts[2] ?? "?"}` : `outside: ${parts[1] ?? "?"}`;
  }
  const file = entry.file ?? entry.path;
  if (file) {
    const dir = file.replaceAll("\\", "/").split("/").slice(0, -1).slice(0, depth).join("/");
    return entry.package_name && entry.package_name !== project ? `${entry.package_name}/${dir}` : dir || ".";
  }
  return `${entry.package_name || project} ${entry.relation.schema}`;
}

/** The package of a node (a source's or an outside node's from its id). */
export function packageOf(id: string, entry: LineageEntry | undefined, project: string): string {
  if (entry) return entry.package_name || project;
  return id.split(".")[1] ?? project;
}
