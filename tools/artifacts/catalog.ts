/** catalog.json (v1) of `dbt docs generate`. */

import type { JsonObject } from "./dbt-values.js";
import type { InvocationSpec } from "./manifest.js";
import type { ColumnSpec, ProjectSpec, TargetSpec } from "./project-spec.js";
import { resolveProject } from "./resolve-project.js";
import { isoZ, parseMicros } from "./time.js";

export interface CatalogOptions {
  target: TargetSpec;
  dbtVersion: string;
  invocation: InvocationSpec;
}

function catalogEntry(
  uniqueId: string,
  type: "BASE TABLE" | "VIEW",
  database: string,
  schema: string,
  name: string,
  columns: ColumnSpec[],
): JsonObject {
  const cols: JsonObject = {};
  columns.forEach((column, i) => {
    cols[column.name] = { type: column.type, index: i + 1, name: column.name, comment: null };
  });
  return {
    metadata: { type, schema, name, database, comment: null, owner: null },
    columns: cols,
    stats: {
      has_stats: {
        id: "has_stats",
        label: "Has Stats?",
        value: false,
        include: false,
        description: "Indicates whether there are statistics for this table",
      },
    },
    unique_id: uniqueId,
  };
}

function sortedBySchemaAndName(entries: JsonObject[]): JsonObject {
  const key = (entry: JsonObject): string => {
    const metadata = entry.metadata as JsonObject;
    return `${metadata.schema}\u0000${metadata.name}`;
  };
  const out: JsonObject = {};
  for (const entry of [...entries].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0))) {
    out[entry.unique_id as string] = entry;
  }
  return out;
}

/** catalog.json of `dbt docs generate`: every relation the project built, and its sources. */
export function buildCatalog(project: ProjectSpec, options: CatalogOptions): JsonObject {
  const resolved = resolveProject(project, options);
  const nodes: JsonObject[] = [];
  for (const model of resolved.models.values()) {
    if (model.relationName === null) continue;
    const type = model.spec.config.materialized === "view" ? "VIEW" : "BASE TABLE";
    nodes.push(
      catalogEntry(model.uniqueId, type, model.database, model.schema, model.alias, model.spec.columns),
    );
  }
  for (const seed of resolved.seeds.values()) {
    nodes.push(
      catalogEntry(
        seed.uniqueId,
        "BASE TABLE",
        seed.database,
        seed.schema,
        seed.spec.name,
        seed.spec.columns,
      ),
    );
  }
  const sources: JsonObject[] = [];
  for (const source of resolved.sources.values()) {
    sources.push(
      catalogEntry(
        source.uniqueId,
        "BASE TABLE",
        source.database,
        source.source.schema,
        source.table.identifier ?? source.table.name,
        source.table.columns,
      ),
    );
  }
  return {
    metadata: {
      dbt_schema_version: "https://schemas.getdbt.com/dbt/catalog/v1.json",
      dbt_version: options.dbtVersion,
      generated_at: isoZ(parseMicros(options.invocation.generatedAt)),
      invocation_id: options.invocation.id,
      invocation_started_at: isoZ(parseMicros(options.invocation.startedAt)),
      env: {},
    },
    nodes: sortedBySchemaAndName(nodes),
    sources: sortedBySchemaAndName(sources),
    errors: null,
  };
}
