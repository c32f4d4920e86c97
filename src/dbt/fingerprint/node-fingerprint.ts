/**
 * The fingerprint of one planned node, scheme dbt/3 (ADR-0013, #13, #209,
 * #218). Each component is a SHA-256 digest:
 *
 * | component     | from                                                              |
 * |---------------|-------------------------------------------------------------------|
 * | scheme        | `dbt/3`                                                           |
 * | sql           | SQL models and snapshots: compiled SQL, normalised (raw on give-up) |
 * | file          | dbt's content checksum: seeds, Python models, impure SQL models   |
 * | compiled_code | Python models: the compiled code as is                            |
 * | config        | resolved config, canonical JSON, without CONFIG_KEYS_IGNORED (meta kept with BigQuery's `labels_from_meta`) |
 * | macros        | source of every macro the build runs, resolved as dbt does at run time (overrides, materialization, strategy, dispatch; dbt's and the adapter's included), plus the `generate_*_name` overrides |
 * | project_hooks | on-run-start hooks' SQL and run-time macros, when the project has any |
 * | contract      | what an enforced contract puts in the DDL: columns in order (name, data_type, quote, constraints), model constraints, alias_types |
 * | docs          | only for nodes that persist docs: the description (`persist_docs.relation`) and every declared column's comment (`persist_docs.columns`) |
 * | version       | only for versioned models of dbt 1.12+: whether the node makes the latest-version pointer view and, if so, its `latest_version_pointer` config and the macros that name and build it, resolved at run time |
 * | sources       | the relations (and event_time) of the sources it reads             |
 * | relation      | database, schema, identifier, relation_name                       |
 * | unclassified:… | issue 36: what no inventory row classifies, per path pattern      |
 * | input:dbt_project.yml › … | dbt_project.yml keys and flags the manifest does not record (`dispatch`, behaviour flags), on the nodes they reach; unclassified keys as `unclassified:dbt_project.yml › …` on every node (project-file-components.ts) |
 * | engine        | dbt version and adapter                                           |
 *
 * Decisions where the ADR is silent (each builds more or changes nothing):
 * - dbt's and the adapter's own macros are hashed when the build runs them
 *   (docs/decisions/run-time-macros.md): an adapter release that changes one
 *   rebuilds the nodes that run it.
 * - A reader of an ephemeral model takes the ephemeral model's macros, and
 *   its content checksum when its Jinja is not pure (the ephemeral model's
 *   Jinja runs when the reader is compiled).
 * - The contract counts only when enforced: dbt applies declared types and
 *   constraints to the build only then.
 * - A missing content checksum makes any node incomplete; so does a path-only
 *   one (seeds over 1 MiB), unless the edge read the seed's CSV from the
 *   checkout (`SeedFiles`): its SHA-256 then stands in for dbt's checksum.
 *
 * docs/decisions/fingerprint-contents.md gives the dbt-core / dbt-adapters
 * source each of these rests on. The sql component and its portable variant
 * are computed in sql-component.ts.
 */
import type { ManifestMetadata, ManifestNode, ManifestOtherNode } from "../artifacts/manifest.js";
import { readableDocsOf } from "../artifacts/manifest-entry-records.js";
import type { GraphNode, ProjectGraph } from "../graph.js";
import { scanEnvironmentReads } from "../hook-scan.js";
import { mergeResidue } from "../inventory/manifest-residue.js";
import { checkJinjaPurity } from "../jinja-purity.js";
import { nodeRunTimeMacros, onRunStartHooks, projectHooks } from "../macros/fingerprint-macros.js";
import type { RunTimeMacros } from "../macros/run-time-closure.js";
import type { ProjectFile } from "../project-file.js";
import { latestVersionPointerDefaultOf } from "../project-flags.js";
import { nodeRunTimeReads, type RunTimeReads } from "../run-time-values/run-time-reads.js";
import type { RunTimeValueSources } from "../run-time-values/run-time-values.js";
import { hasPathChecksum, type SeedFiles, seedFilePath } from "../seed-files.js";
import { commentSyntaxOf } from "../sql-normaliser.js";
import { canonicalJson, canonicalJsonWithout } from "./canonical-json.js";
import { sha256 } from "./digest.js";
import { INPUT_COMPONENT, SCHEME, UNCLASSIFIED_COMPONENT } from "./fingerprint.js";
import type { MacroIndex } from "./macro-index.js";
import { projectFileComponents } from "./project-file-components.js";
import { sqlComponent } from "./sql-component.js";

/**
 * Config keys that never reach the warehouse (dbt-core 1.12
 * core/dbt/artifacts/resources/v1/config.py `NodeAndTestConfig`/`NodeConfig`,
 * model.py `ModelConfig`; no dbt-adapters macro or adapter reads them):
 * - `tags`, `meta`, `docs` (show, node_color), `group`, `access`: metadata
 *   and governance, read by selection, docs and ref checks at parse time;
 * - `freshness` (a model's `build_after`) and `state`: ODS's reuse policy;
 * - `on_error`: whether dbt skips the node's children after it fails;
 * - `static_analysis`: how dbt Fusion / 1.12 analyses the SQL at parse time;
 * - `enabled`: always true for a node in the manifest's `nodes`;
 * - `alias`, `schema`, `database`: dbt resolves them at parse time, through
 *   the `generate_*_name` macros, into the node's own `alias`, `schema` and
 *   `database` (core/dbt/parser/base.py `ConfiguredParser._update_node_alias`,
 *   `_update_node_schema`, `_update_node_database`), which the `relation`
 *   component holds; setting `alias` to the name the relation already has
 *   (a rename that keeps the relation) changes nothing dbt writes.
 * `latest_version_pointer` is not here: it goes to the `version` component
 * of a latest version, the only node it builds anything for. `meta` counts
 * when BigQuery's `labels_from_meta` turns it into labels (dbt-bigquery
 * impl.py `get_common_options`). Everything else is kept, unknown keys too.
 */
export const CONFIG_KEYS_IGNORED = [
  "tags",
  "meta",
  "docs",
  "state",
  "freshness",
  "group",
  "access",
  "on_error",
  "static_analysis",
  "enabled",
  "latest_version_pointer",
  "alias",
  "schema",
  "database",
] as const;

/** What a node's fingerprint reads besides the manifest: files the edge read from the checkout. */
export interface FingerprintInputs {
  /** Large seeds' CSV digests; absent when the edge was given no project directory. */
  seedFiles?: SeedFiles;
  /**
   * dbt_project.yml's `latest_version_pointer_enabled_by_default`
   * (project-flags.ts); null: unknown, taken as on. Absent: read from
   * `projectFile` when given, else unknown.
   */
  latestVersionPointerDefault?: boolean | null;
  /**
   * dbt_project.yml (with vars.yml and the installed packages' vars) as the
   * edge parsed it from `project-dir` (project-file.ts); null or absent when
   * there is no project directory or no file: then no project-file
   * component is added.
   */
  projectFile?: ProjectFile | null;
  /**
   * What the build sees at run time, as the edge can tell (issue 36:
   * the job's environment, the projects' `vars:`, the target): the plan and
   * the record compare keyed digests of the values the node's run-time path
   * reads (src/dbt/run-time-values/). Absent: nothing is visible, and every
   * static read is `run_time_value_unknown`.
   */
  runTimeValues?: RunTimeValueSources;
}

/** Where a node with hooks reads the environment: a hook or a macro, and the names it mentions. */
export interface EnvironmentRead {
  /** `pre-hook 1`, `post-hook 2`, or `macro <unique_id>`. */
  where: string;
  names: readonly string[];
}

export interface NodeFingerprintParts {
  components: Record<string, string>;
  /** Why the fingerprint is incomplete; empty when complete. */
  incomplete: string[];
  environmentReads: EnvironmentRead[];
  /** Digest of the raw code, kept outside the fingerprint ("only formatting changed"). */
  rawDigest: string | null;
  /** Why the SQL normaliser hashed the raw compiled text instead, when it did. */
  normaliserGaveUp: string | null;
  /** Why the node keeps its file component, when it does. */
  fileReason: string | null;
  /** The sql component computed on the portable SQL (relation names as placeholders), when the node has one. */
  portableSql: string | null;
  /** The macros the node's build resolves to at run time (the `macros` component's input; shared, read only). */
  runTimeMacros: RunTimeMacros;
  /** Relations its compiled SQL reads by name, not through ref/source (undeclared-reads.ts); null when not scanned. */
  undeclaredReads: readonly string[] | null;
  /** What its run-time path reads from the run: env_var, var, target (src/dbt/run-time-values/). */
  runTimeReads: RunTimeReads;
}

const SQL_LIKE = new Set(["model", "snapshot"]);
const IGNORED_CONFIG_KEYS: ReadonlySet<string> = new Set(CONFIG_KEYS_IGNORED);
const IGNORED_CONFIG_KEYS_BUT_META: ReadonlySet<string> = new Set(
  CONFIG_KEYS_IGNORED.filter((key) => key !== "meta"),
);

/** Components every node of a manifest shares, computed once. */
const SCHEME_DIGEST = sha256(SCHEME);
const NOT_ENFORCED_CONTRACT_DIGEST = sha256(canonicalJson({ enforced: false }));
const engineDigests = new WeakMap<ManifestMetadata, string>();

function engineDigest(metadata: ManifestMetadata): string {
  let digest = engineDigests.get(metadata);
  if (digest === undefined) {
    digest = sha256(canonicalJson({ dbt_version: metadata.dbtVersion, adapter: metadata.adapterType }));
    engineDigests.set(metadata, digest);
  }
  return digest;
}

export function fingerprintNode(
  graph: ProjectGraph,
  node: GraphNode,
  macros: MacroIndex,
  inputs: FingerprintInputs = {},
): NodeFingerprintParts {
  const n = node.node;
  const components: Record<string, string> = {};
  const incomplete: string[] = [];
  const metadata = graph.metadata;
  let normaliserGaveUp: string | null = null;
  let fileReason: string | null = null;
  let portableSql: string | null = null;
  let undeclaredReads: readonly string[] | null = null;

  components.scheme = SCHEME_DIGEST;
  components.engine = engineDigest(metadata);
  // canonicalJson({ database, schema, identifier, relation_name }), keys in canonical order:
  // the rendered name too, since its quoting decides which object it is.
  components.relation = sha256(
    `{"database":${JSON.stringify(n.relation.database)},"identifier":${JSON.stringify(n.relation.identifier)},"relation_name":${JSON.stringify(n.relation.relationName)},"schema":${JSON.stringify(n.relation.schema)}}`,
  );

  if (n.config === null) incomplete.push("no recorded config");
  else components.config = configDigest(graph, n.config);

  const seedFile =
    n.resourceType === "seed" && hasPathChecksum(n) ? inputs.seedFiles?.get(n.uniqueId) : undefined;
  const checksumProblem = seedFile?.sha256 ? null : checksumIssue(n, graph, seedFile);
  if (checksumProblem) incomplete.push(checksumProblem);
  const syntax = commentSyntaxOf(metadata.adapterType);

  const ephemerals = node.ephemerals.map((id) => graph.ephemerals.get(id)!.node);
  const isPython = n.language === "python";
  if (SQL_LIKE.has(n.resourceType) && !isPython) {
    if (n.compiledCode === null) {
      incomplete.push("no compiled SQL: run `dbt compile` (or `dbt build`) so the manifest records it");
    } else {
      const sql = sqlComponent(graph, node, n.compiledCode, syntax);
      components.sql = sql.digest;
      normaliserGaveUp = sql.gaveUp;
      portableSql = sql.portable;
      undeclaredReads = sql.undeclared;
    }
    fileReason = impurity(n, ephemerals);
  } else if (isPython) {
    if (n.compiledCode === null)
      incomplete.push("no compiled code: run `dbt compile` so the manifest records it");
    else components.compiled_code = sha256(n.compiledCode);
    fileReason = "Python model";
  } else {
    fileReason = n.resourceType === "seed" ? "seed" : `${n.resourceType} without compiled SQL`;
  }
  if (fileReason !== null) {
    const checksums = [n, ...(isPython || n.resourceType === "seed" ? [] : ephemerals)].map((x) =>
      x === n && seedFile?.sha256
        ? [x.uniqueId, "file_sha256", seedFile.sha256]
        : [x.uniqueId, x.checksum?.name ?? null, x.checksum?.value ?? null],
    );
    components.file = sha256(canonicalJson(checksums));
  }

  // Macros: what the build runs, resolved as dbt resolves it at run time
  // (src/dbt/macros/run-time-closure.ts), engine macros included; and the
  // on-run-start hooks that run before it.
  const materialization = n.materialized ?? (n.resourceType === "model" ? "view" : n.resourceType);
  const {
    resolved,
    bodyUser,
    digest: macrosDigest,
  } = nodeRunTimeMacros(macros, n, ephemerals, materialization);
  if (resolved.materialization === null)
    incomplete.push(`no macro in the artifacts implements materialization \`${materialization}\``);
  for (const id of resolved.missing) incomplete.push(`macro \`${id}\` is missing from the artifacts`);
  components.macros = macrosDigest;
  const hooks = projectHooks(graph, macros);
  if (hooks.digest !== null) components.project_hooks = hooks.digest;
  for (const problem of hooks.incomplete) incomplete.push(problem);

  addMentionedConfigKeys(components, n, resolved.macros, macros);

  const sourcesDigest = sourceRelationsDigest(graph, node);
  if (sourcesDigest !== null) components.sources = sourcesDigest;
  addUnclassified(components, graph, node, resolved.macros, macros);

  components.contract = n.contract?.enforced
    ? sha256(canonicalJson(contractOf(n)))
    : NOT_ENFORCED_CONTRACT_DIGEST;
  if (n.persistedDocs !== null)
    components.docs = sha256(canonicalJson(persistedDocsOf(n, metadata.adapterType)));
  let pointer: readonly string[] | null = null;
  if (n.version !== null && n.config !== null && Object.hasOwn(n.config, "latest_version_pointer")) {
    pointer = pointerRoots(n, macros, pointerDefault(inputs));
    components.version = versionDigest(n, macros, pointer);
  }
  if (inputs.projectFile)
    Object.assign(components, projectFileComponents(inputs.projectFile, graph, node, macros, resolved));

  return {
    components,
    incomplete,
    environmentReads: environmentReads(n, bodyUser, macros),
    rawDigest: n.rawCode === null ? null : sha256(n.rawCode),
    normaliserGaveUp,
    fileReason,
    portableSql,
    runTimeMacros: resolved,
    undeclaredReads,
    runTimeReads: nodeRunTimeReads(graph, macros, n, resolved, pointer),
  };
}

/**
 * Config keys left out of the config component as metadata (`tags`, `meta`,
 * `docs`, `group`) that a project or package macro could still read at run
 * time (`config.get('tags')`, `model.meta`, …) and write into the relation
 * (a grant by tag, a post-hook per group): dbt exposes the whole node to
 * every macro it runs (dbt-core core/dbt/context/providers.py
 * `ProviderContext.ctx_model`, `RuntimeConfigObject.get`). No dbt or adapter macro
 * reads them (dbt-adapters global_project; python.sql's `meta_get` is in a
 * Python model's compiled code), so they count only where a user macro of
 * the node's run-time closure, or one of its hooks, mentions the key: then
 * the key's value is an `input:` component (code_changed).
 */
const METADATA_CONFIG_KEYS = ["tags", "meta", "docs", "group"] as const;
/**
 * `model.tags`, `config.get('meta')`, `node['group']`, `config.meta_get('owner')`
 * (dbt 1.10+ `RuntimeConfigObject.meta_get` / `meta_require` read config.meta),
 * `model.description`, `model.columns`, `model.fqn[1]`, …: a read of the key (not SQL's `group by`).
 */
const MENTION =
  /(?:\.|\[\s*['"]|get\(\s*['"])(tags|meta(?:_get|_require)?|docs|group|description|columns|fqn|path|original_file_path)\b/g;
const mentionsByMacro = new WeakMap<MacroIndex, Map<string, readonly string[]>>();

function mentionedKeys(sql: string): string[] {
  const out = new Set<string>();
  for (const m of sql.matchAll(MENTION)) out.add(m[1]!.startsWith("meta") ? "meta" : m[1]!);
  return [...out];
}

/**
 * Node fields outside config that a hook reads when it runs (dbt hands it the
 * whole node as `model`): the description, the columns and the node's own
 * `meta`, which a hook or a macro of its run-time closure (a project's
 * materialization, an override of dbt's) may read: nodes with hooks keep their
 * digests (ManifestNode.hookReadableDocs), the others' are made when such a
 * read is found (readableDocsOf); a model's own SQL reads them at compile
 * time, into its compiled code.
 */
const HOOK_READABLE_FIELDS = ["description", "columns", "meta"] as const;
/** Where the node's file is, which every node keeps: `model.fqn`, `model.path`, `model.original_file_path`. */
const NODE_PLACE_FIELDS = ["fqn", "path", "original_file_path"] as const;

function addMentionedConfigKeys(
  components: Record<string, string>,
  n: ManifestNode,
  closure: readonly string[],
  macros: MacroIndex,
): void {
  if (n.config === null) return;
  let cache = mentionsByMacro.get(macros);
  if (cache === undefined) {
    cache = new Map();
    mentionsByMacro.set(macros, cache);
  }
  const mentioned = new Set<string>();
  for (const id of closure) {
    let keys = cache.get(id);
    if (keys === undefined) {
      const macro = macros.get(id);
      keys = macro === undefined || macros.isEngine(id) ? [] : mentionedKeys(macro.macroSql);
      cache.set(id, keys);
    }
    for (const key of keys) mentioned.add(key);
  }
  for (const hook of [...n.preHooks, ...n.postHooks])
    for (const key of mentionedKeys(hook.sql)) mentioned.add(key);
  for (const key of METADATA_CONFIG_KEYS) {
    if (!mentioned.has(key)) continue;
    if (key === "meta" && !ignoredKeys(n.config).has("meta")) continue;
    components[`${INPUT_COMPONENT}nodes.<${n.resourceType}>.config.${key}`] = sha256(
      canonicalJson(n.config[key] === undefined ? null : n.config[key]),
    );
  }
  // Where the file is (a grant or a schema by folder, `model.fqn[1]`): moving it keeps the relation.
  const place = { fqn: n.fqn, path: n.path, original_file_path: n.originalFilePath };
  for (const key of NODE_PLACE_FIELDS)
    if (mentioned.has(key))
      components[`${INPUT_COMPONENT}nodes.<${n.resourceType}>.${key}`] = sha256(canonicalJson(place[key]));
  if (!HOOK_READABLE_FIELDS.some((key) => mentioned.has(key))) return;
  // Read by a hook, or by a macro its build runs (a project's materialization reading `model.description`).
  const docs = readableDocsOf(n);
  if (docs === null) return;
  for (const key of HOOK_READABLE_FIELDS)
    if (mentioned.has(key)) components[`${INPUT_COMPONENT}nodes.<${n.resourceType}>.${key}`] = docs[key];
}

/** Config digests per project, by the config's JSON: most nodes of a project share their config. */
const configDigests = new WeakMap<ProjectGraph, Map<string, string>>();

/**
 * SHA-256 of the config's canonical JSON without the ignored keys. Two
 * configs with the same JSON.stringify are the same JSON value with the keys
 * in the same order, so they have the same canonical JSON: the digest is
 * cached by that text.
 */
function configDigest(graph: ProjectGraph, config: Readonly<Record<string, unknown>>): string {
  let cache = configDigests.get(graph);
  if (cache === undefined) {
    cache = new Map();
    configDigests.set(graph, cache);
  }
  let key: string | undefined;
  try {
    key = JSON.stringify(config);
  } catch {
    // Nested deeper than JSON.stringify's recursion allows: not cached (canonicalJson has no such limit).
    return sha256(canonicalJsonWithout(config, ignoredKeys(config)));
  }
  let digest = cache.get(key);
  if (digest === undefined) {
    digest = sha256(canonicalJsonWithout(config, ignoredKeys(config)));
    cache.set(key, digest);
  }
  return digest;
}

/** CONFIG_KEYS_IGNORED, but `meta` counts where BigQuery's `labels_from_meta` makes labels of it. */
function ignoredKeys(config: Readonly<Record<string, unknown>>): ReadonlySet<string> {
  const labelsFromMeta = config.labels_from_meta;
  return labelsFromMeta === undefined || labelsFromMeta === null || labelsFromMeta === false
    ? IGNORED_CONFIG_KEYS
    : IGNORED_CONFIG_KEYS_BUT_META;
}

function checksumIssue(
  n: ManifestNode,
  graph: ProjectGraph,
  seedFile: { path: string; problem?: string } | undefined,
): string | null {
  const checksum = n.checksum;
  if (checksum === null || checksum.name === "none" || checksum.value === "") return "no content checksum";
  if (checksum.name !== "path") return null;
  const only = "dbt recorded only a path checksum (files over 1 MiB), not the content";
  if (n.resourceType !== "seed") return only;
  const where = seedFile?.path ?? seedFilePath(n, graph.metadata.projectName);
  return seedFile === undefined
    ? `${only}, and ODS was not given the dbt project's directory to read \`${where}\` from: set the action input \`project-dir\` (CLI: \`--project-dir\`)`
    : `${only}, and the seed file was ${seedFile.problem ?? "not read"} at \`${where}\` in the dbt project's directory: run ODS in the checkout of the dbt project (action input \`project-dir\`, CLI \`--project-dir\`), after \`dbt deps\` for a package's seed`;
}

/** Why a SQL model keeps its file component (impure Jinja or no raw code), or null. */
function impurity(n: ManifestNode, ephemerals: readonly ManifestNode[]): string | null {
  for (const x of [n, ...ephemerals]) {
    const whose = x === n ? "its" : `ephemeral model \`${x.name}\`'s`;
    if (x.rawCode === null) return `${whose} raw code is not recorded`;
    const purity = checkJinjaPurity(x.rawCode);
    if (!purity.pure) return `${whose} Jinja may run SQL the compiled code doesn't show (${purity.reason})`;
  }
  return null;
}

/**
 * What an enforced contract puts in the DDL (dbt-adapters
 * `table_columns_and_constraints` -> BaseAdapter.render_raw_columns_constraints
 * / render_raw_model_constraints, and `default__get_empty_schema_sql`): each
 * declared column in YAML order with its name, `quote` (the name is quoted
 * when true), `data_type` and constraints; the model-level constraints; and
 * `alias_types` (whether dbt translates the declared types). A constraint's
 * `warn_unenforced` / `warn_unsupported` only decide whether dbt warns
 * (process_parsed_constraint): the DDL is the same, so they are left out.
 */
function contractOf(n: ManifestNode): unknown {
  if (!n.contract?.enforced) return { enforced: false };
  return {
    enforced: true,
    alias_types: n.contract.aliasTypes,
    columns: n.contractColumns.map((column) => ({
      name: column.name,
      data_type: column.dataType,
      quote: column.quote,
      constraints: column.constraints.map(ddlConstraint),
    })),
    constraints: n.constraints.map(ddlConstraint),
  };
}

const WARNING_ONLY_CONSTRAINT_KEYS: ReadonlySet<string> = new Set(["warn_unenforced", "warn_unsupported"]);

/** A constraint as written without the keys that only decide warnings (any other value kept as is). */
function ddlConstraint(constraint: unknown): unknown {
  if (typeof constraint !== "object" || constraint === null || Array.isArray(constraint)) return constraint;
  const record = constraint as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key in record) if (!WARNING_ONLY_CONSTRAINT_KEYS.has(key)) out[key] = record[key];
  return out;
}

/**
 * What persist_docs writes (dbt-adapters `persist_docs` and its adapter
 * versions: `alter_relation_comment` with the description, and
 * `alter_column_comment` with each declared column's description, quoted per
 * its `quote`; dbt-bigquery also sets the columns' `policy_tags`). dbt-athena
 * (`persist_docs_to_glue`) also writes the node's and the columns' `meta` as
 * Glue parameters, so with that adapter they count too.
 */
function persistedDocsOf(n: ManifestNode, adapterType: string | null): unknown {
  const docs = n.persistedDocs!;
  const athena = adapterType === "athena";
  return {
    description: docs.description,
    meta: athena && docs.description !== null ? (n.config?.meta ?? null) : undefined,
    columns:
      docs.columns?.map((column) => ({
        name: column.name,
        description: column.description,
        quote: column.quote,
        policy_tags: column.policyTags,
        meta: athena ? (column.meta ?? null) : undefined,
      })) ?? null,
  };
}

/**
 * The `version` component of a versioned model of dbt 1.12 and later (its
 * config has `latest_version_pointer`; before 1.12 dbt builds nothing that
 * depends on `latest_version`, and unpinned `ref`s to the model show the
 * move in their readers' compiled SQL). dbt 1.12 (dbt-core
 * core/dbt/task/run.py `_should_create_latest_version_pointer` and
 * `_materialize_latest_version_pointer`) creates, after building the latest
 * version (`version == latest_version`), a view under the model's
 * unversioned name (or `latest_version_pointer.alias`, through a
 * `generate_latest_version_pointer_alias` override) selecting from it, when
 * `latest_version_pointer.enabled` is true, or unset and the project flag
 * `latest_version_pointer_enabled_by_default` is on (`flagDefault`: read by
 * the edge from dbt_project.yml, which the manifest doesn't record; null,
 * unknown, counts as on). So the component says whether this node
 * makes a pointer view and, if so, from which config and macros (the
 * alias macro's overrides, the view materialization, and everything they
 * run, resolved at run time). `latest_version`
 * moving from v2 to v3 changes both nodes; v1 is unchanged.
 */
function versionDigest(n: ManifestNode, macros: MacroIndex, roots: readonly string[] | null): string {
  if (roots === null) return sha256(canonicalJson({ pointer: null }));
  const digest = macros.closureDigest(macros.resolver.closure(roots, n.packageName).macros);
  return sha256(
    canonicalJson({ pointer: { config: n.config?.latest_version_pointer ?? null, macros: digest } }),
  );
}

/** The roots of the latest-version pointer's build when this node makes one (see versionDigest); null when not. */
function pointerRoots(n: ManifestNode, macros: MacroIndex, flagDefault: boolean | null): string[] | null {
  const latest = n.latestVersion !== null && String(n.latestVersion) === String(n.version);
  const pointer = n.config?.latest_version_pointer;
  const set = isPlainRecord(pointer) ? pointer.enabled : pointer;
  const enabled = set === undefined || set === null ? flagDefault !== false : set !== false;
  if (!latest || !enabled) return null;
  // The alias macro is looked up by name, root project first (`Manifest.find_macro_by_name`):
  // every project and package macro of that name (and its dispatch candidates) counts. The view
  // materialization is dbt's choice for the adapter (`find_materialization_macro_by_name`). Both run
  // in the model's context, so their closure is resolved at run time (overrides and dispatch
  // candidates included, dbt's and the adapter's macros too), as the `macros` component's is.
  const view = macros.resolver.materialization("view");
  return [
    ...macros.userMacrosNamed(POINTER_ALIAS_MACRO),
    ...macros.userMacrosNamed(`default__${POINTER_ALIAS_MACRO}`),
    ...(macros.adapterType === null
      ? []
      : macros.userMacrosNamed(`${macros.adapterType}__${POINTER_ALIAS_MACRO}`)),
    ...(view.chosen === null ? [] : [view.chosen]),
    ...(view.alternative === null ? [] : [view.alternative]),
  ];
}

/**
 * The `sources` component: the relation each source it reads (directly or
 * through ephemeral models) resolves to, as dbt renders it (database,
 * schema, identifier, relation_name), and its `event_time`, which a
 * microbatch reader filters it by at run time (dbt-core
 * core/dbt/context/providers.py `BaseResolver.resolve_event_time_filter`).
 * Its readers' compiled SQL names the relation too; this holds where it
 * doesn't (an impure or Python model, a changed quoting). Null without sources.
 */
function sourceRelationsDigest(graph: ProjectGraph, node: GraphNode): string | null {
  if (node.sources.length === 0) return null;
  // By relation, not by id: a source renamed in YAML that names the same table reads the same data.
  const rows: string[] = [];
  for (const id of node.sources) {
    const source = graph.sources.get(id)?.source;
    if (source === undefined) {
      rows.push(canonicalJson([id, null]));
      continue;
    }
    const r = source.relation;
    const eventTime = source.config?.event_time;
    rows.push(
      canonicalJson([
        r.database,
        r.schema,
        r.identifier,
        r.relationName,
        eventTime === undefined ? null : eventTime,
      ]),
    );
  }
  rows.sort();
  return sha256(`[${rows.join(",")}]`);
}

/**
 * Issue 36, the closed world: one `unclassified:<pattern>` component per
 * path pattern of anything the node reaches that no inventory row
 * classifies (the residues of its own entry, its inlined ephemeral models,
 * its sources, the macros its build runs, its checks, and the manifest's
 * metadata and unknown members). Nothing is added in the usual case.
 */
function addUnclassified(
  components: Record<string, string>,
  graph: ProjectGraph,
  node: GraphNode,
  closure: readonly string[],
  macros: MacroIndex,
): void {
  if (!reachesResidue(graph, node, closure, macros)) return;
  const merged = new Map<string, string[]>();
  mergeResidue(merged, node.node.residue ?? null, node.id);
  for (const id of node.ephemerals) mergeResidue(merged, graph.ephemerals.get(id)?.node.residue ?? null, id);
  for (const id of node.sources) mergeResidue(merged, graph.sources.get(id)?.source.residue ?? null, id);
  if (macros.residues.size > 0)
    for (const id of closure) mergeResidue(merged, macros.residues.get(id) ?? null, id);
  for (const id of node.checks) {
    const check = graph.checks.get(id);
    if (check) mergeResidue(merged, check.test.residue ?? null, id);
  }
  mergeResidue(merged, graph.manifest.residue ?? null, "manifest");
  // The on-run-start hooks run before every node (project_hooks component): what of them no row classifies reaches every node too.
  for (const [id, residue] of hookResidues(graph)) mergeResidue(merged, residue, id);
  for (const dep of node.unknownParents) {
    const other = graph.manifest.otherNodes.get(dep.id);
    if (other) mergeResidue(merged, other.residue ?? null, dep.id);
  }
  for (const [pattern, lines] of merged)
    components[`${UNCLASSIFIED_COMPONENT}${pattern}`] = sha256(lines.sort().join("\n"));
}

const hookResidueCache = new WeakMap<ProjectGraph, [string, NonNullable<ManifestOtherNode["residue"]>][]>();

/** The residues of the project's on-run-start hooks (usually none), once per graph. */
function hookResidues(graph: ProjectGraph): [string, NonNullable<ManifestOtherNode["residue"]>][] {
  let list = hookResidueCache.get(graph);
  if (list === undefined) {
    list = [];
    for (const hook of onRunStartHooks(graph)) if (hook.residue) list.push([hook.uniqueId, hook.residue]);
    hookResidueCache.set(graph, list);
  }
  return list;
}

/** Whether anything the node reaches has a residue (usually nothing: then no map is filled). */
function reachesResidue(
  graph: ProjectGraph,
  node: GraphNode,
  closure: readonly string[],
  macros: MacroIndex,
): boolean {
  if (node.node.residue || graph.manifest.residue) return true;
  if (hookResidues(graph).length > 0) return true;
  for (const id of node.ephemerals) if (graph.ephemerals.get(id)?.node.residue) return true;
  for (const id of node.sources) if (graph.sources.get(id)?.source.residue) return true;
  if (macros.residues.size > 0) for (const id of closure) if (macros.residues.has(id)) return true;
  for (const id of node.checks) if (graph.checks.get(id)?.test.residue) return true;
  for (const dep of node.unknownParents) if (graph.manifest.otherNodes.get(dep.id)?.residue) return true;
  return false;
}

function pointerDefault(inputs: FingerprintInputs): boolean | null {
  if (inputs.latestVersionPointerDefault !== undefined) return inputs.latestVersionPointerDefault;
  return inputs.projectFile ? latestVersionPointerDefaultOf(inputs.projectFile) : null;
}

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const POINTER_ALIAS_MACRO = "generate_latest_version_pointer_alias";

/**
 * ADR-0013 #218, narrowed by issue 36: a node with hooks depends on the run
 * when a hook, or a project or package macro it uses, mentions `flags`,
 * `builtins`, `context`, `run_query` or `statement`: what those give changes
 * with every run or can't be named (`context['env' ~ x]`), so the node is
 * built every run. `env_var`, `var` and `target` no longer count here: the
 * run-time path's reads of them are compared by value (`value:` components,
 * run_time_value_changed) or, when not static or not visible,
 * run_time_value_unknown; a compile-time macro's reads are in the compiled
 * code. The `generate_*_name` macros (and what only they call) are not
 * scanned: they decide the relation's name, which the `relation` component
 * holds.
 */
const VALUE_NAMES: ReadonlySet<string> = new Set(["env_var", "var", "target"]);

function environmentReads(
  n: ManifestNode,
  userMacros: readonly string[],
  macros: MacroIndex,
): EnvironmentRead[] {
  if (n.preHooks.length === 0 && n.postHooks.length === 0) return [];
  const reads: EnvironmentRead[] = [];
  const hooks = [
    ...n.preHooks.map((hook, i) => ({ where: `pre-hook ${i + 1}`, sql: hook.sql })),
    ...n.postHooks.map((hook, i) => ({ where: `post-hook ${i + 1}`, sql: hook.sql })),
  ];
  const runDependent = (text: string) => scanEnvironmentReads(text).filter((name) => !VALUE_NAMES.has(name));
  for (const hook of hooks) {
    const names = runDependent(hook.sql);
    if (names.length > 0) reads.push({ where: hook.where, names });
  }
  for (const id of userMacros) {
    const names = runDependent(macros.get(id)!.macroSql);
    if (names.length > 0) reads.push({ where: `macro ${id}`, names });
  }
  return reads;
}
