/**
 * Column impact (issue 24) through the action's main and post steps and the
 * CLI, on a real DuckDB file, with GitHub's REST API served locally.
 *
 * PR 7 of the shop changes `stg_orders.is_returned`, which every model below
 * it reads; here it also adds a column to `stg_customers` (`email_domain`,
 * for a model to come). `customers` reads `stg_customers` through
 * `select *` in a CTE but lists its own columns, so it reads none of the new
 * one: it is reused (`parent_change_not_read`). The shop's other readers
 * can't show this: `orders` reads every column of `stg_orders`, and
 * `fct_daily_revenue` (incremental, over `orders`, which inlines an ephemeral
 * model) and `customer_countries` (a post-hook reading `target`) are always
 * built for a parent's change.
 * - prod: the action's `command: record` records dbt's full build with the
 *   column facts of every model;
 * - the plan of the pull request with column impact, without it
 *   (`column-impact: false`), and with a parser that fails to load;
 * - `ods-state plan` on that state, with and without `--column-impact`;
 * - the pull request's environment (customers served from prod by its
 *   pointer view, left out of dbt's selection), its build, the merge (orders
 *   promoted, customers kept) and the next push (customers reused: its read moved to the new stg_customers).
 */

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SqlParserLoad } from "../../src/app/ports.js";
import { factsFromStored } from "../../src/dbt/column-facts/stored-facts.js";
import { isUserError } from "../../src/errors/user-error.js";
import { readActionInputs } from "../../src/github/action-inputs.js";
import { loadAnalyzeSqlFrom } from "../../src/runtime/column-facts-analyzer.js";
import type { Plan } from "../../src/state/plan.js";
import type { StateSnapshot } from "../../src/state/snapshot.js";
import { SqliteStateStore } from "../../src/store/sqlite-store.js";
import { loadShopRaw, runDbt, sourcesObservedAt } from "../../tools/dbt-standin.js";
import { actionJob, pullRequestEvent, pushEvent } from "../support/action-job.js";
import { runCliIn } from "../support/cli-context.js";
import { nodesToBuild } from "../support/resolve-selection.js";
import { type ActionsServices, startActionsServices } from "../support/services/start-services.js";
import { shop } from "../support/warehouse/scenario.js";
import { duckdbSession, type Session } from "../support/warehouse/sessions.js";
import { SEED_COLUMNS, SHOP } from "../support/warehouse/shop.js";

// biome-ignore lint/suspicious/noExplicitAny: manifest JSON
type Json = any;

const PR_HEAD = "c".repeat(40);
const MERGE = "d".repeat(40);
const NEXT = "e".repeat(40);
const id = (name: string) => `model.shop.${name}`;
const STG_CUSTOMERS = id("stg_customers");
const CUSTOMERS = id("customers");
const ORDERS = id("orders");

/** The pull request's second change: stg_customers gains `email_domain` (its code and its compiled SQL). */
function addEmailDomain(manifest: Json): Json {
  const node = manifest.nodes[STG_CUSTOMERS];
  for (const key of ["compiled_code", "raw_code"]) {
    node[key] = node[key].replace(
      "        lower(email) as email,\n",
      "        lower(email) as email,\n        split_part(lower(email), '@', 2) as email_domain,\n",
    );
    expect(node[key]).toContain("as email_domain");
  }
  return manifest;
}

/** "ACTION reason" of a plan's entry. */
function decision(plan: Plan, node: string): string {
  const entry = plan.entries.find((e) => e.unique_id === node)!;
  return `${entry.action} ${entry.reasons[0]?.code}`;
}

/** The working directory the file started in, restored after its steps ran in their own. */
const startDir = process.cwd();

describe("column impact through the action and the CLI (DuckDB, local GitHub API)", () => {
  const root = mkdtempSync(path.join(os.tmpdir(), "ods-column-impact-"));
  const warehouseDir = path.join(root, "warehouse");
  const warehouse = `duckdb:${path.join(warehouseDir, "shop.duckdb")}`;
  const workspace = path.join(root, "workspace");
  const target = path.join(workspace, "target");
  const statePath = path.join(workspace, ".ods", "state.db");
  const s = shop();
  const prodManifest = s.prodManifest;
  const prManifest = addEmailDomain(structuredClone(s.prManifest));
  const mainManifest = addEmailDomain(structuredClone(s.mainManifest));
  let services: ActionsServices;
  let runId = 300;
  // Each dbt run starts a minute after `dbt source freshness` observed the sources, hours apart, in order.
  const base = Date.now();
  const hoursAgo = (hours: number, seconds = 0) =>
    new Date(base - hours * 3_600_000 + seconds * 1000).toISOString();
  const observeSources = (at: string) =>
    writeFileSync(
      path.join(target, "sources.json"),
      JSON.stringify(sourcesObservedAt("prod-after-merge/sources.json", at, SHOP)),
    );

  beforeAll(async () => {
    // The action stages the cache's copy at .ods/transport/state.db under the working directory: this
    // file's own, so that files running side by side never share it.
    process.chdir(root);
    services = await startActionsServices({ repo: { owner: "acme", name: "shop" } });
    services.world.addPullRequest({
      number: 7,
      state: "closed",
      headSha: PR_HEAD,
      mergedAt: "2026-11-30T12:00:00Z",
      mergeCommitSha: MERGE,
      commits: [PR_HEAD, MERGE],
    });
    mkdirSync(warehouseDir, { recursive: true });
    mkdirSync(target, { recursive: true });
    const session = await duckdbSession(warehouseDir);
    await loadShopRaw(session, SHOP);
    await session.close();
  });

  afterAll(async () => {
    await services?.stop();
    process.chdir(startDir);
    rmSync(root, { recursive: true, force: true });
  });

  /** One job: its main step, then (when asked) its post step; `parser` replaces the SQL parser's port. */
  function job(
    event: { name: "pull_request"; action: string; merged?: boolean } | { name: "push"; sha: string },
    options: { inputs?: Record<string, string>; parser?: () => Promise<SqlParserLoad> } = {},
  ) {
    runId += 1;
    const { recorder, ports, main, post } = actionJob({
      workspace,
      event:
        event.name === "pull_request"
          ? pullRequestEvent(event.action, {
              headSha: PR_HEAD,
              headRef: "email-domain",
              merged: event.merged,
              sha: "f".repeat(40),
            })
          : pushEvent(event.sha),
      tempDir: path.join(root, `temp-${runId}`),
      // This file's runs turn column impact on (the input's default is off), unless a row says otherwise.
      inputs: (name) =>
        options.inputs?.[name] ??
        (name === "column-impact" ? "true" : name === "warehouse" ? warehouse : undefined),
      runId,
      apiUrl: services.apiUrl,
      token: services.world.apiToken!,
    });
    // Counts the loads of the SQL parser (the real one unless the test replaces it).
    let loads = 0;
    const load = options.parser ?? ports.loadSqlParser;
    ports.loadSqlParser = () => {
      loads += 1;
      return load();
    };
    return {
      recorder,
      loads: () => loads,
      main,
      post,
    };
  }

  /** dbt build of `select` (every node when null) with `dbtTarget`; run_results.json written to target/. */
  async function dbtBuild(
    manifest: Json,
    select: Set<string> | null,
    dbtTarget: string,
    invocationId: string,
    startedAt: string,
  ) {
    const session = await duckdbSession(warehouseDir);
    try {
      const results = await runDbt(session, {
        manifest,
        target: dbtTarget,
        ...(select ? { select } : {}),
        invocationId,
        startedAt,
        seedsDir: path.join(SHOP, "seeds"),
        seedColumns: SEED_COLUMNS,
      });
      writeFileSync(path.join(target, "run_results.json"), JSON.stringify(results));
      return results;
    } finally {
      await session.close();
    }
  }

  async function query(sql: string): Promise<Record<string, unknown>[]> {
    const session: Session = await duckdbSession(warehouseDir);
    try {
      return await session.rows(sql);
    } finally {
      await session.close();
    }
  }

  async function prodState(): Promise<StateSnapshot> {
    const store = await SqliteStateStore.open(statePath);
    try {
      return (await store.latest({ project: "shop", environment: "prod" }))!.snapshot;
    } finally {
      await store.close();
    }
  }

  it("prod: `command: record` records dbt's full build with the columns each model reads", async () => {
    writeFileSync(path.join(target, "manifest.json"), JSON.stringify(prodManifest));
    observeSources(hoursAgo(4));
    await dbtBuild(prodManifest, null, "prod", prodManifest.metadata.invocation_id, hoursAgo(4, 60));
    const record = job({ name: "push", sha: "a".repeat(40) }, { inputs: { command: "record" } });
    await record.main();
    expect(record.recorder.log()).toMatch(/Recorded run .* in shop\/prod/);
    expect(record.loads()).toBe(1);
    const prod = await prodState();
    for (const model of [STG_CUSTOMERS, CUSTOMERS]) expect(prod.nodes[model]!.facts, model).toBeDefined();
    expect(factsFromStored(prod.nodes[CUSTOMERS]!.facts).reads[STG_CUSTOMERS]).toEqual([
      "country_code",
      "customer_id",
      "email",
      "first_name",
      "last_name",
      "signup_date",
    ]);
  });

  it("`column-impact` must be true or false: another value is the catalogue's input_invalid, naming the input", () => {
    let error: unknown;
    try {
      readActionInputs((name) => (name === "column-impact" ? "sometimes" : ""), workspace, undefined);
    } catch (caught) {
      error = caught;
    }
    expect(isUserError(error) && error.code).toBe("input_invalid");
    expect(String((error as Error).message)).toContain("column-impact");
  });

  it.each<{
    case: string;
    inputs: Record<string, string>;
    parser: (() => Promise<SqlParserLoad>) | undefined;
    customers: string;
    loads: number;
    warning: string | null;
  }>([
    {
      case: "`column-impact` not set (off by default)",
      inputs: { "column-impact": "" },
      parser: undefined,
      customers: "BUILD parent_code_changed",
      loads: 0,
      warning: null,
    },
    {
      case: "`column-impact: true`",
      inputs: {},
      parser: undefined,
      customers: "REUSE parent_change_not_read",
      loads: 1,
      warning: null,
    },
    {
      case: "`column-impact: false`",
      inputs: { "column-impact": "false" },
      parser: undefined,
      customers: "BUILD parent_code_changed",
      loads: 0,
      warning: null,
    },
    {
      case: "a SQL parser that fails to load",
      inputs: {},
      parser: () => loadAnalyzeSqlFrom("/nonexistent/polyglot_sql.wasm"),
      customers: "BUILD parent_code_changed",
      loads: 1,
      warning: "warning: The SQL parser could not be loaded (",
    },
  ])("the pull request's plan (no warehouse), $case: customers is $customers", async (row) => {
    writeFileSync(path.join(target, "manifest.json"), JSON.stringify(prManifest));
    observeSources(hoursAgo(3));
    const pr = job(
      { name: "pull_request", action: "synchronize" },
      { inputs: { warehouse: "", ...row.inputs }, ...(row.parser ? { parser: row.parser } : {}) },
    );
    const { plan } = await pr.main();
    expect(decision(plan!, STG_CUSTOMERS)).toBe("BUILD code_changed");
    expect(decision(plan!, ORDERS)).toMatch(/^BUILD /);
    expect(decision(plan!, CUSTOMERS)).toBe(row.customers);
    expect(pr.loads()).toBe(row.loads);
    if (row.warning) expect(pr.recorder.log()).toContain(row.warning);
    else expect(pr.recorder.log()).not.toContain("SQL parser");
    const built = nodesToBuild(prManifest, pr.recorder.outputs.select!, pr.recorder.outputs.exclude);
    expect(built.has(CUSTOMERS)).toBe(row.customers.startsWith("BUILD"));
  });

  it.each([
    { flags: ["--column-impact"], customers: "REUSE parent_change_not_read" },
    { flags: [], customers: "BUILD parent_code_changed" },
  ])("`ods-state plan --pointers $flags` over the recorded state: customers is $customers", async (row) => {
    const manifest = path.join(root, "pr-manifest.json");
    writeFileSync(manifest, JSON.stringify(prManifest));
    const { code, out, err } = await runCliIn(workspace, [
      "plan",
      "--manifest",
      manifest,
      "--state",
      statePath,
      "--target",
      "ci",
      "--pointers",
      "--sources",
      path.join(target, "sources.json"),
      "--format",
      "json",
      ...row.flags,
    ]);
    expect(err).toBe("");
    expect(code).toBe(0);
    const plan = JSON.parse(out) as Plan;
    expect(decision(plan, CUSTOMERS)).toBe(row.customers);
    expect(decision(plan, ORDERS)).toMatch(/^BUILD /);
  });

  it("opened: the environment serves customers from prod through its pointer view, dbt builds the rest, the builds are recorded with their column facts", async () => {
    writeFileSync(path.join(target, "manifest.json"), JSON.stringify(prManifest));
    const pr = job({ name: "pull_request", action: "opened" });
    const { plan } = await pr.main();
    expect(decision(plan!, CUSTOMERS)).toBe("REUSE parent_change_not_read");
    expect(pr.recorder.outputs.environment).toBe("repo-700100:shop:pr-7");
    const select = nodesToBuild(prManifest, pr.recorder.outputs.select!, pr.recorder.outputs.exclude);
    expect(select.has(STG_CUSTOMERS)).toBe(true);
    expect(select.has(ORDERS)).toBe(true);
    expect(select.has(CUSTOMERS)).toBe(false);
    const comment = services.world.comments.at(-1)!.body;
    expect(comment).toContain("not reading what changed");
    // A pointer view in the environment's schema, reading prod's table.
    const kind = await query(
      `select table_type from information_schema.tables where table_schema = 'analytics_pr_7' and table_name = 'customers'`,
    );
    expect(kind).toEqual([{ table_type: "VIEW" }]);
    const prodCustomers = JSON.stringify(await query(`select * from "analytics"."customers" order by 1`));
    expect(JSON.stringify(await query(`select * from "analytics_pr_7"."customers" order by 1`))).toBe(
      prodCustomers,
    );

    const results = await dbtBuild(prManifest, select, "ci", "pr7-run-1", hoursAgo(3, 60));
    expect(results.results.map((r: { unique_id: string }) => r.unique_id)).not.toContain(CUSTOMERS);
    await pr.post();
    expect(pr.recorder.log()).toMatch(
      /Environment repo-700100:shop:pr-7: recorded run pr7-run-1: \d+ built, 0 failed/,
    );
    // The builds' node states carry their column facts (a promotion copies them into prod's state).
    const session = await duckdbSession(warehouseDir);
    try {
      const rows = await session.rows(
        `select node_id, node_state from "ods_meta"."env_builds" where environment = 'repo-700100:shop:pr-7'`,
      );
      const facts = (node: string) =>
        JSON.parse(String(rows.find((r) => r.node_id === node)!.node_state)).facts as { columns: string[] };
      expect(facts(STG_CUSTOMERS).columns).toContain("email_domain");
      expect(facts(id("stg_orders")).columns).toContain("is_returned");
    } finally {
      await session.close();
    }
  });

  it("merge: orders is promoted, customers kept; the post step's record moves customers' read to the new stg_customers, and the next push reuses it", async () => {
    const closed = job({ name: "pull_request", action: "closed", merged: true });
    await closed.main();
    writeFileSync(path.join(target, "manifest.json"), JSON.stringify(mainManifest));
    observeSources(hoursAgo(2));
    const push = job({ name: "push", sha: MERGE });
    const { plan } = await push.main();
    expect(decision(plan!, CUSTOMERS)).toBe("REUSE parent_change_not_read");
    expect(push.recorder.outputs["promoted-count"]).toBe("1");
    const rest = nodesToBuild(mainManifest, push.recorder.outputs.select!, push.recorder.outputs.exclude);
    expect(rest.has(STG_CUSTOMERS)).toBe(true);
    expect(rest.has(ORDERS)).toBe(false);
    expect(rest.has(CUSTOMERS)).toBe(false);
    const mainRun = mainManifest.metadata.invocation_id as string;
    await dbtBuild(mainManifest, rest, "prod", mainRun, hoursAgo(2, 60));
    await push.post();
    expect(push.recorder.log()).toContain("1 promoted from repo-700100:shop:pr-7");

    const prod = await prodState();
    expect(prod.nodes[ORDERS]).toMatchObject({ run_id: "pr7-run-1" });
    // Kept: its build read stg_customers' previous build, whose change it does not read; the read moved on.
    const customers = prod.nodes[CUSTOMERS]!;
    expect(customers.run_id).toBe(prodManifest.metadata.invocation_id);
    expect(prod.nodes[STG_CUSTOMERS]!.run_id).toBe(mainRun);
    expect(customers.parents[STG_CUSTOMERS]).toBe(mainRun);
    expect(customers.carried?.[STG_CUSTOMERS]).toBe(prodManifest.metadata.invocation_id);

    rmSync(path.join(target, "run_results.json"));
    observeSources(new Date().toISOString());
    const next = job({ name: "push", sha: NEXT });
    const { plan: nextPlan } = await next.main();
    // Reused: PR 7 also reformatted customers, which no run has rebuilt since (hence not `unchanged`).
    expect(decision(nextPlan!, CUSTOMERS)).toBe("REUSE formatting_only");
    expect(decision(nextPlan!, ORDERS)).toBe("REUSE unchanged");
    expect(decision(nextPlan!, STG_CUSTOMERS)).toBe("REUSE unchanged");
  });
});
