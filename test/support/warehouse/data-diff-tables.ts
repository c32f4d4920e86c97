/**
 * Prepared prod and PR tables for the data diff's tests (test/env/data-diff*.test.ts):
 * prod's in schema `prod`, the PR's in `pr_1`, each pair built so that every
 * count a diff reports is known exactly (see the comment on each).
 */
import type { DiffTarget } from "../../../src/app/environment/diff-environment.js";
import type { DataDiffLimits } from "../../../src/state/data-diff.js";
import type { Engine, Session } from "./sessions.js";

/** The catalog's names of the types the tables use. */
export function typeNames(engine: Engine) {
  return engine === "postgres"
    ? { int: "integer", varchar: "character varying", bool: "boolean", bigint: "bigint" }
    : { int: "INTEGER", varchar: "VARCHAR", bool: "BOOLEAN", bigint: "BIGINT" };
}

export const LIMITS: DataDiffLimits = {
  budget_ms: 120_000,
  statement_timeout_ms: 60_000,
  sample_above_rows: 1_000_000,
  show_keys: 0,
};

/** A node diffed from `prod.<name>` to `pr_1.<name>`. */
export function target(name: string, key: string[] | null, overrides: Partial<DiffTarget> = {}): DiffTarget {
  return {
    unique_id: `model.shop.${name}`,
    name,
    group: "changed",
    pr: { schema: "pr_1", identifier: name },
    prod: { schema: "prod", identifier: name },
    built: true,
    key: key === null ? null : { columns: key, source: "meta" },
    // The key prod's recorded manifest declares (data-diff-targets.ts decides this from prod's state).
    values: { shown: true },
    ...overrides,
  };
}

/** Rows 1..n as `s.g` (INTEGER on both engines). */
const series = (n: number) => `(SELECT CAST(g AS INTEGER) AS g FROM generate_series(1, ${n}) AS t(g)) s`;
const text = (expression: string) => `CAST(${expression} AS VARCHAR)`;

/** Columns whose names hold what SQL would trip on. */
export const HOSTILE = ['we"ird', "with space", "ünï", "select", "a--b", "x;drop table y", "MixedCase"];
export const HOSTILE_TABLE = "Hostile Table-1";
export const WIDE_COLUMNS = 300;

function wide(changed: boolean): string {
  const columns = Array.from({ length: WIDE_COLUMNS }, (_, i) =>
    changed && i === 150 ? `CASE WHEN s.g <= 3 THEN s.g + 1 ELSE s.g END AS c${i}` : `s.g AS c${i}`,
  );
  return `SELECT s.g AS id, ${columns.join(", ")} FROM ${series(20)}`;
}

export async function createDiffTables(session: Session): Promise<void> {
  const engine = session.engine;
  const statements = [
    `CREATE SCHEMA prod`,
    `CREATE SCHEMA pr_1`,
    // orders: prod 1..100, the PR 6..105: only_prod 1..5, only_pr 101..105; a changed for 10..19,
    // b for 15..24 and 31 (30 is NULL on both sides: equal); c removed, d added.
    `CREATE TABLE prod.orders AS SELECT s.g AS id, 'a' || ${text("s.g")} AS a,
       CASE WHEN s.g = 30 THEN NULL ELSE s.g END AS b, s.g AS c FROM ${series(100)}`,
    `CREATE TABLE pr_1.orders AS SELECT s.g + 5 AS id,
       CASE WHEN s.g + 5 BETWEEN 10 AND 19 THEN 'x' ELSE 'a' || ${text("s.g + 5")} END AS a,
       CASE WHEN s.g + 5 BETWEEN 15 AND 24 THEN s.g + 1005 WHEN s.g + 5 IN (30, 31) THEN NULL ELSE s.g + 5 END AS b,
       (s.g % 2 = 0) AS d FROM ${series(100)}`,
    // hostile: 6 rows; changed: row 1 in we"ird, 2 and 3 in ünï, 4 in x;drop table y, 5 in select.
    `CREATE TABLE prod."${HOSTILE_TABLE}" AS SELECT s.g AS "key id", 'w' || ${text("s.g")} AS "we""ird",
       s.g AS "with space", s.g AS "ünï", s.g AS "select", s.g AS "a--b", s.g AS "x;drop table y", s.g AS "MixedCase" FROM ${series(6)}`,
    `CREATE TABLE pr_1."${HOSTILE_TABLE}" AS SELECT s.g AS "key id",
       CASE WHEN s.g = 1 THEN 'changed' ELSE 'w' || ${text("s.g")} END AS "we""ird", s.g AS "with space",
       CASE WHEN s.g IN (2, 3) THEN -s.g ELSE s.g END AS "ünï", CASE WHEN s.g = 5 THEN 0 ELSE s.g END AS "select",
       s.g AS "a--b", CASE WHEN s.g = 4 THEN 0 ELSE s.g END AS "x;drop table y", s.g AS "MixedCase" FROM ${series(6)}`,
    // cased: the same columns but for case: one column on DuckDB, two on PostgreSQL.
    `CREATE TABLE prod.cased AS SELECT s.g AS "Id", s.g AS "Amount" FROM ${series(3)}`,
    `CREATE TABLE pr_1.cased AS SELECT s.g AS "id", s.g + 1 AS "amount" FROM ${series(3)}`,
    // wide: 20 rows, 300 columns; c150 changed in rows 1..3.
    `CREATE TABLE prod.wide AS ${wide(false)}`,
    `CREATE TABLE pr_1.wide AS ${wide(true)}`,
    // null_keys: 10 rows plus 2 (prod) and 1 (PR) with a NULL key.
    `CREATE TABLE prod.null_keys AS SELECT CASE WHEN s.g > 10 THEN NULL ELSE s.g END AS id, s.g AS v FROM ${series(12)}`,
    `CREATE TABLE pr_1.null_keys AS SELECT CASE WHEN s.g > 10 THEN NULL ELSE s.g END AS id, s.g AS v FROM ${series(11)}`,
    // dups: prod has 3 three times and 4 twice (5 rows share a key), the PR has 7 twice (2 rows).
    `CREATE TABLE prod.dups AS SELECT s.g AS id FROM ${series(10)} UNION ALL SELECT 3 UNION ALL SELECT 3 UNION ALL SELECT 4`,
    `CREATE TABLE pr_1.dups AS SELECT s.g AS id FROM ${series(10)} UNION ALL SELECT 7`,
    // lumpy: 20,000 rows on each side holding 2 key values (a join on it would make 200,000,000 rows).
    `CREATE TABLE prod.lumpy AS SELECT s.g % 2 AS id, s.g AS v FROM ${series(20000)}`,
    `CREATE TABLE pr_1.lumpy AS SELECT s.g % 2 AS id, s.g AS v FROM ${series(20000)}`,
    // retyped: v INTEGER -> VARCHAR, equal as text but for row 5.
    `CREATE TABLE prod.retyped AS SELECT s.g AS id, s.g AS v, 'w' AS w FROM ${series(10)}`,
    `CREATE TABLE pr_1.retyped AS SELECT s.g AS id, CASE WHEN s.g = 5 THEN 'five' ELSE ${text("s.g")} END AS v, 'w' AS w FROM ${series(10)}`,
    // key_gone: the key column id renamed to ident; key_retyped: id INTEGER -> BIGINT.
    `CREATE TABLE prod.key_gone AS SELECT s.g AS id, s.g AS v FROM ${series(3)}`,
    `CREATE TABLE pr_1.key_gone AS SELECT s.g AS ident, s.g AS v FROM ${series(3)}`,
    `CREATE TABLE prod.key_retyped AS SELECT s.g AS id, s.g AS v FROM ${series(3)}`,
    `CREATE TABLE pr_1.key_retyped AS SELECT CAST(s.g AS BIGINT) AS id, s.g AS v FROM ${series(3)}`,
    // composite (k1, k2): (1,a) only in prod, (4,a) only in the PR, (2,b) changed, 4 unchanged.
    `CREATE TABLE prod.composite AS SELECT s.g AS k1, k.k2, s.g AS v FROM ${series(3)} CROSS JOIN (SELECT 'a' AS k2 UNION ALL SELECT 'b') k`,
    `CREATE TABLE pr_1.composite AS SELECT s.g AS k1, k.k2, CASE WHEN s.g = 2 AND k.k2 = 'b' THEN 0 ELSE s.g END AS v
       FROM ${series(4)} CROSS JOIN (SELECT 'a' AS k2 UNION ALL SELECT 'b') k
       WHERE NOT (s.g = 1 AND k.k2 = 'a') AND NOT (s.g = 4 AND k.k2 = 'b')`,
    // gone: only in prod; fresh: only in the PR.
    `CREATE TABLE prod.gone AS SELECT s.g AS id FROM ${series(3)}`,
    `CREATE TABLE pr_1.fresh AS SELECT s.g AS id, 'x' AS name FROM ${series(2)}`,
    // empty_prod: no rows in prod, 3 in the PR; empty_both: none on either side.
    `CREATE TABLE prod.empty_prod AS SELECT s.g AS id, s.g AS v FROM ${series(3)} WHERE s.g < 0`,
    `CREATE TABLE pr_1.empty_prod AS SELECT s.g AS id, s.g AS v FROM ${series(3)}`,
    `CREATE TABLE prod.empty_both AS SELECT s.g AS id FROM ${series(3)} WHERE s.g < 0`,
    `CREATE TABLE pr_1.empty_both AS SELECT s.g AS id FROM ${series(3)} WHERE s.g < 0`,
    // viewed: a table in prod, a view in the PR (v changed in row 2).
    `CREATE TABLE prod.viewed AS SELECT s.g AS id, s.g AS v FROM ${series(5)}`,
    `CREATE TABLE pr_1.viewed_base AS SELECT s.g AS id, CASE WHEN s.g = 2 THEN 20 ELSE s.g END AS v FROM ${series(5)}`,
    `CREATE VIEW pr_1.viewed AS SELECT id, v FROM pr_1.viewed_base`,
    // sampled: 1,000 keys on both sides, every row changed in v.
    `CREATE TABLE prod.sampled AS SELECT s.g AS id, s.g AS v FROM ${series(1000)}`,
    `CREATE TABLE pr_1.sampled AS SELECT s.g AS id, s.g + 1 AS v FROM ${series(1000)}`,
    // slow: prod's a table, the PR's a view that runs far past any timeout the tests set.
    `CREATE TABLE prod.slow AS SELECT s.g AS id, s.g AS v FROM ${series(3)}`,
    engine === "postgres"
      ? `CREATE VIEW pr_1.slow AS SELECT s.g AS id, s.g AS v FROM ${series(3)} CROSS JOIN pg_sleep(30) z`
      : `CREATE VIEW pr_1.slow AS SELECT CAST(a.range AS INTEGER) AS id, CAST(b.range AS INTEGER) AS v
           FROM range(1000000) a, range(1000000) b WHERE (a.range * b.range) % 7 = 3`,
    // writes: the PR's view takes a sequence's next value on each row (a write).
    `CREATE TABLE prod.writes AS SELECT s.g AS id, s.g AS x FROM ${series(3)}`,
    `CREATE SEQUENCE pr_1.counter`,
    `CREATE VIEW pr_1.writes AS SELECT s.g AS id, CAST(nextval('pr_1.counter') AS INTEGER) AS x FROM ${series(3)}`,
  ];
  for (const sql of statements) await session.exec(sql);
}
