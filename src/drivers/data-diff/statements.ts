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
import type { PairedColumn } from "../../warehouse/data-diff-requests.js";

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

/** Rows of each side whose key has a NULL in it: `1`, else `0`. */
function anyNull(key: readonly string[]): string {
  return `CASE WHEN ${key.map((name) => `${quoteColumn(name)} IS NULL`).join(" OR ")} THEN 1 ELSE 0 END`;
}

function items(side: Side): string[] {
  return [
    ...side.key.map((name, i) => `${quoteColumn(name)} AS k${i}`),
    ...side.columns.map(
      (column, i) =>
        `${column.as_text ? `CAST(${quoteColumn(column.name)} AS TEXT)` : quoteColumn(column.name)} AS c${i}`,
    ),
  ];
}

/**
 * One row per key value of a side (in the sample): `m` (1), `z` (1: the
 * key has a NULL), `n` how many rows hold that key value, `k0…` the key,
 * `c0…` the columns (of the first row with the value, `rn` 1). A key held by
 * several rows is one row here, so the join never multiplies rows, and
 * `n` says how many it stands for.
 */
function keyedSide(side: Side, sample: ComparisonSql["sample"]): string {
  const partition = `PARTITION BY ${side.key.map(quoteColumn).join(", ")}`;
  const filter = sample ? ` WHERE ${sample.predicate(side.key.map(quoteColumn), sample.param)}` : "";
  const select = [
    "1 AS m",
    `${anyNull(side.key)} AS z`,
    `count(*) OVER (${partition}) AS n`,
    `row_number() OVER (${partition}) AS rn`,
    ...items(side),
  ];
  return `SELECT s.* FROM (SELECT ${select.join(", ")} FROM ${side.relation}${filter}) s WHERE s.rn = 1`;
}

/** The rows of a side with a key free of NULLs (in the sample): `m` (1), `k0…` the key, `c0…` the columns. */
function plainSide(side: Side, sample: ComparisonSql["sample"]): string {
  const parts = side.key.map((name) => `${quoteColumn(name)} IS NOT NULL`);
  if (sample) parts.push(sample.predicate(side.key.map(quoteColumn), sample.param));
  return `SELECT ${["1 AS m", ...items(side)].join(", ")} FROM ${side.relation} WHERE ${parts.join(" AND ")}`;
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

/** `p` (prod) FULL OUTER JOIN `r` (the PR) on the key (a NULL in it matches nothing). */
function joined(sql: ComparisonSql, side: typeof keyedSide): string {
  const { prod, pr } = sides(sql);
  const on = sql.key.map((_, i) => `p.k${i} = r.k${i}`).join(" AND ");
  return `(${side(prod, sql.sample)}) p FULL OUTER JOIN (${side(pr, sql.sample)}) r ON ${on}`;
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
 * One statement, one pass over each side (sorted or hashed once by key):
 * the key's health, `null_keys_prod`/`_pr` (rows with a NULL in the key)
 * and `duplicates_prod`/`_pr` (rows sharing a key value with another row),
 * and the FULL OUTER JOIN's `only_prod`, `only_pr`, `matched`, `changed`
 * (matched and distinct in a column) and `d0…` per column. When a side has
 * duplicates, the other counts are per key value, not per row (the caller
 * reports the key as not unique instead).
 */
export function comparisonSql(sql: ComparisonSql): string {
  const select = [
    "count(*) FILTER (WHERE r.m IS NULL AND p.z = 0) AS only_prod",
    "count(*) FILTER (WHERE p.m IS NULL AND r.z = 0) AS only_pr",
    `count(*) FILTER (WHERE ${MATCHED}) AS matched`,
    `count(*) FILTER (WHERE ${MATCHED} AND (${anyDistinct(sql.columns.length)})) AS changed`,
    "coalesce(sum(p.n) FILTER (WHERE p.z = 1), 0) AS null_keys_prod",
    "coalesce(sum(r.n) FILTER (WHERE r.z = 1), 0) AS null_keys_pr",
    "coalesce(sum(p.n) FILTER (WHERE p.z = 0 AND p.n > 1), 0) AS duplicates_prod",
    "coalesce(sum(r.n) FILTER (WHERE r.z = 0 AND r.n > 1), 0) AS duplicates_pr",
    ...sql.columns.map(
      (_, i) => `count(*) FILTER (WHERE ${MATCHED} AND p.c${i} IS DISTINCT FROM r.c${i}) AS d${i}`,
    ),
  ];
  return `SELECT ${select.join(", ")} FROM ${joined(sql, keyedSide)}`;
}

/** Example categories as the examples' statement numbers them (`t`). */
export const EXAMPLE_CATEGORY = { only_prod: 1, only_pr: 2, changed: 3 } as const;

/**
 * Up to `limit` (parameter `$1`) rows per category (asked for only once the
 * key is known to be unique): `t` the category,
 * `e0…` the key's values as text, ordered by key. Only keys prod's table
 * holds (only in prod, and changed): a key only in the PR's table is what
 * the pull request's code put there (any column of prod it reads), so its
 * value never leaves the warehouse (issue 37).
 */
export function examplesSql(sql: ComparisonSql): string {
  const keys = sql.key.map((_, i) => `coalesce(p.k${i}, r.k${i}) AS k${i}`);
  const category =
    `CASE WHEN r.m IS NULL THEN ${EXAMPLE_CATEGORY.only_prod} WHEN p.m IS NULL THEN ${EXAMPLE_CATEGORY.only_pr} ` +
    `WHEN ${anyDistinct(sql.columns.length)} THEN ${EXAMPLE_CATEGORY.changed} END AS t`;
  const texts = sql.key.map((_, i) => `CAST(j.k${i} AS TEXT) AS e${i}`);
  const order = sql.key.map((_, i) => `j.k${i}`).join(", ");
  const inner = `SELECT ${category}, ${keys.join(", ")} FROM ${joined(sql, plainSide)}`;
  const ranked = `SELECT j.t, ${texts.join(", ")}, row_number() OVER (PARTITION BY j.t ORDER BY ${order}) AS n FROM (${inner}) j WHERE j.t IN (${EXAMPLE_CATEGORY.only_prod}, ${EXAMPLE_CATEGORY.changed})`;
  return `SELECT x.* FROM (${ranked}) x WHERE x.n <= $1 ORDER BY x.t, x.n`;
}
