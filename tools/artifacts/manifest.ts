/** manifest.json (v12) of `dbt parse`, `dbt compile` or `dbt build`, as dbt-core 1.10 writes it for dbt-duckdb. */

import { dirParts, type JsonObject, type JsonValue, md5, sha256, stripPrefix } from "./dbt-values.js";
import type { ColumnSpec, HookSpec, ModelConfigSpec, ModelSpec, ProjectSpec } from "./project-spec.js";
import {
  type ResolvedProject,
  type ResolvedTest,
  type ResolveOptions,
  resolveProject,
} from "./resolve-project.js";
import { epochSeconds, fromSeconds, isoOffset, isoZ, parseMicros } from "./time.js";

export type ManifestCommand = "parse" | "compile" | "build";

export interface InvocationSpec {
  id: string;
  /** When the command started (`2026-11-30T08:05:00.000000Z`). */
  startedAt: string;
  /** When the artifact was written. */
  generatedAt: string;
}

export interface ManifestOptions extends ResolveOptions {
  dbtVersion: string;
  invocation: InvocationSpec;
  /**
   * Which command wrote the manifest. `compile`: every model and test has
   * compiled code. `build`: the executed nodes (`executed`, default all) have
   * compiled code and a build path; the others have none, as dbt leaves them.
   * `parse`: nothing is compiled.
   */
  command: ManifestCommand;
  executed?: ReadonlySet<string>;
  /** Where the project was checked out (seeds' root_path). */
  projectRoot: string;
  /** When parsing finished, the base of every `created_at` (default: startedAt + 0.4 s). */
  parsedAt?: string;
}

const DOCS = { show: true, node_color: null };

function columnEntries(columns: ColumnSpec[]): JsonObject {
  const out: JsonObject = {};
  for (const column of columns) {
    if (column.description === undefined && column.dataType === undefined) continue;
    out[column.name] = {
      name: column.name,
      description: column.description ?? "",
      meta: {},
      data_type: column.dataType ?? null,
      constraints: [],
      quote: null,
      config: { meta: {}, tags: [] },
      tags: [],
      granularity: null,
      doc_blocks: column.docBlocks ?? [],
    };
  }
  return out;
}

function hookEntries(hooks: HookSpec[] | undefined): JsonValue[] {
  return (hooks ?? []).map((hook) => ({ sql: hook.sql, transaction: hook.transaction ?? true, index: null }));
}

function modelConfig(config: ModelConfigSpec): JsonObject {
  return {
    enabled: true,
    alias: config.alias ?? null,
    schema: config.schema ?? null,
    database: null,
    tags: config.tags ?? [],
    meta: config.meta ?? {},
    group: null,
    materialized: config.materialized,
    incremental_strategy: config.incrementalStrategy ?? null,
    batch_size: null,
    lookback: 1,
    begin: null,
    persist_docs: {},
    "post-hook": hookEntries(config.postHook),
    "pre-hook": hookEntries(config.preHook),
    quoting: {},
    column_types: {},
    full_refresh: null,
    unique_key: config.uniqueKey ?? null,
    on_schema_change: config.onSchemaChange ?? "ignore",
    on_configuration_change: "apply",
    grants: config.grants ?? {},
    packages: [],
    docs: { ...DOCS },
    contract: { enforced: config.contract?.enforced ?? false, alias_types: true },
    event_time: null,
    concurrent_batches: null,
    access: config.access ?? "protected",
    freshness: null,
  };
}

function unrenderedModelConfig(config: ModelConfigSpec): JsonObject {
  const out: JsonObject = { materialized: config.materialized };
  if (config.schema !== undefined) out.schema = config.schema;
  if (config.alias !== undefined) out.alias = config.alias;
  if (config.tags !== undefined) out.tags = config.tags;
  if (config.meta !== undefined) out.meta = config.meta;
  if (config.incrementalStrategy !== undefined) out.incremental_strategy = config.incrementalStrategy;
  if (config.uniqueKey !== undefined) out.unique_key = config.uniqueKey;
  if (config.onSchemaChange !== undefined) out.on_schema_change = config.onSchemaChange;
  for (const [key, hooks] of [
    ["pre-hook", config.preHook],
    ["post-hook", config.postHook],
  ] as const) {
    if (hooks === undefined) continue;
    out[key] = hooks.length === 1 ? hooks[0]!.sql : hooks.map((hook) => hook.sql);
  }
  if (config.contract !== undefined) out.contract = { enforced: config.contract.enforced };
  if (config.grants !== undefined) out.grants = config.grants;
  if (config.access !== undefined) out.access = config.access;
  return out;
}

/** dbt's ModelNode.build_contract_checksum, for columns without constraints. */
function contractChecksum(spec: ModelSpec): string | null {
  if (!spec.config.contract?.enforced) return null;
  const documented = spec.columns.filter((c) => c.description !== undefined || c.dataType !== undefined);
  let state = "";
  for (const column of [...documented].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    state += `|${column.name}${column.dataType ?? "None"}[]`;
  }
  if (["table", "incremental"].includes(spec.config.materialized)) state += `${spec.config.materialized}[]`;
  return sha256(state);
}

const TEST_RUNTIME_MACROS = [
  "macro.dbt.get_limit_subquery_sql",
  "macro.dbt.should_store_failures",
  "macro.dbt.statement",
];

/** Which nodes a build ran, and which it compiled (ephemeral models its nodes inlined). */
export function executionSets(
  resolved: ResolvedProject,
  options: Pick<ManifestOptions, "command" | "executed">,
): { executed: Set<string>; compiled: Set<string> } {
  const executed = new Set<string>();
  const compiled = new Set<string>();
  if (options.command === "parse") return { executed, compiled };
  const all = [...resolved.models.keys(), ...resolved.seeds.keys(), ...resolved.tests.keys()];
  if (options.command === "compile") {
    for (const id of all) if (!id.startsWith("seed.")) compiled.add(id);
    return { executed, compiled };
  }
  for (const id of all) {
    const model = resolved.models.get(id);
    if (model?.spec.config.materialized === "ephemeral") continue;
    if (!options.executed || options.executed.has(id)) executed.add(id);
  }
  for (const id of resolved.unitTests.keys()) {
    if (!options.executed || options.executed.has(id)) executed.add(id);
  }
  for (const id of executed) {
    if (id.startsWith("seed.") || id.startsWith("unit_test.")) continue;
    compiled.add(id);
    for (const cte of resolved.models.get(id)?.extraCtes ?? []) compiled.add(cte.id);
  }
  return { executed, compiled };
}

export function buildManifest(project: ProjectSpec, options: ManifestOptions): JsonObject {
  const resolved = resolveProject(project, options);
  const { target } = options;
  const pkg = project.name;
  const { executed, compiled } = executionSets(resolved, options);
  const started = parseMicros(options.invocation.startedAt);
  let clock = options.parsedAt ? parseMicros(options.parsedAt) : started + fromSeconds(0.4);
  const createdAt = (): number => {
    clock += 1733; // parse order: each node a little after the previous one
    return epochSeconds(clock);
  };
  const testsByNode = new Map<string | null, ResolvedTest[]>();
  for (const test of resolved.tests.values()) {
    const list = testsByNode.get(test.attachedNode);
    if (list) list.push(test);
    else testsByNode.set(test.attachedNode, [test]);
  }
  const testsOf = (nodeId: string): ResolvedTest[] => testsByNode.get(nodeId) ?? [];
  const patchPath = (ymlPath: string | undefined, packageName = pkg): string | null =>
    ymlPath ? `${packageName}://${ymlPath}` : null;

  // Macros first in created_at order: dbt parses macros before nodes.
  const macros: JsonObject = {};
  for (const [uniqueId, macro] of resolved.macros) {
    macros[uniqueId] = {
      name: macro.name,
      resource_type: "macro",
      package_name: macro.packageName,
      path: macro.path,
      original_file_path: macro.path,
      unique_id: uniqueId,
      macro_sql: macro.macroSql,
      depends_on: { macros: macro.dependsOn },
      description: macro.description ?? "",
      meta: {},
      docs: { ...DOCS },
      patch_path: macro.patchPath ?? null,
      arguments: macro.arguments ?? [],
      created_at: createdAt(),
      supported_languages: macro.supportedLanguages ?? null,
    };
  }

  const nodes: JsonObject = {};
  for (const model of resolved.models.values()) {
    const { spec } = model;
    const isCompiled = compiled.has(model.uniqueId);
    const isExecuted = executed.has(model.uniqueId);
    const config = modelConfig(spec.config);
    const modelTests = testsOf(model.uniqueId);
    const testedWith = (column: string, kind: string): boolean =>
      modelTests.some((t) => t.spec.column === column && t.spec.kind === kind);
    const primaryKey = spec.columns
      .map((c) => c.name)
      .filter((name) => testedWith(name, "unique") && testedWith(name, "not_null"));
    const node: JsonObject = {
      database: model.database,
      schema: model.schema,
      name: spec.name,
      resource_type: "model",
      package_name: spec.packageName ?? pkg,
      path: spec.path,
      original_file_path: `models/${spec.path}`,
      unique_id: model.uniqueId,
      fqn: model.fqn,
      alias: model.alias,
      checksum: { name: "sha256", checksum: sha256(spec.rawCode.trim()) },
      config,
      tags: config.tags!,
      description: spec.description ?? "",
      columns: columnEntries(spec.columns),
      meta: config.meta!,
      group: null,
      docs: { ...DOCS },
      patch_path: patchPath(spec.ymlPath, spec.packageName),
      build_path: isExecuted ? `target/run/${spec.packageName ?? pkg}/models/${spec.path}` : null,
      unrendered_config: unrenderedModelConfig(spec.config),
      created_at: createdAt(),
      relation_name: model.relationName,
      raw_code: spec.rawCode.trim(),
      doc_blocks: [],
      language: "sql",
      refs: model.refs.map((name) => ({ name, package: null, version: null })),
      sources: model.sources,
      metrics: [],
      depends_on: { macros: model.macros, nodes: model.dependsOnNodes },
      compiled_path: isCompiled ? `target/compiled/${spec.packageName ?? pkg}/models/${spec.path}` : null,
    };
    if (isCompiled) {
      node.compiled = true;
      node.compiled_code = model.compiledCode;
      node.extra_ctes_injected = true;
      node.extra_ctes = model.extraCtes;
    }
    Object.assign(node, {
      contract: {
        enforced: spec.config.contract?.enforced ?? false,
        alias_types: true,
        checksum: contractChecksum(spec),
      },
      access: spec.config.access ?? "protected",
      constraints: [],
      version: null,
      latest_version: null,
      deprecation_date: null,
      primary_key: primaryKey,
      time_spine: null,
    });
    nodes[model.uniqueId] = node;
  }

  for (const seed of resolved.seeds.values()) {
    const { spec } = seed;
    const base = modelConfig({ materialized: "view" });
    const config: JsonObject = {};
    for (const [key, value] of Object.entries(base)) {
      if (key === "access" || key === "freshness") continue;
      config[key] = key === "materialized" ? "seed" : value;
    }
    config.delimiter = ",";
    config.quote_columns = null;
    nodes[seed.uniqueId] = {
      database: seed.database,
      schema: seed.schema,
      name: spec.name,
      resource_type: "seed",
      package_name: spec.packageName ?? pkg,
      path: spec.path,
      original_file_path: `seeds/${spec.path}`,
      unique_id: seed.uniqueId,
      fqn: [spec.packageName ?? pkg, ...dirParts(spec.path), spec.name],
      alias: spec.name,
      checksum: { name: "sha256", checksum: sha256(spec.csv.trim()) },
      config,
      tags: [],
      description: spec.description ?? "",
      columns: columnEntries(spec.columns),
      meta: {},
      group: null,
      docs: { ...DOCS },
      patch_path: patchPath(spec.ymlPath, spec.packageName),
      build_path: executed.has(seed.uniqueId)
        ? `target/run/${spec.packageName ?? pkg}/seeds/${spec.path}`
        : null,
      unrendered_config: {},
      created_at: createdAt(),
      relation_name: seed.relationName,
      raw_code: "",
      doc_blocks: [],
      root_path: options.projectRoot,
      depends_on: { macros: [] },
    };
  }

  for (const test of resolved.tests.values()) {
    const isCompiled = compiled.has(test.uniqueId);
    const isExecuted = executed.has(test.uniqueId);
    const hasAlias = test.alias !== test.name;
    const fileDir = test.spec.ymlPath;
    const testPkg = test.spec.packageName ?? pkg;
    const node: JsonObject = {
      database: target.database,
      schema: test.schema,
      name: test.name,
      resource_type: "test",
      package_name: testPkg,
      path: `${test.alias}.sql`,
      original_file_path: test.spec.ymlPath,
      unique_id: test.uniqueId,
      fqn: [testPkg, ...dirParts(stripPrefix(test.spec.ymlPath, "models/")), test.name],
      alias: test.alias,
      checksum: { name: "none", checksum: "" },
      config: {
        enabled: true,
        alias: hasAlias ? test.alias : null,
        schema: "dbt_test__audit",
        database: null,
        tags: [],
        meta: {},
        group: null,
        materialized: "test",
        severity: "ERROR",
        store_failures: null,
        store_failures_as: null,
        where: null,
        limit: null,
        fail_calc: "count(*)",
        warn_if: "!= 0",
        error_if: "!= 0",
      },
      tags: [],
      description: "",
      columns: {},
      meta: {},
      group: null,
      docs: { ...DOCS },
      patch_path: null,
      build_path: isExecuted ? `target/run/${testPkg}/${fileDir}/${test.alias}.sql` : null,
      unrendered_config: hasAlias ? { alias: test.alias } : {},
      created_at: createdAt(),
      relation_name: null,
      raw_code:
        `{{ test_${test.spec.kind}(**_dbt_generic_test_kwargs) }}` +
        (hasAlias ? `{{ config(alias="${test.alias}") }}` : ""),
      doc_blocks: [],
      language: "sql",
      refs: test.refs.map((name) => ({ name, package: null, version: null })),
      sources: test.sources,
      metrics: [],
      depends_on: {
        macros: [
          `macro.dbt.test_${test.spec.kind}`,
          "macro.dbt.get_where_subquery",
          ...(isExecuted ? TEST_RUNTIME_MACROS : []),
        ],
        nodes: test.dependsOnNodes,
      },
      compiled_path: isCompiled ? `target/compiled/${testPkg}/${fileDir}/${test.alias}.sql` : null,
    };
    if (isCompiled) {
      node.compiled = true;
      node.compiled_code = test.compiledCode;
      node.extra_ctes_injected = true;
      node.extra_ctes = [];
    }
    Object.assign(node, {
      contract: { enforced: false, alias_types: true, checksum: null },
      column_name: test.spec.column,
      file_key_name: test.fileKeyName,
      attached_node: test.attachedNode,
      test_metadata: test.testMetadata,
    });
    nodes[test.uniqueId] = node;
  }

  const sources: JsonObject = {};
  for (const resolvedSource of resolved.sources.values()) {
    const { source, table } = resolvedSource;
    const freshness = source.freshness
      ? {
          warn_after: { ...source.freshness.warnAfter },
          error_after: { ...source.freshness.errorAfter },
          filter: source.freshness.filter ?? null,
        }
      : {
          warn_after: { count: null, period: null },
          error_after: { count: null, period: null },
          filter: null,
        };
    const unrendered: JsonObject = {};
    if (source.freshness) unrendered.freshness = freshness;
    if (source.loadedAtField) unrendered.loaded_at_field = source.loadedAtField;
    unrendered.loaded_at_query = null;
    unrendered.meta = {};
    unrendered.tags = [];
    sources[resolvedSource.uniqueId] = {
      database: resolvedSource.database,
      schema: source.schema,
      name: table.name,
      resource_type: "source",
      package_name: pkg,
      path: source.ymlPath,
      original_file_path: source.ymlPath,
      unique_id: resolvedSource.uniqueId,
      fqn: [pkg, ...dirParts(stripPrefix(source.ymlPath, "models/")), source.sourceName, table.name],
      source_name: source.sourceName,
      source_description: source.description ?? "",
      loader: source.loader ?? "",
      identifier: table.identifier ?? table.name,
      quoting: { database: null, schema: null, identifier: null, column: null },
      loaded_at_field: source.loadedAtField ?? null,
      loaded_at_query: null,
      freshness,
      external: null,
      description: table.description ?? "",
      columns: columnEntries(table.columns),
      meta: {},
      source_meta: {},
      tags: [],
      config: {
        enabled: true,
        event_time: null,
        freshness,
        loaded_at_field: source.loadedAtField ?? null,
        loaded_at_query: null,
        meta: {},
        tags: [],
      },
      patch_path: null,
      unrendered_config: unrendered,
      relation_name: resolvedSource.relationName,
      created_at: createdAt(),
      unrendered_database: null,
      unrendered_schema: source.schema,
      doc_blocks: [],
    };
  }

  const docs: JsonObject = {};
  docs["doc.dbt.__overview__"] = {
    name: "__overview__",
    resource_type: "doc",
    package_name: "dbt",
    path: "overview.md",
    original_file_path: "docs/overview.md",
    unique_id: "doc.dbt.__overview__",
    block_contents:
      "### Welcome!\n\nThis is the auto-generated documentation of your dbt project: its models, sources, seeds and tests, and the lineage between them.\n\nUse the Project and Database tabs to browse, and the graph button to see the lineage of a node.",
  };
  for (const doc of project.docs) {
    docs[`doc.${pkg}.${doc.name}`] = {
      name: doc.name,
      resource_type: "doc",
      package_name: pkg,
      path: doc.path,
      original_file_path: `models/${doc.path}`,
      unique_id: `doc.${pkg}.${doc.name}`,
      block_contents: doc.contents,
    };
  }

  const unitTests: JsonObject = {};
  for (const unit of resolved.unitTests.values()) {
    const { spec } = unit;
    const relativeYml = stripPrefix(spec.ymlPath, "models/");
    const given = spec.given.map((input) => ({
      input: input.input,
      rows: input.rows,
      format: "dict",
      fixture: null,
    }));
    const expect = { rows: spec.expect.rows, format: "dict", fixture: null };
    unitTests[unit.uniqueId] = {
      model: spec.model,
      given,
      expect,
      name: spec.name,
      resource_type: "unit_test",
      package_name: pkg,
      path: relativeYml,
      original_file_path: spec.ymlPath,
      unique_id: unit.uniqueId,
      fqn: [pkg, ...dirParts(relativeYml), spec.model, spec.name],
      description: spec.description ?? "",
      overrides: null,
      depends_on: { macros: [], nodes: [unit.modelId] },
      config: { tags: [], meta: {}, enabled: true },
      // dbt hashes model, versions, given, expect and overrides; this hashes the same fields as JSON.
      checksum: sha256(JSON.stringify({ model: spec.model, versions: null, given, expect, overrides: null })),
      schema: unit.schema,
      created_at: createdAt(),
      versions: null,
      version: null,
    };
  }

  // parent_map / child_map over nodes, sources and unit tests, values sorted.
  const parentMap: Record<string, string[]> = {};
  const childMap: Record<string, string[]> = {};
  const edgeMembers: [string, string[]][] = [
    ...Object.entries(nodes).map(
      ([id, node]) =>
        [id, ((node as JsonObject).depends_on as { nodes?: string[] }).nodes ?? []] as [string, string[]],
    ),
    ...Object.keys(sources).map((id) => [id, []] as [string, string[]]),
    ...[...resolved.unitTests.values()].map((unit) => [unit.uniqueId, [unit.modelId]] as [string, string[]]),
  ];
  for (const [id] of edgeMembers) childMap[id] = [];
  for (const [id, parents] of edgeMembers) {
    parentMap[id] = [...parents];
    for (const parent of parents) childMap[parent]?.push(id);
  }
  for (const map of [parentMap, childMap]) for (const list of Object.values(map)) list.sort();

  const generatedAt = parseMicros(options.invocation.generatedAt);
  return {
    metadata: {
      dbt_schema_version: "https://schemas.getdbt.com/dbt/manifest/v12.json",
      dbt_version: options.dbtVersion,
      generated_at: isoZ(generatedAt),
      invocation_id: options.invocation.id,
      invocation_started_at: isoOffset(started),
      env: {},
      project_name: pkg,
      project_id: md5(pkg),
      user_id: null,
      send_anonymous_usage_stats: false,
      adapter_type: "duckdb",
      quoting: { database: true, schema: true, identifier: true, column: null },
    },
    nodes,
    sources,
    macros,
    docs,
    exposures: {},
    metrics: {},
    groups: {},
    selectors: {},
    disabled: {},
    parent_map: parentMap,
    child_map: childMap,
    group_map: {},
    saved_queries: {},
    semantic_models: {},
    unit_tests: unitTests,
  };
}
