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
import type { ManifestMetadata, ManifestNode } from "../artifacts/manifest.js";
import type { GraphNode, ProjectGraph } from "../graph.js";
import { scanEnvironmentReads } from "../hook-scan.js";
import { checkJinjaPurity } from "../jinja-purity.js";
import { lastTokens, normaliseSqlBytes } from "../sql-normaliser.js";
import { canonicalJson, canonicalJsonWithout } from "./canonical-json.js";
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
const IGNORED_CONFIG_KEYS: ReadonlySet<string> = new Set(CONFIG_KEYS_IGNORED);

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
): NodeFingerprintParts {
  const n = node.node;
  const components: Record<string, string> = {};
  const incomplete: string[] = [];
  const metadata = graph.metadata;
  let normaliserGaveUp: string | null = null;
  let fileReason: string | null = null;
  let portableSql: string | null = null;

  components.scheme = SCHEME_DIGEST;
  components.engine = engineDigest(metadata);
  // canonicalJson({ database, schema, identifier }), keys in canonical order.
  components.relation = sha256(
    `{"database":${JSON.stringify(n.relation.database)},"identifier":${JSON.stringify(n.relation.identifier)},"schema":${JSON.stringify(n.relation.schema)}}`,
  );

  if (n.config === null) incomplete.push("no recorded config");
  else components.config = configDigest(graph, n.config);

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
      const names = portableNames(graph, node);
      portableSql =
        (sql.normalised ? portableFromTokens(n.compiledCode, sql.normalised, sql.digest, names) : null) ??
        sqlDigest(replaceNames(n.compiledCode, names)).digest;
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
  const materialization = n.materialized ?? (n.resourceType === "model" ? "view" : n.resourceType);
  const {
    implementations,
    closure,
    digest: macrosDigest,
  } = nodeMacros(macros, n, ephemerals, materialization);
  if (implementations === 0)
    incomplete.push(`no macro in the artifacts implements materialization \`${materialization}\``);
  for (const id of closure.missing) incomplete.push(`macro \`${id}\` is missing from the artifacts`);
  components.macros = macrosDigest;

  components.contract = n.contract?.enforced
    ? sha256(canonicalJson(contractOf(n)))
    : NOT_ENFORCED_CONTRACT_DIGEST;

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
    return sha256(canonicalJsonWithout(config, IGNORED_CONFIG_KEYS));
  }
  let digest = cache.get(key);
  if (digest === undefined) {
    digest = sha256(canonicalJsonWithout(config, IGNORED_CONFIG_KEYS));
    cache.set(key, digest);
  }
  return digest;
}

interface NodeMacros {
  /** How many macros implement the node's materialization. */
  implementations: number;
  closure: { user: readonly string[]; missing: readonly string[] };
  digest: string;
}

/** Per MacroIndex: the macros part of a fingerprint, by what decides it. */
const nodeMacroCache = new WeakMap<MacroIndex, Map<string, NodeMacros>>();

/**
 * The closure and digest of a node's macros: its own, those of the ephemeral
 * models it inlines, its materialization's and the generate_*_name
 * overrides. Cached by the node's and the ephemerals' `depends_on.macros` and
 * the materialization, which decide it.
 */
function nodeMacros(
  macros: MacroIndex,
  n: ManifestNode,
  ephemerals: readonly ManifestNode[],
  materialization: string,
): NodeMacros {
  let cache = nodeMacroCache.get(macros);
  if (cache === undefined) {
    cache = new Map();
    nodeMacroCache.set(macros, cache);
  }
  let key = `${materialization}\u0000${JSON.stringify(n.dependsOn.macros)}`;
  for (const ephemeral of ephemerals) key += `\u0000${JSON.stringify(ephemeral.dependsOn.macros)}`;
  let result = cache.get(key);
  if (result === undefined) {
    const roots = new Set<string>(n.dependsOn.macros);
    for (const ephemeral of ephemerals) for (const id of ephemeral.dependsOn.macros) roots.add(id);
    const implementations = macros.materializationMacros(materialization);
    for (const id of implementations) roots.add(id);
    for (const id of macros.generateNameOverrides()) roots.add(id);
    const { closure, digest } = macros.digestedClosure(roots);
    result = { implementations: implementations.length, closure, digest };
    cache.set(key, result);
  }
  return result;
}

/**
 * SHA-256 of `normalised\0<normalised text>`, or of `raw\0<text>` when the
 * normaliser gives up. `normalised`: the normalised bytes (valid until the
 * next normalisation).
 */
function sqlDigest(text: string): { digest: string; gaveUp: string | null; normalised: Uint8Array | null } {
  const normalised = normaliseSqlBytes(text);
  return normalised.ok
    ? { digest: sha256Of(NORMALISED_PREFIX, normalised.bytes), gaveUp: null, normalised: normalised.bytes }
    : { digest: sha256Of(RAW_PREFIX, text), gaveUp: normalised.reason, normalised: null };
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
  return replaceNames(node.node.compiledCode ?? "", portableNames(graph, node));
}

const PLACEHOLDER_PREFIX = "ods_relation_";
const placeholders = new Map<string, string>();

/** `ods_relation_<16 hex of the id's SHA-256>`. */
function placeholderOf(id: string): string {
  let placeholder = placeholders.get(id);
  if (placeholder === undefined) {
    placeholder = `${PLACEHOLDER_PREFIX}${sha256(id).slice(0, 16)}`;
    placeholders.set(id, placeholder);
  }
  return placeholder;
}

/** The rendered names the portable SQL replaces, with their placeholders, longest first (ties: node, then parents). */
function portableNames(graph: ProjectGraph, node: GraphNode): Array<[string, string]> {
  const names: Array<[string, string]> = [];
  const own = node.node.relation.relationName;
  if (own) names.push([own, placeholderOf(node.id)]);
  // A parent linked only because it writes a source's relation (relation-writers.ts) is read under the
  // source's name, which is the same in every environment: it stays as written.
  const linkedOnly = new Set(node.writtenInputs.map((input) => input.parent));
  for (const id of node.parents) {
    if (linkedOnly.has(id)) continue;
    const relationName = graph.nodes.get(id)?.node.relation.relationName;
    if (relationName) names.push([relationName, placeholderOf(id)]);
  }
  names.sort((a, b) => b[0].length - a[0].length);
  return names;
}

/** Each name replaced everywhere by its placeholder, one name after the other. */
function replaceNames(text: string, names: ReadonlyArray<readonly [string, string]>): string {
  let out = text;
  for (const [name, placeholder] of names) out = out.split(name).join(placeholder);
  return out;
}

/** A word character of the normaliser ([A-Za-z0-9_]). */
function isWordCode(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}

/**
 * The portable sql component from the tokens of the compiled SQL's
 * normalisation (the last one made; `normalisedDigest` is its digest),
 * without normalising the portable text again; null when that can't be
 * shown to give the same digest, and the caller normalises the portable text
 * instead.
 *
 * It gives the same digest when every occurrence of a name that the
 * replacement replaces is a whole token of the normalised SQL: the
 * replacement then swaps that token for a word, and a word where a token
 * stood, with no `.`, word or quote touching it (tokens never border those),
 * tokenizes as one token and gives up nowhere the original didn't. Names
 * must start and end with a character that isn't a word character (quoted
 * names: `"db"."schema"."t"`) and not contain a placeholder, so that no
 * replacement can create an occurrence of a later name that isn't in the
 * compiled SQL. Anything else (unquoted names, a name inside a literal, a
 * comment or a longer token) returns null.
 */
function portableFromTokens(
  sql: string,
  normalised: Uint8Array,
  normalisedDigest: string,
  names: ReadonlyArray<readonly [string, string]>,
): string | null {
  const { count, starts, ends, outStarts } = lastTokens();
  // Replaced regions of the compiled SQL, as token indexes, with their placeholders.
  const replaced: Array<[number, string]> = [];
  const claimedStart: number[] = [];
  const claimedEnd: number[] = [];
  for (const [name, placeholder] of names) {
    if (
      isWordCode(name.charCodeAt(0)) ||
      isWordCode(name.charCodeAt(name.length - 1)) ||
      name.includes(PLACEHOLDER_PREFIX)
    ) {
      return null;
    }
    const earlier = claimedStart.length;
    // split(): left to right, non-overlapping, in the text earlier names left.
    let nextFree = 0;
    for (let at = sql.indexOf(name); at !== -1; at = sql.indexOf(name, at + 1)) {
      const end = at + name.length;
      let gone = false;
      for (let k = 0; k < earlier; k++) {
        if (claimedStart[k]! < end && at < claimedEnd[k]!) {
          gone = true;
          break;
        }
      }
      if (gone || at < nextFree) continue;
      const token = tokenStartingAt(starts, count, at);
      if (token < 0 || ends[token] !== end) return null;
      replaced.push([token, placeholder]);
      claimedStart.push(at);
      claimedEnd.push(end);
      nextFree = end;
    }
  }
  // Nothing replaced: the portable text is the compiled SQL, and its digest the sql component.
  if (replaced.length === 0) return normalisedDigest;
  replaced.sort((a, b) => a[0] - b[0]);
  const parts: Array<string | Uint8Array> = [NORMALISED_PREFIX];
  let copied = 0;
  for (const [token, placeholder] of replaced) {
    const out = outStarts[token]!;
    parts.push(normalised.subarray(copied, out), placeholder);
    copied = out + (ends[token]! - starts[token]!);
  }
  parts.push(normalised.subarray(copied));
  return sha256Of(...parts);
}

/** The index of the token that starts at `position`, or -1 (tokens are in input order). */
function tokenStartingAt(starts: Int32Array, count: number, position: number): number {
  let low = 0;
  let high = count - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    const start = starts[mid]!;
    if (start === position) return mid;
    if (start < position) low = mid + 1;
    else high = mid - 1;
  }
  return -1;
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
    columns: n.contractColumns.map((column) => ({
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
