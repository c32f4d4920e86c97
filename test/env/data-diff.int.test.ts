/**
 * The data diff on each engine (issue 23): prepared prod and PR tables
 * (test/support/warehouse/data-diff-tables.ts) and the exact counts a diff
 * must report for each: rows only on one side, changed, unchanged, per
 * column; hostile column names; a wide table in one statement; NULL and
 * duplicate keys; type changes; a key column removed or retyped; a
 * composite key; tables dropped, added, empty, or a view; sampling; key
 * values only when asked for. Limits (timeouts, budget) and the read-only
 * guarantee: data-diff-limits.int.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type DiffTarget, diffEnvironment } from "../../src/app/environment/diff-environment.js";
import { SqlWarehouse } from "../../src/drivers/sql-warehouse.js";
import type { ComparedRows, DataDiffLimits, NodeDataDiff } from "../../src/state/data-diff.js";
import {
  createDiffTables,
  HOSTILE,
  HOSTILE_TABLE,
  LIMITS,
  target,
  typeNames,
  WIDE_COLUMNS,
} from "../support/warehouse/data-diff-tables.js";
import { ENGINES, freshSession } from "../support/warehouse/engines.js";
import type { Session } from "../support/warehouse/sessions.js";

const clock = () => new Date();

describe.each(ENGINES)("data diff on %s", (engine) => {
  let session: Session;
  const T = typeNames(engine);

  beforeAll(async () => {
    session = await freshSession(engine);
    await createDiffTables(session);
  }, 60_000);
  afterAll(async () => {
    await session?.close();
  });

  async function diff(targets: DiffTarget[], limits: Partial<DataDiffLimits> = {}) {
    return diffEnvironment(
      session.warehouse,
      { environment: "pr_1", comparedWith: "prod", targets, limits: { ...LIMITS, ...limits } },
      clock,
    );
  }
  async function one(t: DiffTarget, limits: Partial<DataDiffLimits> = {}): Promise<NodeDataDiff> {
    const report = await diff([t], limits);
    expect(report.nodes).toHaveLength(1);
    return report.nodes[0]!;
  }
  async function rows(t: DiffTarget, limits: Partial<DataDiffLimits> = {}): Promise<ComparedRows> {
    const node = await one(t, limits);
    expect(node.status).toBe("compared");
    expect(node.rows?.status, JSON.stringify(node.rows)).toBe("compared");
    return node.rows as ComparedRows;
  }

  it("counts rows only in prod, only in the PR, changed and unchanged, per column, with the schema's changes", async () => {
    const report = await diff([target("orders", ["id"])]);
    expect(report).toMatchObject({
      schema_version: "1.0",
      environment: "pr_1",
      compared_with: "prod",
      engine,
      budget_exhausted: false,
    });
    const node = report.nodes[0]!;
    expect(node).toMatchObject({
      unique_id: "model.shop.orders",
      status: "compared",
      counts: { prod: 100, pr: 100 },
      schema: {
        added: [{ name: "d", type: T.bool }],
        removed: [{ name: "c", type: T.int }],
        retyped: [],
        columns: { prod: 4, pr: 4 },
      },
    });
    expect(node.rows).toEqual({
      status: "compared",
      key: { columns: ["id"], source: "meta" },
      sample: null,
      only_prod: 5,
      only_pr: 5,
      changed: 16,
      unchanged: 79,
      columns: [
        { name: "a", changed: 10 },
        { name: "b", changed: 11 },
      ],
      null_keys: { prod: 0, pr: 0 },
    });
    expect(node.duration_ms).toBeGreaterThanOrEqual(0);
  });

  it("quotes hostile column and relation names and compares them like any other", async () => {
    const compared = await rows(target(HOSTILE_TABLE, ["key id"]), { show_keys: 1 });
    expect(compared.columns).toEqual([
      { name: 'we"ird', changed: 1 },
      { name: "with space", changed: 0 },
      { name: "ünï", changed: 2 },
      { name: "select", changed: 1 },
      { name: "a--b", changed: 0 },
      { name: "x;drop table y", changed: 1 },
      { name: "MixedCase", changed: 0 },
    ]);
    expect(compared.columns.map((c) => c.name)).toEqual(HOSTILE);
    expect([compared.changed, compared.unchanged, compared.only_prod, compared.only_pr]).toEqual([
      5, 1, 0, 0,
    ]);
    expect(compared.examples).toEqual({ only_prod: [], only_pr: [], changed: [["1"]] });
    // Nothing was executed from a name: the tables are all still there, unchanged.
    expect(await session.rows(`SELECT count(*) AS n FROM prod."${HOSTILE_TABLE}"`)).toEqual([{ n: "6" }]);
  });

  it("compares column names under the engine's identifier rules", async () => {
    const node = await one(target("cased", ["Id"]));
    if (engine === "duckdb") {
      // Case-insensitive: "Id" and "id" are one column.
      expect(node.schema).toMatchObject({ added: [], removed: [], retyped: [] });
      expect(node.rows).toMatchObject({
        status: "compared",
        changed: 3,
        columns: [{ name: "Amount", changed: 3 }],
      });
    } else {
      expect(node.schema).toMatchObject({
        added: [{ name: "id" }, { name: "amount" }],
        removed: [{ name: "Id" }, { name: "Amount" }],
      });
      expect(node.rows).toMatchObject({ status: "key_column_missing", missing: { prod: [], pr: ["Id"] } });
    }
  });

  it("takes a key declared unquoted in another case (`ID`) as the column the engine folds it to, the same on both sides", async () => {
    expect(await rows(target("orders", ["ID"]))).toMatchObject({
      key: { columns: ["ID"] },
      only_prod: 5,
      only_pr: 5,
      changed: 16,
      unchanged: 79,
    });
  });

  it("diffs a 300-column table in one statement and finds the one column changed", async () => {
    const reads = vi.spyOn(SqlWarehouse.prototype as unknown as { readOnly: () => unknown }, "readOnly");
    try {
      const compared = await rows(target("wide", ["id"]));
      expect(compared.columns).toHaveLength(WIDE_COLUMNS);
      expect(compared.columns.filter((c) => c.changed > 0)).toEqual([{ name: "c150", changed: 3 }]);
      expect([compared.changed, compared.unchanged]).toEqual([3, 17]);
      // columns and counts of each side, and one comparison (the key's health with it).
      expect(reads).toHaveBeenCalledTimes(5);
    } finally {
      reads.mockRestore();
    }
  });

  it("leaves rows with a NULL key out of the join and counts them", async () => {
    const compared = await rows(target("null_keys", ["id"]));
    expect(compared).toMatchObject({
      only_prod: 0,
      only_pr: 0,
      changed: 0,
      unchanged: 10,
      null_keys: { prod: 2, pr: 1 },
    });
  });

  it("says the key isn't unique, with how many rows share a key on each side", async () => {
    const node = await one(target("dups", ["id"]));
    expect(node.counts).toEqual({ prod: 13, pr: 11 });
    expect(node.rows).toMatchObject({
      status: "key_not_unique",
      key: { columns: ["id"] },
      duplicates: { prod: 5, pr: 2 },
    });
  });

  it("finds a key held by many rows without multiplying rows in the join", async () => {
    const node = await one(target("lumpy", ["id"]), { statement_timeout_ms: 10_000 });
    expect(node.rows).toMatchObject({ status: "key_not_unique", duplicates: { prod: 20_000, pr: 20_000 } });
  });

  it("lists a type change and compares that column as text", async () => {
    const node = await one(target("retyped", ["id"]));
    expect(node.schema).toEqual({
      added: [],
      removed: [],
      retyped: [{ name: "v", prod: T.int, pr: T.varchar }],
      columns: { prod: 3, pr: 3 },
    });
    expect(node.rows).toMatchObject({
      status: "compared",
      changed: 1,
      unchanged: 9,
      columns: [
        { name: "v", changed: 1, as_text: true },
        { name: "w", changed: 0 },
      ],
    });
    expect((node.rows as ComparedRows).columns[1]).not.toHaveProperty("as_text");
  });

  it("doesn't join on a key column that is gone or retyped", async () => {
    const gone = await one(target("key_gone", ["id"]));
    expect(gone.schema).toMatchObject({ added: [{ name: "ident" }], removed: [{ name: "id" }] });
    expect(gone.rows).toMatchObject({ status: "key_column_missing", missing: { prod: [], pr: ["id"] } });
    const retyped = await one(target("key_retyped", ["id"]));
    expect(retyped.schema?.retyped).toEqual([{ name: "id", prod: T.int, pr: T.bigint }]);
    expect(retyped.rows).toMatchObject({ status: "key_retyped", key: { columns: ["id"] } });
    const none = await one(target("key_gone", null));
    expect(none.rows).toMatchObject({ status: "no_key" });
  });

  it("joins on a composite key and shows exactly the key values asked for", async () => {
    const compared = await rows(target("composite", ["k1", "k2"]), { show_keys: 2 });
    expect(compared).toMatchObject({ only_prod: 1, only_pr: 1, changed: 1, unchanged: 4 });
    // A key only in the PR's table is what the pull request's code put there: never shown (issue 37).
    expect(compared.examples).toEqual({
      only_prod: [["1", "a"]],
      only_pr: [],
      changed: [["2", "b"]],
    });
    const orders = await rows(target("orders", ["id"]), { show_keys: 2 });
    expect(orders.examples).toEqual({
      only_prod: [["1"], ["2"]],
      only_pr: [],
      changed: [["10"], ["11"]],
    });
  });

  it("never reads a key value only in the PR's table out of the warehouse (issue 37)", async () => {
    const reads = vi.spyOn(SqlWarehouse.prototype as unknown as { readOnly: () => unknown }, "readOnly");
    try {
      const orders = await rows(target("orders", ["id"]), { show_keys: 100 });
      expect(orders.only_pr).toBe(5);
      const returned = (
        await Promise.all(reads.mock.results.map((r) => r.value as Promise<Record<string, unknown>[]>))
      ).flat();
      const values = new Set(returned.flatMap((row) => Object.values(row).map((v) => String(v))));
      // The PR's table has ids 101-105 that prod's hasn't; prod's 1-5 and the changed ones are prod's keys.
      for (const id of ["101", "102", "103", "104", "105"]) expect(values.has(id), id).toBe(false);
      expect(values.has("1")).toBe(true);
    } finally {
      reads.mockRestore();
    }
  });

  it("reads no key value when the key is not prod's, and says why (issue 37)", async () => {
    const reads = vi.spyOn(SqlWarehouse.prototype as unknown as { readOnly: () => unknown }, "readOnly");
    const counts =
      /^(name|type|n|null_keys_(prod|pr)|duplicates_(prod|pr)|only_prod|only_pr|matched|changed|d\d+)$/;
    try {
      const why = "The key `k1`, `k2` is declared by this pull request.";
      const compared = await rows(target("composite", ["k1", "k2"], { values: { shown: false, why } }), {
        show_keys: 5,
      });
      expect(compared).toMatchObject({ only_prod: 1, only_pr: 1, changed: 1, unchanged: 4 });
      expect(compared).not.toHaveProperty("examples");
      expect(compared.examples_withheld).toBe(why);
      const returned = await Promise.all(
        reads.mock.results.map((r) => r.value as Promise<Record<string, unknown>[]>),
      );
      const columns = new Set(returned.flat().flatMap((row) => Object.keys(row)));
      expect([...columns].filter((name) => !counts.test(name))).toEqual([]);
    } finally {
      reads.mockRestore();
    }
  });

  it("selects no key value when show_keys is 0", async () => {
    const reads = vi.spyOn(SqlWarehouse.prototype as unknown as { readOnly: () => unknown }, "readOnly");
    const counts =
      /^(name|type|n|null_keys_(prod|pr)|duplicates_(prod|pr)|only_prod|only_pr|matched|changed|d\d+)$/;
    try {
      const compared = await rows(target("composite", ["k1", "k2"]));
      expect(compared).not.toHaveProperty("examples");
      const returned = await Promise.all(
        reads.mock.results.map((r) => r.value as Promise<Record<string, unknown>[]>),
      );
      const columns = new Set(returned.flat().flatMap((row) => Object.keys(row)));
      expect([...columns].filter((name) => !counts.test(name))).toEqual([]);
      // The check above would see key values: with show_keys, a statement returns them.
      reads.mockClear();
      await rows(target("composite", ["k1", "k2"]), { show_keys: 1 });
      const withKeys = await Promise.all(
        reads.mock.results.map((r) => r.value as Promise<Record<string, unknown>[]>),
      );
      expect(withKeys.flat().some((row) => Object.keys(row).some((name) => !counts.test(name)))).toBe(true);
    } finally {
      reads.mockRestore();
    }
  });

  it("reports a table dropped or added with the columns and rows of the side that has it", async () => {
    const report = await diff([
      target("gone", ["id"]),
      target("fresh", ["id"]),
      target("fresh", ["id"], { prod: null, unique_id: "model.shop.fresh_new" }),
    ]);
    expect(report.nodes.map((n) => [n.status, n.counts])).toEqual([
      ["only_in_prod", { prod: 3, pr: null }],
      ["only_in_pr", { prod: null, pr: 2 }],
      ["only_in_pr", { prod: null, pr: 2 }],
    ]);
    expect(report.nodes[0]!.columns).toEqual([{ name: "id", type: T.int }]);
    expect(report.nodes[1]!.columns?.map((c) => c.name)).toEqual(["id", "name"]);
    expect(report.nodes[0]).not.toHaveProperty("rows");
  });

  it("diffs empty tables", async () => {
    const oneSide = await rows(target("empty_prod", ["id"]));
    expect(oneSide).toMatchObject({
      only_prod: 0,
      only_pr: 3,
      changed: 0,
      unchanged: 0,
      columns: [{ name: "v", changed: 0 }],
    });
    const both = await one(target("empty_both", ["id"]));
    expect(both.counts).toEqual({ prod: 0, pr: 0 });
    expect(both.rows).toMatchObject({
      status: "compared",
      only_prod: 0,
      only_pr: 0,
      changed: 0,
      unchanged: 0,
      columns: [],
    });
  });

  it("diffs a view on one side like a table", async () => {
    const node = await one(target("viewed", ["id"]));
    expect(node.schema).toMatchObject({ added: [], removed: [], retyped: [] });
    expect(node.rows).toMatchObject({
      status: "compared",
      changed: 1,
      unchanged: 4,
      columns: [{ name: "v", changed: 1 }],
    });
  });

  it("compares a deterministic sample of keys, the same on both sides, above the row limit", async () => {
    const first = await one(target("sampled", ["id"]), { sample_above_rows: 100 });
    expect(first.counts).toEqual({ prod: 1000, pr: 1000 });
    const sampled = first.rows as ComparedRows;
    // The keys in the sample: the low 32 bits of the key's hash below 10% of 2^32.
    const threshold = Math.floor(0.1 * 2 ** 32);
    const inSample =
      engine === "postgres"
        ? `(hashtextextended(ROW(id)::text, 0) & 4294967295) < ${threshold}`
        : `hash(id) % 4294967296 < ${threshold}`;
    const [{ n }] = (await session.rows(`SELECT count(*) AS n FROM prod.sampled WHERE ${inSample}`)) as [
      { n: unknown },
    ];
    const expected = Number(n);
    expect(expected).toBeGreaterThan(50);
    expect(expected).toBeLessThan(150);
    expect(sampled).toMatchObject({
      status: "compared",
      sample: { fraction: 0.1, above_rows: 100 },
      // Every key of the sample on one side is in it on the other: none is "only" on one side.
      only_prod: 0,
      only_pr: 0,
      changed: expected,
      unchanged: 0,
      columns: [{ name: "v", changed: expected }],
    });
    const again = await one(target("sampled", ["id"]), { sample_above_rows: 100 });
    expect(again.rows).toEqual(first.rows);
    const whole = await rows(target("sampled", ["id"]), { sample_above_rows: 1000 });
    expect(whole).toMatchObject({ sample: null, changed: 1000 });
  });

  it("never prints a value a failing query's error message quotes (issue 37)", async () => {
    // A pull request's model that makes the diff's read fail on a prod value: the engine's error quotes it.
    await session.exec(
      `CREATE TABLE prod.leaky AS SELECT s.g AS id, 'secret' || ${"CAST(s.g AS VARCHAR)"} || '@example.com' AS email FROM ${"(SELECT CAST(g AS INTEGER) AS g FROM generate_series(1, 3) AS t(g)) s"}`,
    );
    await session.exec(
      `CREATE VIEW pr_1.leaky AS SELECT id, CAST(email AS INTEGER) AS email FROM prod.leaky`,
    );
    const node = await one(target("leaky", ["id"]), { show_keys: 0 });
    const report = JSON.stringify(node);
    expect(report).not.toMatch(/@example\.com/);
    expect(node.rows?.status, report).toBe("failed");
    // Named by its class, so the failure is still told apart (PostgreSQL's SQLSTATE, DuckDB's error type).
    expect((node.rows as { message: string }).message).toMatch(
      engine === "postgres"
        ? /with SQLSTATE 22P02 \(a data exception: a value of a row/
        : /with Conversion Error;/,
    );
  });

  it("reads nothing for a node dbt didn't build or an ephemeral model", async () => {
    const report = await diff([
      target("orders", ["id"], { built: false }),
      target("orders", ["id"], { pr: null, prod: null }),
    ]);
    expect(report.nodes.map((n) => [n.status, n.reason])).toEqual([
      ["not_compared", "not_built"],
      ["not_compared", "ephemeral"],
    ]);
  });
});
