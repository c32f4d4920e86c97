/**
 * `ods-state env …` in process, against a real DuckDB file (and a real
 * PostgreSQL server): record prod, create the PR's environment, record its
 * build, promote on merge, roll back, clean up, gc. The warehouse comes from
 * --warehouse or ODS_WAREHOUSE (the context's `warehouse`), and a connection
 * string is never echoed.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadProject } from "../../src/dbt/load-project.js";
import { buildCommand } from "../../src/planner/build-command.js";
import { SqliteStateStore } from "../../src/store/sqlite-store.js";
import { cliIn } from "../support/cli-context.js";
import { nodesRun } from "../support/resolve-selection.js";
import { runDbt } from "../support/warehouse/dbt-runner.js";
import { POSTGRES_MISSING, postgresServer } from "../support/warehouse/engines.js";
import { duckdbSession, postgresSession, type Session } from "../support/warehouse/sessions.js";
import { loadShopRaw, SEED_COLUMNS, SHOP, shopJson } from "../support/warehouse/shop.js";

const dir = mkdtempSync(path.join(os.tmpdir(), "ods-env-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const fixture = (relative: string) => path.join(SHOP, relative);

function writeJson(name: string, value: unknown): string {
  const file = path.join(dir, name);
  writeFileSync(file, JSON.stringify(value));
  return file;
}

/** sources.json with its observation times moved (as sourcesAt does), on disk. */
function sourcesFile(name: string, relative: string, at: string): string {
  const doc = shopJson(relative);
  doc.metadata.generated_at = at;
  doc.metadata.invocation_started_at = at;
  for (const result of doc.results) result.snapshotted_at = at;
  return writeJson(name, doc);
}

/** Prod's head in the state database: its id, its snapshot, and how many snapshots the scope has. */
async function prodStateHead(file: string) {
  const store = await SqliteStateStore.open(file, { create: false });
  try {
    const scope = { project: "shop", environment: "prod" };
    const latest = (await store.latest(scope))!;
    return { id: latest.id, snapshot: latest.snapshot, history: (await store.history(scope)).length };
  } finally {
    await store.close();
  }
}

const cli = cliIn(dir, { repository: "acme/shop" });

async function build(
  session: Session,
  manifest: unknown,
  options: { target: string; select?: Set<string>; invocationId: string; startedAt: string },
) {
  return runDbt(session, { manifest, ...options, seedsDir: fixture("seeds"), seedColumns: SEED_COLUMNS });
}

describe("ods-state env on DuckDB", () => {
  const database = path.join(dir, "duck", "shop.duckdb");
  const warehouse = `duckdb:${database}`;
  const state = path.join(dir, "state.db");
  const prSources = sourcesFile("pr-sources.json", "prod-after-merge/sources.json", "2026-11-30T10:10:00Z");

  it("runs the lifecycle end to end", async () => {
    const prod = shopJson("prod/manifest.json");
    mkdirSync(path.dirname(database), { recursive: true });
    let session = await duckdbSession(path.dirname(database));
    await loadShopRaw(session);
    const prodResults = await build(session, prod, {
      target: "prod",
      invocationId: prod.metadata.invocation_id,
      startedAt: "2026-11-30T08:05:02.000Z",
    });
    await session.close();
    const recorded = await cli([
      "record",
      "--manifest",
      fixture("prod/manifest.json"),
      "--run-results",
      writeJson("prod-rr.json", prodResults),
      "--sources",
      fixture("prod/sources.json"),
      "--state",
      state,
    ]);
    expect(recorded.code, recorded.err).toBe(0);

    const args = [
      "--pr",
      "7",
      "--manifest",
      fixture("pr-7/manifest.json"),
      "--state",
      state,
      "--sources",
      prSources,
    ];
    const dry = await cli([
      "env",
      "create",
      ...args,
      "--warehouse",
      warehouse,
      "--dry-run",
      "--incremental-start",
      "copy up to 1000 rows",
    ]);
    expect(dry.code, dry.err).toBe(0);
    expect(dry.out).toContain("would change; 4 pointer views to prod, 0 reused in place, 4 to build.");
    expect(dry.out).toMatch(/create_pointer\s+analytics_pr_7\.customers → analytics\.customers/);
    // The incremental model the PR builds would start from a copy of prod's table (24 rows by DuckDB's estimate).
    expect(dry.out).toMatch(/copy_table\s+analytics_pr_7\.fct_daily_revenue → analytics\.fct_daily_revenue/);
    expect(dry.out).toContain(
      "start analytics_pr_7.fct_daily_revenue: copied (copy of analytics.fct_daily_revenue (24 rows estimated, limit 1,000 rows))",
    );
    const wrong = await cli([
      "env",
      "create",
      ...args,
      "--warehouse",
      warehouse,
      "--incremental-start",
      "copy lots",
    ]);
    expect(wrong.code).toBe(2);
    expect(wrong.err).toContain("--incremental-start is `copy lots`");
    const created = await cli(["env", "create", ...args, "--head-sha", "abc123"], { warehouse });
    expect(created.code, created.err).toBe(0);
    expect(created.out).toContain("Then: dbt build --select");
    const again = await cli(["env", "refresh", ...args, "--format", "json"], { warehouse });
    expect(JSON.parse(again.out)).toMatchObject({
      environment: "acme/shop:shop:pr-7",
      actions: [],
      pointers: 4,
    });

    // The PR's dbt build of what the plan builds (the `select` create printed), then its record.
    const prManifest = shopJson("pr-7/manifest.json");
    const refreshed = JSON.parse(again.out);
    expect(refreshed.build_command).toBe(buildCommand(refreshed.select, refreshed.exclude));
    expect(refreshed.select_terms).toBeGreaterThan(0);
    expect(refreshed.select_exact).toBe(true);
    const prGraph = loadProject(JSON.stringify(prManifest), "manifest.json").graph;
    const select = new Set(nodesRun(prGraph, refreshed.select, refreshed.exclude));
    expect(select.size).toBe(4);
    session = await duckdbSession(path.dirname(database));
    const prResults = await build(session, prManifest, {
      target: "ci",
      select,
      invocationId: "pr7-cli-run",
      startedAt: "2026-11-30T10:16:41.000Z",
    });
    await session.close();
    const recordedBuilds = await cli(
      [
        "env",
        "record",
        "--pr",
        "7",
        "--manifest",
        fixture("pr-7/manifest.json"),
        "--run-results",
        writeJson("pr-rr.json", prResults),
        "--sources",
        prSources,
      ],
      { warehouse },
    );
    expect(recordedBuilds.code, recordedBuilds.err).toBe(0);
    expect(recordedBuilds.out).toContain(
      "Recorded run pr7-cli-run in environment acme/shop:shop:pr-7: 4 built, 0 failed.",
    );

    // What PR 7 does to the data (issue 23): read-only, against prod's tables.
    const diffArgs = ["env", "diff", ...args];
    const diffJson = await cli([...diffArgs, "--format", "json"], { warehouse });
    expect(diffJson.code, diffJson.err).toBe(0);
    const report = JSON.parse(diffJson.out);
    expect(report).toMatchObject({
      schema_version: "1.0",
      environment: "acme/shop:shop:pr-7",
      engine: "duckdb",
    });
    expect(
      report.nodes.map((n: { name: string; rows?: { status: string; changed?: number } }) => [
        n.name,
        n.rows?.status,
        n.rows?.changed,
      ]),
    ).toEqual([
      ["stg_orders", "no_key", undefined],
      ["orders", "compared", 3],
      ["fct_daily_revenue", "compared", 2],
    ]);
    expect(diffJson.out).not.toContain("examples");
    const diffText = await cli([...diffArgs, "--select", "fct_daily_revenue"], { warehouse });
    expect(diffText.code, diffText.err).toBe(0);
    expect(diffText.out).toContain(
      "fct_daily_revenue  24 → 23 rows (−1, −4.2%) · 1 only in prod · 2 changed",
    );
    expect(diffText.out).not.toContain("stg_orders");
    const diffKeys = await cli(
      [...diffArgs, "--select", "orders", "--show-keys", "2", "--format", "markdown"],
      {
        warehouse,
      },
    );
    expect(diffKeys.code, diffKeys.err).toBe(0);
    expect(diffKeys.out).toMatch(/^### Data diff/m);
    // Orders 5 and 16 are the first two of the three return_pending orders (5, 16, 27): their keys are shown.
    expect(diffKeys.out).toContain("changed: <code>5</code>, <code>16</code>");
    const badFormat = await cli([...diffArgs, "--format", "html"], { warehouse });
    expect([badFormat.code, badFormat.err]).toEqual([
      2,
      expect.stringContaining("--format is `html`; allowed: text, json, markdown."),
    ]);
    const badKeys = await cli([...diffArgs, "--show-keys", "all"], { warehouse });
    expect([badKeys.code, badKeys.err]).toEqual([
      2,
      expect.stringContaining("--show-keys is `all`; give how many key values"),
    ]);
    const foreign = await cli([...diffArgs, "--repository", "other/shop"], { warehouse });
    expect([foreign.code, foreign.err]).toEqual([1, expect.stringContaining("error[environment_unknown]")]);

    const listed = await cli(["env", "list", "--format", "json"], { warehouse });
    expect(JSON.parse(listed.out).environments[0]).toMatchObject({
      name: "acme/shop:shop:pr-7",
      repository: "acme/shop",
      project: "shop",
      status: "open",
      head_sha: "abc123",
    });

    const promoteArgs = [
      "env",
      "promote",
      "--pr",
      "7",
      "--manifest",
      fixture("prod-after-merge/manifest.json"),
      "--state",
      state,
      "--sources",
      fixture("prod-after-merge/sources.json"),
      "--promoted-by",
      "main-1",
      "--retention-days",
      "0",
    ];
    const dryPromote = await cli([...promoteArgs, "--dry-run"], { warehouse });
    expect(dryPromote.code, dryPromote.err).toBe(0);
    expect(dryPromote.out).toContain("would be promoted");
    const promoted = await cli([...promoteArgs, "--format", "json"], { warehouse });
    expect(promoted.code, promoted.err).toBe(0);
    const result = JSON.parse(promoted.out);
    expect(result.status).toBe("committed");
    expect(result.promoted.map((p: { unique_id: string }) => p.unique_id)).toEqual(["model.shop.orders"]);
    const mainGraph = loadProject(JSON.stringify(shopJson("prod-after-merge/manifest.json")), "m.json").graph;
    const rest = nodesRun(mainGraph, result.select, result.exclude);
    expect(rest).not.toContain("model.shop.orders");
    expect(rest).toContain("model.shop.fct_daily_revenue");
    expect(result.build_command).toBe(buildCommand(result.select, result.exclude));
    expect(promoted.out).toContain(`"exclude": ${JSON.stringify(result.exclude)}`);

    // With --state, the committed promotion is in prod's state (a dry run wrote nothing).
    expect(dryPromote.out).not.toContain("State updated");
    expect(result.state).toMatchObject({ scope: "shop/prod", nodes: ["model.shop.orders"] });
    const headAfterPromotion = await prodStateHead(state);
    expect(headAfterPromotion.id).toBe(result.state.snapshot_id);
    expect(headAfterPromotion.history).toBe(2);
    expect(headAfterPromotion.snapshot.nodes["model.shop.orders"]).toMatchObject({
      run_id: "pr7-cli-run",
      promoted_by: "main-1",
      relation: { schema: "analytics", identifier: "orders" },
    });
    const rerun = await cli(promoteArgs, { warehouse });
    expect(rerun.code, rerun.err).toBe(0);
    expect(rerun.out).toContain("(already_committed");
    expect(rerun.out).toContain("State: shop/prod in");
    expect(rerun.out).toContain("already records this promotion.");
    expect((await prodStateHead(state)).id).toBe(headAfterPromotion.id);

    // dbt builds the rest into prod; its record reads the promoted orders as the PR's build.
    const mainManifest = shopJson("prod-after-merge/manifest.json");
    session = await duckdbSession(path.dirname(database));
    const mainResults = await build(session, mainManifest, {
      target: "prod",
      select: new Set(rest),
      invocationId: mainManifest.metadata.invocation_id,
      startedAt: "2026-11-30T12:03:00.000Z",
    });
    await session.close();
    expect(mainResults.results.map((r: { unique_id: string }) => r.unique_id)).not.toContain(
      "model.shop.orders",
    );
    const recordedRest = await cli([
      "record",
      "--manifest",
      fixture("prod-after-merge/manifest.json"),
      "--run-results",
      writeJson("main-rr.json", mainResults),
      "--sources",
      fixture("prod-after-merge/sources.json"),
      "--state",
      state,
    ]);
    expect(recordedRest.code, recordedRest.err).toBe(0);
    const afterRecord = (await prodStateHead(state)).snapshot;
    expect(afterRecord.nodes["model.shop.orders"]?.run_id).toBe("pr7-cli-run");
    expect(afterRecord.nodes["model.shop.fct_daily_revenue"]?.parents["model.shop.orders"]).toBe(
      "pr7-cli-run",
    );
    // The next plan reuses the promoted table and everything else, the hook that reads target.name too
    // (issue 36: its value is compared; it was built every run before).
    /** `ods-state plan` of main's manifest over the state, with sources observed at `at`, as JSON. */
    const planMain = async (at: string) => {
      const planned = await cli([
        "plan",
        "--manifest",
        fixture("prod-after-merge/manifest.json"),
        "--sources",
        sourcesFile(`sources-${at.replaceAll(":", "")}.json`, "prod-after-merge/sources.json", at),
        "--state",
        state,
        "--format",
        "json",
      ]);
      expect(planned.code, planned.err).toBe(0);
      return JSON.parse(planned.out);
    };
    const nextPlan = await planMain("2026-11-30T12:30:00Z");
    const decisions = Object.fromEntries(
      nextPlan.entries.map((e: { name: string; action: string; reasons: { code: string }[] }) => [
        e.name,
        `${e.action} ${e.reasons[0]?.code}`,
      ]),
    );
    expect(decisions).toMatchObject({
      orders: "REUSE unchanged",
      stg_orders: "REUSE unchanged",
      fct_daily_revenue: "REUSE unchanged",
      customers: "REUSE formatting_only",
      customer_countries: "REUSE unchanged",
    });

    const rolled = await cli(["env", "rollback", "--pr", "7", "--project", "shop", "--state", state], {
      warehouse,
    });
    expect(rolled.code, rolled.err).toBe(0);
    expect(rolled.out).toContain("rolled back");
    // With --state, prod's state records orders as its build before the promotion again.
    expect(rolled.out).toMatch(
      /State updated: shop\/prod in .* records 1 node as their previous builds again/,
    );
    const afterRollback = (await prodStateHead(state)).snapshot;
    expect(afterRollback.nodes["model.shop.orders"]?.promoted_by).toBeUndefined();
    expect(afterRollback.nodes["model.shop.orders"]?.run_id).not.toBe("pr7-cli-run");
    // So the next plan builds orders again, and what read the promoted build.
    const rebuilt = (await planMain("2026-11-30T12:40:00Z")).entries.filter(
      (e: { action: string }) => e.action === "BUILD",
    );
    expect(rebuilt.map((e: { name: string }) => e.name)).toEqual(
      expect.arrayContaining(["orders", "fct_daily_revenue"]),
    );
    // Twice: nothing left to roll back is an error (never a quiet exit 0), and the state is not written again.
    const headAfterRollback = (await prodStateHead(state)).id;
    const rolledTwice = await cli(["env", "rollback", "--pr", "7", "--project", "shop", "--state", state], {
      warehouse,
    });
    expect(rolledTwice.code).toBe(1);
    expect(rolledTwice.err).toContain("error[rollback_refused]");
    expect(rolledTwice.err).toContain("is rolled back, and no committed one is left");
    expect((await prodStateHead(state)).id).toBe(headAfterRollback);

    const dryClean = await cli(["env", "cleanup", "--pr", "7", "--project", "shop", "--dry-run"], {
      warehouse,
    });
    expect(dryClean.out).toContain("would drop");
    const cleaned = await cli(["env", "cleanup", "--pr", "7", "--project", "shop"], { warehouse });
    expect(cleaned.code, cleaned.err).toBe(0);
    const gone = await cli(["env", "list", "--format", "json"], { warehouse });
    expect(JSON.parse(gone.out).environments[0]).toMatchObject({
      name: "acme/shop:shop:pr-7",
      status: "removed",
      objects: 0,
    });

    const gc = await cli(["env", "gc", "--project", "shop", "--retention-days", "0"], {
      warehouse,
    });
    expect(gc.code, gc.err).toBe(0);
    expect(gc.out).toMatch(/1 expired promotion/);
  });

  it("says what is wrong with the warehouse, without echoing a connection string", async () => {
    const none = await cli(["env", "list"]);
    expect(none.code).toBe(2);
    expect(none.err).toContain("error[warehouse_invalid]");
    const scheme = await cli(["env", "list", "--warehouse", "redshift://acct"]);
    expect(scheme.err).toContain("doesn't support");
    const vendor = await cli(["env", "list", "--warehouse", "snowflake://acct-x/DB"]);
    expect(vendor.err).toMatch(/^error\[warehouse_invalid\]: --warehouse names no Snowflake user/);
    expect(vendor.err).not.toContain("acct-x/DB");
    const secret = await cli(["env", "list", "--warehouse", "postgres://ods:s3cr3t-pw@127.0.0.1:1/shop"]);
    expect(secret.code).toBe(1);
    expect(secret.err).toContain("error[warehouse_unavailable]");
    expect(secret.err).toContain("postgres://127.0.0.1:1/shop");
    expect(secret.err + secret.out).not.toContain("s3cr3t");
    const sub = await cli(["env", "frobnicate"], { warehouse });
    expect(sub.code).toBe(2);
    const pr = await cli(["env", "cleanup", "--pr", "7; drop"], { warehouse });
    expect(pr.code).toBe(2);
  });
});

describe.skipIf(POSTGRES_MISSING !== null)("ods-state env on PostgreSQL", () => {
  it("creates, lists and cleans up an environment; the password in the URL is never printed or stored", async () => {
    const server = await postgresServer();
    server.createDatabase("shop");
    // Trust authentication ignores the password: it is there to prove it goes nowhere.
    const url = server.urlFor("shop").replace("postgres://ods@", "postgres://ods:hunter2-secret@");
    const state = path.join(dir, "pg-state.db");
    const prod = shopJson("prod/manifest.json");
    const session = await postgresSession(server.urlFor("shop"));
    try {
      await loadShopRaw(session);
      const results = await build(session, prod, {
        target: "prod",
        invocationId: prod.metadata.invocation_id,
        startedAt: "2026-11-30T08:05:02.000Z",
      });
      const recorded = await cli([
        "record",
        "--manifest",
        fixture("prod/manifest.json"),
        "--run-results",
        writeJson("pg-prod-rr.json", results),
        "--sources",
        fixture("prod/sources.json"),
        "--state",
        state,
      ]);
      expect(recorded.code, recorded.err).toBe(0);
      const empty = await cli(["env", "list"], { warehouse: url });
      expect(empty.out).toContain("No environment registry");
      const prSources = sourcesFile(
        "pg-pr-sources.json",
        "prod-after-merge/sources.json",
        "2026-11-30T10:10:00Z",
      );
      const outputs: string[] = [];
      const run = async (args: string[]) => {
        const r = await cli(args, { warehouse: url });
        outputs.push(r.out, r.err);
        expect(r.code, r.err).toBe(0);
        return r;
      };
      const created = await run([
        "env",
        "create",
        "--pr",
        "7",
        "--manifest",
        fixture("pr-7/manifest.json"),
        "--state",
        state,
        "--sources",
        prSources,
      ]);
      expect(created.out).toContain("created; 4 pointer views to prod");
      expect(await session.rows(`select count(*)::int as n from "analytics_pr_7"."customers"`)).toEqual([
        { n: 24 },
      ]);
      const listed = await run(["env", "list"]);
      expect(listed.out).toContain("pr-7");
      expect(listed.out).toContain("postgres://127.0.0.1:");
      await run(["env", "cleanup", "--pr", "7", "--project", "shop"]);
      expect(
        (
          await session.rows(
            `select schema_name from information_schema.schemata where schema_name = 'analytics_pr_7'`,
          )
        ).length,
      ).toBe(0);
      await run(["env", "gc", "--project", "shop"]);
      expect(outputs.join("")).not.toContain("hunter2");
      const registry = await session.rows(
        `select table_name from information_schema.tables where table_schema = 'ods_meta'`,
      );
      expect(registry.length).toBeGreaterThan(5);
      for (const { table_name } of registry) {
        const rows = await session.rows(`select * from "ods_meta"."${String(table_name)}"`);
        expect(JSON.stringify(rows)).not.toContain("hunter2");
        expect(JSON.stringify(rows)).not.toContain("postgres://");
      }
    } finally {
      await session.close();
    }
  });
});
