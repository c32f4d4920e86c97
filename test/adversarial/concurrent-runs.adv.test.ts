/**
 * Two default-branch runs at once, through the action's steps against the
 * local GitHub services (dist/, or the sources with ODS_ADVERSARIAL_ENTRY=src):
 * both restore the same state, both record, and they save in either order.
 *
 * - The later save never hides the other's: both cache entries and both
 *   artifacts stay, each one restorable.
 * - The next run restores the newest and plans nothing wrong: every node it
 *   reuses was recorded with exactly the fingerprint it has now (the other
 *   run's builds, missing from that state, are built again).
 * - A run whose dbt started before the state it restored was recorded is
 *   refused by `record`: it writes nothing and saves nothing.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadProject } from "../../src/dbt/load-project.js";
import type { Plan } from "../../src/state/plan.js";
import { SqliteStateStore } from "../../src/store/sqlite-store.js";
import { actionEntry } from "../support/adversarial/run-step.js";
import { Tally } from "../support/adversarial/tally.js";
import { buildRunResults } from "../support/run-builders.js";
import { copyDistToTemp, runnerJob } from "../support/run-dist.js";
import type { FakeRun } from "../support/services/actions-world.js";
import { type ActionsServices, startActionsServices } from "../support/services/start-services.js";
import { PROJECT_ROOT } from "../support/shared-fixtures.js";

const SHOP = path.join(PROJECT_ROOT, "fixtures", "shop");
const TOKEN = "ghs_concurrent_runs_token";
const repository = { default_branch: "main", full_name: "acme/shop" };
const tally = new Tally("concurrent-runs");
const CHANGED = [
  "model.shop.stg_orders",
  "model.shop.orders",
  "model.shop.customer_countries",
  "model.shop.fct_daily_revenue",
];

let dist: string;
beforeAll(() => {
  ({ dist } = copyDistToTemp());
});
afterAll(() => {
  rmSync(path.dirname(path.dirname(dist)), { recursive: true, force: true });
  tally.report();
});

describe.each([
  ["A saves first", ["A", "B"]],
  ["B saves first", ["B", "A"]],
] as const)("two default-branch runs, %s", (_label, order) => {
  let services: ActionsServices;
  let root: string;

  beforeAll(async () => {
    services = await startActionsServices({ repo: { owner: "acme", name: "shop" } });
    services.world.apiToken = TOKEN;
    root = path.join(path.dirname(path.dirname(dist)), `runs-${order.join("")}`);
  });
  afterAll(async () => {
    await services.stop();
  });

  /** A job on main: the merged manifest under its own dbt invocation, and (for post) the run results of its build. */
  async function job(run: FakeRun, name: string, invocation: string | null) {
    const workspace = path.join(root, name, "workspace");
    mkdirSync(path.join(workspace, "target"), { recursive: true });
    const source = invocation === null ? "prod" : "prod-after-merge";
    const manifest = JSON.parse(readFileSync(path.join(SHOP, source, "manifest.json"), "utf8"));
    if (invocation) manifest.metadata.invocation_id = invocation;
    writeFileSync(path.join(workspace, "target", "manifest.json"), JSON.stringify(manifest));
    writeFileSync(
      path.join(workspace, "target", "sources.json"),
      readFileSync(path.join(SHOP, source, "sources.json")),
    );
    const steps = await runnerJob({
      entry: (step) => actionEntry(dist, step),
      workspace,
      variables: services.envFor(run),
      payload: { repository },
      inputs: { "github-token": TOKEN },
    });
    const main = steps.main;
    return {
      workspace,
      main,
      post: async (built: string[], startedAt: string) => {
        const results =
          invocation === null
            ? readFileSync(path.join(SHOP, "prod", "run_results.json"), "utf8")
            : JSON.stringify(
                buildRunResults({
                  invocationId: invocation,
                  startedAt,
                  statuses: Object.fromEntries(built.map((id) => [id, "success"])),
                }),
              );
        writeFileSync(path.join(workspace, "target", "run_results.json"), results);
        return steps.post();
      },
    };
  }

  it("both records are kept, the next run plans only what its restored state proves, an older run is refused", async () => {
    // The state both runs restore: the shop's first build.
    const seedRun = services.world.addRun({ event: "push", branch: "main" });
    const seed = await job(seedRun, "seed", null);
    expect(seed.main.status, seed.main.stdout).toBe(0);
    expect((await seed.post([], "")).status).toBe(0);
    services.world.completeRun(seedRun.id);

    // A builds two of the four merged changes, B all four; both restored the seed's state.
    const runA = services.world.addRun({ event: "push", branch: "main" });
    const runB = services.world.addRun({ event: "push", branch: "main" });
    const a = await job(runA, "A", "aaaaaaaa-0000-4000-8000-000000000001");
    const b = await job(runB, "B", "bbbbbbbb-0000-4000-8000-000000000002");
    for (const j of [a, b]) {
      expect(j.main.status, j.main.stdout).toBe(0);
      expect(j.main.stdout).toContain(`-${seedRun.id}-1`);
    }
    const posts = {
      A: () => a.post(CHANGED.slice(0, 2), "2026-11-30T12:05:00Z"),
      B: () => b.post(CHANGED, "2026-11-30T12:06:00Z"),
    };
    const runs = { A: runA, B: runB };
    for (const who of order) {
      const post = await posts[who]();
      expect(post.status, post.stdout).toBe(0);
      expect(post.stdout).toContain("Recorded run");
      services.world.completeRun(runs[who].id);
    }

    await tally.check("two default-branch runs", "both kept", async () => {
      const keys = services.world.cacheEntries().map((e) => e.key);
      expect(keys).toEqual([
        `ods-state-v1-shop-prod-${runs[order[1]].id}-1`,
        `ods-state-v1-shop-prod-${runs[order[0]].id}-1`,
        `ods-state-v1-shop-prod-${seedRun.id}-1`,
      ]);
      expect(
        services.world
          .finalizedArtifacts()
          .filter((x) => x.name === "ods-state")
          .map((x) => x.runId)
          .sort(),
      ).toEqual([seedRun.id, runA.id, runB.id].sort());
    });

    // The next run restores the later save; the earlier one is still restorable.
    const next = await job(
      services.world.addRun({ event: "schedule", branch: "main" }),
      "next",
      "cccccccc-0000-4000-8000-000000000003",
    );
    await tally.check("two default-branch runs", "nothing wrong planned", async () => {
      expect(next.main.status, next.main.stdout).toBe(0);
      expect(next.main.stdout).toContain(`ods-state-v1-shop-prod-${runs[order[1]].id}-1`);
      const plan = JSON.parse(readFileSync(next.main.outputs["plan-path"]!, "utf8")) as Plan;
      const store = await SqliteStateStore.open(path.join(next.workspace, ".ods", "state.db"), {
        create: false,
      });
      const latest = await store.latest({ project: "shop", environment: "prod" });
      await store.close();
      const project = loadProject(
        readFileSync(path.join(next.workspace, "target", "manifest.json"), "utf8"),
        "m.json",
      );
      for (const entry of plan.entries.filter((e) => e.action === "REUSE")) {
        const recorded = latest!.snapshot.nodes[entry.unique_id];
        expect(recorded, entry.unique_id).toBeDefined();
        // The code components (issue 36: `value:` components are the run-time values' keyed digests,
        // which the action adds from the job's environment; this loadProject sees none).
        const code = (components: Record<string, string>) =>
          Object.fromEntries(Object.entries(components).filter(([name]) => !name.startsWith("value:")));
        expect(code(recorded!.fingerprint.components), entry.unique_id).toEqual(
          code(project.fingerprints.get(entry.unique_id)!.fingerprint.components),
        );
      }
      // The later saver's builds are in the restored state; when A saved last, B's other change
      // (fct_daily_revenue) is built again. customer_countries reads only customers, which no run
      // changed, and its target.name hook is compared by value (issue 36): reused either way.
      const built = plan.entries.filter((e) => e.action === "BUILD").map((e) => e.unique_id);
      if (order[1] === "A") expect(built).toEqual(expect.arrayContaining([CHANGED[3]!]));
      expect(built).not.toContain(CHANGED[2]);
    });

    await tally.check("two default-branch runs", "earlier save restorable", async () => {
      services.results.cacheLookup = { forceKey: `ods-state-v1-shop-prod-${runs[order[0]].id}-1` };
      const other = await job(
        services.world.addRun({ event: "schedule", branch: "main" }),
        "other",
        "dddddddd-0000-4000-8000-000000000004",
      );
      services.results.cacheLookup = "newest";
      expect(other.main.status, other.main.stdout).toBe(0);
      expect(other.main.outputs["state-found"]).toBe("true");
      expect(other.main.stdout).toContain(`ods-state-v1-shop-prod-${runs[order[0]].id}-1`);
    });

    await tally.check("a run older than the restored state", "refused", async () => {
      // Its main step restored the newest state, but its dbt started before those builds.
      const late = await job(
        services.world.addRun({ event: "push", branch: "main" }),
        "late",
        "eeeeeeee-0000-4000-8000-000000000005",
      );
      const entries = services.world.cacheEntries().length;
      const post = await late.post(CHANGED, "2026-11-30T12:00:00Z");
      expect(services.world.cacheEntries().length).toBe(entries);
      // Nothing is wrong with prod: one warning that says so, the job stays green, no error, no stack.
      expect(post.status, post.stdout).toBe(0);
      const warnings = post.stdout.split("\n").filter((line) => line.startsWith("::warning::"));
      expect(warnings.filter((line) => /started .* before the recorded state/.test(line))).toHaveLength(1);
      expect(warnings.join("\n")).toContain("Nothing was written");
      expect(post.stdout).not.toContain("::error::");
      expect(post.stdout).not.toMatch(/\n\s+at [\w.<>]+ \(|failed unexpectedly/);
    });
  });
});
