/** run_results.json (v6) of `dbt build`, with the SQL dbt ran for each node. */
import { createHash } from "node:crypto";
import type { JsonObject } from "./dbt-values.js";
import { executionSets, type InvocationSpec } from "./manifest.js";
import type { ColumnSpec, ProjectSpec, Scalar } from "./project-spec.js";
import {
  injectCtes,
  type ResolvedProject,
  type ResolvedTest,
  type ResolvedUnitTest,
  type ResolveOptions,
  resolveProject,
} from "./resolve-project.js";
import { fromSeconds, isoZ, parseMicros } from "./time.js";

export interface RunResultsOptions extends ResolveOptions {
  dbtVersion: string;
  invocation: Omit<InvocationSpec, "generatedAt">;
  /** `dbt build --target prod --select stg_orders+` */
  invocationCommand: string;
  /** What `--select` said (`args.select`), empty for everything. */
  select: string[];
  /** Unique ids the build ran (from selectBuild); default: everything. */
  executed?: ReadonlySet<string>;
  projectRoot: string;
  profilesDir: string;
  /** Seconds from the start of the invocation to the first node (parsing, connecting). */
  setupSeconds?: number;
}

export function durations(uniqueId: string): { compile: number; gap: number; execute: number; tail: number } {
  const digest = createHash("sha256").update(uniqueId).digest();
  const between = (offset: number, low: number, high: number): number =>
    Math.round(low + (digest.readUInt32BE(offset) / 0xffffffff) * (high - low));
  const kind = uniqueId.split(".")[0];
  const execute =
    kind === "seed"
      ? between(8, 180_000, 420_000)
      : kind === "test" || kind === "unit_test"
        ? between(8, 25_000, 140_000)
        : between(8, 60_000, 480_000);
  return {
    compile: between(0, 2_000, 30_000),
    gap: between(4, 400, 9_000),
    execute,
    tail: between(12, 1_500, 12_000),
  };
}

function fixtureLiteral(value: Scalar): string {
  if (value === null) return "null";
  if (typeof value === "string") return `'${value.replaceAll("'", "''")}'`;
  if (typeof value === "boolean") return value ? "True" : "False";
  return String(value);
}

function fixtureType(type: string): string {
  return type === "VARCHAR" ? "character varying(256)" : type;
}

/** The SQL dbt runs for a unit test: the model's SQL with each input replaced by a fixture CTE. */
function unitTestSql(resolved: ResolvedProject, unit: ResolvedUnitTest): string {
  const model = resolved.models.get(unit.modelId)!;
  let sql = model.compiledCode;
  const ctes: { sql: string }[] = [];
  for (const input of unit.spec.given) {
    const sourceMatch = /^source\('([^']+)',\s*'([^']+)'\)$/.exec(input.input);
    const refMatch = /^ref\('([^']+)'\)$/.exec(input.input);
    let relationName: string;
    let name: string;
    let columns: ColumnSpec[];
    if (sourceMatch) {
      const source = resolved.sources.get(
        `source.${resolved.project.name}.${sourceMatch[1]}.${sourceMatch[2]}`,
      );
      if (!source) throw new Error(`unit test ${unit.spec.name}: unknown input ${input.input}`);
      relationName = source.relationName;
      name = source.table.name;
      columns = source.table.columns;
    } else if (refMatch) {
      const parent =
        resolved.models.get(`model.${resolved.project.name}.${refMatch[1]}`) ??
        resolved.seeds.get(`seed.${resolved.project.name}.${refMatch[1]}`);
      if (!parent?.relationName) throw new Error(`unit test ${unit.spec.name}: unknown input ${input.input}`);
      relationName = parent.relationName;
      name = refMatch[1]!;
      columns = parent.spec.columns;
    } else {
      throw new Error(`unit test ${unit.spec.name}: unsupported input ${input.input}`);
    }
    const cteName = `__dbt__cte__${name}`;
    sql = sql.replaceAll(relationName, cteName);
    const rows = input.rows.map(
      (row) =>
        `select ${columns
          .map((column) =>
            column.name in row
              ? `\n    \n    cast(${fixtureLiteral(row[column.name]!)} as ${fixtureType(column.type)})\n as "${column.name}"`
              : `cast(null as ${fixtureType(column.type)}) as "${column.name}"`,
          )
          .join(", ")}`,
    );
    ctes.push({ sql: ` ${cteName} as (\n\n-- Fixture for ${name}\n${rows.join("\nunion all\n")}\n)` });
  }
  return `\n\n${injectCtes(sql, ctes)}`;
}

function runArgs(options: RunResultsOptions): JsonObject {
  return {
    cache_selected_only: false,
    defer: false,
    empty: false,
    exclude: [],
    exclude_resource_types: [],
    export_saved_queries: false,
    favor_state: false,
    include_saved_query: false,
    indirect_selection: "eager",
    introspect: true,
    invocation_command: options.invocationCommand,
    log_file_max_bytes: 10485760,
    log_format: "default",
    log_format_file: "debug",
    log_level: "info",
    log_level_file: "debug",
    log_path: `${options.projectRoot}/logs`,
    macro_debugging: false,
    partial_parse: true,
    partial_parse_file_diff: true,
    populate_cache: true,
    print: true,
    printer_width: 80,
    profiles_dir: options.profilesDir,
    project_dir: options.projectRoot,
    quiet: false,
    require_all_warnings_handled_by_warn_error: false,
    require_batched_execution_for_custom_microbatch_strategy: false,
    require_explicit_package_overrides_for_builtin_materializations: true,
    require_nested_cumulative_type_params: false,
    require_resource_names_without_spaces: true,
    require_yaml_configuration_for_mf_time_spines: false,
    resource_types: [],
    select: options.select,
    send_anonymous_usage_stats: false,
    show: false,
    show_all_deprecations: false,
    skip_nodes_if_on_run_start_fails: false,
    source_freshness_run_project_hooks: true,
    state_modified_compare_more_unrendered_values: false,
    state_modified_compare_vars: false,
    static_parser: true,
    strict_mode: false,
    target: options.target.name,
    upload_to_artifacts_ingest_api: false,
    use_colors: true,
    use_colors_file: true,
    use_fast_test_edges: false,
    validate_macro_args: false,
    vars: {},
    version_check: true,
    warn_error_options: { error: [], warn: [], silence: [] },
    which: "build",
    write_json: true,
  };
}

function csvRowCount(csv: string): number {
  return csv.split("\n").filter((line) => line.trim() !== "").length - 1;
}

/**
 * run_results.json of a successful `dbt build`: the executed nodes scheduled
 * on `target.threads` threads in dependency order (a node waits for its
 * parents, its own unit tests and the data tests of its parents, as dbt build
 * does), results in the order they finished.
 */
export function buildRunResults(project: ProjectSpec, options: RunResultsOptions): JsonObject {
  const resolved = resolveProject(project, options);
  const executed = executionSets(resolved, { command: "build", executed: options.executed }).executed;

  // Parents of a node as the build sees them: through ephemeral models to what they read.
  const runParents = (ids: string[]): string[] => {
    const out: string[] = [];
    for (const id of ids) {
      const model = resolved.models.get(id);
      if (model?.spec.config.materialized === "ephemeral") out.push(...runParents(model.dependsOnNodes));
      else out.push(id);
    }
    return out;
  };
  const waitsFor = new Map<string, Set<string>>();
  for (const id of executed) waitsFor.set(id, new Set());
  const addWait = (id: string, on: string): void => {
    if (executed.has(on) && on !== id) waitsFor.get(id)!.add(on);
  };
  // Tests by the nodes they read, and their position, so each model finds the tests of its
  // parents without scanning every test (quadratic at 50,000 nodes).
  const testsReading = new Map<string, ResolvedTest[]>();
  const testPosition = new Map<string, number>();
  for (const test of resolved.tests.values()) {
    testPosition.set(test.uniqueId, testPosition.size);
    for (const id of new Set(test.dependsOnNodes)) {
      const list = testsReading.get(id);
      if (list) list.push(test);
      else testsReading.set(id, [test]);
    }
  }
  for (const model of resolved.models.values()) {
    if (!executed.has(model.uniqueId)) continue;
    const parents = runParents(model.dependsOnNodes);
    for (const parent of parents) addWait(model.uniqueId, parent);
    const parentTests = new Set<ResolvedTest>();
    for (const parent of parents) for (const test of testsReading.get(parent) ?? []) parentTests.add(test);
    const ordered = [...parentTests].sort(
      (a, b) => testPosition.get(a.uniqueId)! - testPosition.get(b.uniqueId)!,
    );
    for (const test of ordered) addWait(model.uniqueId, test.uniqueId);
    for (const unit of resolved.unitTests.values()) {
      if (unit.modelId === model.uniqueId) addWait(model.uniqueId, unit.uniqueId);
    }
  }
  for (const test of resolved.tests.values()) {
    if (!executed.has(test.uniqueId)) continue;
    for (const parent of test.dependsOnNodes) addWait(test.uniqueId, parent);
  }
  for (const unit of resolved.unitTests.values()) {
    if (!executed.has(unit.uniqueId)) continue;
    for (const parent of runParents(resolved.models.get(unit.modelId)!.dependsOnNodes)) {
      addWait(unit.uniqueId, parent);
    }
  }

  // Depth for priority, then list scheduling on the earliest free thread.
  const depth = new Map<string, number>();
  const depthOf = (id: string): number => {
    const known = depth.get(id);
    if (known !== undefined) return known;
    const value = Math.max(-1, ...[...waitsFor.get(id)!].map(depthOf)) + 1;
    depth.set(id, value);
    return value;
  };
  const order = [...executed].sort((a, b) => depthOf(a) - depthOf(b) || (a < b ? -1 : a > b ? 1 : 0));
  const start = parseMicros(options.invocation.startedAt);
  const firstNode = start + fromSeconds(options.setupSeconds ?? 1.35);
  const threads = Array.from({ length: options.target.threads }, () => firstNode);
  const finished = new Map<string, number>();
  const results: { finish: number; entry: JsonObject }[] = [];
  for (const id of order) {
    const ready = Math.max(firstNode, ...[...waitsFor.get(id)!].map((dep) => finished.get(dep)!));
    let thread = 0;
    for (let i = 1; i < threads.length; i++) {
      if (Math.max(threads[i]!, ready) < Math.max(threads[thread]!, ready)) thread = i;
    }
    const begin = Math.max(threads[thread]!, ready);
    const d = durations(id);
    const compileStart = begin + 900;
    const compileEnd = compileStart + d.compile;
    const executeStart = compileEnd + d.gap;
    const executeEnd = executeStart + d.execute;
    const finish = executeEnd + d.tail;
    threads[thread] = finish;
    finished.set(id, finish);
    const timing = [
      { name: "compile", started_at: isoZ(compileStart), completed_at: isoZ(compileEnd) },
      { name: "execute", started_at: isoZ(executeStart), completed_at: isoZ(executeEnd) },
    ];
    const common = {
      timing,
      thread_id: `Thread-${thread + 1} (worker)`,
      execution_time: (finish - begin) / 1e6,
    };
    let entry: JsonObject;
    const kind = id.split(".")[0];
    if (kind === "seed") {
      const rows = csvRowCount(resolved.seeds.get(id)!.spec.csv);
      entry = {
        status: "success",
        ...common,
        adapter_response: { _message: `INSERT ${rows}`, code: "INSERT", rows_affected: rows },
        message: `INSERT ${rows}`,
        failures: null,
        unique_id: id,
        compiled: null,
        compiled_code: null,
        relation_name: null,
        batch_results: null,
      };
    } else if (kind === "model") {
      const model = resolved.models.get(id)!;
      entry = {
        status: "success",
        ...common,
        adapter_response: { _message: "OK" },
        message: "OK",
        failures: null,
        unique_id: id,
        compiled: true,
        compiled_code: model.compiledCode,
        relation_name: model.relationName,
        batch_results: null,
      };
    } else {
      const code =
        kind === "test"
          ? resolved.tests.get(id)!.compiledCode
          : unitTestSql(resolved, resolved.unitTests.get(id)!);
      entry = {
        status: "pass",
        ...common,
        adapter_response: { _message: "OK" },
        message: null,
        failures: 0,
        unique_id: id,
        compiled: true,
        compiled_code: code,
        relation_name: null,
        batch_results: null,
      };
    }
    results.push({ finish, entry });
  }
  results.sort((a, b) => a.finish - b.finish);
  // A loop, not Math.max(...spread): 50,000 arguments would overflow the stack.
  const last = results.reduce((latest, r) => Math.max(latest, r.finish), firstNode);
  const elapsed = last + fromSeconds(0.0421) - start;
  return {
    metadata: {
      dbt_schema_version: "https://schemas.getdbt.com/dbt/run-results/v6.json",
      dbt_version: options.dbtVersion,
      generated_at: isoZ(start + elapsed + fromSeconds(0.0137)),
      invocation_id: options.invocation.id,
      invocation_started_at: isoZ(start),
      env: {},
    },
    results: results.map((r) => r.entry),
    elapsed_time: elapsed / 1e6,
    args: runArgs(options),
  };
}
