/**
 * Relations a model's compiled SQL reads by name, not through `ref` or
 * `source` (issue 36, the warehouse surface): a qualified name
 * (`schema.table`, `db.schema.table`, quoted or not) right after FROM or
 * JOIN (or after a comma in a FROM list) that is not the node's own
 * relation, a parent's or a source's (compared as the warehouse resolves
 * names: relation-identity.ts). ODS has no evidence of that data's version.
 *
 * It reads the tokens the SQL normaliser made of the same text
 * (sql-normaliser.ts `lastTokens`, one pass, no second tokenizer), so it
 * sees nothing where the normaliser gave up (backticks, non-ASCII, `$1`,
 * `@stage`): those nodes are not scanned. Not counted, to keep false
 * positives out:
 * - an unqualified name (a CTE, dbt's `__dbt__cte__x`, or a table of the
 *   search path: not distinguishable here);
 * - a name followed by `(` (a table function: `unnest(...)`,
 *   `generate_series(...)`, `table(...)`, `flatten(...)`), and anything
 *   after LATERAL;
 * - FROM inside `extract(… from …)`, `substring`, `trim`, `position`,
 *   `overlay`, and `is [not] distinct from`;
 * - a name whose first part is an alias or CTE defined in the SQL
 *   (`from orders o, o.items`: BigQuery's correlated array path);
 * - `information_schema` and `pg_catalog` (the catalog, not data).
 * Pure.
 */
import type { GraphNode, ProjectGraph } from "./graph.js";
import { foldPart, type NamePart, parseRelationName, relationKey } from "./relation-identity.js";

const FROM_FUNCTIONS: ReadonlySet<string> = new Set(["extract", "substring", "trim", "position", "overlay"]);
const CATALOG_SCHEMAS: ReadonlySet<string> = new Set(["information_schema", "pg_catalog"]);
/** Words that end a FROM item (what follows is not an alias). */
const CLAUSE_WORDS: ReadonlySet<string> = new Set([
  "where",
  "group",
  "order",
  "having",
  "qualify",
  "limit",
  "union",
  "except",
  "intersect",
  "join",
  "inner",
  "left",
  "right",
  "full",
  "cross",
  "outer",
  "on",
  "using",
  "natural",
  "window",
  "lateral",
  "pivot",
  "unpivot",
  "sample",
  "tablesample",
  "at",
  "before",
  "changes",
  "match_recognize",
  "for",
  "offset",
  "fetch",
  "select",
  "from",
  "with",
  "as",
  "asof",
  "positional",
  "semi",
  "anti",
  "straight_join",
]);

const LONG = "\u0001";

/** The source text of token `t`. */
type TokenText = (t: number) => string;

/**
 * The qualified names read after FROM/JOIN in these tokens, as written, in
 * order of appearance, without the allowed ones (`allowed(parts)` says
 * whether a parsed name is a declared input).
 */
export function scanTokens(
  count: number,
  text: TokenText,
  allowed: (parts: readonly NamePart[]) => boolean,
): string[] {
  // Keywords and aliases are short: longer tokens (qualified names) are read only where one is expected.
  const lower = new Array<string>(count);
  for (let t = 0; t < count; t++) {
    const token = text(t);
    lower[t] = token.length <= 32 ? token.toLowerCase() : LONG;
  }
  // Aliases and CTE names: a word after `as`, after a FROM item, or before `as (`.
  const defined = new Set<string>();
  for (let t = 0; t + 1 < count; t++) {
    if (lower[t] === "as" && isWord(lower[t + 1]!)) defined.add(lower[t + 1]!);
  }
  const parens: string[] = [];
  const out: string[] = [];
  let expectItem = false;
  for (let t = 0; t < count; t++) {
    const w = lower[t]!;
    if (w === "(") {
      parens.push(t > 0 ? lower[t - 1]! : "");
      expectItem = false;
      continue;
    }
    if (w === ")") {
      parens.pop();
      continue;
    }
    if (w === "from" || w === "join") {
      const owner = parens.length > 0 ? parens[parens.length - 1]! : "";
      const previous = t > 0 ? lower[t - 1]! : "";
      if (w === "from" && (FROM_FUNCTIONS.has(owner) || previous === "distinct")) continue;
      expectItem = true;
      continue;
    }
    if (!expectItem) continue;
    expectItem = false;
    if (w === "lateral" || w === "only") {
      if (w === "only") expectItem = true;
      continue;
    }
    if (lower[t + 1] === "(") continue;
    const name = text(t);
    const parts = name.includes(".") ? parseRelationName(name) : null;
    let next = t + 1;
    if (lower[next] === "as") next++;
    if (next < count && isWord(lower[next]!) && !CLAUSE_WORDS.has(lower[next]!)) {
      defined.add(lower[next]!);
      next++;
    }
    // `from a.b x, c.d y`: the next item of the list.
    if (lower[next] === ",") {
      expectItem = true;
      t = next;
    }
    if (parts === null || parts.length < 2 || parts.length > 3) continue;
    if (parts.some((part) => CATALOG_SCHEMAS.has(part.text.toLowerCase()))) continue;
    if (!parts[0]!.quoted && defined.has(parts[0]!.text.toLowerCase())) continue;
    if (allowed(parts)) continue;
    out.push(name);
  }
  return out;
}

function isWord(token: string): boolean {
  const c = token.charCodeAt(0);
  return (c >= 97 && c <= 122) || c === 95 || c === 34;
}

/** What a node may read by name: its own relation, its parents' and its sources' (keys per adapter). */
export function allowedReads(graph: ProjectGraph, node: GraphNode): (parts: readonly NamePart[]) => boolean {
  const adapter = graph.metadata.adapterType;
  const full = new Set<string>();
  const short = new Set<string>();
  const add = (relation: {
    database: string | null;
    schema: string;
    identifier: string;
    relationName: string | null;
  }) => {
    const key = relationKey(adapter, relation, relation.relationName);
    full.add(key);
    short.add(key.slice(key.indexOf("\u0000") + 1));
  };
  add(node.node.relation);
  for (const id of node.parents) {
    const parent = graph.nodes.get(id)?.node;
    if (parent) add(parent.relation);
  }
  for (const id of node.sources) {
    const source = graph.sources.get(id)?.source;
    if (source) add(source.relation);
  }
  return (parts) => {
    const len = parts.length;
    const id = foldPart(adapter, parts[len - 1]!, 0);
    const schema = foldPart(adapter, parts[len - 2]!, 1);
    if (len === 2) return short.has(`${schema}\u0000${id}`);
    const db = foldPart(adapter, parts[len - 3]!, 2);
    return full.has(`${db}\u0000${schema}\u0000${id}`) || full.has(`\u0000${schema}\u0000${id}`);
  };
}
