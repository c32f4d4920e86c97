/**
 * dbt's manifest.json (schema v11 and v12), reduced to what ODS plans with.
 *
 * ManifestBuilder takes the document's top-level members one at a time and
 * each collection entry by entry, as JsonObjectStream reads them from the
 * file (or as readManifestDocument walks a parsed document); each entry of
 * `nodes`, `sources`, `macros`, `unit_tests` and `functions` is validated on
 * its own with a small schema that names only the fields ODS reads (unknown
 * fields are accepted, since dbt adds some every release and dbt Fusion
 * writes extra ones), and turned into a compact record at once. Exposures,
 * metrics, semantic models, saved queries, docs, groups, selectors, disabled
 * nodes and dbt's own parent/child maps are parsed (the file must be JSON)
 * but not kept.
 *
 * Records use camelCase; `config` is dbt's resolved config object as written
 * (keys as dbt spells them), so that fingerprints can drop the keys that do
 * not change what gets built.
 */
import { z } from "zod";
import { compileFastCheck, type FastCheck } from "../../state/fast-validate.js";
import { type InvocationMetadata, readInvocationMetadata } from "./invocation-metadata.js";
import type { JsonObjectConsumer } from "./json-object-stream.js";
import {
  type ArtifactHeader,
  acceptAt,
  describeValue,
  isPlainObject,
  Problems,
  readHeader,
  requireTopObject,
  validateAt,
} from "./parse-artifact.js";

export const MANIFEST_VERSIONS = ["v11", "v12"] as const;
export type ManifestVersion = (typeof MANIFEST_VERSIONS)[number];

/* ----------------------------------------------------------------- types */

/** The metadata run results and sources files share, and the project the manifest describes. */
export interface ManifestMetadata extends InvocationMetadata<ManifestVersion> {
  adapterType: string | null;
  projectName: string | null;
  projectId: string | null;
}

/** dbt's checksum of a file: `{ name: "sha256", value }`; `name: "path"` is a path-only checksum (large seeds), `name: "none"` is none. */
export interface FileChecksum {
  name: string;
  value: string;
}

/** A pre- or post-hook as dbt stores it: unrendered SQL. */
export interface Hook {
  sql: string;
  transaction: boolean;
  index: number | null;
}

export interface NodeDependencies {
  /** unique_ids of nodes, sources (and functions) the node reads, as dbt lists them. */
  nodes: readonly string[];
  /** unique_ids of macros it calls directly. */
  macros: readonly string[];
}

export interface Contract {
  enforced: boolean;
  aliasTypes: boolean | null;
  /** dbt's checksum of the contract, when it wrote one. */
  checksum: string | null;
}

/** A declared column, in the order the YAML declares it (what a contract builds). */
export interface ColumnSpec {
  name: string;
  dataType: string | null;
  /** Column constraints as dbt wrote them (objects; not interpreted here). */
  constraints: readonly unknown[];
  quote: boolean | null;
}

/**
 * A declared column as `persist_docs.columns` writes it to the warehouse
 * (dbt-adapters' `persist_docs` macros: the comment, with the column's
 * `quote`; dbt-bigquery's `update_columns` also sets `policy_tags`;
 * dbt-athena's `persist_docs_to_glue` also writes the column's `meta`).
 */
export interface PersistedColumn {
  name: string;
  description: string;
  quote: boolean | null;
  /** `policy_tags` as written (BigQuery), or undefined. */
  policyTags: unknown;
  /** The column's `meta` as written, or undefined. */
  meta: unknown;
}

/**
 * What `persist_docs` writes to the warehouse for a node, kept only for nodes
 * that persist docs (dbt's `persist_relation_docs()` / `persist_column_docs()`,
 * core/dbt/context/providers.py RuntimeConfigObject): the description when
 * `persist_docs.relation` is on, every declared column when
 * `persist_docs.columns` is on.
 */
export interface PersistedDocs {
  /** The node's description; null when `persist_docs.relation` is off. */
  description: string | null;
  /** Every declared column, in YAML order; null when `persist_docs.columns` is off. */
  columns: readonly PersistedColumn[] | null;
}

/** Where a node is built (or a source is read from). */
export interface Relation {
  database: string | null;
  schema: string;
  /** The alias (nodes) or identifier (sources). */
  identifier: string;
  /** The rendered, quoted name, e.g. `"db"."schema"."table"`; null for ephemeral models. */
  relationName: string | null;
}

export type BuildableResourceType = "model" | "seed" | "snapshot";

/** A model (SQL or Python, ephemeral included), a seed or a snapshot. */
export interface ManifestNode {
  uniqueId: string;
  resourceType: BuildableResourceType;
  name: string;
  packageName: string;
  path: string;
  originalFilePath: string;
  fqn: readonly string[];
  /** `sql` or `python`; null for seeds (dbt records none). */
  language: string | null;
  rawCode: string | null;
  /** Null when the manifest was written without compiling the node (`dbt parse`, or not selected). */
  compiledCode: string | null;
  checksum: FileChecksum | null;
  /** dbt's resolved config, whole, as written; null when the manifest has none. */
  config: Readonly<Record<string, unknown>> | null;
  /**
   * `config.materialized`. When absent, seeds are `seed` and snapshots are
   * `snapshot` (dbt has no other materialization for them; dbt Fusion omits it
   * for seeds); an absent materialization of a model stays null.
   */
  materialized: string | null;
  preHooks: readonly Hook[];
  postHooks: readonly Hook[];
  dependsOn: NodeDependencies;
  contract: Contract | null;
  /**
   * The declared columns when the contract is enforced, in the order dbt
   * wrote them; empty otherwise. Only an enforced contract makes dbt apply
   * declared types and constraints to the build (the fingerprint's
   * `contract` component), so only then are they read: a 10,000-node
   * project declares about 37,000 columns, and keeping them all cost a tenth
   * of reading its manifest. Every node's columns are still validated.
   */
  contractColumns: readonly ColumnSpec[];
  /** Model-level constraints as dbt wrote them. */
  constraints: readonly unknown[];
  relation: Relation;
  tags: readonly string[];
  /** Model version (`customers.v3` has 3); dbt writes a number or a string. */
  version: string | number | null;
  /** The YAML file that describes the node (`patch_path` without its `project://` prefix), for `path:` selection. */
  patchPath: string | null;
  /** `latest_version` of a versioned model (every version's node carries it); null when unversioned or absent. */
  latestVersion: string | number | null;
  /**
   * What `persist_docs` writes to the warehouse; null when the node persists
   * no docs. Only those nodes keep descriptions (memory: a large project
   * describes tens of thousands of columns).
   */
  persistedDocs: PersistedDocs | null;
  /**
   * Seeds: dbt's `root_path`, the directory of the seed's package where the
   * manifest was written (for finding the CSV of a seed dbt recorded only a
   * path checksum for); null for other nodes.
   */
  rootPath: string | null;
}

/** A data test (generic or singular). */
export interface ManifestDataTest {
  uniqueId: string;
  kind: "generic" | "singular";
  name: string;
  packageName: string;
  originalFilePath: string | null;
  /** Generic tests: the test's name (`unique`, `relationships`, …), namespace and arguments. */
  testMetadata: {
    name: string;
    namespace: string | null;
    kwargs: Readonly<Record<string, unknown>>;
  } | null;
  language: string | null;
  rawCode: string | null;
  compiledCode: string | null;
  checksum: FileChecksum | null;
  config: Readonly<Record<string, unknown>> | null;
  dependsOn: NodeDependencies;
  /** The node the test is defined on (a relationships test reads another one too). */
  attachedNode: string | null;
  columnName: string | null;
  /** For selection (`fqn`, `tag:`, `path:`). */
  fqn: readonly string[];
  tags: readonly string[];
  patchPath: string | null;
}

/** A unit test (`unit_tests` in the manifest, dbt 1.8 and later). */
export interface ManifestUnitTest {
  uniqueId: string;
  name: string;
  packageName: string;
  originalFilePath: string | null;
  /** Name of the model under test. */
  model: string;
  given: readonly unknown[];
  expect: unknown;
  /** `overrides` as written (macros, vars, env_vars given literally in the YAML). */
  overrides: Readonly<Record<string, unknown>> | null;
  config: Readonly<Record<string, unknown>> | null;
  dependsOn: NodeDependencies;
  version: string | number | null;
  /** For selection: `fqn`, and the tags dbt reads from `config.tags`. */
  fqn: readonly string[];
  tags: readonly string[];
  /** dbt's checksum of the definition; null when there is none (dbt Fusion 2.0 beta writes none). */
  checksum: string | null;
}

/**
 * Any other entry of `nodes` or `functions` (analysis, operation, sql_operation, function, …): kept so a reference to it is recognised, never planned.
 * Also the shape of the exposures, metrics, semantic models and saved queries (`Manifest.otherMembers`), kept for selection only.
 */
export interface ManifestOtherNode {
  uniqueId: string;
  resourceType: string;
  packageName: string | null;
  dependsOn: NodeDependencies;
  /** For selection: null/empty when the manifest has none. */
  name: string | null;
  fqn: readonly string[];
  /** The entry's `tags`, or null when it has no such field (dbt's `hasattr(node, "tags")` is false). */
  tags: readonly string[] | null;
  originalFilePath: string | null;
  patchPath: string | null;
  config: Readonly<Record<string, unknown>> | null;
  /** An operation's (on-run-start/end hook's) unrendered SQL; null for anything else. */
  rawCode: string | null;
}

export type FreshnessPeriod = "minute" | "hour" | "day";

export interface FreshnessThreshold {
  count: number;
  period: FreshnessPeriod;
}

/** A source's freshness policy; null thresholds are not configured. */
export interface SourceFreshness {
  warnAfter: FreshnessThreshold | null;
  errorAfter: FreshnessThreshold | null;
  filter: string | null;
}

export interface ManifestSource {
  uniqueId: string;
  sourceName: string;
  name: string;
  packageName: string;
  originalFilePath: string | null;
  fqn: readonly string[];
  relation: Relation;
  loadedAtField: string | null;
  loadedAtQuery: string | null;
  /** Null when neither warn_after nor error_after is configured. */
  freshness: SourceFreshness | null;
  tags: readonly string[];
  /** For selection (`config.x:`, `path:`). */
  config: Readonly<Record<string, unknown>> | null;
  patchPath: string | null;
}

export interface ManifestMacro {
  uniqueId: string;
  name: string;
  packageName: string;
  originalFilePath: string | null;
  macroSql: string;
  dependsOn: { macros: readonly string[] };
}

export interface Manifest {
  /** The path the manifest was read from (for messages). */
  file: string;
  metadata: ManifestMetadata;
  /** Models, seeds and snapshots, in document order. */
  nodes: ReadonlyMap<string, ManifestNode>;
  dataTests: ReadonlyMap<string, ManifestDataTest>;
  unitTests: ReadonlyMap<string, ManifestUnitTest>;
  /** Every other entry of `nodes` and `functions`. */
  otherNodes: ReadonlyMap<string, ManifestOtherNode>;
  /** Exposures, metrics, semantic models and saved queries: members of dbt's graph, for selection only. */
  otherMembers: ReadonlyMap<string, ManifestOtherNode>;
  sources: ReadonlyMap<string, ManifestSource>;
  macros: ReadonlyMap<string, ManifestMacro>;
}

/* --------------------------------------------------------------- schemas */

const str = z.string();
const strList = z.array(z.string());
const optStr = z.string().nullish();
const versionSchema = z.union([z.string(), z.number()]).nullish();
/** dbt writes a list; a single string is accepted as a list of one. */
const tagsSchema = z.union([z.string(), strList]).nullish();

const dependsOnSchema = z
  .object({
    nodes: strList.nullish(),
    macros: strList.nullish(),
  })
  .nullish();

const fileHashSchema = z.object({ name: str, checksum: str });

const hookSchema = z.union([
  z.string(),
  z.object({
    sql: str,
    transaction: z.boolean().nullish(),
    index: z.number().nullish(),
  }),
]);

/**
 * The config keys ODS interprets, validated on their own: the config object
 * itself is kept as written (by reference), every other key untouched.
 */
const nodeConfigFieldsSchema = z.object({
  materialized: z.string().nullish(),
  "pre-hook": z.array(hookSchema).nullish(),
  "post-hook": z.array(hookSchema).nullish(),
});

/** An object kept as written (by reference, not copied): configs and arguments ODS hashes whole. */
const objectSchema = z.custom<Readonly<Record<string, unknown>>>(isPlainObject, {
  params: { expected: "object" },
});

const looseConfigSchema = objectSchema.nullish();

const contractSchema = z
  .object({
    enforced: z.boolean().nullish(),
    alias_types: z.boolean().nullish(),
    checksum: optStr,
  })
  .nullish();

const columnSchema = z.object({
  name: optStr,
  description: optStr,
  data_type: optStr,
  constraints: z.array(z.unknown()).nullish(),
  quote: z.boolean().nullish(),
});

const buildableSchema = z.object({
  unique_id: str,
  resource_type: z.enum(["model", "seed", "snapshot"]),
  name: str,
  package_name: str,
  path: str,
  original_file_path: str,
  fqn: strList,
  database: optStr,
  schema: str,
  alias: str,
  relation_name: optStr,
  language: optStr,
  raw_code: optStr,
  compiled_code: optStr,
  checksum: fileHashSchema.nullish(),
  config: objectSchema.nullish(),
  depends_on: dependsOnSchema,
  contract: contractSchema,
  columns: z.record(z.string(), columnSchema).nullish(),
  constraints: z.array(z.unknown()).nullish(),
  tags: tagsSchema,
  version: versionSchema,
  patch_path: optStr,
  latest_version: versionSchema,
  description: optStr,
  root_path: optStr,
});

const dataTestSchema = z.object({
  unique_id: str,
  resource_type: z.literal("test"),
  name: str,
  package_name: str,
  original_file_path: optStr,
  test_metadata: z
    .object({
      name: str,
      namespace: optStr,
      kwargs: objectSchema.nullish(),
    })
    .nullish(),
  language: optStr,
  raw_code: optStr,
  compiled_code: optStr,
  checksum: fileHashSchema.nullish(),
  config: looseConfigSchema,
  depends_on: dependsOnSchema,
  attached_node: optStr,
  column_name: optStr,
  fqn: strList.nullish(),
  tags: tagsSchema,
  patch_path: optStr,
});

const otherNodeSchema = z.object({
  unique_id: str,
  resource_type: str,
  package_name: optStr,
  depends_on: dependsOnSchema,
  name: optStr,
  fqn: strList.nullish(),
  tags: tagsSchema,
  original_file_path: optStr,
  patch_path: optStr,
  config: looseConfigSchema,
  raw_code: optStr,
});

const unitTestSchema = z.object({
  unique_id: str,
  name: str,
  package_name: str,
  original_file_path: optStr,
  model: str,
  given: z.array(z.unknown()).nullish(),
  expect: z.unknown(),
  overrides: objectSchema.nullish(),
  config: looseConfigSchema,
  depends_on: dependsOnSchema,
  version: versionSchema,
  checksum: z.union([z.string(), fileHashSchema]).nullish(),
  fqn: strList.nullish(),
});

const timeSchema = z
  .object({
    count: z.number().nullish(),
    period: z.enum(["minute", "hour", "day"]).nullish(),
  })
  .nullish();

const freshnessSchema = z
  .object({
    warn_after: timeSchema,
    error_after: timeSchema,
    filter: optStr,
  })
  .nullish();

const sourceSchema = z.object({
  unique_id: str,
  name: str,
  source_name: str,
  package_name: str,
  original_file_path: optStr,
  fqn: strList.nullish(),
  database: optStr,
  schema: str,
  identifier: str,
  relation_name: optStr,
  loaded_at_field: optStr,
  loaded_at_query: optStr,
  freshness: freshnessSchema,
  config: z
    .looseObject({
      freshness: freshnessSchema,
      loaded_at_field: optStr,
      loaded_at_query: optStr,
    })
    .nullish(),
  tags: tagsSchema,
  patch_path: optStr,
});

const macroSchema = z.object({
  unique_id: str,
  name: str,
  package_name: str,
  original_file_path: optStr,
  macro_sql: str,
  depends_on: z.object({ macros: strList.nullish() }).nullish(),
});

/** The manifest's own metadata fields (the shared ones: invocation-metadata.ts). */
const projectMetadataSchema = z.object({
  adapter_type: optStr,
  project_name: optStr,
  project_id: optStr,
});

/**
 * The entry schemas run once per node, source and macro: `z.compile` gives
 * each a generated fast path (4-5x faster than the interpreter on real
 * manifests) and falls back to the ordinary parser, with its messages, when an
 * entry is invalid.
 */
const compiled = {
  buildable: z.compile(buildableSchema),
  nodeConfigFields: z.compile(nodeConfigFieldsSchema),
  dataTest: z.compile(dataTestSchema),
  otherNode: z.compile(otherNodeSchema),
  unitTest: z.compile(unitTestSchema),
  source: z.compile(sourceSchema),
  macro: z.compile(macroSchema),
};

/** The entry schemas with a fast check in front of zod (test/dbt/manifest-fast-check.test.ts holds each to zod). */
export const MANIFEST_ENTRY_SCHEMAS = {
  buildable: buildableSchema,
  nodeConfigFields: nodeConfigFieldsSchema,
  dataTest: dataTestSchema,
  source: sourceSchema,
  macro: macroSchema,
} as const;

/**
 * The fast checks, compiled from the entry schemas (src/state/fast-validate.ts,
 * accepts mode: a "yes" means zod accepts the entry; the entry is then read
 * field by field, so the keys zod would strip don't matter). A schema the
 * compiler can't decide has no fast check: zod validates every entry.
 */
export const MANIFEST_ENTRY_CHECKS: Record<keyof typeof MANIFEST_ENTRY_SCHEMAS, FastCheck | undefined> = {
  buildable: entryCheck(buildableSchema),
  nodeConfigFields: entryCheck(nodeConfigFieldsSchema),
  dataTest: entryCheck(dataTestSchema),
  source: entryCheck(sourceSchema),
  macro: entryCheck(macroSchema),
};

function entryCheck(schema: z.ZodType): FastCheck | undefined {
  return compileFastCheck(schema, { mode: "accepts", trusted: new Set([isPlainObject]) });
}

/**
 * acceptAt behind a fast check at least as strict as the schema
 * (MANIFEST_ENTRY_CHECKS): what it passes is valid; anything else is
 * validated by zod, which decides and words every problem.
 */
function checkedAt<S extends z.ZodType>(
  check: FastCheck | undefined,
  schema: S,
  value: unknown,
  at: readonly PropertyKey[],
  problems: Problems,
): z.output<S> | undefined {
  if (check?.(value)) return value as z.output<S>;
  return acceptAt(schema, value, at, problems);
}

/* ------------------------------------------------------------ conversion */

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

function toNode(
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
  return {
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
    preHooks: hooks(fields?.["pre-hook"]),
    postHooks: hooks(fields?.["post-hook"]),
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
    rootPath: raw.resource_type === "seed" ? (raw.root_path ?? null) : null,
  };
}

/** `project://models/schema.yml` → `models/schema.yml` (dbt's PathSelectorMethod splits on `://`). */
function patchPath(raw: string | null | undefined): string | null {
  if (raw === null || raw === undefined || raw === "") return null;
  const at = raw.indexOf("://");
  return at < 0 ? null : raw.slice(at + 3);
}

function toDataTest(raw: Raw<typeof dataTestSchema>): ManifestDataTest {
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

function toUnitTest(raw: Raw<typeof unitTestSchema>): ManifestUnitTest {
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
function toSource(raw: Raw<typeof sourceSchema>): ManifestSource {
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

function toMacro(raw: Raw<typeof macroSchema>): ManifestMacro {
  return {
    uniqueId: raw.unique_id,
    name: raw.name,
    packageName: raw.package_name,
    originalFilePath: raw.original_file_path ?? null,
    macroSql: raw.macro_sql,
    dependsOn: { macros: raw.depends_on?.macros ?? NONE },
  };
}

/* ---------------------------------------------------------------- loader */

function checkKey(collection: string, key: string, uniqueId: string, problems: Problems): void {
  if (uniqueId !== key) {
    problems.add([collection, key, "unique_id"], `${JSON.stringify(uniqueId)} differs from the entry's key`);
  }
}

function readMetadata(header: ArtifactHeader<ManifestVersion>, problems: Problems): ManifestMetadata | null {
  const invocation = readInvocationMetadata(header, problems);
  const project =
    header.metadata === null
      ? undefined
      : validateAt(projectMetadataSchema, header.metadata, ["metadata"], problems);
  if (invocation === null || project === undefined) return null;
  return {
    ...invocation,
    adapterType: project.adapter_type ?? null,
    projectName: project.project_name ?? null,
    projectId: project.project_id ?? null,
  };
}

const BUILDABLE = new Set<unknown>(["model", "seed", "snapshot"]);

/** The top-level collections read entry by entry, and whether a manifest must have them. */
const COLLECTIONS: ReadonlyMap<string, { required: boolean }> = new Map([
  ["nodes", { required: true }],
  ["sources", { required: true }],
  ["macros", { required: true }],
  // v11 (dbt 1.7) has no unit tests.
  ["unit_tests", { required: false }],
  // User-defined functions (dbt 1.11 and later): recognised as references, not planned.
  ["functions", { required: false }],
  // Members of dbt's graph that ODS never plans, kept for selection (`+exposure`, `@model`).
  ["exposures", { required: false }],
  ["metrics", { required: false }],
  ["semantic_models", { required: false }],
  ["saved_queries", { required: false }],
]);

/**
 * Builds a Manifest from a manifest's top-level members, given one at a time
 * and each collection entry by entry (a JsonObjectConsumer): each entry is
 * validated and turned into its record as it comes, so the raw entry is
 * garbage at once. `finish` checks the header and throws every problem.
 * Members ODS doesn't read (exposures, docs, dbt's parent and child maps …)
 * are skipped (`skips`).
 */
export class ManifestBuilder implements JsonObjectConsumer {
  private readonly problems = new Problems();
  /** `undefined`: no metadata member (yet). */
  private metadata: unknown = undefined;
  private metadataEntries: Record<string, unknown> | null = null;
  private readonly collectionsSeen = new Set<string>();
  private readonly nodes = new Map<string, ManifestNode>();
  private readonly dataTests = new Map<string, ManifestDataTest>();
  private readonly unitTests = new Map<string, ManifestUnitTest>();
  private readonly otherNodes = new Map<string, ManifestOtherNode>();
  private readonly otherMembers = new Map<string, ManifestOtherNode>();
  private readonly sources = new Map<string, ManifestSource>();
  private readonly macros = new Map<string, ManifestMacro>();

  /** The path, for messages only. */
  private readonly file: string;

  constructor(file: string) {
    this.file = file;
  }

  /** Every member but the header and the collections: exposures, docs, dbt's parent and child maps, disabled nodes … */
  skips(key: string): boolean {
    return key !== "metadata" && !COLLECTIONS.has(key);
  }

  member(key: string, value: unknown): void {
    if (key === "metadata") {
      this.metadata = value;
      this.metadataEntries = null;
    } else if (COLLECTIONS.has(key)) {
      this.collectionsSeen.add(key);
      this.problems.add([key], `expected an object keyed by unique_id, found ${describeValue(value)}`);
    }
  }

  objectStart(key: string): void {
    if (key === "metadata") {
      this.metadataEntries = {};
      this.metadata = this.metadataEntries;
    } else if (COLLECTIONS.has(key)) {
      this.collectionsSeen.add(key);
    }
  }

  entry(key: string, id: string, value: unknown): void {
    switch (key) {
      case "metadata":
        this.metadataEntries![id] = value;
        return;
      case "nodes":
        this.node(id, value);
        return;
      case "sources": {
        const raw = checkedAt(
          MANIFEST_ENTRY_CHECKS.source,
          compiled.source,
          value,
          ["sources", id],
          this.problems,
        );
        if (raw === undefined) return;
        checkKey("sources", id, raw.unique_id, this.problems);
        this.sources.set(id, toSource(raw));
        return;
      }
      case "macros": {
        const raw = checkedAt(
          MANIFEST_ENTRY_CHECKS.macro,
          compiled.macro,
          value,
          ["macros", id],
          this.problems,
        );
        if (raw === undefined) return;
        checkKey("macros", id, raw.unique_id, this.problems);
        this.macros.set(id, toMacro(raw));
        return;
      }
      case "unit_tests": {
        const raw = acceptAt(compiled.unitTest, value, ["unit_tests", id], this.problems);
        if (raw === undefined) return;
        checkKey("unit_tests", id, raw.unique_id, this.problems);
        this.unitTests.set(id, toUnitTest(raw));
        return;
      }
      case "functions": {
        const raw = acceptAt(compiled.otherNode, value, ["functions", id], this.problems);
        if (raw === undefined) return;
        checkKey("functions", id, raw.unique_id, this.problems);
        this.otherNodes.set(id, toOtherNode(raw));
        return;
      }
      case "exposures":
      case "metrics":
      case "semantic_models":
      case "saved_queries": {
        const raw = acceptAt(compiled.otherNode, value, [key, id], this.problems);
        if (raw === undefined) return;
        checkKey(key, id, raw.unique_id, this.problems);
        this.otherMembers.set(id, toOtherNode(raw));
        return;
      }
    }
  }

  duplicate(key: string, id?: string): void {
    if (key !== "metadata" && !COLLECTIONS.has(key)) return;
    if (id === undefined) this.problems.add([key], "appears more than once at the top level of the file");
    else this.problems.add([key, id], `appears more than once in \`${key}\``);
  }

  private node(id: string, value: unknown): void {
    const at = ["nodes", id];
    const problems = this.problems;
    if (!isPlainObject(value)) {
      problems.add(at, `expected an object (a node), found ${describeValue(value)}`);
      return;
    }
    const type = value.resource_type;
    if (BUILDABLE.has(type)) {
      const config = value.config;
      const fields = isPlainObject(config)
        ? checkedAt(
            MANIFEST_ENTRY_CHECKS.nodeConfigFields,
            compiled.nodeConfigFields,
            config,
            [...at, "config"],
            problems,
          )
        : null;
      const raw = checkedAt(MANIFEST_ENTRY_CHECKS.buildable, compiled.buildable, value, at, problems);
      if (raw === undefined || fields === undefined) return;
      checkKey("nodes", id, raw.unique_id, problems);
      this.nodes.set(id, toNode(raw, fields));
    } else if (type === "test") {
      const raw = checkedAt(MANIFEST_ENTRY_CHECKS.dataTest, compiled.dataTest, value, at, problems);
      if (raw === undefined) return;
      checkKey("nodes", id, raw.unique_id, problems);
      this.dataTests.set(id, toDataTest(raw));
    } else {
      const raw = acceptAt(compiled.otherNode, value, at, problems);
      if (raw === undefined) return;
      checkKey("nodes", id, raw.unique_id, problems);
      this.otherNodes.set(id, toOtherNode(raw));
    }
  }

  /**
   * dbt gives every resource its own unique_id (its prefix names its type):
   * one id in two collections (a node and a source, a node and a function)
   * is no manifest dbt writes, and the graph, the selection and the plan
   * would each read a different one of the two.
   */
  private crossDuplicates(): void {
    const seen = new Map<string, string>();
    const collections: [string, Iterable<string>][] = [
      ["nodes", [...this.nodes.keys(), ...this.dataTests.keys(), ...this.otherNodes.keys()]],
      ["unit_tests", this.unitTests.keys()],
      ["sources", this.sources.keys()],
    ];
    for (const [id, member] of this.otherMembers) collections.push([collectionOf(member.resourceType), [id]]);
    for (const [key, ids] of collections) {
      for (const id of ids) {
        const first = seen.get(id);
        if (first === undefined) seen.set(id, key);
        else if (first !== key)
          this.problems.add(
            [key, id],
            `is also a unique_id in \`${first}\`: dbt gives every resource its own id`,
          );
      }
    }
  }

  /**
   * The manifest, or the error: an unsupported schema version first (the
   * rest of the file has another shape), then every problem found, the
   * header's first.
   */
  finish(): Manifest {
    const headerProblems = new Problems();
    const root = this.metadata === undefined ? {} : { metadata: this.metadata };
    const header = readHeader(root, this.file, "manifest", MANIFEST_VERSIONS, headerProblems);
    const metadata = readMetadata(header, headerProblems);
    for (const [key, { required }] of COLLECTIONS) {
      if (required && !this.collectionsSeen.has(key))
        this.problems.add([key], "missing (expected an object keyed by unique_id)");
    }
    this.crossDuplicates();
    headerProblems.list.push(...this.problems.list);
    headerProblems.throwIfAny(this.file, "manifest", header.version);
    if (metadata === null) throw new Error("unreachable: manifest metadata without a recorded problem");
    return {
      file: this.file,
      metadata,
      nodes: this.nodes,
      dataTests: this.dataTests,
      unitTests: this.unitTests,
      otherNodes: this.otherNodes,
      otherMembers: this.otherMembers,
      sources: this.sources,
      macros: this.macros,
    };
  }
}

/** The top-level collection a non-node member comes from, for messages. */
function collectionOf(resourceType: string): string {
  return resourceType === "semantic_model"
    ? "semantic_models"
    : resourceType === "saved_query"
      ? "saved_queries"
      : `${resourceType}s`;
}

function toOtherNode(raw: Raw<typeof otherNodeSchema>): ManifestOtherNode {
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

/**
 * A manifest from a document already parsed from JSON (it is read, never
 * modified). `loadManifest` (manifest-stream.ts) reads one from its text.
 */
export function readManifestDocument(doc: unknown, file: string): Manifest {
  const root = requireTopObject(doc, file, "manifest");
  const builder = new ManifestBuilder(file);
  for (const key in root) {
    if (builder.skips(key)) continue;
    const value = root[key];
    if (isPlainObject(value)) {
      builder.objectStart(key);
      for (const id in value) builder.entry(key, id, value[id]);
    } else {
      builder.member(key, value);
    }
  }
  return builder.finish();
}
