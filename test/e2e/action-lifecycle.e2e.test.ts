/**
 * The action end to end, as users run it: the committed dist/ bundles in
 * fresh processes with the runner's variables, against local HTTP servers
 * speaking the GitHub REST API, the cache service and the artifact service,
 * through the real @actions/* and Octokit clients. The scenario, on the
 * project's own shop fixture:
 *   1. first default-branch run, no state: everything built, recorded, saved;
 *   2. a pull request changing one model: planned over prod's state, commented;
 *   3. a second push to it: the comment is updated, never duplicated;
 *   4. the merge: the default-branch run restores the saved state, plans only
 *      the change, records it, saves;
 *   5. a default-branch run with nothing changed: everything reused but the
 *      model whose hook reads the environment.
 * Run once per SQLite driver.
 */
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SqliteStateStore } from "../../src/store/sqlite-store.js";
import { buildRunResults } from "../support/run-builders.js";
import { copyDistToTemp, type DistRun, distEntry, runnerJob } from "../support/run-dist.js";
import type { FakeRun } from "../support/services/actions-world.js";
import { type ActionsServices, startActionsServices } from "../support/services/start-services.js";
import { PROJECT_ROOT } from "../support/shared-fixtures.js";

const SHOP = path.join(PROJECT_ROOT, "fixtures", "shop");
const TOKEN = "ghs_fake_token";
/**
 * stg_orders with its whole downstream (orders, fct_daily_revenue). customer_countries' hook reads
 * `target.name`, which is compared by value (issue 36): the same target, so it is reused.
 */
const CHANGED = "stg_orders+";

describe.each(["better-sqlite3", "node:sqlite"])(
  "the action's lifecycle over dist/ (driver %s)",
  (driver) => {
    let services: ActionsServices;
    let dist: string;
    let root: string;
    const secrets = [TOKEN];

    beforeAll(async () => {
      services = await startActionsServices({ repo: { owner: "acme", name: "shop" } });
      services.world.apiToken = TOKEN;
      ({ root, dist } = copyDistToTemp());
    });
    afterAll(async () => {
      await services.stop();
      rmSync(root, { recursive: true, force: true });
    });

    /** A fresh checkout for one job: the workspace with dbt's target/ folder. */
    function checkout(name: string, files: Record<string, string>): string {
      const workspace = path.join(root, name, "workspace");
      mkdirSync(path.join(workspace, "target"), { recursive: true });
      for (const [target, source] of Object.entries(files))
        copyFileSync(source, path.join(workspace, "target", target));
      return workspace;
    }

    async function job(run: FakeRun, workspace: string, payload: unknown) {
      return runnerJob({
        entry: distEntry(dist),
        workspace,
        variables: services.envFor(run),
        payload,
        inputs: { "github-token": TOKEN },
        env: { ODS_SQLITE_DRIVER: driver },
        noRunnerTemp: true,
      });
    }

    const repository = { default_branch: "main", full_name: "acme/shop" };
    const pullPayload = (action: string, sha: string) => ({
      action,
      number: 7,
      repository,
      pull_request: {
        number: 7,
        title: "Count pending returns",
        merged: false,
        head: { sha, ref: "returns", repo: { full_name: "acme/shop" } },
      },
    });

    function expectClean(run: DistRun) {
      expect(run.stderr).toBe("");
      expect(run.status, run.stdout).toBe(0);
      for (const secret of secrets) {
        // The runner masks a secret after `::add-mask::`; anywhere else it would leak.
        expect(run.stdout).toContain(`::add-mask::${secret}`);
        expect(run.stdout.replaceAll(`::add-mask::${secret}`, "")).not.toContain(secret);
        expect(run.summary).not.toContain(secret);
        expect(JSON.stringify(run.outputs)).not.toContain(secret);
      }
    }

    let firstRun: FakeRun;

    it("1. the first default-branch run has no state: builds everything, records, saves", async () => {
      firstRun = services.world.addRun({ event: "push", branch: "main" });
      const workspace = checkout("run-1", {
        "manifest.json": path.join(SHOP, "prod", "manifest.json"),
        "sources.json": path.join(SHOP, "prod", "sources.json"),
      });
      const { main, post } = await job(firstRun, workspace, { repository });
      expectClean(main);
      expect(main.outputs["state-found"]).toBe("false");
      expect(main.outputs["build-count"]).toBe("8");
      // Everything builds: the whole project, as dbt's own default selection.
      expect(main.outputs.select).toBe("'fqn:*'");
      expect(main.outputs.exclude).toBe("");
      expect(main.summary).toContain("No recorded state for **prod** yet");

      copyFileSync(
        path.join(SHOP, "prod", "run_results.json"),
        path.join(workspace, "target", "run_results.json"),
      );
      const done = await post();
      expectClean(done);
      expect(done.stdout).toContain(
        "Recorded run 804a62a3-1a41-4da5-a21a-c63675e8102b (dbt build, success) in shop/prod: 8 built",
      );
      services.world.completeRun(firstRun.id);

      const entries = services.world.cacheEntries();
      expect(entries.map((e) => e.key)).toEqual([`ods-state-v1-shop-prod-${firstRun.id}-1`]);
      // The state, and the plan's page (issue 22) that the main step uploaded.
      expect(services.world.finalizedArtifacts().map((a) => [a.name, a.runId])).toEqual([
        ["ods-state", firstRun.id],
        ["ods-state-plan-shop-attempt-1", firstRun.id],
      ]);
    });

    it("2. a pull request changing one model: planned over prod's state, one comment", async () => {
      const run = services.world.addRun({ event: "pull_request", pullNumber: 7, branch: "returns" });
      const workspace = checkout("run-2", {
        "manifest.json": path.join(SHOP, "pr-7", "manifest.json"),
        "sources.json": path.join(SHOP, "prod-after-merge", "sources.json"),
      });
      const { main, post } = await job(run, workspace, pullPayload("opened", "a".repeat(40)));
      expectClean(main);
      expect(main.stdout).toContain(
        `Restored ${path.join(workspace, ".ods", "state.db")} from the Actions cache entry \`ods-state-v1-shop-prod-${firstRun.id}-1\``,
      );
      expect(main.outputs["state-found"]).toBe("true");
      // In a pull request the target is the CI target, whose name ODS does not know: its hook is built (run_time_value_unknown).
      expect(main.outputs.select).toBe(`${CHANGED} customer_countries`);
      expect(main.outputs["build-count"]).toBe("4");
      expect(main.outputs["reuse-count"]).toBe("4");
      // No `warehouse` input: no environment is created, so none is named.
      expect(main.outputs.environment).toBe("");
      const plan = JSON.parse(readFileSync(main.outputs["plan-path"]!, "utf8"));
      expect(plan.pointers).toBe(true);
      expect(plan.entries.find((e: { name: string }) => e.name === "customers").reasons[0].code).toBe(
        "formatting_only",
      );

      const comments = services.world.comments.filter((c) => c.issue === 7);
      expect(comments).toHaveLength(1);
      expect(comments[0]!.body.startsWith("<!-- ods-state:plan project=shop -->")).toBe(true);
      expect(comments[0]!.body).toContain(
        "**1 model changed → 2 downstream · 1 rebuilt regardless ([why ↓](#rebuilt-regardless-of-this-pull-request-1)) · 4 reused**",
      );
      // Compared with the state the first run saved: its commit and a link to it (issue 22, item 7).
      const firstSha = services.world.runs.get(firstRun.id)!.headSha.slice(0, 7);
      expect(comments[0]!.body).toContain(`compared with **prod** from [main@<code>${firstSha}</code>, `);
      expect(comments[0]!.body).toMatch(
        new RegExp(
          `main@<code>${firstSha}</code>, [^\\]]+\\]\\(https://github\\.com/acme/shop/actions/runs/${firstRun.id}\\)`,
        ),
      );
      // Linked to its file in the pull request's diff.
      expect(comments[0]!.body).toMatch(
        /\[<code>stg\\_orders<\/code>\]\(https:\/\/[^)]*\/pull\/7\/files#diff-[0-9a-f]{64}\) — compiled SQL changed/,
      );
      expect(comments[0]!.body).toContain("only formatting changed");

      // The PR's dbt build ran; the post step puts its outcome in the comment and writes no state.
      copyFileSync(
        path.join(SHOP, "pr-7", "build", "run_results.json"),
        path.join(workspace, "target", "run_results.json"),
      );
      const done = await post();
      expectClean(done);
      expect(services.world.comments.filter((c) => c.issue === 7)).toHaveLength(1);
      expect(services.world.comments.find((c) => c.issue === 7)!.body).toMatch(/ — dbt: \d+ built/);
      expect(services.world.cacheEntries()).toHaveLength(1);
      // A pull request saves no state: its only artifact is its plan's page, linked from the comment.
      const pages = services.world.finalizedArtifacts().filter((a) => a.runId === run.id);
      expect(pages.map((a) => a.name)).toEqual(["ods-state-plan-shop-attempt-1"]);
      expect(services.world.comments.find((c) => c.issue === 7)!.body).toContain(
        `[full plan page](https://github.com/acme/shop/actions/runs/${run.id}/artifacts/${pages[0]!.id})`,
      );
    });

    it("3. a second push to the pull request updates the comment in place", async () => {
      const before = services.world.comments.find((c) => c.issue === 7)!;
      const run = services.world.addRun({ event: "pull_request", pullNumber: 7, branch: "returns" });
      const workspace = checkout("run-3", {
        "manifest.json": path.join(SHOP, "pr-7", "manifest.json"),
        "sources.json": path.join(SHOP, "prod-after-merge", "sources.json"),
      });
      const { main } = await job(run, workspace, pullPayload("synchronize", "b".repeat(40)));
      expectClean(main);
      const comments = services.world.comments.filter((c) => c.issue === 7);
      expect(comments).toHaveLength(1);
      expect(comments[0]!.id).toBe(before.id);
      expect(comments[0]!.body).toContain("bbbbbbb");
      const patches = services.rest.server.requests.filter((r) => r.method === "PATCH");
      expect(patches.length).toBeGreaterThanOrEqual(1);
    });

    let mergeRun: FakeRun;

    it("4. the merge: restores the saved state, plans only the change, records it, saves", async () => {
      mergeRun = services.world.addRun({ event: "push", branch: "main" });
      const workspace = checkout("run-4", {
        "manifest.json": path.join(SHOP, "prod-after-merge", "manifest.json"),
        "sources.json": path.join(SHOP, "prod-after-merge", "sources.json"),
      });
      const { main, post } = await job(mergeRun, workspace, { repository });
      expectClean(main);
      expect(main.outputs["state-found"]).toBe("true");
      expect(main.outputs.select).toBe(CHANGED);

      // dbt build --select <select>: the run_results dbt writes (same invocation as the manifest it rewrote).
      const manifest = JSON.parse(readFileSync(path.join(workspace, "target", "manifest.json"), "utf8"));
      const built = ["model.shop.stg_orders", "model.shop.orders", "model.shop.fct_daily_revenue"];
      writeFileSync(
        path.join(workspace, "target", "run_results.json"),
        JSON.stringify(
          buildRunResults({
            invocationId: manifest.metadata.invocation_id,
            startedAt: "2026-11-30T12:05:00Z",
            // dbt build runs the tests of what it builds (eager indirect selection: a test with any selected parent).
            statuses: Object.fromEntries([
              ...built.map((id) => [id, "success"]),
              ...testsOf(manifest, built).map((id) => [id, "pass"]),
            ]),
          }),
        ),
      );
      const done = await post();
      expectClean(done);
      expect(done.stdout).toContain(
        `Recorded run ${manifest.metadata.invocation_id} (dbt build, success) in shop/prod: 3 built`,
      );
      services.world.completeRun(mergeRun.id);
      expect(services.world.cacheEntries().map((e) => e.key)).toEqual([
        `ods-state-v1-shop-prod-${mergeRun.id}-1`,
        `ods-state-v1-shop-prod-${firstRun.id}-1`,
      ]);
    });

    it("5. nothing changed: everything is reused, the model whose hook reads the target too (compared by value)", async () => {
      const run = services.world.addRun({ event: "schedule", branch: "main" });
      const workspace = checkout("run-5", {
        "manifest.json": path.join(SHOP, "prod-after-merge", "manifest.json"),
      });
      // `dbt source freshness` right before the run: the same versions, observed after the last build.
      const sources = JSON.parse(readFileSync(path.join(SHOP, "prod-after-merge", "sources.json"), "utf8"));
      sources.metadata.generated_at = "2026-11-30T13:00:00Z";
      for (const result of sources.results) result.snapshotted_at = "2026-11-30T13:00:00Z";
      writeFileSync(path.join(workspace, "target", "sources.json"), JSON.stringify(sources));
      const { main } = await job(run, workspace, { repository });
      expectClean(main);
      expect(main.outputs.select).toBe("");
      expect(main.outputs["reuse-count"]).toBe("8");
      const plan = JSON.parse(readFileSync(main.outputs["plan-path"]!, "utf8"));
      const built = plan.entries.filter((e: { action: string }) => e.action === "BUILD");
      expect(built).toEqual([]);

      // The recorded snapshot: merged nodes from the merge run, the rest from the first run.
      const store = await SqliteStateStore.open(path.join(workspace, ".ods", "state.db"), { create: false });
      const latest = await store.latest({ project: "shop", environment: "prod" });
      await store.close();
      expect(latest!.snapshot.nodes["model.shop.stg_orders"]!.run_id).toBe(plan.state.run_id);
      expect(latest!.snapshot.nodes["model.shop.stg_customers"]!.run_id).toBe(
        "804a62a3-1a41-4da5-a21a-c63675e8102b",
      );
      // orders read the merge run's stg_orders and, through the ephemeral int_order_payments, the first run's stg_payments.
      expect(latest!.snapshot.nodes["model.shop.orders"]!.parents).toEqual({
        "model.shop.stg_orders": plan.state.run_id,
        "model.shop.stg_payments": "804a62a3-1a41-4da5-a21a-c63675e8102b",
      });
    });
  },
);

/** The data tests and unit tests of a manifest that read any of `ids` (dbt's eager indirect selection). */
function testsOf(
  manifest: { nodes: Record<string, NodeJson>; unit_tests?: Record<string, NodeJson> },
  ids: string[],
) {
  const wanted = new Set(ids);
  return [...Object.values(manifest.nodes), ...Object.values(manifest.unit_tests ?? {})]
    .filter(
      (n) =>
        (n.resource_type === "test" || n.resource_type === "unit_test") &&
        n.depends_on.nodes.some((p) => wanted.has(p)),
    )
    .map((n) => n.unique_id);
}

interface NodeJson {
  unique_id: string;
  resource_type: string;
  depends_on: { nodes: string[] };
}
