/**
 * The data diff's bounds on each engine (issue 23): a statement timeout per
 * query (a node that runs past it is `timeout`, the next is still diffed),
 * one time budget for all diffs (what it cuts is `budget`, and every node
 * after), a failed query fails its node only, and every statement runs in a
 * READ ONLY transaction: a write through the diff's path is refused, and
 * the driver sees nothing but reads.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type DiffTarget, diffEnvironment } from "../../src/app/environment/diff-environment.js";
import { UserError } from "../../src/errors/user-error.js";
import type { ComparedRows, DataDiffLimits } from "../../src/state/data-diff.js";
import type { DataDiffReads, Warehouse } from "../../src/warehouse/warehouse.js";
import { createDiffTables, LIMITS, target } from "../support/warehouse/data-diff-tables.js";
import { ENGINES, freshSession } from "../support/warehouse/engines.js";
import type { Session } from "../support/warehouse/sessions.js";

const ORDERS_ROWS = {
  status: "compared",
  only_prod: 5,
  only_pr: 5,
  changed: 16,
  unchanged: 79,
};

describe.each(ENGINES)("data diff limits on %s", (engine) => {
  let session: Session;

  beforeAll(async () => {
    session = await freshSession(engine);
    await createDiffTables(session);
  }, 60_000);
  afterAll(async () => {
    await session?.close();
  });

  async function diff(
    targets: DiffTarget[],
    limits: Partial<DataDiffLimits> = {},
    options: { warehouse?: Warehouse; clock?: () => Date } = {},
  ) {
    return diffEnvironment(
      options.warehouse ?? session.warehouse,
      { environment: "pr_1", comparedWith: "prod", targets, limits: { ...LIMITS, ...limits } },
      options.clock ?? (() => new Date()),
    );
  }

  it("stops a query at the statement timeout, reports `timeout` and diffs the next node", async () => {
    const started = Date.now();
    const report = await diff([target("slow", ["id"]), target("orders", ["id"])], {
      statement_timeout_ms: 300,
    });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(report.nodes[0]).toMatchObject({ status: "not_compared", reason: "timeout" });
    expect(report.nodes[0]!.message).toMatch(/time limit \(300 ms\)/);
    expect(report.nodes[1]!.rows).toMatchObject(ORDERS_ROWS);
    expect(report.budget_exhausted).toBe(false);
  });

  it("stops at the budget: the node it cut and every node after are `budget`", async () => {
    const started = Date.now();
    const report = await diff([target("slow", ["id"]), target("orders", ["id"])], {
      budget_ms: 700,
      statement_timeout_ms: 60_000,
    });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(report.nodes.map((n) => [n.status, n.reason])).toEqual([
      ["not_compared", "budget"],
      ["not_compared", "budget"],
    ]);
    expect(report.budget_exhausted).toBe(true);
  });

  /**
   * The warehouse's reads with a clock of the test's: each read takes `cost`
   * ms of it, or runs past the timeout it was given (the clock moves by the
   * timeout and the read fails as a cancelled statement would).
   */
  function timed(cost: Partial<Record<keyof DataDiffReads, number>>) {
    let now = 0;
    const timeouts: Record<string, number[]> = {};
    const reads = session.warehouse.dataDiff;
    const wrap =
      <A extends unknown[], R>(name: keyof DataDiffReads, work: (...args: A) => Promise<R>) =>
      async (...args: A): Promise<R> => {
        const timeoutMs = args.at(-1) as number;
        timeouts[name] = [...(timeouts[name] ?? []), timeoutMs];
        const ms = cost[name] ?? 0;
        if (timeoutMs > 0 && ms > timeoutMs) {
          now += timeoutMs;
          throw new UserError("warehouse_statement_timeout", "A data diff query ran past its time limit.");
        }
        now += ms;
        return work(...args);
      };
    const dataDiff: DataDiffReads = {
      columns: wrap("columns", reads.columns.bind(reads)),
      comparable: reads.comparable.bind(reads),
      countRows: wrap("countRows", reads.countRows.bind(reads)),
      compareRows: wrap("compareRows", reads.compareRows.bind(reads)),
      rowExamples: wrap("rowExamples", reads.rowExamples.bind(reads)),
    };
    const warehouse = { capabilities: session.warehouse.capabilities, dataDiff } as unknown as Warehouse;
    return { warehouse, clock: () => new Date(now), timeouts };
  }

  it("gives each query what is left of the budget; a row diff it cuts keeps its schema and counts", async () => {
    const { warehouse, clock, timeouts } = timed({ countRows: 100, compareRows: 3000 });
    const report = await diff(
      [target("orders", ["id"]), target("wide", ["id"]), target("null_keys", ["id"])],
      { budget_ms: 5000, statement_timeout_ms: 60_000 },
      { warehouse, clock },
    );
    expect(report.nodes[0]!.rows).toMatchObject(ORDERS_ROWS);
    expect(report.nodes[1]).toMatchObject({
      status: "compared",
      counts: { prod: 20, pr: 20 },
      schema: { added: [], removed: [], retyped: [] },
      rows: { status: "budget", key: { columns: ["id"] } },
    });
    expect(report.nodes[2]).toMatchObject({ status: "not_compared", reason: "budget" });
    expect(report.budget_exhausted).toBe(true);
    // min(statement timeout, budget left): 5000 - 2 × 100; then 5000 - 3200 - 2 × 100.
    expect(timeouts.compareRows).toEqual([4800, 1600]);
    expect(report.duration_ms).toBe(5000);
    expect(report.nodes.map((n) => n.duration_ms)).toEqual([3200, 1800, 0]);
  });

  it("says `timeout` for a row diff past the statement timeout, and goes on", async () => {
    const { warehouse, clock, timeouts } = timed({ compareRows: 3000 });
    const report = await diff(
      [target("orders", ["id"]), target("null_keys", [])],
      { budget_ms: 1_000_000, statement_timeout_ms: 2000 },
      { warehouse, clock },
    );
    expect(report.nodes[0]).toMatchObject({
      status: "compared",
      counts: { prod: 100, pr: 100 },
      rows: { status: "timeout" },
    });
    expect(report.nodes[1]).toMatchObject({ status: "compared", rows: { status: "no_key" } });
    expect(timeouts.compareRows).toEqual([2000]);
    expect(report.budget_exhausted).toBe(false);
  });

  it("fails a node whose query fails, and diffs the next", async () => {
    const report = await diff([
      target("bad", ["id"], { pr: { schema: "pr_1", identifier: 'bad"name' } }),
      target("orders", ["id"]),
    ]);
    expect(report.nodes[0]).toMatchObject({ status: "not_compared", reason: "failed" });
    expect(report.nodes[0]!.message).toMatch(/can't be used/);
    expect(report.nodes[1]!.rows).toMatchObject(ORDERS_ROWS);
  });

  it("refuses a write made through the diff's path (a sequence's next value in a view)", async () => {
    const report = await diff([target("writes", ["id"]), target("orders", ["id"])]);
    const node = report.nodes[0]!;
    const failure =
      node.status === "not_compared" ? node : (node.rows as { status: string; message?: string });
    expect(failure).toMatchObject({ status: expect.stringMatching(/^(not_compared|failed)$/) });
    expect(failure.message).toMatch(/read[- ]only/i);
    expect(report.nodes[1]!.rows).toMatchObject(ORDERS_ROWS);
    // The sequence never moved: its first value is still to come.
    expect(await session.rows(`SELECT nextval('pr_1.counter') AS n`)).toEqual([{ n: "1" }]);
  });

  it("sends the warehouse nothing but reads, each in a READ ONLY transaction", async () => {
    const sent: string[] = [];
    const before = await session.warehouse.listObjects(["prod", "pr_1"]);
    const driver = session.warehouse as unknown as {
      connection?: { runAndReadAll: (sql: string, ...rest: unknown[]) => unknown };
      client?: { query: (query: unknown, ...rest: unknown[]) => unknown };
    };
    const spy =
      engine === "duckdb"
        ? vi.spyOn(driver.connection!, "runAndReadAll").mockName("duckdb")
        : vi.spyOn(driver.client!, "query").mockName("pg");
    try {
      const report = await diff(
        [target("orders", ["id"]), target("Hostile Table-1", ["key id"]), target("composite", ["k1", "k2"])],
        { show_keys: 2, sample_above_rows: 50 },
      );
      expect(report.nodes.map((n) => n.rows?.status)).toEqual(["compared", "compared", "compared"]);
      expect((report.nodes[0]!.rows as ComparedRows).sample).not.toBeNull();
      for (const call of spy.mock.calls) {
        const query = call[0] as string | { text: string };
        sent.push(typeof query === "string" ? query : query.text);
      }
    } finally {
      spy.mockRestore();
    }
    expect(await session.warehouse.listObjects(["prod", "pr_1"])).toEqual(before);
    let inReadOnly = false;
    let reads = 0;
    for (const sql of sent) {
      // Names are quoted identifiers (one is "x;drop table y"): what is outside them is the statement.
      const bare = sql
        .replace(/"(?:[^"]|"")*"/g, '""')
        .replace(/\s+/g, " ")
        .trim();
      if (/^BEGIN (TRANSACTION )?READ ONLY$/i.test(bare)) {
        expect(inReadOnly).toBe(false);
        inReadOnly = true;
      } else if (bare === "ROLLBACK") {
        inReadOnly = false;
      } else {
        expect(bare).toMatch(/^SELECT /);
        expect(bare).not.toMatch(/\b(INSERT|UPDATE|DELETE|CREATE|DROP|ALTER|COMMIT|INTO|COPY|SET)\b /i);
        expect(inReadOnly, bare).toBe(true);
        reads += 1;
      }
    }
    expect(inReadOnly).toBe(false);
    expect(reads).toBeGreaterThanOrEqual(3 * 6);
  });
});
