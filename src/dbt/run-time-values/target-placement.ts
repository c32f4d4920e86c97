/**
 * The target's database and schema, read from where dbt put the nodes
 * (issue 36), for the `target.database` / `target.schema` reads of a run-time
 * path when the edge doesn't know them. dbt's own name macros put a model or
 * seed without a `schema` config in `target.schema`, and one without a
 * `database` config in `target.database` (dbt-adapters
 * include/global_project/macros/get_custom_name/get_custom_schema.sql
 * `default__generate_schema_name`, get_custom_database.sql
 * `default__generate_database_name`). So when the project and its packages
 * don't override those macros, every such node's schema (database) is the
 * target's, and they all agree: that value is taken. An override counts as
 * keeping that when it opens with the branch dbt's documentation shows
 * (`{% set default_schema = target.schema %}{% if custom_schema_name is none
 * %}{{ default_schema }}`, whitespace control aside), as the jaffle-shop
 * fixtures' does; any other override, a disagreement, or no such node: not
 * known (null), and the read stays unseen. Snapshots are left out (before
 * dbt 1.9 `target_schema` places them).
 */
import type { MacroIndex } from "../fingerprint/macro-index.js";
import type { ProjectGraph } from "../graph.js";

export interface TargetPlacement {
  database: string | null;
  schema: string | null;
}

const cache = new WeakMap<ProjectGraph, TargetPlacement>();

export function targetPlacement(graph: ProjectGraph, macros: MacroIndex): TargetPlacement {
  let found = cache.get(graph);
  if (found !== undefined) return found;
  const changes = (key: "database" | "schema") =>
    macros
      .userMacrosNamed(`generate_${key}_name`)
      .some((id) => !keepsTargetByDefault(macros.get(id)?.macroSql ?? "", key));
  found = {
    database: changes("database") ? null : agreed(graph, "database"),
    schema: changes("schema") ? null : agreed(graph, "schema"),
  };
  cache.set(graph, found);
  return found;
}

/** Whether an override's first branch gives the target's value to a node with no custom one (see the file comment). */
export function keepsTargetByDefault(sql: string, key: "database" | "schema"): boolean {
  const flat = sql
    .replace(/\{([{%])-/g, "{$1")
    .replace(/-([}%])\}/g, "$1}")
    .replace(/\s+/g, " ");
  const opening = new RegExp(
    `\\{% macro generate_${key}_name\\([^)]*\\) ?%\\} ?\\{% set default_${key} = target\\.${key} ?%\\} ?\\{% if custom_${key}_name is none ?%\\} ?\\{\\{ ?default_${key} ?\\}\\} ?\\{% else ?%\\}`,
  );
  return opening.test(flat.trim());
}

function agreed(graph: ProjectGraph, key: "database" | "schema"): string | null {
  let value: string | null = null;
  for (const { node } of graph.nodes.values()) {
    if (node.resourceType !== "model" && node.resourceType !== "seed") continue;
    const custom = node.config?.[key];
    if (node.config === null || (custom !== undefined && custom !== null)) continue;
    const placed = node.relation[key];
    if (placed === null) return null;
    if (value === null) value = placed;
    else if (value !== placed) return null;
  }
  return value;
}
