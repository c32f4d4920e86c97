/**
 * Column impact (issue 24) through the action's main and post steps and the
 * CLI, on a real DuckDB file, with GitHub's REST API served locally.
 *
 * The shop's PR 7 changes `stg_orders.is_returned`, which every model below
 * it reads. Here the pull request changes another column instead:
 * `lower(status) as status` (a cleanup a staging model often gets).
 * `orders` outputs `status`, so it is built; `fct_daily_revenue` reads
 * `order_date`, `amount` and `is_returned` of `orders`, never `status`, so it
 * is reused (`parent_change_not_read`): its pointer view serves prod's table in
 * the environment, dbt's selection leaves it out, and after the merge the
 * promotion of `orders` leaves prod's state so that the next plan reuses it as
 * `unchanged`.
 * - prod: the action's `command: record` records dbt's full build with the
 *   column facts of every model;
 * - the plan of the pull request with column impact, without it
 *   (`column-impact: false`), and with a parser that fails to load;
 * - `ods-state plan` on that state, with and without `--no-column-impact`;
 * - the pull request's environment, its build, the merge and the next push.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SqlParserLoad } from "../../src/app/ports.js";
import { isUserError } from "../../src/errors/user-error.js";
import { readActionInputs } from "../../src/github/action-inputs.js";
import { readRunEnvironment } from "../../src/github/event.js";
import { runMainStep } from "../../src/run/main-step.js";
import { runPostStep } from "../../src/run/post-step.js";
import { loadAnalyzeSqlFrom } from "../../src/runtime/column-facts-analyzer.js";
import type { Plan } from "../../src/state/plan.js";
import type { StateSnapshot } from "../../src/state/snapshot.js";
import { SqliteStateStore } from "../../src/store/sqlite-store.js";
import { loadShopRaw, runDbt, sourcesObservedAt } from "../../tools/dbt-standin.js";
import { runCliIn } from "../support/cli-context.js";
import { recordedRunnerPorts } from "../support/recording-core.js";
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
const STG_ORDERS = id("stg_orders");
const ORDERS = id("orders");
const REVENUE = id("fct_daily_revenue");

/**
 * The pull request's change to stg_orders, in place of PR 7's: `is_returned`
 * as prod has it, `status` lower-cased (its code and its compiled SQL).
 */
function changeStatusOnly(manifest: Json): Json {
  const node = manifest.nodes[STG_ORDERS];
  for (const key of ["compiled_code", "raw_code"]) {
    node[key] = node[key]
      .replace(
        "when status in ('returned', 'return_pending') then true",
        "when status = 'returned' then true",
      )
      .replace("        status,\n", "        lower(status) as status,\n");
    expect(node[key]).toContain("lower(status) as status");
  }
  return manifest;
}

/** "ACTION reason" of a plan's entry. */
function decision(plan: Plan, node: string): string {
  const entry = plan.entries.find((e) => e.unique_id === node)!;
  return `${entry.action} ${entry.reasons[0]?.code}`;
}

describe("column impact through the action and the CLI (DuckDB, local GitHub API)", () => {
  const root = mkdtempSync(path.join(os.tmpdir(), "ods-column-impact-"));
  const warehouseDir = path.join(root, "warehouse");
  const warehouse = `duckdb:${path.join(warehouseDir, "shop.duckdb")}`;
  const workspace = path.join(root, "workspace");
  const target = path.join(workspace, "target");
  const statePath = path.join(workspace, ".ods", "state.db");
  const s = shop();
  const prodManifest = s.prodManifest;
  const prManifest = changeStatusOnly(structuredClone(s.prManifest));
  const mainManifest = changeStatusOnly(structuredClone(s.mainManifest));
  let services: ActionsServices;
  let runId = 300;

  beforeAll(async () => {
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
    writeFileSync(
      path.join(target, "sources.json"),
      readFileSync(path.join(SHOP, "prod-after-merge", "sources.json")),
    );
  });

  afterAll(async () => {
    await services?.stop();
    rmSync(root, { recursive: true, force: true });
  });

  /** One job: its main step, then (when asked) its post step; `parser` replaces the SQL parser's port. */
  function job(
    event: { name: "pull_request"; action: string; merged?: boolean } | { name: "push"; sha: string },
    options: { inputs?: Record<string, string>; parser?: () => Promise<SqlParserLoad> } = {},
  ) {
    runId += 1;
    const token = services.world.apiToken!;
    const inputs = readActionInputs(
      (name) =>
        options.inputs?.[name] ?? (name === "warehouse" ? warehouse : name === "github-token" ? token : ""),
      workspace,
      undefined,
    );
    const vars = {
      GITHUB_REPOSITORY: "acme/shop",
      GITHUB_RUN_ID: String(runId),
      GITHUB_API_URL: services.apiUrl,
    };
    const run =
      event.name === "pull_request"
        ? readRunEnvironment(
            {
              ...vars,
              GITHUB_EVENT_NAME: "pull_request",
              GITHUB_REF: "refs/pull/7/merge",
              GITHUB_SHA: "f".repeat(40),
            },
            {
              action: event.action,
              number: 7,
              repository: { default_branch: "main", full_name: "acme/shop" },
              pull_request: {
                number: 7,
                merged: event.merged === true,
                head: { sha: PR_HEAD, ref: "status", repo: { full_name: "acme/shop" } },
              },
            },
          )
        : readRunEnvironment(
            { ...vars, GITHUB_EVENT_NAME: "push", GITHUB_REF: "refs/heads/main", GITHUB_SHA: event.sha },
            { ref: "refs/heads/main", after: event.sha, repository: { default_branch: "main" } },
          );
    const { recorder, ports } = recordedRunnerPorts(run, {
      token,
      tempDir: path.join(root, `temp-${runId}`),
      hasSummary: true,
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
      main: () => runMainStep(inputs, run, ports),
      post: () => runPostStep(inputs, run, ports),
    };
  }

  /** dbt build of `select` (every node when null) with `dbtTarget`; run_results.json written to target/. */
  async function dbtBuild(
    manifest: Json,
    select: Set<string> | null,
    dbtTarget: string,
    invocationId: string,
  ) {
    const session = await duckdbSession(warehouseDir);
    try {
      const results = await runDbt(session, {
        manifest,
        target: dbtTarget,
        ...(select ? { select } : {}),
        invocationId,
        startedAt: new Date(Date.now() - 600_000).toISOString(),
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
    await dbtBuild(prodManifest, null, "prod", prodManifest.metadata.invocation_id);
    const record = job({ name: "push", sha: "a".repeat(40) }, { inputs: { command: "record" } });
    await record.main();
    expect(record.recorder.log()).toMatch(/Recorded run .* in shop\/prod/);
    expect(record.loads()).toBe(1);
    const prod = await prodState();
    for (const model of [STG_ORDERS, ORDERS, REVENUE]) expect(prod.nodes[model]!.facts, model).toBeDefined();
    expect(prod.nodes[REVENUE]!.facts!.reads[ORDERS]).not.toContain("status");
    expect(prod.nodes[ORDERS]!.facts!.columns.map((c) => c.name)).toContain("status");
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
    revenue: string;
    loads: number;
    warning: string | null;
  }>([
    {
      case: "column impact on (the default)",
      inputs: {},
      parser: undefined,
      revenue: "REUSE parent_change_not_read",
      loads: 1,
      warning: null,
    },
    {
      case: "`column-impact: false`",
      inputs: { "column-impact": "false" },
      parser: undefined,
      revenue: "BUILD parent_code_changed",
      loads: 0,
      warning: null,
    },
    {
      case: "a SQL parser that fails to load",
      inputs: {},
      parser: () => loadAnalyzeSqlFrom("/nonexistent/polyglot_sql.wasm"),
      revenue: "BUILD parent_code_changed",
      loads: 1,
      warning: "warning: The SQL parser could not be loaded (",
    },
  ])("the pull request's plan (no warehouse), $case: fct_daily_revenue is $revenue", async (row) => {
    writeFileSync(path.join(target, "manifest.json"), JSON.stringify(prManifest));
    const pr = job(
      { name: "pull_request", action: "synchronize" },
      { inputs: { warehouse: "", ...row.inputs }, ...(row.parser ? { parser: row.parser } : {}) },
    );
    const { plan } = await pr.main();
    expect(decision(plan!, STG_ORDERS)).toBe("BUILD code_changed");
    expect(decision(plan!, ORDERS)).toMatch(/^BUILD /);
    expect(decision(plan!, REVENUE)).toBe(row.revenue);
    expect(pr.loads()).toBe(row.loads);
    if (row.warning) expect(pr.recorder.log()).toContain(row.warning);
    else expect(pr.recorder.log()).not.toContain("SQL parser");
    const built = nodesToBuild(prManifest, pr.recorder.outputs.select!, pr.recorder.outputs.exclude);
    expect(built.has(REVENUE)).toBe(row.revenue.startsWith("BUILD"));
  });

  it.each([
    { flags: [], revenue: "REUSE parent_change_not_read" },
    { flags: ["--no-column-impact"], revenue: "BUILD parent_code_changed" },
  ])(
    "`ods-state plan --pointers $flags` over the recorded state: fct_daily_revenue is $revenue",
    async (row) => {
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
        "--format",
        "json",
        ...row.flags,
      ]);
      expect(err).toBe("");
      expect(code).toBe(0);
      const plan = JSON.parse(out) as Plan;
      expect(decision(plan, REVENUE)).toBe(row.revenue);
      expect(decision(plan, ORDERS)).toMatch(/^BUILD /);
    },
  );

  it("opened: the environment serves fct_daily_revenue from prod, dbt builds the rest, the builds are recorded with their column facts", async () => {
    writeFileSync(path.join(target, "manifest.json"), JSON.stringify(prManifest));
    const pr = job({ name: "pull_request", action: "opened" });
    const { plan } = await pr.main();
    expect(decision(plan!, REVENUE)).toBe("REUSE parent_change_not_read");
    expect(pr.recorder.outputs.environment).toBe("acme/shop:shop:pr-7");
    const select = nodesToBuild(prManifest, pr.recorder.outputs.select!, pr.recorder.outputs.exclude);
    expect(select.has(ORDERS)).toBe(true);
    expect(select.has(REVENUE)).toBe(false);
    const comment = services.world.comments.at(-1)!.body;
    expect(comment).toContain("don't read the parent's change");
    expect(comment).toContain("fct_daily_revenue");
    // A pointer view in the environment's schema, reading prod's table.
    const kind = await query(
      `select table_type from information_schema.tables where table_schema = 'analytics_pr_7' and table_name = 'fct_daily_revenue'`,
    );
    expect(kind).toEqual([{ table_type: "VIEW" }]);
    expect(JSON.stringify(await query(`select * from "analytics_pr_7"."fct_daily_revenue" order by 1`))).toBe(
      JSON.stringify(await query(`select * from "analytics"."fct_daily_revenue" order by 1`)),
    );

    const results = await dbtBuild(prManifest, select, "ci", "pr7-run-1");
    expect(results.results.map((r: { unique_id: string }) => r.unique_id)).not.toContain(REVENUE);
    await pr.post();
    expect(pr.recorder.log()).toMatch(
      /Environment acme\/shop:shop:pr-7: recorded run pr7-run-1: \d+ built, 0 failed/,
    );
    const session = await duckdbSession(warehouseDir);
    try {
      const rows = await session.rows(
        `select node_state from "ods_meta"."builds" where environment = 'acme/shop:shop:pr-7' and node_id = '${ORDERS}'`,
      );
      const state = JSON.parse(String(rows[0]!.node_state));
      expect(state.facts.columns.map((c: { name: string }) => c.name)).toContain("status");
    } finally {
      await session.close();
    }
  });

  it("merge: orders is promoted, fct_daily_revenue kept; prod's state then says it read the promoted orders, and the next push reuses it as unchanged", async () => {
    const closed = job({ name: "pull_request", action: "closed", merged: true });
    await closed.main();
    writeFileSync(path.join(target, "manifest.json"), JSON.stringify(mainManifest));
    const push = job({ name: "push", sha: MERGE });
    const { plan } = await push.main();
    expect(decision(plan!, REVENUE)).toBe("REUSE parent_change_not_read");
    expect(push.recorder.outputs["promoted-count"]).toBe("1");
    const rest = nodesToBuild(mainManifest, push.recorder.outputs.select!, push.recorder.outputs.exclude);
    expect(rest.has(ORDERS)).toBe(false);
    expect(rest.has(REVENUE)).toBe(false);
    const prodRevenue = JSON.stringify(
      await query(`select * from "analytics"."fct_daily_revenue" order by 1`),
    );
    await dbtBuild(mainManifest, rest, "prod", mainManifest.metadata.invocation_id);
    await push.post();
    expect(push.recorder.log()).toContain("1 promoted from acme/shop:shop:pr-7");

    const prod = await prodState();
    expect(prod.nodes[ORDERS]).toMatchObject({ run_id: "pr7-run-1" });
    expect(prod.nodes[ORDERS]!.facts).toBeDefined();
    // Kept: its build read orders' previous build, a change it does not read; its read moved to the promoted build.
    const revenue = prod.nodes[REVENUE]!;
    expect(revenue.run_id).toBe(prodManifest.metadata.invocation_id);
    expect(revenue.parents[ORDERS]).toBe("pr7-run-1");
    expect(revenue.carried?.[ORDERS]).toBe(prodManifest.metadata.invocation_id);
    expect(JSON.stringify(await query(`select * from "analytics"."fct_daily_revenue" order by 1`))).toBe(
      prodRevenue,
    );

    rmSync(path.join(target, "run_results.json"));
    writeFileSync(
      path.join(target, "sources.json"),
      JSON.stringify(sourcesObservedAt("prod-after-merge/sources.json", new Date().toISOString(), SHOP)),
    );
    const next = job({ name: "push", sha: NEXT });
    const { plan: nextPlan } = await next.main();
    expect(decision(nextPlan!, REVENUE)).toBe("REUSE unchanged");
    expect(decision(nextPlan!, ORDERS)).toBe("REUSE unchanged");
  });
});
