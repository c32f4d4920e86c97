import type { ProjectGraph } from "../../dbt/graph.js";

/** A node's or source's name as messages say it: `orders`, `orders.v2`, `raw.orders`. */
export function displayName(graph: ProjectGraph, id: string): string {
  const node = graph.nodes.get(id)?.node;
  if (node) return node.version === null ? node.name : `${node.name}.v${node.version}`;
  const source = graph.sources.get(id)?.source;
  if (source) return `${source.sourceName}.${source.name}`;
  return id;
}
