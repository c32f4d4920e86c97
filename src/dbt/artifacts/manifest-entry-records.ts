/**
 * A manifest entry, once its schema accepted it (manifest-entry-schemas.ts),
 * turned into the compact record ODS keeps (manifest.ts): camelCase fields,
 * dbt's defaults applied, and only what the plan, the fingerprints and
 * selection read (descriptions only where persist_docs writes them, declared
 * columns only under an enforced contract).
 */
import type { z } from "zod";
import { canonicalJson } from "../fingerprint/canonical-json.js";
import { sha256 } from "../fingerprint/digest.js";
import type {
  BuildableResourceType,
  ColumnSpec,
  FileChecksum,
  FreshnessThreshold,
  Hook,
  HookReadableDocs,
  ManifestDataTest,
  ManifestMacro,
  ManifestNode,
  ManifestOtherNode,
  ManifestSource,
  ManifestUnitTest,
  NodeDependencies,
  PersistedColumn,
  PersistedDocs,
  SourceFreshness,
} from "./manifest.js";
import type {
  buildableSchema,
  dataTestSchema,
  dependsOnSchema,
  fileHashSchema,
  freshnessSchema,
  hookSchema,
  macroSchema,
  nodeConfigFieldsSchema,
  otherNodeSchema,
  sourceSchema,
  tagsSchema,
  timeSchema,
  unitTestSchema,
} from "./manifest-entry-schemas.js";
import { isPlainObject } from "./parse-artifact.js";

const NONE: readonly never[] = Object.freeze([]);

type Raw<S extends z.ZodType> = z.output<S>;

function deps(raw: Raw<typeof dependsOnSchema>): NodeDependencies {
  return { nodes: raw?.nodes ?? NONE, macros: raw?.macros ?? NONE };
}

function tags(raw: Raw<typeof tagsSchema>): readonly string[] {
  if (raw === null || raw === undefined) return NONE;
  return typeof raw === "string" ? [raw] : raw;
}

function hooks(raw: readonly Raw<typeof hookSchema>[] | null | undefined): readonly Hook[] {
  if (raw === null || raw === undefined || raw.length === 0) return NONE;
  return raw.map((h) =>
    typeof h === "string"
      ? { sql: h, transaction: true, index: null }
      : { sql: h.sql, transaction: h.transaction ?? true, index: h.index ?? null },
  );
}

function checksum(raw: Raw<typeof fileHashSchema> | null | undefined): FileChecksum | null {
  return raw === null || raw === undefined ? null : { name: raw.name, value: raw.checksum };
}

const DEFAULT_MATERIALIZATION: Partial<Record<BuildableResourceType, string>> = {
  seed: "seed",
  snapshot: "snapshot",
};

/**
 * Python's truthiness of a config value, as dbt's Jinja tests it
 * (`persist_docs.get("relation", False)`): false, null, 0, "", an empty list
 * or object are false.
 */
function pythonTruthy(value: unknown): boolean {
  if (value === undefined || value === null || value === false || value === 0 || value === "") return false;
  if (Array.isArray(value)) return value.length > 0;
  if (isPlainObject(value)) return Object.keys(value).length > 0;
  return true;
}

/** What persist_docs writes for a node, or null when it writes nothing (see PersistedDocs). */
function persistedDocs(raw: Raw<typeof buildableSchema>): PersistedDocs | null {
  const setting = raw.config?.persist_docs;
  if (!isPlainObject(setting)) return null;
  const relation = pythonTruthy(setting.relation);
  const columns = pythonTruthy(setting.columns);
  if (!relation && !columns) return null;
  let persisted: PersistedColumn[] | null = null;
  if (columns) {
    persisted = [];
    const declared = raw.columns;
    if (declared) {
      for (const key in declared) {
        const c = declared[key];
        if (c === undefined) continue;
        const extra = c as Record<string, unknown>;
        persisted.push({
          name: c.name ?? key,
          description: c.description ?? "",
          quote: c.quote ?? null,
          policyTags: extra.policy_tags,
          meta: extra.meta,
        });
      }
    }
  }
  return { description: relation ? (raw.description ?? "") : null, columns: persisted };
}

/** Digests of what the node's hooks can read of its documentation (see HookReadableDocs). */
function hookReadableDocs(raw: Raw<typeof buildableSchema>): HookReadableDocs {
  const meta = (raw as { meta?: unknown }).meta;
  return {
    description: sha256(raw.description ?? ""),
    columns: sha256(canonicalJson(raw.columns ?? {})),
    meta: sha256(canonicalJson(meta === undefined ? null : meta)),
  };
}

/**
 * What a project's or package's own materialization can read of a node
 * without hooks: kept as the parsed values and digested only when the
 * fingerprint finds such a read. Only for nodes materialized otherwise than
 * by one of dbt's and the adapters' materializations: keeping every node's
 * columns costs about 10% of the 10,000-node plan (garbage collection), and
 * a project's override of one of dbt's own macros reading `model.description`
 * stays a known gap (docs/inventory.md). By node record, so that the record
 * stays plain data.
 */
const BUILT_IN_MATERIALIZATIONS = new Set([
  "view",
  "table",
  "incremental",
  "ephemeral",
  "seed",
  "snapshot",
  "test",
  "unit",
  "materialized_view",
  "dynamic_table",
  "clone",
]);
const readableLater = new WeakMap<ManifestNode, Raw<typeof buildableSchema> | HookReadableDocs>();

/** The digests of what the node's run time can read of its documentation; null for a node not parsed here. */
export function readableDocsOf(node: ManifestNode): HookReadableDocs | null {
  if (node.hookReadableDocs !== null) return node.hookReadableDocs;
  const kept = readableLater.get(node);
  if (kept === undefined) return null;
  if ("columns" in kept && typeof kept.columns === "string") return kept as HookReadableDocs;
  const docs = hookReadableDocs(kept as Raw<typeof buildableSchema>);
  readableLater.set(node, docs);
  return docs;
}

export function toNode(
  raw: Raw<typeof buildableSchema>,
  fields: Raw<typeof nodeConfigFieldsSchema> | null,
): ManifestNode {
  const config = raw.config ?? null;
  const columns: ColumnSpec[] = [];
  if (raw.columns && raw.contract?.enforced) {
    for (const key in raw.columns) {
      const c = raw.columns[key];
      if (c === undefined) continue;
      columns.push({
        name: c.name ?? key,
        dataType: c.data_type ?? null,
        constraints: c.constraints ?? NONE,
        quote: c.quote ?? null,
      });
    }
  }
  const preHooks = hooks(fields?.["pre-hook"]);
  const postHooks = hooks(fields?.["post-hook"]);
  const node: ManifestNode = {
    uniqueId: raw.unique_id,
    resourceType: raw.resource_type,
    name: raw.name,
    packageName: raw.package_name,
    path: raw.path,
    originalFilePath: raw.original_file_path,
    fqn: raw.fqn,
    language: raw.language ?? (raw.resource_type === "seed" ? null : "sql"),
    rawCode: raw.raw_code ?? null,
    compiledCode: raw.compiled_code ?? null,
    checksum: checksum(raw.checksum),
    config,
    materialized: fields?.materialized ?? DEFAULT_MATERIALIZATION[raw.resource_type] ?? null,
    preHooks,
    postHooks,
    dependsOn: deps(raw.depends_on),
    contract:
      raw.contract === null || raw.contract === undefined
        ? null
        : {
            enforced: raw.contract.enforced ?? false,
            aliasTypes: raw.contract.alias_types ?? null,
            checksum: raw.contract.checksum ?? null,
          },
    contractColumns: columns,
    constraints: raw.constraints ?? NONE,
    relation: {
      database: raw.database ?? null,
      schema: raw.schema,
      identifier: raw.alias,
      relationName: raw.relation_name ?? null,
    },
    tags: tags(raw.tags),
    version: raw.version ?? null,
    patchPath: patchPath(raw.patch_path),
    latestVersion: raw.version === null || raw.version === undefined ? null : (raw.latest_version ?? null),
    persistedDocs: persistedDocs(raw),
    hookReadableDocs: preHooks.length + postHooks.length > 0 ? hookReadableDocs(raw) : null,
    rootPath: raw.resource_type === "seed" ? (raw.root_path ?? null) : null,
  };
  if (node.hookReadableDocs === null && !BUILT_IN_MATERIALIZATIONS.has(node.materialized ?? "view")) {
    const meta = (raw as { meta?: unknown }).meta;
    readableLater.set(node, {
      description: raw.description,
      columns: raw.columns,
      ...(meta === undefined ? {} : { meta }),
    } as Raw<typeof buildableSchema>);
  }
  return node;
}

/** `project://models/schema.yml` → `models/schema.yml` (dbt's PathSelectorMethod splits on `://`). */
function patchPath(raw: string | null | undefined): string | null {
  if (raw === null || raw === undefined || raw === "") return null;
  const at = raw.indexOf("://");
  return at < 0 ? null : raw.slice(at + 3);
}

export function toDataTest(raw: Raw<typeof dataTestSchema>): ManifestDataTest {
  const meta = raw.test_metadata;
  return {
    uniqueId: raw.unique_id,
    kind: meta ? "generic" : "singular",
    name: raw.name,
    packageName: raw.package_name,
    originalFilePath: raw.original_file_path ?? null,
    testMetadata: meta
      ? { name: meta.name, namespace: meta.namespace ?? null, kwargs: meta.kwargs ?? {} }
      : null,
    language: raw.language ?? null,
    rawCode: raw.raw_code ?? null,
    compiledCode: raw.compiled_code ?? null,
    checksum: checksum(raw.checksum),
    config: raw.config ?? null,
    dependsOn: deps(raw.depends_on),
    attachedNode: raw.attached_node ?? null,
    columnName: raw.column_name ?? null,
    fqn: raw.fqn ?? NONE,
    tags: tags(raw.tags),
    patchPath: patchPath(raw.patch_path),
  };
}

/** dbt-core writes a string; dbt Fusion a FileHash, `{ name: "none", checksum: "" }` when it has none. */
function unitTestChecksum(raw: Raw<typeof unitTestSchema>["checksum"]): string | null {
  if (raw === null || raw === undefined) return null;
  if (typeof raw === "string") return raw === "" ? null : raw;
  return raw.name === "none" || raw.checksum === "" ? null : raw.checksum;
}

export function toUnitTest(raw: Raw<typeof unitTestSchema>): ManifestUnitTest {
  return {
    uniqueId: raw.unique_id,
    name: raw.name,
    packageName: raw.package_name,
    originalFilePath: raw.original_file_path ?? null,
    model: raw.model,
    given: raw.given ?? NONE,
    expect: raw.expect,
    overrides: raw.overrides ?? null,
    config: raw.config ?? null,
    dependsOn: deps(raw.depends_on),
    version: raw.version ?? null,
    checksum: unitTestChecksum(raw.checksum),
    fqn: raw.fqn ?? NONE,
    tags: configTags(raw.config),
  };
}

function threshold(raw: Raw<typeof timeSchema>): FreshnessThreshold | null {
  if (raw === null || raw === undefined) return null;
  if (raw.count === null || raw.count === undefined || raw.period === null || raw.period === undefined)
    return null;
  return { count: raw.count, period: raw.period };
}

function freshness(raw: Raw<typeof freshnessSchema>): SourceFreshness | null {
  if (raw === null || raw === undefined) return null;
  const warnAfter = threshold(raw.warn_after);
  const errorAfter = threshold(raw.error_after);
  if (warnAfter === null && errorAfter === null) return null;
  return { warnAfter, errorAfter, filter: raw.filter ?? null };
}

/**
 * The top-level fields are what dbt resolved and used; `config` is only a
 * fallback. (dbt 1.7-1.9 kept a YAML `config: freshness:` in config without
 * honouring it, while the top-level fields said what `dbt source freshness`
 * checks; from 1.10 both agree.)
 */
export function toSource(raw: Raw<typeof sourceSchema>): ManifestSource {
  const cfg = raw.config ?? null;
  return {
    uniqueId: raw.unique_id,
    sourceName: raw.source_name,
    name: raw.name,
    packageName: raw.package_name,
    originalFilePath: raw.original_file_path ?? null,
    fqn: raw.fqn ?? NONE,
    relation: {
      database: raw.database ?? null,
      schema: raw.schema,
      identifier: raw.identifier,
      relationName: raw.relation_name ?? null,
    },
    loadedAtField: (raw.loaded_at_field !== undefined ? raw.loaded_at_field : cfg?.loaded_at_field) ?? null,
    loadedAtQuery: (raw.loaded_at_query !== undefined ? raw.loaded_at_query : cfg?.loaded_at_query) ?? null,
    freshness: freshness(raw.freshness !== undefined ? raw.freshness : cfg?.freshness),
    tags: tags(raw.tags),
    config: cfg,
    patchPath: patchPath(raw.patch_path),
  };
}

/** dbt's UnitTestDefinition.tags: `config.tags`, a string read as a list of one. */
function configTags(config: Readonly<Record<string, unknown>> | null | undefined): readonly string[] {
  const value = config?.tags;
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.filter((t): t is string => typeof t === "string");
  return NONE;
}

export function toMacro(raw: Raw<typeof macroSchema>): ManifestMacro {
  return {
    uniqueId: raw.unique_id,
    name: raw.name,
    packageName: raw.package_name,
    originalFilePath: raw.original_file_path ?? null,
    macroSql: raw.macro_sql,
    dependsOn: { macros: raw.depends_on?.macros ?? NONE },
  };
}

export function toOtherNode(raw: Raw<typeof otherNodeSchema>): ManifestOtherNode {
  return {
    uniqueId: raw.unique_id,
    resourceType: raw.resource_type,
    packageName: raw.package_name ?? null,
    dependsOn: deps(raw.depends_on),
    name: raw.name ?? null,
    fqn: raw.fqn ?? NONE,
    tags: raw.tags === undefined || raw.tags === null ? null : tags(raw.tags),
    originalFilePath: raw.original_file_path ?? null,
    patchPath: patchPath(raw.patch_path),
    config: raw.config ?? null,
    // Only operations (on-run-start/end hooks) keep their SQL: it is in their fingerprint.
    rawCode: raw.resource_type === "operation" ? (raw.raw_code ?? null) : null,
  };
}
