/**
 * The action's path for issue 19, item 10, on a real DuckDB file and a real
 * PostgreSQL server, with GitHub's REST API served locally: pull request 7 is
 * opened (the main step creates its environment with pointer views to prod,
 * dbt builds the rest, the post step records it); then a push to the default
 * branch rebuilds prod (dbt's table materialization drops what it replaces
 * with CASCADE: on PostgreSQL, PR 7's pointer views go with it). The default
 * branch's post step, which holds the warehouse connection, repairs them and
 * says so (log line, job summary line, its result); on DuckDB nothing broke
 * and it says none was broken.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runDbt } from "../../tools/dbt-standin.js";
import { actionJob, pullRequestEvent, pushEvent } from "../support/action-job.js";
import { nodesToBuild } from "../support/resolve-selection.js";
import { type ActionsServices, startActionsServices } from "../support/services/start-services.js";
import { ENGINES } from "../support/warehouse/engines.js";
import { prodWorkspace } from "../support/warehouse/prod-workspace.js";
import { shop } from "../support/warehouse/scenario.js";
import { duckdbSession, postgresSession, type Session } from "../support/warehouse/sessions.js";
import { SEED_COLUMNS, SHOP } from "../support/warehouse/shop.js";

/** The working directory the file started in, restored after its steps ran in their own. */
const startDir = process.cwd();

const PR_HEAD = "c".repeat(40);
const MAIN_PUSH = "e".repeat(40);
const POINTERS = ["country_codes", "customers", "stg_customers", "stg_payments"];

describe.each(ENGINES)("the default branch's post step repairs open environments (%s)", (engine) => {
  const root = mkdtempSync(path.join(os.tmpdir(), "ods-repair-main-"));
  const warehouseDir = path.join(root, "warehouse");
  let warehouse = `duckdb:${path.join(warehouseDir, "shop.duckdb")}`;
  const open = async (): Promise<Session> =>
    engine === "duckdb" ? duckdbSession(warehouseDir) : postgresSession(warehouse);
  const workspace = path.join(root, "workspace");
  const target = path.join(workspace, "target");
  const s = shop();
  let services: ActionsServices;
  let runId = 200;

  beforeAll(async () => {
    // The action stages the cache's copy at .ods/transport/state.db under the working directory: this
    // file's own, so that files running side by side never share it.
    process.chdir(root);
    services = await startActionsServices({ repo: { owner: "acme", name: "shop" } });
    services.world.addPullRequest({ number: 7, state: "open", headSha: PR_HEAD, commits: [PR_HEAD] });
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

  function job(event: { name: "pull_request"; action: string } | { name: "push"; sha: string }) {
    runId += 1;
    return actionJob({
      workspace,
      event:
        event.name === "pull_request"
          ? pullRequestEvent(event.action, { headSha: PR_HEAD, sha: "f".repeat(40) })
          : pushEvent(event.sha),
      tempDir: path.join(root, `temp-${runId}`),
      inputs: { warehouse },
      runId,
      apiUrl: services.apiUrl,
      token: services.world.apiToken!,
    });
  }

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
        startedAt: new Date(Date.now() - 600_000).toISOString(),
        seedsDir: path.join(SHOP, "seeds"),
        seedColumns: SEED_COLUMNS,
      });
      writeFileSync(path.join(target, "run_results.json"), JSON.stringify(results));
    } finally {
      await session.close();
    }
  }

  async function pointerViews(): Promise<string[]> {
    const session = await open();
    try {
      const objects = await session.warehouse.listObjects(["analytics_pr_7"]);
      return objects
        .filter((o) => o.kind === "view" && POINTERS.includes(o.identifier))
        .map((o) => o.identifier)
        .sort();
    } finally {
      await session.close();
    }
  }

  async function sameRows(name: string): Promise<boolean> {
    const session = await open();
    try {
      const read = (schema: string) => session.rows(`select * from "${schema}"."${name}" order by 1, 2`);
      return JSON.stringify(await read("analytics_pr_7")) === JSON.stringify(await read("analytics"));
    } finally {
      await session.close();
    }
  }

  it("opened: PR 7's environment has its pointer views", async () => {
    writeFileSync(path.join(target, "manifest.json"), JSON.stringify(s.prManifest));
    const pr = job({ name: "pull_request", action: "opened" });
    await pr.main();
    expect(pr.recorder.outputs.environment).toBe("repo-700100:shop:pr-7");
    await dbtBuild(s.prManifest, pr.recorder.outputs, "ci", "pr7-run-1");
    await pr.post();
    expect(await pointerViews()).toEqual(POINTERS);
  });

  it("a push to main rebuilds prod; its post step repairs the pointer views the build dropped and says so", async () => {
    writeFileSync(path.join(target, "manifest.json"), JSON.stringify(s.mainManifest));
    // New rows in raw.customers since prod's build: main rebuilds customers and what reads it.
    const sources = JSON.parse(readFileSync(path.join(SHOP, "prod-after-merge", "sources.json"), "utf8"));
    for (const result of sources.results)
      if (result.unique_id === "source.shop.raw.customers")
        result.max_loaded_at = "2026-11-30T11:00:00+00:00";
    writeFileSync(path.join(target, "sources.json"), JSON.stringify(sources));
    const push = job({ name: "push", sha: MAIN_PUSH });
    const { plan } = await push.main();
    const rebuilt = nodesToBuild(
      s.mainManifest,
      push.recorder.outputs.select!,
      push.recorder.outputs.exclude,
    );
    expect(rebuilt.has("model.shop.customers")).toBe(true);
    await dbtBuild(s.mainManifest, push.recorder.outputs, "prod", s.mainManifest.metadata.invocation_id);
    const kept = POINTERS.filter(
      (name) => !rebuilt.has(`model.shop.${name}`) && !rebuilt.has(`seed.shop.${name}`),
    );
    // PostgreSQL: every pointer view reading a rebuilt relation is gone (DROP … CASCADE); DuckDB: none.
    expect(await pointerViews()).toEqual(engine === "postgres" ? kept : POINTERS);
    const lost = engine === "postgres" ? POINTERS.length - kept.length : 0;
    expect(plan).not.toBeNull();

    const result = await push.post();
    expect(await pointerViews()).toEqual(POINTERS);
    for (const name of POINTERS) expect(await sameRows(name)).toBe(true);
    expect(result.repair).toMatchObject({ repaired: lost, unrepairable: 0, failed: 0 });
    expect(result.repair!.environments.map((e) => e.environment)).toEqual(["repo-700100:shop:pr-7"]);
    if (engine === "postgres") {
      expect(lost).toBeGreaterThan(0);
      expect(push.recorder.log()).toContain(
        `Open environments: repaired ${lost} pointer view${lost === 1 ? "" : "s"} this run's dbt build dropped (repo-700100:shop:pr-7: ${lost}).`,
      );
      expect(push.recorder.log()).toContain(
        "repo-700100:shop:pr-7: analytics_pr_7.customers → analytics.customers (missing)",
      );
      expect(push.recorder.summary()).toContain(
        `**ods-state:** repaired ${lost} pointer view${lost === 1 ? "" : "s"} of open pull requests' environments that this run's dbt build dropped (repo-700100:shop:pr-7: ${lost}).`,
      );
    } else {
      expect(push.recorder.log()).toContain(
        "Open environments: 1 environment, 4 pointer views checked, none broken.",
      );
      expect(push.recorder.summary()).not.toContain("pointer view");
    }
  });
});
