/**
 * dbt's manifest.json (schema v11 and v12), reduced to what ODS plans with:
 * the records a manifest is read into, and the Manifest that holds them.
 *
 * Reading one: ManifestBuilder (manifest-builder.ts) takes the document's
 * top-level members one at a time and each collection entry by entry, as
 * JsonObjectStream reads them from the file (manifest-stream.ts), or as
 * readManifestDocument walks a parsed document. Each entry of `nodes`,
 * `sources`, `macros`, `unit_tests` and `functions` is validated on its own
 * with a small schema that names only the fields ODS reads
 * (manifest-entry-schemas.ts; unknown fields are accepted, since dbt adds
 * some every release and dbt Fusion writes extra ones), and turned into a
 * compact record at once (manifest-entry-records.ts). Exposures, metrics,
 * semantic models, saved queries, docs, groups, selectors, disabled nodes and
 * dbt's own parent/child maps are parsed (the file must be JSON) but not kept
 * (exposures, metrics, semantic models and saved queries only for selection).
 *
 * Records use camelCase; `config` is dbt's resolved config object as written
 * (keys as dbt spells them), so that fingerprints can drop the keys that do
 * not change what gets built.
 */
import type { Residue } from "../inventory/manifest-residue.js";
import type { InvocationMetadata } from "./invocation-metadata.js";

export const MANIFEST_VERSIONS = ["v11", "v12"] as const;
export type ManifestVersion = (typeof MANIFEST_VERSIONS)[number];

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

/** SHA-256 digests of what a hook can read of a node's documentation (ManifestNode.hookReadableDocs). */
export interface HookReadableDocs {
  /** Of the node's `description`. */
  description: string;
  /** Of its `columns`, every key of every column, as canonical JSON. */
  columns: string;
  /** Of its own (top-level) `meta`, as canonical JSON. */
  meta: string;
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
  /** What of the entry no inventory row classifies (issue 36); null or absent: nothing. */
  residue?: Residue;

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
   * What the node's hooks can read of its documentation when they run: dbt
   * hands them the whole node as `model` (dbt-core
   * core/dbt/context/providers.py `ProviderContext.ctx_model`), so a
   * post-hook that writes `model.description` or its columns' descriptions
   * or meta into the warehouse (a comment, a masking policy) writes
   * something else when they change. Digests, kept only for nodes with hooks
   * (memory: see persistedDocs); null for a node without hooks.
   */
  hookReadableDocs: HookReadableDocs | null;
  /**
   * Seeds: dbt's `root_path`, the directory of the seed's package where the
   * manifest was written (for finding the CSV of a seed dbt recorded only a
   * path checksum for); null for other nodes.
   */
  rootPath: string | null;
}

/** A data test (generic or singular). */
export interface ManifestDataTest {
  /** What of the entry no inventory row classifies (issue 36); null or absent: nothing. */
  residue?: Residue;

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
  /** What of the entry no inventory row classifies (issue 36); null or absent: nothing. */
  residue?: Residue;

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
  /** What of the entry no inventory row classifies (issue 36); null or absent: nothing. */
  residue?: Residue;

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
  /** What of the entry no inventory row classifies (issue 36); null or absent: nothing. */
  residue?: Residue;

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
  /** What of the entry no inventory row classifies (issue 36); null or absent: nothing. */
  residue?: Residue;

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
  /**
   * What of the metadata and of top-level members no inventory row
   * classifies (issue 36): it reaches every node. Null or absent: nothing.
   */
  residue?: Residue;
}
