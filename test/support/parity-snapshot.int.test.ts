/**
 * The parity test's snapshots (test/support/parity-snapshot.ts) leave out
 * only the wall clock's readings: two warehouses that differ in anything
 * else compare unequal. On each engine, two databases alike but for one
 * thing: a view reading another relation with as many rows, a table with
 * other rows (as many), a promotion kept for another number of days, an
 * environment closed where the other is open. Alike but for the clock, they
 * compare equal.
 */
import { describe, expect, it } from "vitest";
import { catalogContents, registryContents } from "./parity-snapshot.js";
import { ENGINES, freshSession } from "./warehouse/engines.js";
import type { Engine } from "./warehouse/sessions.js";

interface Variant {
  /** The view `analytics_pr_7.orders` reads this schema's `orders`. */
  viewReads: "analytics" | "analytics_pr_7";
  /** The amount of prod's second order. */
  amount: number;
  /** The promotion's retention, in days after it was made. */
  retentionDays: number;
  /** The environment's closed_at. */
  closedAt: string | null;
  /** When each row was written: the clock, the one thing left out. */
  clock: string;
}

const BASE: Variant = {
  viewReads: "analytics",
  amount: 20,
  retentionDays: 7,
  closedAt: null,
  clock: "2026-12-01T10:00:00.000Z",
};

async function snapshotOf(engine: Engine, v: Variant) {
  const session = await freshSession(engine);
  try {
    const later = (days: number) => new Date(Date.parse(v.clock) + days * 86_400_000).toISOString();
    for (const sql of [
      "create schema analytics",
      "create schema analytics_pr_7",
      "create schema ods_meta",
      "create table analytics.orders (id integer, amount integer)",
      `insert into analytics.orders values (1, 10), (2, ${v.amount})`,
      // The environment's own build: as many rows as prod's.
      "create table analytics_pr_7.orders_built (id integer, amount integer)",
      "insert into analytics_pr_7.orders_built values (1, 11), (2, 21)",
      `create view analytics_pr_7.orders as select * from ${v.viewReads === "analytics" ? "analytics.orders" : "analytics_pr_7.orders_built"}`,
      "create table ods_meta.promotions (id text, created_at text, retain_until text)",
      `insert into ods_meta.promotions values ('p', '${v.clock}', '${later(v.retentionDays)}')`,
      "create table ods_meta.environments (name text, created_at text, closed_at text)",
      `insert into ods_meta.environments values ('pr-7', '${v.clock}', ${v.closedAt === null ? "null" : `'${v.closedAt}'`})`,
    ])
      await session.exec(sql);
    return { catalog: await catalogContents(session), registry: await registryContents(session) };
  } finally {
    await session.close();
  }
}

describe.each(ENGINES)("the parity snapshots tell apart what differs (%s)", (engine) => {
  it("alike but for the clock: equal", async () => {
    const a = await snapshotOf(engine, BASE);
    const b = await snapshotOf(engine, { ...BASE, clock: "2026-12-02T11:30:00.000Z" });
    expect(b).toEqual(a);
  });

  it.each([
    { what: "a view reading another relation with as many rows", change: { viewReads: "analytics_pr_7" } },
    { what: "a table with other rows, as many", change: { amount: 25 } },
  ] as const)("$what: the catalogs differ", async ({ change }) => {
    const a = await snapshotOf(engine, BASE);
    const b = await snapshotOf(engine, { ...BASE, ...change });
    expect(b.catalog).not.toEqual(a.catalog);
  });

  it.each([
    { what: "a promotion kept 3 days, not 7", change: { retentionDays: 3 } },
    { what: "an environment closed, not open", change: { closedAt: "2026-12-01T12:00:00.000Z" } },
  ] as const)("$what: the registries differ", async ({ change }) => {
    const a = await snapshotOf(engine, BASE);
    const b = await snapshotOf(engine, { ...BASE, ...change });
    expect(b.registry).not.toEqual(a.registry);
  });
});
