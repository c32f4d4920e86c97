/**
 * The data diff's statements (issue 23), portable across DuckDB and
 * PostgreSQL; what differs (the sample's hash) comes from the adapter's
 * dialect. Every statement is one SELECT.
 *
 * Column names come from the warehouse's catalog and may hold anything the
 * engine allows (quotes, spaces, `--`, `;`, keywords): each is quoted by
 * doubling its `"`, and every expression a statement selects has an alias
 * of its own (`m`, `k0`, `c0`, `d0`, …), so a column's name never appears
 * outside a quoted identifier. Relation names arrive quoted (checked by the
 * adapter). Values are bound parameters: the sample's threshold and the
 * examples' limit.
 */
import type { PairedColumn } from "./requests.js";

/** A catalog name as an SQL identifier: in double quotes, each `"` doubled. */
export function quoteColumn(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** How the adapter's engine samples keys: a condition true for the keys (column expressions) in the sample. */
export type SamplePredicate = (keys: readonly string[], threshold: string) => string;

/** The sample's bound threshold: a key is in when the low 32 bits of its hash are below it. */
export function sampleThreshold(fraction: number): number {
  return Math.max(0, Math.min(2 ** 32, Math.floor(fraction * 2 ** 32)));
}

/** One side of a comparison: its relation (quoted), and which of its columns play which part. */
interface Side {
  relation: string;
  key: readonly string[];
  columns: readonly { name: string; as_text: boolean }[];
}

export interface ComparisonSql {
  prod: string;
  pr: string;
  key: readonly PairedColumn[];
  columns: readonly PairedColumn[];
  /** The sample's condition, with its threshold as this parameter (`$2`), or null for every row. */
  sample: { predicate: SamplePredicate; param: string } | null;
}

function where(key: readonly string[], sample: ComparisonSql["sample"]): string {
  const parts = key.map((name) => `${quoteColumn(name)} IS NOT NULL`);
  if (sample) parts.push(sample.predicate(key.map(quoteColumn), sample.param));
  return parts.length === 0 ? "" : ` WHERE ${parts.join(" AND ")}`;
}

/** The rows of one side with a key free of NULLs (in the sample): `m` (1), `k0…` the key, `c0…` the columns. */
function sideSelect(side: Side, sample: ComparisonSql["sample"]): string {
  const items = [
    "1 AS m",
    ...side.key.map((name, i) => `${quoteColumn(name)} AS k${i}`),
    ...side.columns.map(
      (column, i) =>
        `${column.as_text ? `CAST(${quoteColumn(column.name)} AS TEXT)` : quoteColumn(column.name)} AS c${i}`,
    ),
  ];
  return `SELECT ${items.join(", ")} FROM ${side.relation}${where(side.key, sample)}`;
}

function sides(sql: ComparisonSql): { prod: Side; pr: Side } {
  return {
    prod: {
      relation: sql.prod,
      key: sql.key.map((k) => k.prod),
      columns: sql.columns.map((c) => ({ name: c.prod, as_text: c.as_text })),
    },
    pr: {
      relation: sql.pr,
      key: sql.key.map((k) => k.pr),
      columns: sql.columns.map((c) => ({ name: c.pr, as_text: c.as_text })),
    },
  };
}

/** `p` (prod) FULL OUTER JOIN `r` (the PR) on the key. */
function joined(sql: ComparisonSql): string {
  const { prod, pr } = sides(sql);
  const on = sql.key.map((_, i) => `p.k${i} = r.k${i}`).join(" AND ");
  return `(${sideSelect(prod, sql.sample)}) p FULL OUTER JOIN (${sideSelect(pr, sql.sample)}) r ON ${on}`;
}

const MATCHED = "p.m = 1 AND r.m = 1";

function anyDistinct(count: number): string {
  if (count === 0) return "FALSE";
  return Array.from({ length: count }, (_, i) => `p.c${i} IS DISTINCT FROM r.c${i}`).join(" OR ");
}

/** Rows of a relation: `n`. */
export function countSql(relation: string): string {
  return `SELECT count(*) AS n FROM ${relation}`;
}

/**
 * The key's health in one pass (one GROUP BY on the key): `null_keys` rows
 * with a NULL in the key, `duplicates` rows sharing a non-NULL key value.
 */
export function keyCheckSql(
  relation: string,
  key: readonly string[],
  sample: { predicate: SamplePredicate; param: string } | null,
): string {
  const quoted = key.map(quoteColumn);
  const anyNull = quoted.map((name) => `${name} IS NULL`).join(" OR ");
  const filter = sample ? ` WHERE ${sample.predicate(quoted, sample.param)}` : "";
  return (
    `SELECT coalesce(sum(g.n) FILTER (WHERE g.z), 0) AS null_keys, ` +
    `coalesce(sum(g.n) FILTER (WHERE NOT g.z AND g.n > 1), 0) AS duplicates ` +
    `FROM (SELECT count(*) AS n, bool_or(${anyNull}) AS z FROM ${relation}${filter} GROUP BY ${quoted.join(", ")}) g`
  );
}

/**
 * One pass over the FULL OUTER JOIN: `only_prod`, `only_pr`, `matched`,
 * `changed` (matched and distinct in a column), and `d0…` per column.
 */
export function comparisonSql(sql: ComparisonSql): string {
  const items = [
    "count(*) FILTER (WHERE r.m IS NULL) AS only_prod",
    "count(*) FILTER (WHERE p.m IS NULL) AS only_pr",
    `count(*) FILTER (WHERE ${MATCHED}) AS matched`,
    `count(*) FILTER (WHERE ${MATCHED} AND (${anyDistinct(sql.columns.length)})) AS changed`,
    ...sql.columns.map(
      (_, i) => `count(*) FILTER (WHERE ${MATCHED} AND p.c${i} IS DISTINCT FROM r.c${i}) AS d${i}`,
    ),
  ];
  return `SELECT ${items.join(", ")} FROM ${joined(sql)}`;
}

/** Example categories as the examples' statement numbers them (`t`). */
export const EXAMPLE_CATEGORY = { only_prod: 1, only_pr: 2, changed: 3 } as const;

/**
 * Up to `limit` (parameter `$1`) rows per category: `t` the category,
 * `e0…` the key's values as text, ordered by key.
 */
export function examplesSql(sql: ComparisonSql): string {
  const keys = sql.key.map((_, i) => `coalesce(p.k${i}, r.k${i}) AS k${i}`);
  const category =
    `CASE WHEN r.m IS NULL THEN ${EXAMPLE_CATEGORY.only_prod} WHEN p.m IS NULL THEN ${EXAMPLE_CATEGORY.only_pr} ` +
    `WHEN ${anyDistinct(sql.columns.length)} THEN ${EXAMPLE_CATEGORY.changed} END AS t`;
  const texts = sql.key.map((_, i) => `CAST(j.k${i} AS TEXT) AS e${i}`);
  const order = sql.key.map((_, i) => `j.k${i}`).join(", ");
  const inner = `SELECT ${category}, ${keys.join(", ")} FROM ${joined(sql)}`;
  const ranked = `SELECT j.t, ${texts.join(", ")}, row_number() OVER (PARTITION BY j.t ORDER BY ${order}) AS n FROM (${inner}) j WHERE j.t IS NOT NULL`;
  return `SELECT x.* FROM (${ranked}) x WHERE x.n <= $1 ORDER BY x.t, x.n`;
}
