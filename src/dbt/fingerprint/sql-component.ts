/**
 * The `sql` component of a SQL model's or snapshot's fingerprint: the
 * SHA-256 of its compiled SQL, normalised (sql-normaliser.ts; the raw text
 * when the normaliser gives up), and its portable variant, the same digest
 * of the SQL with the rendered names of the node's own relation and of every
 * planned node it reads replaced by placeholders (so that the same code
 * compiled for a pull request's environment gives the same digest).
 */
import type { GraphNode, ProjectGraph } from "../graph.js";
import { type CommentSyntax, lastTokens, normaliseSqlBytes } from "../sql-normaliser.js";
import { allowedReads, scanTokens } from "../undeclared-reads.js";
import { sha256, sha256Of } from "./digest.js";

/**
 * The node's sql component (`digest`), why the normaliser gave up (or null),
 * and the portable digest: the compiled SQL with the rendered names of the
 * node's own relation and of every planned node it reads replaced by a
 * placeholder per unique_id, so the same code compiled for another schema (a
 * pull request's environment) gives the same text; sources keep their names.
 */
export function sqlComponent(
  graph: ProjectGraph,
  node: GraphNode,
  compiledCode: string,
  syntax: CommentSyntax,
): { digest: string; gaveUp: string | null; portable: string; undeclared: string[] | null } {
  const sql = sqlDigest(compiledCode, syntax);
  // Relations read by name (undeclared-reads.ts), from the same tokens; null where the normaliser gave up.
  let undeclared: string[] | null = null;
  if (sql.normalised) {
    const { count, starts, ends } = lastTokens();
    undeclared = scanTokens(compiledCode, count, starts, ends, allowedReads(graph, node));
  }
  const names = portableNames(graph, node);
  const portable =
    (sql.normalised ? portableFromTokens(compiledCode, sql.normalised, sql.digest, names) : null) ??
    sqlDigest(replaceNames(compiledCode, names), syntax).digest;
  return { digest: sql.digest, gaveUp: sql.gaveUp, portable, undeclared };
}

/**
 * SHA-256 of `normalised\0<normalised text>`, or of `raw\0<text>` when the
 * normaliser gives up. `normalised`: the normalised bytes (valid until the
 * next normalisation).
 */
function sqlDigest(
  text: string,
  syntax: CommentSyntax,
): { digest: string; gaveUp: string | null; normalised: Uint8Array | null } {
  const normalised = normaliseSqlBytes(text, syntax);
  return normalised.ok
    ? { digest: sha256Of(NORMALISED_PREFIX, normalised.bytes), gaveUp: null, normalised: normalised.bytes }
    : { digest: sha256Of(RAW_PREFIX, text), gaveUp: normalised.reason, normalised: null };
}

const NORMALISED_PREFIX = "normalised\0";
const RAW_PREFIX = "raw\0";

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
