/**
 * Incremental models of a PR environment start from prod's table (issue 25):
 * the shop's prod built by dbt and recorded, PR 7's environment created over
 * it; fct_daily_revenue (materialized incremental, BUILD in PR 7's plan)
 * gets prod's table in the environment, cloned on the simulated providers
 * (Snowflake, BigQuery, Databricks statements on DuckDB) and copied within a
 * size limit on real DuckDB files and a real PostgreSQL server. Each case
 * that does not start from prod's table says why (a reason code); cleanup
 * drops the clone; a failure around the clone statement on a provider
 * leaves the registry recording whatever exists, and a rerun converges.
 */
import { describe, expect, it } from "vitest";
import { createOrRefreshEnvironment } from "../../src/app/environment/create-environment.js";
import {
  cleanupEnvironment,
  type EnvContext,
  environmentContext,
  type IncrementalStart,
  parseIncrementalStart,
  type StartDecision,
} from "../../src/environment/index.js";
import { isUserError } from "../../src/errors/user-error.js";
import { loadPolyglotSdk } from "../../src/runtime/polyglot-sdk.js";
import type { StateSnapshot } from "../../src/state/snapshot.js";
import type { Warehouse } from "../../src/warehouse/warehouse.js";
import { ENGINES, freshSession } from "../support/warehouse/engines.js";
import { FaultyWarehouse } from "../support/warehouse/faulty.js";
import { SIMULATED_PROVIDERS } from "../support/warehouse/providers.js";
import { PR_SOURCES, PR7, prodBuilt, rowsOf, type Shop, shop } from "../support/warehouse/scenario.js";
import type { Session } from "../support/warehouse/sessions.js";
import { build, buildSet, ENV_SCOPE, planOver, projectOf } from "../support/warehouse/shop.js";
import { SimulatedWarehouse } from "../support/warehouse/simulated-provider.js";

const NOW = "2026-11-30T10:15:00.000Z";
const REVENUE = "model.shop.fct_daily_revenue";
const ENV_SCHEMA = "analytics_pr_7";

/** A target: how its warehouse is made over the session, and the setting that starts incremental models there. */
interface Target {
  name: string;
  make(session: Session): Promise<Warehouse>;
  /** The setting under which fct_daily_revenue (24 rows) starts from prod's table. */
  starts: string;
  outcome: "cloned" | "copied";
  engine: "duckdb" | "postgres";
}

async function sdk() {
  const loaded = await loadPolyglotSdk();
  if (!loaded.ok) throw new Error(loaded.error);
  return loaded.sdk;
}

const TARGETS: Target[] = [
  ...ENGINES.map((engine) => ({
    name: engine,
    engine,
    make: async (session: Session) => session.warehouse,
    starts: engine === "duckdb" ? "copy up to 1000 rows" : "copy up to 10MB",
    outcome: "copied" as const,
  })),
  ...SIMULATED_PROVIDERS.map((provider) => ({
    name: `${provider.name} (simulated)`,
    engine: "duckdb" as const,
    make: async (session: Session) => new SimulatedWarehouse(session, provider, await sdk()),
    starts: "clone",
    outcome: "cloned" as const,
  })),
];

// biome-ignore lint/suspicious/noExplicitAny: manifest JSON
type Json = any;

async function contextOn(warehouse: Warehouse): Promise<EnvContext> {
  return (await environmentContext(warehouse, { scope: ENV_SCOPE, now: NOW }))!;
}

/** PR 7's environment created or refreshed over prod, as the action and the CLI do (the manifest's configs read). */
async function create(
  ctx: EnvContext,
  s: Shop,
  prod: StateSnapshot,
  incrementalStart: IncrementalStart,
  manifest: Json = s.prManifest,
) {
  const project = manifest === s.prManifest ? s.prProject : projectOf(manifest, "pr-7/manifest.json");
  const { change } = await createOrRefreshEnvironment(ctx, {
    name: PR7,
    project: "shop",
    manifest: project,
    prNumber: 7,
    headSha: null,
    prod,
    planOver: (baseline) => planOver(project, baseline, { sources: PR_SOURCES, now: NOW, pointers: true }),
    incrementalStart,
  });
  return change;
}

const outcomes = (starts: StartDecision[]) =>
  Object.fromEntries(starts.map((start) => [start.node_id, start.outcome]));

async function objectsIn(session: Session, schema: string): Promise<string[]> {
  return (await session.warehouse.listObjects([schema])).map((o) => `${o.identifier}:${o.kind}`).sort();
}

describe.each(TARGETS)("incremental models start from prod's table on $name", (target) => {
  it("fct_daily_revenue gets prod's table and rows, is recorded as the environment's, and cleanup drops it", async () => {
    const session = await freshSession(target.engine);
    try {
      const s = shop();
      const S0 = await prodBuilt(session, s);
      const ctx = await contextOn(await target.make(session));
      const change = await create(ctx, s, S0, parseIncrementalStart(target.starts, "flag"));
      expect(outcomes(change.starts)).toEqual({
        "model.shop.stg_orders": "not_incremental",
        "model.shop.orders": "not_incremental",
        "model.shop.customer_countries": "not_incremental",
        [REVENUE]: target.outcome,
      });
      expect(change.actions.filter((a) => a.node_id === REVENUE)).toEqual([
        {
          action: target.outcome === "cloned" ? "clone_table" : "copy_table",
          object: `${ENV_SCHEMA}.fct_daily_revenue`,
          node_id: REVENUE,
          reads: "analytics.fct_daily_revenue",
        },
      ]);
      expect(await objectsIn(session, ENV_SCHEMA)).toContain("fct_daily_revenue:table");
      expect(await rowsOf(session, ENV_SCHEMA, "fct_daily_revenue")).toEqual(
        await rowsOf(session, "analytics", "fct_daily_revenue"),
      );
      expect(
        (await ctx.registry.objects(PR7))
          .filter((o) => o.identifier === "fct_daily_revenue")
          .map((o) => [o.kind, o.role, o.node_id, o.state]),
      ).toEqual([["table", "build", REVENUE, "present"]]);

      // A refresh finds the table there (dbt runs on it): nothing to do.
      const again = await create(ctx, s, S0, parseIncrementalStart(target.starts, "flag"));
      expect(outcomes(again.starts)[REVENUE]).toBe("already_built");
      expect(again.actions).toEqual([]);

      const report = await cleanupEnvironment(ctx, { name: PR7, prod: S0 });
      expect(report.dropped).toContainEqual({
        kind: "table",
        object: `${ENV_SCHEMA}.fct_daily_revenue`,
        why: "build",
      });
      expect(await session.warehouse.listSchemas()).not.toContain(ENV_SCHEMA);
      expect(await ctx.registry.objects(PR7)).toEqual([]);
      expect(JSON.parse(await rowsOf(session, "analytics", "fct_daily_revenue"))).toHaveLength(24);
    } finally {
      await session.close();
    }
  }, 120_000);

  it("with --full-refresh, a node whose config says full_refresh: false starts from prod's table all the same", async () => {
    const session = await freshSession(target.engine);
    try {
      const s = shop();
      const S0 = await prodBuilt(session, s);
      const ctx = await contextOn(await target.make(session));
      const manifest = structuredClone(s.prManifest);
      manifest.nodes[REVENUE].config.full_refresh = false;
      const setting = parseIncrementalStart(target.starts, "flag");
      const change = await create(ctx, s, S0, { ...setting, mode: "full-refresh" }, manifest);
      expect(outcomes(change.starts)[REVENUE]).toBe(target.outcome);
      expect(await rowsOf(session, ENV_SCHEMA, "fct_daily_revenue")).toEqual(
        await rowsOf(session, "analytics", "fct_daily_revenue"),
      );
    } finally {
      await session.close();
    }
  }, 120_000);

  it.each([
    {
      case: "prod's relation is a view",
      prepare: async (session: Session) => {
        await session.exec(`alter table analytics.fct_daily_revenue rename to fct_daily_revenue_t`);
        await session.exec(
          `create view analytics.fct_daily_revenue as select * from analytics.fct_daily_revenue_t`,
        );
      },
      outcome: "prod_is_view",
    },
    {
      case: "prod's table is missing",
      prepare: async (session: Session) => {
        await session.exec(`drop table analytics.fct_daily_revenue`);
      },
      outcome: "no_prod_table",
    },
    { case: "its config says full_refresh: true", fullRefresh: true, outcome: "full_refresh_config" },
    { case: "dbt runs with --full-refresh", setting: "full-refresh", outcome: "full_refresh_run" },
    { case: "incremental-start is none", setting: "none", outcome: "off" },
  ])(
    "not when $case: $outcome, and nothing is made",
    async (example) => {
      const session = await freshSession(target.engine);
      try {
        const s = shop();
        const S0 = await prodBuilt(session, s);
        await example.prepare?.(session);
        const ctx = await contextOn(await target.make(session));
        const manifest = structuredClone(s.prManifest);
        if (example.fullRefresh) manifest.nodes[REVENUE].config.full_refresh = true;
        const change = await create(
          ctx,
          s,
          S0,
          parseIncrementalStart(example.setting ?? target.starts, "flag"),
          example.fullRefresh ? manifest : s.prManifest,
        );
        const revenue = change.starts.find((start) => start.node_id === REVENUE)!;
        expect(revenue.outcome).toBe(example.outcome);
        expect(revenue.detail).not.toBe("");
        expect(change.actions.filter((a) => a.node_id === REVENUE)).toEqual([]);
        expect(await objectsIn(session, ENV_SCHEMA)).not.toContain("fct_daily_revenue:table");
      } finally {
        await session.close();
      }
    },
    120_000,
  );
});

describe.each(ENGINES)("copies on %s (no zero-copy clone)", (engine) => {
  // DuckDB estimates rows (duckdb_tables().estimated_size), not bytes; PostgreSQL bytes (pg_total_relation_size),
  // and rows only once the table was analyzed (reltuples is -1 before).
  const cases =
    engine === "duckdb"
      ? [
          { setting: "clone", outcome: "copy_not_enabled" },
          { setting: "copy up to 23 rows", outcome: "too_large" },
          { setting: "copy up to 24 rows", outcome: "copied" },
          { setting: "copy up to 1GB", outcome: "size_unknown" },
        ]
      : [
          { setting: "clone", outcome: "copy_not_enabled" },
          { setting: "copy up to 1kB", outcome: "too_large" },
          { setting: "copy up to 1GB", outcome: "copied" },
          { setting: "copy up to 1000 rows", outcome: "size_unknown" },
          { setting: "copy up to 1000 rows", analyze: true, outcome: "copied" },
          { setting: "copy up to 23 rows", analyze: true, outcome: "too_large" },
        ];
  it.each(cases)(
    "$setting (analyzed: $analyze): $outcome",
    async ({ setting, outcome, ...rest }) => {
      const session = await freshSession(engine);
      try {
        const s = shop();
        const S0 = await prodBuilt(session, s);
        if ("analyze" in rest) await session.exec("analyze analytics.fct_daily_revenue");
        const ctx = await contextOn(session.warehouse);
        const change = await create(ctx, s, S0, parseIncrementalStart(setting, "flag"));
        const revenue = change.starts.find((start) => start.node_id === REVENUE)!;
        expect(revenue.outcome, revenue.detail).toBe(outcome);
        expect(await objectsIn(session, ENV_SCHEMA)).toEqual(
          expect.arrayContaining(outcome === "copied" ? ["fct_daily_revenue:table"] : []),
        );
        if (outcome !== "copied")
          expect(await objectsIn(session, ENV_SCHEMA)).not.toContain("fct_daily_revenue:table");
      } finally {
        await session.close();
      }
    },
    120_000,
  );

  it.each([
    // DuckDB estimates rows; PostgreSQL bytes (its row estimate waits for an ANALYZE).
    {
      setting: engine === "duckdb" ? "copy up to 1000 rows" : "copy up to 10MB",
      days: 24,
      how: "incrementally, on prod's 24 days",
    },
    { setting: "none", days: 23, how: "in full, from the PR's 23 days" },
  ])(
    "dbt then builds fct_daily_revenue $how ($setting)",
    async ({ setting, days }) => {
      const session = await freshSession(engine);
      try {
        const s = shop();
        const S0 = await prodBuilt(session, s);
        const ctx = await contextOn(session.warehouse);
        await create(ctx, s, S0, parseIncrementalStart(setting, "flag"));
        // dbt's build of the plan's BUILD set (the stand-in merges by unique_key into a table that is there).
        const plan = planOver(s.prProject, S0, { sources: PR_SOURCES, now: NOW, pointers: true });
        await build(session, {
          manifest: s.prManifest,
          target: "ci",
          select: buildSet(plan),
          invocationId: "pr7-run-1",
          startedAt: "2026-11-30T10:16:41.000Z",
        });
        const [row] = await session.rows(`select count(*)::int as n from ${ENV_SCHEMA}.fct_daily_revenue`);
        expect(Number(row!.n)).toBe(days);
      } finally {
        await session.close();
      }
    },
    120_000,
  );

  it("a copy keeps the columns' types and constraints (stageTable's copy)", async () => {
    const session = await freshSession(engine);
    try {
      const s = shop();
      const S0 = await prodBuilt(session, s);
      await session.exec("alter table analytics.fct_daily_revenue alter column order_date set not null");
      const ctx = await contextOn(session.warehouse);
      await create(
        ctx,
        s,
        S0,
        parseIncrementalStart(engine === "duckdb" ? "copy up to 1000 rows" : "copy up to 1GB", "flag"),
      );
      const columns = (schema: string) =>
        session.rows(
          `select column_name, data_type, is_nullable from information_schema.columns
            where table_schema = $1 and table_name = 'fct_daily_revenue' order by ordinal_position`,
          [schema],
        );
      expect(await columns(ENV_SCHEMA)).toEqual(await columns("analytics"));
    } finally {
      await session.close();
    }
  }, 120_000);
});

describe("Snowflake (simulated): a transient table", () => {
  it.each([
    { transient: true, sql: "CREATE TRANSIENT TABLE" },
    { transient: false, sql: "CREATE TABLE" },
  ])(
    "transient in prod: $transient; cloned with $sql",
    async ({ transient, sql }) => {
      const session = await freshSession("duckdb");
      try {
        const s = shop();
        const S0 = await prodBuilt(session, s);
        const snowflake = SIMULATED_PROVIDERS.find((provider) => provider.name === "Snowflake")!;
        const warehouse = new SimulatedWarehouse(session, snowflake, await sdk());
        if (transient) warehouse.simulation.transient.add("analytics.fct_daily_revenue");
        const ctx = await contextOn(warehouse);
        warehouse.arm(null);
        await create(ctx, s, S0, parseIncrementalStart("clone", "flag"));
        const clones = warehouse.simulation.log.filter((entry) => entry.operation === "cloneTable");
        expect(
          clones.map((entry) =>
            entry.statement.sql
              .split(" ")
              .slice(0, transient ? 3 : 2)
              .join(" "),
          ),
        ).toEqual([sql]);
        expect(warehouse.simulation.transient.has(`${ENV_SCHEMA}.fct_daily_revenue`)).toBe(transient);
      } finally {
        await session.close();
      }
    },
    120_000,
  );
});

/** Whether every table in the environment's schema is recorded, and every table recorded as present exists. */
async function assertRecorded(session: Session, ctx: EnvContext): Promise<void> {
  const tables = (await session.warehouse.listObjects([ENV_SCHEMA]))
    .filter((o) => o.kind === "table")
    .map((o) => o.identifier);
  const rows = (await ctx.registry.objects(PR7)).filter((o) => o.kind === "table");
  for (const table of tables)
    expect(
      rows.map((r) => r.identifier),
      `${table} exists: recorded`,
    ).toContain(table);
  for (const row of rows.filter((r) => r.state === "present"))
    expect(tables, `${row.identifier} recorded as present: exists`).toContain(row.identifier);
}

const FAULT_TARGETS = [
  ...SIMULATED_PROVIDERS.map((provider) => ({
    name: `${provider.name} (simulated, each statement on its own)`,
    make: async (session: Session) => new SimulatedWarehouse(session, provider, await sdk()),
    setting: "clone",
  })),
  {
    name: "DuckDB without multi-object transactions",
    make: async (session: Session) => new FaultyWarehouse(session.warehouse, { nonAtomic: true }),
    setting: "copy up to 1000 rows",
  },
];

describe.each(FAULT_TARGETS)("a failure around the clone on $name", (target) => {
  it("leaves the registry recording whatever exists, and a rerun converges", async () => {
    const session = await freshSession("duckdb");
    try {
      const s = shop();
      const S0 = await prodBuilt(session, s);
      const faulty = (await target.make(session)) as Warehouse & {
        arm(fault: { step: number; when: "before" | "after" } | null): void;
        readonly log: readonly string[];
      };
      const ctx = await contextOn(faulty);
      const setting = parseIncrementalStart(target.setting, "flag");
      faulty.arm(null);
      await create(ctx, s, S0, setting);
      const log = [...faulty.log];
      const at = log.indexOf("cloneTable") + 1;
      expect(at, `the clone is a step of ${log.join(", ")}`).toBeGreaterThan(0);
      const reference = await rowsOf(session, "analytics", "fct_daily_revenue");
      await cleanupEnvironment(ctx, { name: PR7, prod: S0 });
      // The intent recorded before the clone, the clone, and the row recorded present after it.
      for (const step of [at - 1, at, at + 1]) {
        for (const when of ["before", "after"] as const) {
          faulty.arm({ step, when });
          const error = await create(ctx, s, S0, setting).then(
            () => null,
            (e: unknown) => e,
          );
          expect(error, `step ${step} ${when} (${log[step - 1]}) fails`).not.toBeNull();
          expect(isUserError(error) || String(error).includes("injected")).toBe(true);
          await assertRecorded(session, ctx);
          faulty.arm(null);
          const rerun = await create(ctx, s, S0, setting);
          expect(["cloned", "copied", "already_built"]).toContain(
            rerun.starts.find((start) => start.node_id === REVENUE)!.outcome,
          );
          expect(await rowsOf(session, ENV_SCHEMA, "fct_daily_revenue")).toEqual(reference);
          const row = (await ctx.registry.objects(PR7)).find((o) => o.identifier === "fct_daily_revenue");
          expect(row?.state).toBe("present");
          expect((await create(ctx, s, S0, setting)).actions).toEqual([]);
          const report = await cleanupEnvironment(ctx, { name: PR7, prod: S0 });
          expect(report.failed).toEqual([]);
          expect(await session.warehouse.listSchemas()).not.toContain(ENV_SCHEMA);
        }
      }
    } finally {
      await session.close();
    }
  }, 300_000);
});
