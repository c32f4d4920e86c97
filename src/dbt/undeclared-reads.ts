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

/**
 * The qualified names read after FROM/JOIN in the tokens of `sql` (token `t`
 * is `sql.slice(starts[t], ends[t])`), as written, in order of appearance,
 * without the declared inputs (`allowed`). One pass comparing character codes; a token's text is
 * made only where a name or an alias is expected.
 */
export function scanTokens(
  sql: string,
  count: number,
  starts: Int32Array,
  ends: Int32Array,
  allowed: AllowedReads,
): string[] {
  const lowerAt = (t: number): string =>
    t >= 0 && t < count ? sql.slice(starts[t], ends[t]).toLowerCase() : "";
  const is = (t: number, word: string): boolean => {
    if (t < 0 || t >= count) return false;
    const start = starts[t]!;
    if (ends[t]! - start !== word.length) return false;
    for (let k = 0; k < word.length; k++) {
      if ((sql.charCodeAt(start + k) | 32) !== word.charCodeAt(k)) return false;
    }
    return true;
  };
  const single = (t: number, code: number): boolean =>
    t >= 0 && t < count && ends[t]! - starts[t]! === 1 && sql.charCodeAt(starts[t]!) === code;
  // Aliases and CTE names (a word after `as`, or after a FROM item): made when a name is first checked.
  let defined: Set<string> | null = null;
  const aliases = new Set<string>();
  const isDefined = (word: string): boolean => {
    if (defined === null) {
      defined = new Set<string>();
      for (let t = 0; t + 1 < count; t++) if (is(t, "as")) defined.add(lowerAt(t + 1));
    }
    return defined.has(word) || aliases.has(word);
  };
  const parens: number[] = [];
  const out: string[] = [];
  let expectItem = false;
  for (let t = 0; t < count; t++) {
    const start = starts[t]!;
    const length = ends[t]! - start;
    // The common path: a token that is none of ( ) FROM JOIN, with no item expected.
    if (length === 1) {
      const c = sql.charCodeAt(start);
      if (c === OPEN) {
        parens.push(t - 1);
        expectItem = false;
        continue;
      }
      if (c === CLOSE) {
        parens.pop();
        continue;
      }
    } else if (length === 4) {
      const isFrom = is(t, "from");
      if (isFrom || is(t, "join")) {
        if (isFrom) {
          const owner = parens.length > 0 ? parens[parens.length - 1]! : -1;
          if (is(t - 1, "distinct") || (owner >= 0 && FROM_FUNCTIONS.has(lowerAt(owner)))) continue;
        }
        expectItem = true;
        continue;
      }
    }
    if (!expectItem) continue;
    expectItem = false;
    if (is(t, "lateral")) continue;
    if (is(t, "only")) {
      expectItem = true;
      continue;
    }
    if (single(t + 1, OPEN)) continue;
    let next = t + 1;
    if (is(next, "as")) next++;
    if (next < count && isWord(sql.charCodeAt(starts[next]!))) {
      const word = lowerAt(next);
      if (!CLAUSE_WORDS.has(word)) {
        aliases.add(word);
        next++;
      }
    }
    // `from a.b x, c.d y`: the next item of the list.
    if (single(next, COMMA)) {
      expectItem = true;
      t = next;
    }
    const name = sql.slice(start, start + length);
    if (!name.includes(".") || allowed.exact(name)) continue;
    const parts = parseRelationName(name);
    if (parts === null || parts.length < 2 || parts.length > 3) continue;
    if (parts.some((part) => CATALOG_SCHEMAS.has(part.text.toLowerCase()))) continue;
    if (!parts[0]!.quoted && isDefined(parts[0]!.text.toLowerCase())) continue;
    if (allowed.folded(parts)) continue;
    out.push(name);
  }
  return out;
}

const OPEN = 40; // (
const CLOSE = 41; // )
const COMMA = 44; // ,

/** A word or quoted identifier starts with a letter, `_` or `"`. */
function isWord(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 34;
}

/** Whether a name read in SQL is a declared input. */
export interface AllowedReads {
  /** The name exactly as dbt rendered a declared input's relation (`relation_name`): the usual case, no parsing. */
  exact(name: string): boolean;
  /** The parsed name, folded as the warehouse resolves it. */
  folded(parts: readonly NamePart[]): boolean;
}

/** What a node may read by name: its own relation, its parents' and its sources' (made on first use). */
export function allowedReads(graph: ProjectGraph, node: GraphNode): AllowedReads {
  const adapter = graph.metadata.adapterType;
  const relations = () => {
    const out = [node.node.relation];
    for (const id of node.parents) {
      const parent = graph.nodes.get(id)?.node;
      if (parent) out.push(parent.relation);
    }
    for (const id of node.sources) {
      const source = graph.sources.get(id)?.source;
      if (source) out.push(source.relation);
    }
    return out;
  };
  let rendered: Set<string> | null = null;
  let full: Set<string> | null = null;
  let short: Set<string> | null = null;
  return {
    exact(name) {
      if (rendered === null) {
        rendered = new Set<string>();
        for (const relation of relations()) if (relation.relationName) rendered.add(relation.relationName);
      }
      return rendered.has(name);
    },
    folded(parts) {
      if (full === null || short === null) {
        full = new Set<string>();
        short = new Set<string>();
        for (const relation of relations()) {
          const key = relationKey(adapter, relation, relation.relationName);
          full.add(key);
          short.add(key.slice(key.indexOf("\u0000") + 1));
        }
      }
      const len = parts.length;
      const id = foldPart(adapter, parts[len - 1]!, 0);
      const schema = foldPart(adapter, parts[len - 2]!, 1);
      if (len === 2) return short.has(`${schema}\u0000${id}`);
      const db = foldPart(adapter, parts[len - 3]!, 2);
      return full.has(`${db}\u0000${schema}\u0000${id}`) || full.has(`\u0000${schema}\u0000${id}`);
    },
  };
}
