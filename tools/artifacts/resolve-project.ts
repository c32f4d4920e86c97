/**
 * Resolves a project description against a target: models "compiled" from
 * their raw Jinja by a small renderer (./jinja-lite.ts) that knows ref,
 * source, config, this, target, is_incremental and the project's own macros,
 * so raw and compiled code cannot drift apart; ephemeral models injected as
 * `__dbt__cte__<name>` CTEs the way dbt injects them; generic tests named and
 * hashed as dbt does. Every writer reads the project through this.
 */

import { dirParts, hashable, type JsonObject, type JsonValue, md5, pyRepr, relation } from "./dbt-values.js";
import { type JinjaContext, renderJinja } from "./jinja-lite.js";
import type {
  DataTestSpec,
  MacroSpec,
  ModelSpec,
  ProjectSpec,
  SeedSpec,
  SourceSpec,
  SourceTableSpec,
  TargetSpec,
  UnitTestSpec,
} from "./project-spec.js";

export interface ResolveOptions {
  target: TargetSpec;
  /** Render `is_incremental()` as true (a later incremental run). Default: a first / full build. */
  isIncremental?: boolean;
}

interface ResolvedModel {
  spec: ModelSpec;
  uniqueId: string;
  schema: string;
  database: string;
  alias: string;
  relationName: string | null;
  fqn: string[];
  /** Rendered SQL without injected CTEs (what an ephemeral contributes). */
  renderedCode: string;
  compiledCode: string;
  extraCtes: { id: string; sql: string }[];
  refs: string[];
  sources: [string, string][];
  macros: string[];
  dependsOnNodes: string[];
}

interface ResolvedSource {
  source: SourceSpec;
  table: SourceTableSpec;
  uniqueId: string;
  relationName: string;
  database: string;
}

interface ResolvedSeed {
  spec: SeedSpec;
  uniqueId: string;
  schema: string;
  database: string;
  relationName: string;
}

export interface ResolvedTest {
  spec: DataTestSpec;
  uniqueId: string;
  name: string;
  alias: string;
  schema: string;
  refs: string[];
  sources: [string, string][];
  dependsOnNodes: string[];
  testMetadata: JsonObject;
  compiledCode: string;
  attachedNode: string | null;
  fileKeyName: string;
}

export interface ResolvedUnitTest {
  spec: UnitTestSpec;
  uniqueId: string;
  modelId: string;
  schema: string;
}

export interface ResolvedProject {
  project: ProjectSpec;
  target: TargetSpec;
  models: Map<string, ResolvedModel>;
  seeds: Map<string, ResolvedSeed>;
  sources: Map<string, ResolvedSource>;
  tests: Map<string, ResolvedTest>;
  unitTests: Map<string, ResolvedUnitTest>;
  macros: Map<string, MacroSpec>;
}

function generateSchemaName(target: TargetSpec, custom: string | undefined): string {
  return custom === undefined ? target.schema : `${target.schema}_${custom.trim()}`;
}

export function injectCtes(sql: string, ctes: { sql: string }[]): string {
  if (ctes.length === 0) return sql;
  const joined = ctes.map((cte) => cte.sql).join(", ");
  const withMatch = /^(\s*)with\b(\s*)/i.exec(sql);
  if (withMatch) {
    return `${withMatch[1]}with${withMatch[2]}${joined}, ${sql.slice(withMatch[0].length)}`;
  }
  const lead = /^\s*/.exec(sql)![0];
  if (/^(--|\/\*)/.test(sql.slice(lead.length))) {
    throw new Error("injectCtes: SQL starting with a comment is not supported by the generator");
  }
  return `${lead}with${joined} ${sql.slice(lead.length)}`;
}

const resolvedCache = new WeakMap<ProjectSpec, Map<string, ResolvedProject>>();

/**
 * Resolves names, relations and compiled SQL of every node for a target.
 * Memoized per description and target (descriptions are not mutated once
 * built): the manifest, run results and sources.json of one project resolve it
 * once, which matters at 50,000 nodes.
 */
export function resolveProject(project: ProjectSpec, options: ResolveOptions): ResolvedProject {
  const key = JSON.stringify([options.target, options.isIncremental ?? false]);
  let byTarget = resolvedCache.get(project);
  if (!byTarget) {
    byTarget = new Map();
    resolvedCache.set(project, byTarget);
  }
  let resolved = byTarget.get(key);
  if (!resolved) {
    resolved = resolveProjectOnce(project, options);
    byTarget.set(key, resolved);
  }
  return resolved;
}

function resolveProjectOnce(project: ProjectSpec, options: ResolveOptions): ResolvedProject {
  const { target } = options;
  const pkg = project.name;
  const macros = new Map<string, MacroSpec>();
  for (const macro of [...project.builtinMacros, ...project.macros]) {
    macros.set(`macro.${macro.packageName}.${macro.name}`, macro);
  }
  const projectMacrosByName = new Map(project.macros.map((m) => [m.name, m]));

  const sources = new Map<string, ResolvedSource>();
  const sourceIdByName = new Map<string, string>();
  for (const source of project.sources) {
    for (const table of source.tables) {
      const uniqueId = `source.${pkg}.${source.sourceName}.${table.name}`;
      sources.set(uniqueId, {
        source,
        table,
        uniqueId,
        database: target.database,
        relationName: relation(target.database, source.schema, table.identifier ?? table.name),
      });
      sourceIdByName.set(`${source.sourceName}.${table.name}`, uniqueId);
    }
  }

  const seeds = new Map<string, ResolvedSeed>();
  const nodeIdByName = new Map<string, string>();
  for (const seed of project.seeds) {
    const uniqueId = `seed.${seed.packageName ?? pkg}.${seed.name}`;
    const schema = generateSchemaName(target, undefined);
    seeds.set(uniqueId, {
      spec: seed,
      uniqueId,
      schema,
      database: target.database,
      relationName: relation(target.database, schema, seed.name),
    });
    nodeIdByName.set(seed.name, uniqueId);
  }
  const modelSpecs = new Map<string, ModelSpec>();
  for (const model of project.models) {
    const uniqueId = `model.${model.packageName ?? pkg}.${model.name}`;
    if (nodeIdByName.has(model.name)) throw new Error(`duplicate node name ${model.name}`);
    nodeIdByName.set(model.name, uniqueId);
    modelSpecs.set(uniqueId, model);
  }

  const relationOf = (uniqueId: string): string => {
    const seed = seeds.get(uniqueId);
    if (seed) return seed.relationName;
    const spec = modelSpecs.get(uniqueId)!;
    const schema = generateSchemaName(target, spec.config.schema);
    return relation(target.database, schema, spec.config.alias ?? spec.name);
  };

  const models = new Map<string, ResolvedModel>();
  const resolving = new Set<string>();
  const resolveModel = (uniqueId: string): ResolvedModel => {
    const done = models.get(uniqueId);
    if (done) return done;
    if (resolving.has(uniqueId)) throw new Error(`ref cycle through ${uniqueId}`);
    resolving.add(uniqueId);
    const spec = modelSpecs.get(uniqueId)!;
    const schema = generateSchemaName(target, spec.config.schema);
    const alias = spec.config.alias ?? spec.name;
    const ephemeral = spec.config.materialized === "ephemeral";
    const refs: string[] = [];
    const sourceRefs: [string, string][] = [];
    const macroIds: string[] = [];
    const ephemeralParents: ResolvedModel[] = [];
    const useMacro = (id: string): void => {
      if (!macroIds.includes(id)) macroIds.push(id);
    };
    const context: JinjaContext = {
      call(name, args, kwargs) {
        if (name === "ref") {
          const refName = String(args[0]);
          const parentId = nodeIdByName.get(refName);
          if (!parentId) throw new Error(`${spec.name}: ref('${refName}') names no node`);
          if (!refs.includes(refName)) refs.push(refName);
          const parentSpec = modelSpecs.get(parentId);
          if (parentSpec?.config.materialized === "ephemeral") {
            const parent = resolveModel(parentId);
            if (!ephemeralParents.includes(parent)) ephemeralParents.push(parent);
            return `__dbt__cte__${parentSpec.name}`;
          }
          return relationOf(parentId);
        }
        if (name === "source") {
          const key = `${String(args[0])}.${String(args[1])}`;
          const sourceId = sourceIdByName.get(key);
          if (!sourceId) throw new Error(`${spec.name}: source('${args[0]}', '${args[1]}') names no source`);
          if (!sourceRefs.some(([s, t]) => `${s}.${t}` === key)) {
            sourceRefs.push([String(args[0]), String(args[1])]);
          }
          return sources.get(sourceId)!.relationName;
        }
        if (name === "config") return "";
        if (name === "var") {
          const varName = String(args[0]);
          const value = project.vars?.[varName] ?? (args.length > 1 ? args[1] : undefined);
          if (value === undefined) throw new Error(`${spec.name}: var('${varName}') has no value`);
          return value;
        }
        if (name === "is_incremental") {
          useMacro("macro.dbt.is_incremental");
          return options.isIncremental ?? false;
        }
        const projectMacro = projectMacrosByName.get(name);
        if (projectMacro?.expand) {
          useMacro(`macro.${pkg}.${name}`);
          return projectMacro.expand(args, kwargs);
        }
        // `{{ dbt.type_string() }}`, `{{ my_package.star(...) }}`: a macro named by package.
        const qualified = name.includes(".") ? macros.get(`macro.${name}`) : undefined;
        if (qualified?.expand) {
          useMacro(`macro.${name}`);
          return qualified.expand(args, kwargs);
        }
        throw new Error(`${spec.name}: the generator cannot render a call to ${name}()`);
      },
      lookup(path) {
        const [head, attribute] = path;
        if (head === "this" && path.length === 1) return relation(target.database, schema, alias);
        if (head === "target" && path.length === 2) {
          if (attribute === "name") return target.name;
          if (attribute === "schema") return target.schema;
          if (attribute === "database") return target.database;
        }
        throw new Error(`${spec.name}: the generator cannot render ${path.join(".")}`);
      },
    };
    // dbt strips the file's contents before parsing and checksumming it.
    const renderedCode = renderJinja(spec.rawCode.trim(), context);
    const extraCtes: { id: string; sql: string }[] = [];
    for (const parent of ephemeralParents) {
      for (const cte of parent.extraCtes) {
        if (!extraCtes.some((c) => c.id === cte.id)) extraCtes.push(cte);
      }
      if (!extraCtes.some((c) => c.id === parent.uniqueId)) {
        extraCtes.push({
          id: parent.uniqueId,
          sql: ` __dbt__cte__${parent.spec.name} as (\n${parent.renderedCode}\n)`,
        });
      }
    }
    const dependsOnNodes = [
      ...refs.map((name) => nodeIdByName.get(name)!),
      ...sourceRefs.map(([s, t]) => sourceIdByName.get(`${s}.${t}`)!),
    ];
    const resolved: ResolvedModel = {
      spec,
      uniqueId,
      schema,
      database: target.database,
      alias,
      relationName: ephemeral ? null : relation(target.database, schema, alias),
      fqn: [spec.packageName ?? pkg, ...dirParts(spec.path), spec.name],
      renderedCode,
      compiledCode: ephemeral ? renderedCode : injectCtes(renderedCode, extraCtes),
      extraCtes: ephemeral ? [] : extraCtes,
      refs,
      sources: sourceRefs,
      macros: macroIds,
      dependsOnNodes: [...new Set(dependsOnNodes)],
    };
    resolving.delete(uniqueId);
    models.set(uniqueId, resolved);
    return resolved;
  };
  for (const uniqueId of modelSpecs.keys()) resolveModel(uniqueId);
  // Keep the project's order (resolution order follows refs).
  const orderedModels = new Map([...modelSpecs.keys()].map((id) => [id, models.get(id)!]));

  const tests = new Map<string, ResolvedTest>();
  for (const spec of project.tests) {
    const test = resolveTest(spec, spec.packageName ?? pkg, target, nodeIdByName, sourceIdByName, (id) =>
      id.startsWith("source.") ? sources.get(id)!.relationName : relationOf(id),
    );
    if (tests.has(test.uniqueId)) throw new Error(`duplicate test ${test.uniqueId}`);
    tests.set(test.uniqueId, test);
  }

  const unitTests = new Map<string, ResolvedUnitTest>();
  for (const spec of project.unitTests) {
    const modelId = nodeIdByName.get(spec.model);
    if (!modelId || !modelSpecs.has(modelId))
      throw new Error(`unit test ${spec.name}: no model ${spec.model}`);
    const uniqueId = `unit_test.${pkg}.${spec.model}.${spec.name}`;
    unitTests.set(uniqueId, { spec, uniqueId, modelId, schema: orderedModels.get(modelId)!.schema });
  }

  return { project, target, models: orderedModels, seeds, sources, tests, unitTests, macros };
}

function synthesizeTestName(
  testType: string,
  targetName: string,
  args: Record<string, JsonValue>,
): { full: string; short: string } {
  const flat: string[] = [];
  for (const name of Object.keys(args).sort()) {
    if (name === "model") continue;
    const value = args[name]!;
    const parts = Array.isArray(value)
      ? value
      : value !== null && typeof value === "object"
        ? Object.values(value)
        : [value];
    flat.push(...parts.map((part) => String(part)));
  }
  const unique = flat.map((arg) => arg.replace(/[^0-9a-zA-Z_]+/g, "_")).join("__");
  const identifier = `${testType}_${targetName}`;
  const full = `${identifier}_${unique}`;
  const short = full.length >= 64 ? `${identifier.slice(0, 30)}_${md5(full)}` : full;
  return { full, short };
}

function genericTestSql(spec: DataTestSpec, model: string, toRelation: string | null): string {
  const column = spec.column;
  switch (spec.kind) {
    case "not_null":
      return `\n    \n    \n\n\n\nselect ${column}\nfrom ${model}\nwhere ${column} is null\n\n\n`;
    case "unique":
      return `\n    \n    \n\nselect\n    ${column} as unique_field,\n    count(*) as n_records\n\nfrom ${model}\nwhere ${column} is not null\ngroup by ${column}\nhaving count(*) > 1\n\n\n`;
    case "accepted_values": {
      const values = spec.values.map((value) => `'${value}'`).join(",");
      return `\n    \n    \n\nwith all_values as (\n\n    select\n        ${column} as value_field,\n        count(*) as n_records\n\n    from ${model}\n    group by ${column}\n\n)\n\nselect *\nfrom all_values\nwhere value_field not in (\n    ${values}\n)\n\n\n`;
    }
    case "relationships":
      return `\n    \n    \n\nwith child as (\n    select ${column} as from_field\n    from ${model}\n    where ${column} is not null\n),\n\nparent as (\n    select ${spec.field} as to_field\n    from ${toRelation}\n)\n\nselect\n    from_field\n\nfrom child\nleft join parent\n    on child.from_field = parent.to_field\n\nwhere parent.to_field is null\n\n\n`;
  }
}

function resolveTest(
  spec: DataTestSpec,
  pkg: string,
  target: TargetSpec,
  nodeIdByName: Map<string, string>,
  sourceIdByName: Map<string, string>,
  relationOf: (uniqueId: string) => string,
): ResolvedTest {
  const onSource = "source" in spec.on;
  const [sourceName, tableName] = "source" in spec.on ? spec.on.source : ["", ""];
  const modelName = "model" in spec.on ? spec.on.model : "";
  const testedId = onSource ? sourceIdByName.get(`${sourceName}.${tableName}`) : nodeIdByName.get(modelName);
  if (!testedId) throw new Error(`test ${spec.kind} on ${JSON.stringify(spec.on)}: no such node`);
  const modelKwarg = onSource
    ? `{{ get_where_subquery(source('${sourceName}', '${tableName}')) }}`
    : `{{ get_where_subquery(ref('${modelName}')) }}`;
  const kwargs: JsonObject = {};
  if (spec.kind === "accepted_values") kwargs.values = spec.values;
  if (spec.kind === "relationships") {
    kwargs.to = `ref('${spec.to}')`;
    kwargs.field = spec.field;
  }
  kwargs.column_name = spec.column;
  kwargs.model = modelKwarg;
  const testType = onSource ? `source_${spec.kind}` : spec.kind;
  const targetName = onSource ? `${sourceName}_${tableName}` : modelName;
  const { full, short } = synthesizeTestName(testType, targetName, kwargs);
  const testMetadata: JsonObject = { name: spec.kind, kwargs, namespace: null };
  const hash = md5(full + pyRepr(hashable(testMetadata))).slice(-10);
  const refs: string[] = [];
  if (spec.kind === "relationships") refs.push(spec.to);
  if (!onSource) refs.push(modelName);
  const toId = spec.kind === "relationships" ? nodeIdByName.get(spec.to) : undefined;
  if (spec.kind === "relationships" && !toId) throw new Error(`relationships test: no node ${spec.to}`);
  return {
    spec,
    uniqueId: `test.${pkg}.${full}.${hash}`,
    name: full,
    alias: short,
    schema: generateSchemaName(target, "dbt_test__audit"),
    refs,
    sources: onSource ? [[sourceName, tableName]] : [],
    dependsOnNodes: [...refs.map((name) => nodeIdByName.get(name)!), ...(onSource ? [testedId] : [])],
    testMetadata,
    compiledCode: genericTestSql(spec, relationOf(testedId), toId ? relationOf(toId) : null),
    attachedNode: onSource ? null : testedId,
    fileKeyName: onSource ? `sources.${sourceName}` : `models.${modelName}`,
  };
}
