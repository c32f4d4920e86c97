/**
 * Small, valid v12 manifests written by tests, for cases the real fixtures
 * don't have (incomplete nodes, hooks, hostile names). Only the keys ODS
 * reads are filled; each can be overridden.
 */
import { createHash } from "node:crypto";

export const PROJECT = "shop";

export interface ModelSpec {
  name: string;
  sql?: string;
  raw?: string | null;
  compiled?: string | null;
  materialized?: string;
  resourceType?: "model" | "seed" | "snapshot";
  language?: "sql" | "python";
  dependsOn?: string[];
  macros?: string[];
  config?: Record<string, unknown> | null;
  checksum?: { name: string; checksum: string } | null;
  postHooks?: string[];
  preHooks?: string[];
  schema?: string;
  contract?: { enforced: boolean; columns?: Record<string, { data_type: string; constraints?: unknown[] }> };
}

export interface TestSpec {
  name: string;
  /** unique_ids of the nodes or sources the test reads. */
  reads: string[];
  column?: string;
}

export interface MacroSpec {
  name: string;
  sql: string;
  packageName?: string;
  dependsOn?: string[];
}

const sha = (text: string) => createHash("sha256").update(text).digest("hex");

export function modelId(name: string, type = "model"): string {
  return `${type}.${PROJECT}.${name}`;
}

export function macroId(name: string, packageName = PROJECT): string {
  return `macro.${packageName}.${name}`;
}

/** Engine macros every manifest lists: the materializations used by the builders' nodes. */
const ENGINE_MACROS: MacroSpec[] = ["view", "table", "incremental", "seed", "snapshot"].map((m) => ({
  name: `materialization_${m}_default`,
  sql: `{% materialization ${m}, default %}…{% endmaterialization %}`,
  packageName: "dbt",
}));

export function buildManifest(
  models: ModelSpec[],
  options: { macros?: MacroSpec[]; sources?: string[]; dbtVersion?: string; tests?: TestSpec[] } = {},
): Record<string, unknown> {
  const nodes: Record<string, unknown> = {};
  for (const test of options.tests ?? []) {
    const id = `test.${PROJECT}.${test.name}`;
    nodes[id] = {
      unique_id: id,
      resource_type: "test",
      name: test.name,
      original_file_path: "models/schema.yml",
      package_name: PROJECT,
      fqn: [PROJECT, test.name],
      test_metadata: { name: "not_null", namespace: null, kwargs: { column_name: test.column ?? "id" } },
      language: "sql",
      raw_code: "{{ test_not_null(**_dbt_generic_test_kwargs) }}",
      checksum: { name: "none", checksum: "" },
      config: { enabled: true, severity: "ERROR" },
      depends_on: { nodes: test.reads, macros: [] },
      attached_node: test.reads[0] ?? null,
      column_name: test.column ?? "id",
    };
  }
  for (const spec of models) {
    const type = spec.resourceType ?? "model";
    const id = modelId(spec.name, type);
    const raw = spec.raw === undefined ? (spec.sql ?? `select 1 as id`) : spec.raw;
    const compiled = spec.compiled === undefined ? (spec.sql ?? `select 1 as id`) : spec.compiled;
    const materialized = spec.materialized ?? (type === "model" ? "table" : type);
    const config =
      spec.config === null
        ? null
        : {
            enabled: true,
            materialized,
            tags: [],
            meta: {},
            "post-hook": (spec.postHooks ?? []).map((sql, index) => ({ sql, transaction: true, index })),
            "pre-hook": (spec.preHooks ?? []).map((sql, index) => ({ sql, transaction: true, index })),
            contract: { enforced: spec.contract?.enforced ?? false, alias_types: true },
            ...spec.config,
          };
    const schema = spec.schema ?? "analytics";
    nodes[id] = {
      unique_id: id,
      resource_type: type,
      name: spec.name,
      package_name: PROJECT,
      path: `${spec.name}.sql`,
      original_file_path: `models/${spec.name}.sql`,
      fqn: [PROJECT, spec.name],
      database: "warehouse",
      schema,
      alias: spec.name,
      relation_name: `"warehouse"."${schema}"."${spec.name}"`,
      language: type === "seed" ? null : (spec.language ?? "sql"),
      raw_code: raw,
      ...(compiled === null ? {} : { compiled_code: compiled, compiled: true }),
      checksum: spec.checksum === undefined ? { name: "sha256", checksum: sha(raw ?? "") } : spec.checksum,
      config,
      depends_on: { nodes: spec.dependsOn ?? [], macros: spec.macros ?? [] },
      contract: { enforced: spec.contract?.enforced ?? false, alias_types: true, checksum: null },
      columns: Object.fromEntries(
        Object.entries(spec.contract?.columns ?? {}).map(([name, column]) => [
          name,
          { name, data_type: column.data_type, constraints: column.constraints ?? [], quote: null },
        ]),
      ),
      constraints: [],
      tags: [],
      version: null,
    };
  }
  const sources: Record<string, unknown> = {};
  for (const name of options.sources ?? []) {
    const [sourceName, table] = name.split(".") as [string, string];
    const id = `source.${PROJECT}.${sourceName}.${table}`;
    sources[id] = {
      unique_id: id,
      name: table,
      source_name: sourceName,
      package_name: PROJECT,
      original_file_path: "models/sources.yml",
      fqn: [PROJECT, sourceName, table],
      database: "warehouse",
      schema: sourceName,
      identifier: table,
      relation_name: `"warehouse"."${sourceName}"."${table}"`,
      loaded_at_field: "_loaded_at",
      freshness: {
        warn_after: { count: 12, period: "hour" },
        error_after: { count: null, period: null },
        filter: null,
      },
      tags: [],
    };
  }
  const macros: Record<string, unknown> = {};
  for (const macro of [...ENGINE_MACROS, ...(options.macros ?? [])]) {
    const id = macroId(macro.name, macro.packageName ?? PROJECT);
    macros[id] = {
      unique_id: id,
      name: macro.name,
      package_name: macro.packageName ?? PROJECT,
      original_file_path: `macros/${macro.name}.sql`,
      macro_sql: macro.sql,
      depends_on: { macros: macro.dependsOn ?? [] },
    };
  }
  return {
    metadata: {
      dbt_schema_version: "https://schemas.getdbt.com/dbt/manifest/v12.json",
      dbt_version: options.dbtVersion ?? "1.10.4",
      generated_at: "2026-11-01T10:00:00Z",
      invocation_id: "00000000-0000-4000-8000-000000000001",
      adapter_type: "duckdb",
      project_name: PROJECT,
    },
    nodes,
    sources,
    macros,
    unit_tests: {},
    exposures: {},
    metrics: {},
  };
}
