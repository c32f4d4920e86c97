/**
 * The fingerprint of one planned node, scheme dbt/2 (ADR-0013, #13, #209,
 * #218). Each component is a SHA-256 digest:
 *
 * | component     | from                                                              |
 * |---------------|-------------------------------------------------------------------|
 * | scheme        | `dbt/2`                                                           |
 * | sql           | SQL models and snapshots: compiled SQL, normalised (raw on give-up) |
 * | file          | dbt's content checksum: seeds, Python models, impure SQL models   |
 * | compiled_code | Python models: the compiled code as is                            |
 * | config        | resolved config, canonical JSON, without tags/meta/docs/state/freshness |
 * | macros        | source of every project/package macro used, transitively, plus the materialization and `generate_*_name` overrides |
 * | contract      | declared column types and constraints, when the contract is enforced |
 * | relation      | database, schema, identifier                                      |
 * | engine        | dbt version and adapter                                           |
 *
 * Decisions where the ADR is silent (each builds more or changes nothing):
 * - dbt's and the adapter's own macros are not hashed: the `engine`
 *   component covers them, and dbt lists different ones depending on the
 *   command that wrote the manifest. A project or package override of one
 *   (a materialization, `generate_schema_name`) is hashed.
 * - A reader of an ephemeral model takes the ephemeral model's macros, and
 *   its content checksum when its Jinja is not pure (the ephemeral model's
 *   Jinja runs when the reader is compiled).
 * - The contract counts only when enforced: dbt applies declared types and
 *   constraints to the build only then.
 * - A missing or path-only content checksum makes any node incomplete.
 */
import type { ManifestNode } from "../artifacts/manifest.js";
import type { GraphNode, ProjectGraph } from "../graph.js";
import { scanEnvironmentReads } from "../hook-scan.js";
import { checkJinjaPurity } from "../jinja-purity.js";
import { normaliseSqlBytes } from "../sql-normaliser.js";
import { canonicalJson } from "./canonical-json.js";
import { sha256, sha256Of } from "./digest.js";
import { SCHEME } from "./fingerprint.js";
import type { MacroIndex } from "./macro-index.js";

/** Config keys that describe a node without changing what gets built. */
export const CONFIG_KEYS_IGNORED = ["tags", "meta", "docs", "state", "freshness"] as const;

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
}

const SQL_LIKE = new Set(["model", "snapshot"]);

export function fingerprintNode(
  graph: ProjectGraph,
  node: GraphNode,
  macros: MacroIndex,
): NodeFingerprintParts {
  const n = node.node;
  const components: Record<string, string> = {};
  const incomplete: string[] = [];
  const metadata = graph.metadata;
  let normaliserGaveUp: string | null = null;
  let fileReason: string | null = null;
  let portableSql: string | null = null;

  components.scheme = sha256(SCHEME);
  components.engine = sha256(
    canonicalJson({ dbt_version: metadata.dbtVersion, adapter: metadata.adapterType }),
  );
  components.relation = sha256(
    canonicalJson({
      database: n.relation.database,
      schema: n.relation.schema,
      identifier: n.relation.identifier,
    }),
  );

  if (n.config === null) incomplete.push("no recorded config");
  else components.config = sha256(canonicalJson(withoutIgnoredKeys(n.config)));

  const checksumProblem = checksumIssue(n);
  if (checksumProblem) incomplete.push(checksumProblem);

  const ephemerals = node.ephemerals.map((id) => graph.ephemerals.get(id)!.node);
  const isPython = n.language === "python";
  if (SQL_LIKE.has(n.resourceType) && !isPython) {
    if (n.compiledCode === null) {
      incomplete.push("no compiled SQL: run `dbt compile` (or `dbt build`) so the manifest records it");
    } else {
      const sql = sqlDigest(n.compiledCode);
      components.sql = sql.digest;
      normaliserGaveUp = sql.gaveUp;
      portableSql = sqlDigest(portableSqlText(graph, node)).digest;
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
    const checksums = [n, ...(isPython || n.resourceType === "seed" ? [] : ephemerals)].map((x) => [
      x.uniqueId,
      x.checksum?.name ?? null,
      x.checksum?.value ?? null,
    ]);
    components.file = sha256(canonicalJson(checksums));
  }

  // Macros: the node's own, those of the ephemeral models it inlines, its
  // materialization and the generate_*_name overrides.
  const roots = new Set<string>(n.dependsOn.macros);
  for (const ephemeral of ephemerals) for (const id of ephemeral.dependsOn.macros) roots.add(id);
  const materialization = n.materialized ?? (n.resourceType === "model" ? "view" : n.resourceType);
  const implementations = macros.materializationMacros(materialization);
  if (implementations.length === 0)
    incomplete.push(`no macro in the artifacts implements materialization \`${materialization}\``);
  for (const id of implementations) roots.add(id);
  for (const id of macros.generateNameOverrides()) roots.add(id);
  const closure = macros.closure(roots);
  for (const id of closure.missing) incomplete.push(`macro \`${id}\` is missing from the artifacts`);
  components.macros = sha256(closure.user.map((id) => `${id}\0${macros.sourceDigest(id)}\n`).join(""));

  components.contract = sha256(canonicalJson(contractOf(n)));

  return {
    components,
    incomplete,
    environmentReads: environmentReads(n, closure.user, macros),
    rawDigest: n.rawCode === null ? null : sha256(n.rawCode),
    normaliserGaveUp,
    fileReason,
    portableSql,
  };
}

/** SHA-256 of `normalised\0<normalised text>`, or of `raw\0<text>` when the normaliser gives up. */
function sqlDigest(text: string): { digest: string; gaveUp: string | null } {
  const normalised = normaliseSqlBytes(text);
  return normalised.ok
    ? { digest: sha256Of(NORMALISED_PREFIX, normalised.bytes), gaveUp: null }
    : { digest: sha256Of(RAW_PREFIX, text), gaveUp: normalised.reason };
}

const NORMALISED_PREFIX = "normalised\0";
const RAW_PREFIX = "raw\0";

/**
 * The compiled SQL with the rendered names of the node's own relation and
 * of every planned node it reads replaced by a placeholder per unique_id:
 * the same code compiled for another schema (a pull request's environment)
 * gives the same text. Sources keep their names: they are the same data in
 * every environment, and a moved source is a real change.
 */
export function portableSqlText(graph: ProjectGraph, node: GraphNode): string {
  const names: Array<[string, string]> = [];
  for (const id of [node.id, ...node.parents]) {
    const relationName = graph.nodes.get(id)?.node.relation.relationName;
    if (relationName) names.push([relationName, `ods_relation_${sha256(id).slice(0, 16)}`]);
  }
  names.sort((a, b) => b[0].length - a[0].length);
  let text = node.node.compiledCode ?? "";
  for (const [name, placeholder] of names) text = text.split(name).join(placeholder);
  return text;
}

function withoutIgnoredKeys(config: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(config)) {
    if (!(CONFIG_KEYS_IGNORED as readonly string[]).includes(key)) kept[key] = value;
  }
  return kept;
}

function checksumIssue(n: ManifestNode): string | null {
  const checksum = n.checksum;
  if (checksum === null || checksum.name === "none" || checksum.value === "") return "no content checksum";
  if (checksum.name === "path")
    return "dbt recorded only a path checksum (files over 1 MiB), not the content";
  return null;
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

function contractOf(n: ManifestNode): unknown {
  if (!n.contract?.enforced) return { enforced: false };
  return {
    enforced: true,
    alias_types: n.contract.aliasTypes,
    columns: n.columns.map((column) => ({
      name: column.name,
      data_type: column.dataType,
      constraints: column.constraints,
    })),
    constraints: n.constraints,
  };
}

/**
 * ADR-0013 #218: a node with hooks reads the environment when a hook, or a
 * project or package macro it uses, mentions var, env_var, target, flags,
 * builtins, context, run_query or statement.
 */
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
  for (const hook of hooks) {
    const names = scanEnvironmentReads(hook.sql);
    if (names.length > 0) reads.push({ where: hook.where, names });
  }
  for (const id of userMacros) {
    const names = scanEnvironmentReads(macros.get(id)!.macroSql);
    if (names.length > 0) reads.push({ where: `macro ${id}`, names });
  }
  return reads;
}
