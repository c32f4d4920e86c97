/**
 * Promotion on merge end to end, as users run it: the committed dist/
 * bundles in fresh processes, a real PostgreSQL server as the warehouse (the
 * bundle's `warehouse` is `postgres://…`), local servers for GitHub's REST
 * API, the cache and the artifacts, and the dbt stand-in running the
 * manifests' compiled SQL where the workflow runs `dbt build --select`:
 *   1. the first default-branch run builds prod, records it and saves state;
 *   2. pull request 7 gets its environment; dbt builds `select` into it; the
 *      post step records those builds in the warehouse's registry;
 *   3. the push of its merge commit promotes `orders` (prod answers with the
 *      pull request's rows), dbt builds only the rest, the post step records
 *      run and promotion, saves state and drops the environment;
 *   4. the next push restores that state and reuses the promoted table.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runDbt, sourcesObservedAt } from "../../tools/dbt-standin.js";
import { nodesToBuild, sourcesSelected } from "../support/resolve-selection.js";
import { copyDistToTemp, type DistRun, distEntry, runnerJob } from "../support/run-dist.js";
import type { FakeRun } from "../support/services/actions-world.js";
import { type ActionsServices, startActionsServices } from "../support/services/start-services.js";
import { freshSession, POSTGRES_MISSING, postgresServer } from "../support/warehouse/engines.js";
import type { Session } from "../support/warehouse/sessions.js";
import { loadShopRaw, SEED_COLUMNS, SHOP, shopJson } from "../support/warehouse/shop.js";

const TOKEN = "ghs_fake_token";
const PROD = shopJson("prod/manifest.json");
const PR = shopJson("pr-7/manifest.json");
const MAIN = shopJson("prod-after-merge/manifest.json");

describe.skipIf(POSTGRES_MISSING)("promotion on merge over dist/ on PostgreSQL", () => {
  let services: ActionsServices;
  let session: Session;
  let warehouse: string;
  let root: string;
  let dist: string;

  beforeAll(async () => {
    services = await startActionsServices({ repo: { owner: "acme", name: "shop" } });
    services.world.apiToken = TOKEN;
    ({ root, dist } = copyDistToTemp());
    session = await freshSession("postgres");
    warehouse = (await postgresServer()).urlFor("shop");
    await loadShopRaw(session);
  });
  afterAll(async () => {
    await session?.close();
    await services?.stop();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  function checkout(name: string, manifest: unknown, sources: unknown): string {
    const workspace = path.join(root, name, "workspace");
    mkdirSync(path.join(workspace, "target"), { recursive: true });
    writeFileSync(path.join(workspace, "target", "manifest.json"), JSON.stringify(manifest));
    writeFileSync(path.join(workspace, "target", "sources.json"), JSON.stringify(sources));
    return workspace;
  }

  async function job(run: FakeRun, workspace: string, payload: unknown) {
    return runnerJob({
      entry: distEntry(dist),
      workspace,
      variables: services.envFor(run),
      payload,
      inputs: { "github-token": TOKEN, warehouse },
      noRunnerTemp: true,
    });
  }

  /** `dbt build --select <select>`: the stand-in, then run_results.json in the workspace. */
  async function dbtBuild(
    workspace: string,
    manifest: { metadata: { invocation_id: string } },
    outputs: Record<string, string>,
    target: string,
    startedAt: string,
    invocationId = manifest.metadata.invocation_id,
  ) {
    const results = await runDbt(session, {
      manifest,
      target,
      select: nodesToBuild(manifest, outputs.select!, outputs.exclude),
      invocationId,
      startedAt,
      seedsDir: path.join(SHOP, "seeds"),
      seedColumns: SEED_COLUMNS,
    });
    writeFileSync(path.join(workspace, "target", "run_results.json"), JSON.stringify(results));
  }

  function expectClean(run: DistRun) {
    expect(run.stderr).toBe("");
    expect(run.status, run.stdout).toBe(0);
    for (const secret of [TOKEN, warehouse]) {
      expect(run.stdout).toContain(`::add-mask::${secret}`);
      expect(run.stdout.replaceAll(`::add-mask::${secret}`, "")).not.toContain(secret);
      expect(run.summary).not.toContain(secret);
    }
  }

  const rows = async (relation: string) =>
    JSON.stringify(await session.rows(`select * from ${relation} order by 1, 2`));
  const repository = { default_branch: "main", full_name: "acme/shop" };
  let prOrders = "";

  it("1. the first default-branch run builds prod, records and saves", async () => {
    const run = services.world.addRun({ event: "push", branch: "main" });
    const workspace = checkout("run-1", PROD, shopJson("prod/sources.json"));
    const { main, post } = await job(run, workspace, { repository });
    expectClean(main);
    expect(main.outputs["build-count"]).toBe("8");
    expect(main.outputs["promoted-count"]).toBe("0");
    await dbtBuild(workspace, PROD, main.outputs, "prod", "2026-11-30T08:05:02.000Z");
    // A view outside the project (a BI tool's) reads prod's orders.
    await session.exec(`create view "analytics"."orders_report" as select * from "analytics"."orders"`);
    const done = await post();
    expectClean(done);
    expect(done.stdout).toContain("in shop/prod: 8 built");
    services.world.completeRun(run.id);
  });

  it("2. the pull request's environment is created, built into and recorded", async () => {
    const run = services.world.addRun({ event: "pull_request", pullNumber: 7, branch: "returns" });
    // `dbt source freshness` ran before this job's dbt build (sources count only when observed before the run started).
    const workspace = checkout(
      "run-2",
      PR,
      sourcesObservedAt("prod-after-merge/sources.json", "2026-11-30T10:10:00Z"),
    );
    const { main, post } = await job(run, workspace, {
      action: "opened",
      number: 7,
      repository,
      pull_request: {
        number: 7,
        title: "Count pending returns",
        merged: false,
        head: { sha: run.headSha, ref: "returns", repo: { full_name: "acme/shop" } },
      },
    });
    expectClean(main);
    expect(main.outputs.environment).toBe("repo-4242:shop:pr-7");
    expect(main.outputs.schemas).toBe("analytics_pr_7");
    await dbtBuild(workspace, PR, main.outputs, "ci", "2026-11-30T10:16:41.000Z", "pr7-run-1");
    const done = await post();
    expectClean(done);
    expect(done.stdout).toMatch(
      /Environment repo-4242:shop:pr-7: recorded run pr7-run-1: \d+ built, 0 failed/,
    );
    // The bundle's post step compares the PR's tables with prod's (read-only) and puts it in the comment.
    expect(done.stdout).toContain("Data diff of repo-4242:shop:pr-7 against prod: 3 of 3 models compared");
    expect(services.world.comments.at(-1)!.body).toContain(
      "<summary><code>fct_daily_revenue</code> · 24 → 23 rows (−1, −4.2%) · 1 only in prod · 2 changed</summary>",
    );
    prOrders = await rows(`"analytics_pr_7"."orders"`);
    expect(prOrders).not.toBe(await rows(`"analytics"."orders"`));
    services.world.completeRun(run.id);
  });

  let mergeRun: FakeRun;

  it("3. the push of the merge commit promotes orders; dbt builds the rest; state records both; the environment is dropped", async () => {
    mergeRun = services.world.addRun({ event: "push", branch: "main" });
    services.world.addPullRequest({
      number: 7,
      state: "closed",
      mergedAt: "2026-11-30T12:00:00Z",
      mergeCommitSha: mergeRun.headSha,
      commits: [mergeRun.headSha],
    });
    const workspace = checkout("run-3", MAIN, shopJson("prod-after-merge/sources.json"));
    const { main, post } = await job(mergeRun, workspace, { repository });
    expectClean(main);
    expect(main.outputs["promoted-count"]).toBe("1");
    // `select` minus `exclude`, resolved as dbt resolves them: the rest of the BUILD set…
    // (customer_countries' hook reads `target.name`, compared by value since issue 36: reused.)
    expect([...nodesToBuild(MAIN, main.outputs.select!, main.outputs.exclude)].sort()).toEqual([
      "model.shop.fct_daily_revenue",
      "model.shop.stg_orders",
    ]);
    // …and the source's tests: prod's state has no passing run of them over its current data.
    expect(sourcesSelected(MAIN, main.outputs.select!, main.outputs.exclude)).toEqual([
      "source.shop.raw.orders",
    ]);
    expect(main.summary).toContain("<code>orders</code> — **promoted**");
    expect(await rows(`"analytics"."orders"`)).toBe(prOrders);
    // The BI view over orders reads the promoted table (PostgreSQL: recreated in the promotion's transaction).
    expect(await session.rows(`select count(*)::int as n from "analytics"."orders_report"`)).toEqual(
      await session.rows(`select count(*)::int as n from "analytics"."orders"`),
    );

    await dbtBuild(workspace, MAIN, main.outputs, "prod", "2026-11-30T12:03:00.000Z");
    const done = await post();
    expectClean(done);
    expect(done.stdout).toContain("; 1 promoted from repo-4242:shop:pr-7.");
    expect(done.stdout).toContain("Environment repo-4242:shop:pr-7 dropped");
    const schemas = await session.rows("select schema_name from information_schema.schemata");
    expect(schemas.map((r) => r.schema_name)).not.toContain("analytics_pr_7");
    expect(await rows(`"analytics"."orders"`)).toBe(prOrders);
    services.world.completeRun(mergeRun.id);
  });

  it("4. the next push restores the saved state and reuses the promoted table", async () => {
    const run = services.world.addRun({ event: "push", branch: "main" });
    const workspace = checkout(
      "run-4",
      MAIN,
      sourcesObservedAt("prod-after-merge/sources.json", new Date().toISOString()),
    );
    const { main } = await job(run, workspace, { repository });
    expectClean(main);
    expect(main.stdout).toContain(`ods-state-v1-shop-prod-${mergeRun.id}-1`);
    const plan = JSON.parse(readFileSync(main.outputs["plan-path"]!, "utf8"));
    const orders = plan.entries.find((e: { name: string }) => e.name === "orders");
    expect(orders.action).toBe("REUSE");
    // No model (the hook that reads the target is compared by value since issue 36), and the
    // source's tests (the stand-in runs no `source:` selection).
    expect([...nodesToBuild(MAIN, main.outputs.select!, main.outputs.exclude)]).toEqual([]);
    expect(sourcesSelected(MAIN, main.outputs.select!, main.outputs.exclude)).toEqual([
      "source.shop.raw.orders",
    ]);
    expect(main.outputs["promoted-count"]).toBe("0");
  });
});
