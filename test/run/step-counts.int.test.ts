/**
 * Issue 38, "one of each per step": a whole pull request's job, its main
 * step then (after dbt built into the environment) its post step, in
 * process on a real DuckDB file, through the real runner ports. Each step
 * reports how many manifests it parsed, plans it made and warehouse
 * connections it opened (counted by the use case through its own ports);
 * each is also counted here, outside the use case, and must agree: the
 * connections on the opener the entry point hands in, the manifest reads
 * and the plans wherever in the step they happen (every manifest the
 * action reads goes through src/files/read-manifest-file.ts, every plan
 * through src/planner/plan.ts: both are watched, and run as they are). The
 * table is printed.
 *
 * The post step makes no plan: it reads the main step's from the hand-off,
 * the data diff's plan over prod included. It parses one manifest, the one
 * dbt rewrote, with the planned manifest's keys from the hand-off laid over
 * it (each recorded build's compiled SQL is checked against the planned
 * one). A push to main's job
 * is measured too: its post step records, cleans up and repairs over one
 * connection.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { StepCounts } from "../../src/app/events/step-counts.js";
import { runDbt } from "../../tools/dbt-standin.js";
import { actionJob, pullRequestEvent, pushEvent } from "../support/action-job.js";
import { nodesToBuild } from "../support/resolve-selection.js";
import { prodWorkspace } from "../support/warehouse/prod-workspace.js";
import { shop } from "../support/warehouse/scenario.js";
import { duckdbSession } from "../support/warehouse/sessions.js";
import { SEED_COLUMNS, SHOP } from "../support/warehouse/shop.js";

const startDir = process.cwd();

/** Manifest reads and plans anywhere in the test's process, counted around the real functions. */
const seen = vi.hoisted(() => ({ manifestReads: 0, plans: 0 }));
vi.mock("../../src/files/read-manifest-file.js", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../src/files/read-manifest-file.js")>();
  return {
    ...real,
    readManifestFile: (...args: Parameters<typeof real.readManifestFile>) => {
      seen.manifestReads += 1;
      return real.readManifestFile(...args);
    },
  };
});
vi.mock("../../src/planner/plan.js", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../src/planner/plan.js")>();
  return {
    ...real,
    plan: (...args: Parameters<typeof real.plan>) => {
      seen.plans += 1;
      return real.plan(...args);
    },
  };
});

describe("one pull request's job, main then post (DuckDB): manifest parses, plans, warehouse connections per step", () => {
  const root = mkdtempSync(path.join(os.tmpdir(), "ods-step-counts-"));
  const warehouseDir = path.join(root, "warehouse");
  const workspace = path.join(root, "workspace");
  const target = path.join(workspace, "target");
  const s = shop();
  const table: Record<string, StepCounts & { "seen outside": string }> = {};
  let runId = 40;

  beforeAll(async () => {
    // The state transport stages its copy under the working directory: this file's own.
    process.chdir(root);
    await prodWorkspace(s, warehouseDir, workspace, { sources: true });
  });

  afterAll(() => {
    process.chdir(startDir);
    rmSync(root, { recursive: true, force: true });
    console.log(`\nIssue 38: what each step of a job did (DuckDB)`);
    console.table(table);
  });

  /**
   * A job on pull request 7 (`action`), or (`push`) a push to main: its main and post steps share the
   * runner's step state.
   */
  function job(action: string | "push", inputs: Record<string, string> = {}) {
    runId += 1;
    const { recorder, ports, main, post } = actionJob({
      workspace,
      event:
        action === "push" ? pushEvent("d".repeat(40)) : pullRequestEvent(action, { headSha: "c".repeat(40) }),
      tempDir: path.join(root, `temp-${runId}`),
      inputs: (name) =>
        inputs[name] ??
        (name === "warehouse" ? `duckdb:${path.join(warehouseDir, "shop.duckdb")}` : undefined),
      runId,
    });
    let opened = 0;
    const open = ports.openWarehouse;
    ports.openWarehouse = (spec, timeouts) => {
      opened += 1;
      return open(spec, timeouts);
    };
    /** Runs a step; what it counted must be what was seen outside it. */
    async function step<T extends { counts: StepCounts }>(row: string, run: () => Promise<T>): Promise<T> {
      opened = 0;
      seen.manifestReads = 0;
      seen.plans = 0;
      const result = await run();
      const outside = { manifestParses: seen.manifestReads, plans: seen.plans, warehouseConnections: opened };
      table[row] = { ...result.counts, "seen outside": Object.values(outside).join(", ") };
      expect(outside, `${row}: parses, plans and connections seen outside the step`).toEqual(result.counts);
      return result;
    }
    return {
      recorder,
      main: (row: string) => step(`${row}: main`, main),
      post: (row: string) => step(`${row}: post`, post),
      opened: () => opened,
    };
  }

  /** dbt build of the main step's selection into the environment; run_results.json written to target/. */
  async function dbtBuild(
    /** dbt's selection (the step's outputs); null: every node. */
    select: string | null,
    exclude: string,
    invocationId: string,
    dbtTarget = "ci",
    manifest = s.prManifest,
    startedAt = new Date().toISOString(),
  ) {
    const session = await duckdbSession(warehouseDir);
    try {
      const results = await runDbt(session, {
        manifest,
        target: dbtTarget,
        ...(select === null ? {} : { select: nodesToBuild(manifest, select, exclude) }),
        invocationId,
        startedAt,
        seedsDir: path.join(SHOP, "seeds"),
        seedColumns: SEED_COLUMNS,
      });
      writeFileSync(path.join(target, "run_results.json"), JSON.stringify(results));
    } finally {
      await session.close();
    }
  }

  it("opened: main parses once, plans once, connects once; post parses the built manifest once, plans nothing, connects once", async () => {
    const pr = job("opened");
    const main = await pr.main("opened");
    expect(main.counts).toEqual({ manifestParses: 1, plans: 1, warehouseConnections: 1 });
    expect(pr.opened()).toBe(1);
    expect(pr.recorder.outputs.environment).toBe("repo-700100:shop:pr-7");

    await dbtBuild(pr.recorder.outputs.select!, pr.recorder.outputs.exclude!, "pr7-run-1");
    const post = await pr.post("opened");
    expect(post.counts).toEqual({ manifestParses: 1, plans: 0, warehouseConnections: 1 });
    expect(pr.opened()).toBe(1);
    const log = pr.recorder.log();
    expect(log).toMatch(/Environment repo-700100:shop:pr-7: recorded run pr7-run-1: \d+ built, 0 failed/);
    expect(log).toMatch(/Data diff of repo-700100:shop:pr-7 against prod: \d+ of \d+ models? compared/);
    // The only warnings are those of a run without GitHub's services and token.
    const warnings = log.split("\n").filter((line) => line.startsWith("warning: "));
    for (const warning of warnings)
      expect(warning).toMatch(/cache service is not available|No GitHub token|No `github-token`/);
    // The post step's comment and summary show the main step's plan, with dbt's outcome and the data diff.
    expect(pr.recorder.summary()).toContain("Data diff");
  });

  it("synchronize, the environment holding builds: the data diff's plan over prod is the one more plan, made in the main step", async () => {
    rmSync(path.join(target, "run_results.json"));
    const pr = job("synchronize");
    const main = await pr.main("synchronize");
    expect(main.counts).toEqual({ manifestParses: 1, plans: 2, warehouseConnections: 1 });
    await dbtBuild(pr.recorder.outputs.select!, pr.recorder.outputs.exclude!, "pr7-run-2");
    const post = await pr.post("synchronize");
    expect(post.counts).toEqual({ manifestParses: 1, plans: 0, warehouseConnections: 1 });

    rmSync(path.join(target, "run_results.json"));
    const withoutDiff = job("synchronize", { "data-diff": "false" });
    const plain = await withoutDiff.main("synchronize, data-diff: false");
    expect(plain.counts).toEqual({ manifestParses: 1, plans: 1, warehouseConnections: 1 });
    const nothingRan = await withoutDiff.post("synchronize, data-diff: false");
    // dbt did not run: the post step says so and reads nothing more.
    expect(nothingRan.counts).toEqual({ manifestParses: 0, plans: 0, warehouseConnections: 0 });
    expect(withoutDiff.recorder.log()).toContain("No new dbt run results: the plan comment stays as it is.");
  });

  it("a push to main: main parses, plans and connects once; post records (one parse), cleans up and repairs over one connection", async () => {
    rmSync(path.join(target, "run_results.json"), { force: true });
    writeFileSync(path.join(target, "manifest.json"), JSON.stringify(s.mainManifest));
    const main = job("push");
    const planned = await main.main("push to main");
    expect(planned.counts).toEqual({ manifestParses: 1, plans: 1, warehouseConnections: 1 });
    await dbtBuild(
      main.recorder.outputs.select!,
      main.recorder.outputs.exclude!,
      s.mainManifest.metadata.invocation_id,
      "prod",
      s.mainManifest,
      new Date(Date.now() - 7_200_000).toISOString(),
    );
    const post = await main.post("push to main");
    expect(post.counts).toEqual({ manifestParses: 1, plans: 0, warehouseConnections: 1 });
    expect(post.repair).not.toBeNull();
    const log = main.recorder.log();
    expect(log).toMatch(/Recorded run \S+ \(dbt build, success\) in shop\/prod/);
    expect(log).toMatch(/Open environments: /);
    expect(log).not.toMatch(/warning: (Cleaning up|Repairing|Can't read)/);
  });

  it("`command: record`: one manifest parse for the scope and the record (it was two), no plan, one connection", async () => {
    // dbt built everything again, as a new invocation, before the step.
    const again = structuredClone(s.mainManifest);
    again.metadata.invocation_id = "main-run-2";
    writeFileSync(path.join(target, "manifest.json"), JSON.stringify(again));
    // An hour ago, after main's build above (two hours ago): the stand-in's clock moves a second a node.
    await dbtBuild(null, "", "main-run-2", "prod", again, new Date(Date.now() - 3_600_000).toISOString());
    const record = job("push", { command: "record" });
    const recorded = await record.main("command: record");
    expect(recorded.counts).toEqual({ manifestParses: 1, plans: 0, warehouseConnections: 1 });
    expect(record.recorder.log()).toMatch(/Recorded run main-run-2 \(dbt build, success\) in shop\/prod/);
  });
});
