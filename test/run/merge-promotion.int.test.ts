/**
 * A pull request from open to merged, through the action's main and post
 * steps, on a real DuckDB file, with GitHub's REST API served locally (the
 * real Octokit asks it which pull request the pushed commit merged, and
 * which are open):
 * - opened: the environment is created; dbt (the stand-in running the
 *   manifest's compiled SQL) builds the `select` output into it; the post
 *   step records its builds;
 * - closed (merged): the environment is kept;
 * - push of the merge commit: the main step promotes the table the PR built
 *   (prod answers with the PR's rows), `select` names only the rest; dbt
 *   builds that; the post step records the run and the promotion in prod
 *   state, drops the environment and runs the janitor;
 * - the next push plans everything reused (but the node whose hook reads
 *   the target), promoting nothing.
 * Before the merge's real run, the cases that must promote nothing: the
 * `promote` input false, a commit that merged no pull request, no token.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/run-cli.js";
import { buildCommand } from "../../src/planner/build-command.js";
import { SqliteStateStore } from "../../src/store/sqlite-store.js";
import { runDbt, sourcesObservedAt } from "../../tools/dbt-standin.js";
import { actionJob, pullRequestEvent, pushEvent } from "../support/action-job.js";
import { captureContext } from "../support/cli-context.js";
import { nodesRun, nodesToBuild } from "../support/resolve-selection.js";
import { type ActionsServices, startActionsServices } from "../support/services/start-services.js";
import { ENGINES } from "../support/warehouse/engines.js";
import { prodWorkspace } from "../support/warehouse/prod-workspace.js";
import { shop } from "../support/warehouse/scenario.js";
import { duckdbSession, postgresSession, type Session } from "../support/warehouse/sessions.js";
import { SEED_COLUMNS, SHOP } from "../support/warehouse/shop.js";

/** The working directory the file started in, restored after its steps ran in their own. */
const startDir = process.cwd();

const PR_HEAD = "c".repeat(40);
const MERGE = "d".repeat(40);
const NEXT = "e".repeat(40);
const id = (name: string) => `model.shop.${name}`;

describe.each(ENGINES)(
  "merge: the action promotes what the pull request built (%s, local GitHub API)",
  (engine) => {
    const root = mkdtempSync(path.join(os.tmpdir(), "ods-merge-"));
    const warehouseDir = path.join(root, "warehouse");
    let warehouse = `duckdb:${path.join(warehouseDir, "shop.duckdb")}`;
    const open = async (): Promise<Session> =>
      engine === "duckdb" ? duckdbSession(warehouseDir) : postgresSession(warehouse);
    const workspace = path.join(root, "workspace");
    const target = path.join(workspace, "target");
    const statePath = path.join(workspace, ".ods", "state.db");
    const s = shop();
    let services: ActionsServices;
    let runId = 100;

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
      services.world.addPullRequest({ number: 8, state: "open", commits: ["8".repeat(40)] });
      ({ warehouse } = await prodWorkspace(s, warehouseDir, workspace, {
        engine,
        manifest: false,
        sources: true,
      }));
    });

    afterAll(async () => {
      await services?.stop();
      process.chdir(startDir);
      rmSync(root, { recursive: true, force: true });
    });

    /** One job: its main step, then (when asked) its post step, sharing GITHUB_STATE. */
    function job(
      event: { name: "pull_request"; action: string; merged?: boolean } | { name: "push"; sha: string },
      options: { inputs?: Record<string, string>; token?: boolean } = {},
    ) {
      runId += 1;
      return actionJob({
        workspace,
        event:
          event.name === "pull_request"
            ? pullRequestEvent(event.action, { headSha: PR_HEAD, merged: event.merged, sha: "f".repeat(40) })
            : pushEvent(event.sha),
        tempDir: path.join(root, `temp-${runId}`),
        inputs: (name) => options.inputs?.[name] ?? (name === "warehouse" ? warehouse : undefined),
        runId,
        apiUrl: services.apiUrl,
        token: options.token === false ? "" : services.world.apiToken!,
      });
    }

    /** dbt build --select <select> with the CI or prod target: the manifest's compiled SQL, run_results.json written. */
    async function dbtBuild(
      manifest: unknown,
      outputs: Record<string, string>,
      dbtTarget: string,
      invocationId: string,
    ) {
      const session = await open();
      try {
        const results = await runDbt(session, {
          manifest,
          target: dbtTarget,
          select: nodesToBuild(manifest, outputs.select!, outputs.exclude),
          invocationId,
          // Ten minutes ago: the stand-in takes a second per node, and its builds must be over by now.
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
      const session = await open();
      try {
        return await session.rows(sql);
      } finally {
        await session.close();
      }
    }

    let prOrders = "";

    it("opened: the environment is created, dbt builds `select` into it, the post step records its builds", async () => {
      writeFileSync(path.join(target, "manifest.json"), JSON.stringify(s.prManifest));
      const pr = job({ name: "pull_request", action: "opened" });
      await pr.main();
      expect(pr.recorder.outputs.environment).toBe("repo-700100:shop:pr-7");
      expect(nodesToBuild(s.prManifest, pr.recorder.outputs.select!, pr.recorder.outputs.exclude)).toContain(
        id("orders"),
      );
      const results = await dbtBuild(s.prManifest, pr.recorder.outputs, "ci", "pr7-run-1");
      expect(results.results.every((r: { status: string }) => r.status !== "error")).toBe(true);
      await pr.post();
      expect(pr.recorder.log()).toMatch(
        /Environment repo-700100:shop:pr-7: recorded run pr7-run-1: \d+ built, 0 failed/,
      );
      // The data diff (issue 23): what PR 7 does to the data, in the comment and the job summary.
      expect(pr.recorder.log()).toContain(
        "Data diff of repo-700100:shop:pr-7 against prod: 3 of 3 models compared",
      );
      const folds = [
        "<summary><code>stg_orders</code> · 40 rows in both · rows not compared by key: no key</summary>",
        "<summary><code>orders</code> · 40 rows in both · 3 changed</summary>",
        "<summary><code>fct_daily_revenue</code> · 24 → 23 rows (−1, −4.2%) · 1 only in prod · 2 changed</summary>",
      ];
      for (const text of [services.world.comments.at(-1)!.body, pr.recorder.summary()]) {
        expect(text).toContain(
          `<code>repo-700100:shop:pr-7</code> compared with <code>prod</code> (${engine}, under 1 s): 3 models, 2 differ, 1 has the same columns and row count (rows not compared by key).`,
        );
        expect(text.split("\n").filter((line) => line.startsWith("<summary><code>"))).toEqual(folds);
        expect(text).toContain("| <code>is\\_returned</code> | 3 | 7.5% |");
        expect(text).toContain(
          "An incremental model: the PR's environment built it whole from the data there now, while <code>prod</code>'s table also holds what earlier runs added",
        );
      }
      prOrders = JSON.stringify(await query(`select * from "analytics_pr_7"."orders" order by 1`));
      expect(prOrders).not.toEqual(
        JSON.stringify(await query(`select * from "analytics"."orders" order by 1`)),
      );
    });

    it("closed (merged): the environment is kept for the default branch's run", async () => {
      const closed = job({ name: "pull_request", action: "closed", merged: true });
      await closed.main();
      expect(closed.recorder.log()).toContain("Environment repo-700100:shop:pr-7 is kept");
      expect(
        (await query("select schema_name from information_schema.schemata")).map((r) => r.schema_name),
      ).toContain("analytics_pr_7");
    });

    it.each([
      {
        case: "the `promote` input is false",
        sha: MERGE,
        options: { inputs: { promote: "false" } },
        says: "the `promote` input is false: dbt builds the whole plan",
      },
      {
        case: "the commit merged no pull request",
        sha: NEXT,
        options: {},
        says: `Commit ${NEXT.slice(0, 12)} is not the merge of a pull request into \`main\`: nothing to promote.`,
      },
      {
        case: "there is no token to ask GitHub with",
        sha: MERGE,
        options: { token: false },
        says: "warning: No `github-token`: ods-state can't ask GitHub which pull request this commit merged",
      },
    ])(
      "push, but $case: nothing is promoted and `select` is the whole plan",
      async ({ sha, options, says }) => {
        writeFileSync(path.join(target, "manifest.json"), JSON.stringify(s.mainManifest));
        const before = JSON.stringify(await query(`select * from "analytics"."orders" order by 1`));
        const push = job({ name: "push", sha }, options);
        const { plan } = await push.main();
        expect(push.recorder.log()).toContain(says);
        expect(push.recorder.outputs["promoted-count"]).toBe("0");
        expect(push.recorder.outputs.select).toBe(plan!.select);
        expect(push.recorder.outputs.exclude).toBe(plan!.exclude);
        expect(push.recorder.outputs["select-terms"]).toBe(String(plan!.select_terms));
        expect(push.recorder.outputs["build-count"]).toBe(String(plan!.summary.build));
        expect(JSON.stringify(await query(`select * from "analytics"."orders" order by 1`))).toBe(before);
      },
    );

    it("push of the merge commit: orders is promoted, dbt builds the rest, the post step records both and drops the environment", async () => {
      writeFileSync(path.join(target, "manifest.json"), JSON.stringify(s.mainManifest));
      const push = job({ name: "push", sha: MERGE });
      const { plan } = await push.main();
      const outputs = push.recorder.outputs;
      expect(outputs["promoted-count"]).toBe("1");
      expect(outputs["build-count"]).toBe(String(plan!.summary.build - 1));
      // `select` and `exclude`, resolved as dbt resolves them: the plan's BUILD set less the promoted orders.
      const graph = s.mainProject.graph;
      expect(nodesRun(graph, plan!.select, plan!.exclude)).toContain(id("orders"));
      expect(nodesRun(graph, outputs.select!, outputs.exclude!)).toEqual([
        id("customer_countries"),
        id("fct_daily_revenue"),
        id("stg_orders"),
      ]);
      // Prod answers with the rows the pull request built; the promotion's decisions are in the file and the summary.
      expect(JSON.stringify(await query(`select * from "analytics"."orders" order by 1`))).toBe(prOrders);
      const promotion = JSON.parse(readFileSync(outputs["promotion-path"]!, "utf8"));
      // The outputs carry the promotion's compact selection of the rest (issue 20), and the log its command.
      expect(outputs.select).toBe(promotion.select);
      expect(outputs.exclude).toBe(promotion.exclude);
      expect(outputs["select-terms"]).toBe(String(promotion.selectTerms));
      expect(promotion.selectExact).toBe(true);
      expect(push.recorder.log()).toContain(
        `dbt builds the rest: ${buildCommand(promotion.select, promotion.exclude)} (`,
      );
      expect(
        promotion.report.nodes.find((n: { unique_id: string }) => n.unique_id === id("orders")),
      ).toMatchObject({
        promoted: true,
        code: "promoted",
      });
      expect(push.recorder.summary()).toContain(
        "### Promotion from pull request #7 (<code>repo-700100:shop:pr-7</code>)",
      );
      expect(push.recorder.summary()).toContain("<code>orders</code> — **promoted**");

      // dbt writes the manifest and the run results of one invocation.
      const mainRun = s.mainManifest.metadata.invocation_id as string;
      const results = await dbtBuild(s.mainManifest, outputs, "prod", mainRun);
      expect(results.results.map((r: { unique_id: string }) => r.unique_id)).not.toContain(id("orders"));
      await push.post();
      expect(push.recorder.log()).toContain("1 promoted from repo-700100:shop:pr-7");
      expect(push.recorder.log()).toContain("Environment repo-700100:shop:pr-7 dropped");

      const store = await SqliteStateStore.open(statePath);
      try {
        const latest = (await store.latest({ project: "shop", environment: "prod" }))!.snapshot;
        expect(latest.nodes[id("orders")]).toMatchObject({
          run_id: "pr7-run-1",
          promoted_by: push.runId,
          relation: { schema: "analytics", identifier: "orders" },
        });
        expect(latest.nodes[id("fct_daily_revenue")]).toMatchObject({ run_id: mainRun });
        expect(latest.nodes[id("fct_daily_revenue")]!.parents[id("orders")]).toBe("pr7-run-1");
      } finally {
        await store.close();
      }
      const schemas = (await query("select schema_name from information_schema.schemata")).map(
        (r) => r.schema_name,
      );
      expect(schemas).not.toContain("analytics_pr_7");
      expect(schemas).toContain("analytics");
      expect(JSON.stringify(await query(`select * from "analytics"."orders" order by 1`))).toBe(prOrders);
    });

    it("the next push reuses the promoted table and everything else (the hook reading target.name too: issue 36 compares its value)", async () => {
      rmSync(path.join(target, "run_results.json"));
      // `dbt source freshness` before this run: the sources' data is what the last builds read, observed now.
      writeFileSync(
        path.join(target, "sources.json"),
        JSON.stringify(sourcesObservedAt("prod-after-merge/sources.json", new Date().toISOString(), SHOP)),
      );
      const next = job({ name: "push", sha: NEXT });
      const { plan } = await next.main();
      // customer_countries' post-hook reads target.name, the same as the recorded build's: no longer
      // built every run (it was hook_reads_environment before issue 36).
      expect(plan!.entries.filter((e) => e.action === "BUILD").map((e) => e.unique_id)).toEqual([]);
      expect(plan!.entries.find((e) => e.unique_id === id("customer_countries"))!.reasons[0]!.code).toBe(
        "unchanged",
      );
      expect(plan!.entries.find((e) => e.unique_id === id("orders"))!.action).toBe("REUSE");
      expect(next.recorder.outputs["promoted-count"]).toBe("0");
      expect(existsSync(statePath)).toBe(true);
    });

    it("a rollback made elsewhere (`ods-state env rollback`, without this state): the next run plans orders as its previous build", async () => {
      const rolled = await runCli(
        ["env", "rollback", "--pr", "7", "--project", "shop"],
        captureContext(workspace, { warehouse, repository: "acme/shop" }),
      );
      expect(rolled).toBe(0);
      // The restored state still says orders is the pull request's build, promoted.
      const store = await SqliteStateStore.open(statePath);
      const before = (await store.latest({ project: "shop", environment: "prod" }))!.snapshot;
      await store.close();
      expect(before.nodes[id("orders")]!.promoted_by).toBeDefined();
      writeFileSync(
        path.join(target, "sources.json"),
        JSON.stringify(sourcesObservedAt("prod-after-merge/sources.json", new Date().toISOString(), SHOP)),
      );
      const next = job({ name: "push", sha: NEXT });
      const { plan } = await next.main();
      expect(next.recorder.log()).toContain(
        "Prod's state recorded 1 promoted node whose promotion was rolled back in the warehouse (model.shop.orders)",
      );
      const orders = plan!.entries.find((e) => e.unique_id === id("orders"))!;
      expect(orders.action).toBe("BUILD");
      // Its previous build read stg_orders' old build, which main has rebuilt since.
      expect(orders.reasons.map((r) => r.code)).toEqual(["new_upstream_data"]);
      expect(plan!.entries.find((e) => e.unique_id === id("fct_daily_revenue"))!.action).toBe("BUILD");
    });
  },
);
