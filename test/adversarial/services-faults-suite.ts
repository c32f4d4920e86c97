/**
 * The cache and artifact services failing under the committed dist/ bundles,
 * through the real @actions/* and Octokit clients against the local GitHub
 * services: down, refusing (403), resetting connections, slow, answering
 * with a foreign or an old entry, the REST API refusing
 * to list artifacts. The main step restores from the next source or
 * degrades to no state (everything built, the reason said in a warning),
 * and never fails for a service; the post step of a pull request never
 * saves state, whatever the services do; a default-branch save that fails
 * says so and keeps the recorded state on disk.
 *
 * Not here: a service that never answers (the transport gives up after its
 * 120 s limit): test/github/state-transport.int.test.ts covers it in process with
 * a short limit ("slow services").
 */
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { actionEntry, runStep, type StepRun, srcEntry } from "../support/adversarial/run-step.js";
import { Tally } from "../support/adversarial/tally.js";
import { buildRunResults } from "../support/run-builders.js";
import { copyDistToTemp, runnerJob } from "../support/run-dist.js";
import { type FakeRun, isPlanPageArtifact, writesState } from "../support/services/actions-world.js";
import { type ActionsServices, startActionsServices } from "../support/services/start-services.js";
import { PROJECT_ROOT } from "../support/shared-fixtures.js";

/**
 * The suite in two parts: `fast` (npm test: every case but those the
 * client retries with its own back-off) and `retries` (the slow project:
 * those). CI runs both, so every case runs once.
 */
export function servicesFaultsSuite(part: "fast" | "retries"): void {
  const SHOP = path.join(PROJECT_ROOT, "fixtures", "shop");
  const TOKEN = "ghs_services_faults_token";
  const tally = new Tally(part === "fast" ? "services-faults" : "services-faults-slow");
  const repository = { default_branch: "main", full_name: "acme/shop" };

  let services: ActionsServices;
  let root: string;
  let dist: string;
  let seedRun: FakeRun;

  function checkout(name: string, files: Record<string, string>): string {
    const workspace = path.join(root, name, "workspace");
    mkdirSync(path.join(workspace, "target"), { recursive: true });
    for (const [target, source] of Object.entries(files))
      copyFileSync(source, path.join(workspace, "target", target));
    return workspace;
  }

  async function job(
    run: FakeRun,
    name: string,
    files: Record<string, string>,
    payload: unknown,
    inputs: Record<string, string> = {},
  ) {
    const workspace = checkout(name, files);
    const { main, post } = await runnerJob({
      entry: (step) => actionEntry(dist, step),
      workspace,
      variables: services.envFor(run),
      payload,
      inputs: { "github-token": TOKEN, ...inputs },
    });
    return { workspace, main, post };
  }

  /** A push to main with the merged manifest: what each fault case plans. */
  async function mainRun(name: string) {
    const run = services.world.addRun({ event: "push", branch: "main" });
    return job(
      run,
      name,
      {
        "manifest.json": path.join(SHOP, "prod-after-merge", "manifest.json"),
        "sources.json": path.join(SHOP, "prod-after-merge", "sources.json"),
      },
      { repository },
    );
  }

  /** The state's artifacts (the main step also uploads the plan's page, issue 22). */
  function stateArtifacts() {
    return services.world.finalizedArtifacts().filter((a) => !isPlanPageArtifact(a.name));
  }

  function warnings(run: StepRun): string[] {
    return run.stdout.split("\n").filter((line) => line.startsWith("::warning::"));
  }

  function expectNoStack(run: StepRun) {
    expect(run.stdout + run.stderr).not.toMatch(/\n\s+at [\w.<>]+ \(|node:internal|failed unexpectedly/);
  }

  beforeAll(async () => {
    services = await startActionsServices({ repo: { owner: "acme", name: "shop" } });
    services.world.apiToken = TOKEN;
    ({ root, dist } = copyDistToTemp());
    // The state every case restores: a first default-branch run records the shop's real build and saves it.
    seedRun = services.world.addRun({ event: "push", branch: "main" });
    const seed = await job(
      seedRun,
      "seed",
      {
        "manifest.json": path.join(SHOP, "prod", "manifest.json"),
        "sources.json": path.join(SHOP, "prod", "sources.json"),
      },
      { repository },
    );
    if (seed.main.status !== 0) throw new Error(`seed main failed: ${seed.main.stdout}\n${seed.main.stderr}`);
    copyFileSync(
      path.join(SHOP, "prod", "run_results.json"),
      path.join(seed.workspace, "target", "run_results.json"),
    );
    const post = await seed.post();
    expect(post.status, post.stdout).toBe(0);
    services.world.completeRun(seedRun.id);
    expect(services.world.cacheEntries()).toHaveLength(1);
    expect(stateArtifacts()).toHaveLength(1);
  });

  afterEach(async () => {
    services.results.server.clearFaults();
    services.rest.server.clearFaults();
    services.blobs.server.clearFaults();
    services.results.cacheLookup = "newest";
    await services.results.server.setDown(false);
    await services.rest.server.setDown(false);
    await services.blobs.server.setDown(false);
  });

  afterAll(async () => {
    await services.stop();
    rmSync(root, { recursive: true, force: true });
    tally.report();
  });

  describe("restore degrades, never fails the step", () => {
    const cases: {
      name: string;
      fault: () => void | Promise<void>;
      /** Where the state comes from: the artifact, or nowhere. */
      from: "cache" | "artifact" | "none";
      /** A word the warning must contain. */
      says?: RegExp;
      /** @actions/cache retries it with its own fixed back-off (3 s, then ×1.5, five attempts: about 30 s): the slow project runs it. */
      retries?: true;
    }[] = [
      {
        name: "cache answers 503",
        fault: () => services.results.server.setFault("cache", { kind: "status", status: 503 }),
        from: "artifact",
        says: /cache/i,
        retries: true,
      },
      {
        name: "cache unreachable (connections reset)",
        fault: () => services.results.server.setFault("cache", { kind: "reset" }),
        from: "artifact",
        says: /cache/i,
      },
      {
        name: "cache refuses (403)",
        fault: () => services.results.server.setFault("cache", { kind: "status", status: 403 }),
        from: "artifact",
        says: /cache/i,
      },
      {
        name: "cache is slow (3 s) but answers",
        fault: () => services.results.server.setFault("cache", { kind: "delay", ms: 3000 }),
        from: "cache",
      },
      {
        name: "cache answers with another scope's entry",
        fault: async () => {
          const other = await job(
            services.world.addRun({ event: "push", branch: "main" }),
            "other-scope",
            { "manifest.json": path.join(SHOP, "prod", "manifest.json") },
            { repository },
            { environment: "staging" },
          );
          // Another scope (shop/staging) records the same build and saves its own entry.
          copyFileSync(
            path.join(SHOP, "prod", "run_results.json"),
            path.join(other.workspace, "target", "run_results.json"),
          );
          const post = await other.post();
          expect(post.status, post.stdout).toBe(0);
          const foreign = services.world.cacheEntries().find((e) => e.key.includes("-staging-"))!;
          services.results.cacheLookup = { forceKey: foreign.key };
        },
        from: "artifact",
        says: /not state of shop\/prod/,
      },
      {
        name: "results service down (the artifact still comes through the REST API)",
        fault: () => services.results.server.setDown(true),
        from: "artifact",
        says: /cache/i,
      },
      {
        name: "cache down, artifacts not listable (no actions: read)",
        fault: () => {
          services.results.server.setFault("cache", { kind: "reset" });
          services.rest.server.setFault("artifacts", { kind: "status", status: 403 });
        },
        from: "none",
        says: /actions: read/,
      },
      {
        name: "cache and REST API down",
        fault: async () => {
          services.results.server.setFault("cache", { kind: "reset" });
          await services.rest.server.setDown(true);
        },
        from: "none",
      },
    ];

    const run = cases.filter((c) => (part === "retries") === (c.retries === true));
    it.each(run.map((c) => [c.name, c] as const))("%s", async (_name, c) => {
      await tally.check("restore with a service fault", `state from ${c.from}`, async () => {
        await c.fault();
        const { main } = await mainRun(`fault-${cases.indexOf(c)}`);
        expect(main.status, main.stdout).toBe(0);
        expectNoStack(main);
        expect(main.outputs["state-found"]).toBe(c.from === "none" ? "false" : "true");
        if (c.from === "cache") expect(main.stdout).toContain("from the Actions cache entry");
        if (c.from === "artifact") expect(main.stdout).toContain(`artifact`);
        if (c.from === "none") {
          // no_state: everything is built, and the summary says why.
          expect(main.outputs["build-count"]).toBe("8");
          expect(main.summary).toContain("No recorded state");
        } else {
          expect(Number(main.outputs["build-count"])).toBeLessThan(8);
        }
        if (c.says) expect(warnings(main).join("\n")).toMatch(c.says);
        for (const line of warnings(main)) expect(line.length).toBeLessThan(2000);
      });
    });

    if (part === "retries") return;
    it("an old entry (the service answers with the oldest) plans more builds, never fewer", async () => {
      await tally.check("restore with a service fault", "state from an old entry", async () => {
        // A newer prod state: the merge run records and saves.
        const merge = await mainRun("newer");
        const manifest = JSON.parse(
          readFileSync(path.join(merge.workspace, "target", "manifest.json"), "utf8"),
        );
        writeFileSync(
          path.join(merge.workspace, "target", "run_results.json"),
          JSON.stringify(
            buildRunResults({
              invocationId: manifest.metadata.invocation_id,
              startedAt: "2026-11-30T12:05:00Z",
              statuses: Object.fromEntries(
                [
                  "model.shop.stg_orders",
                  "model.shop.orders",
                  "model.shop.customer_countries",
                  "model.shop.fct_daily_revenue",
                ].map((id) => [id, "success"]),
              ),
            }),
          ),
        );
        expect((await merge.post()).status).toBe(0);
        const newest = await mainRun("newest-entry");
        services.results.cacheLookup = "oldest";
        const oldest = await mainRun("oldest-entry");
        expect(oldest.main.status).toBe(0);
        expect(oldest.main.stdout).toContain(`-${seedRun.id}-1`);
        expect(Number(oldest.main.outputs["build-count"])).toBeGreaterThanOrEqual(
          Number(newest.main.outputs["build-count"]),
        );
      });
    });
  });

  if (part === "retries") return;

  describe("saving", () => {
    it("a default-branch save the services refuse is a warning; the step succeeds and the recorded state stays on disk", async () => {
      await tally.check("save with a service fault", "warning", async () => {
        const before = {
          caches: services.world.cacheEntries().length,
          artifacts: stateArtifacts().length,
        };
        const run = await mainRun("save-fails");
        expect(run.main.status).toBe(0);
        // Its own dbt invocation (the merged manifest's was recorded by another case).
        const manifest = JSON.parse(
          readFileSync(path.join(run.workspace, "target", "manifest.json"), "utf8"),
        );
        manifest.metadata.invocation_id = "5a7e0000-0000-4000-8000-000000000001";
        writeFileSync(path.join(run.workspace, "target", "manifest.json"), JSON.stringify(manifest));
        writeFileSync(
          path.join(run.workspace, "target", "run_results.json"),
          JSON.stringify(
            buildRunResults({
              invocationId: manifest.metadata.invocation_id,
              startedAt: "2026-11-30T12:10:00Z",
              statuses: { "model.shop.stg_orders": "success" },
            }),
          ),
        );
        services.blobs.server.setFault("upload", { kind: "status", status: 403 });
        const post = await run.post();
        expect(post.status, post.stdout).toBe(0);
        expectNoStack(post);
        expect(post.stdout).toContain("Recorded run");
        expect(warnings(post).join("\n")).toMatch(/not saved|failed|could not/i);
        expect(services.world.cacheEntries().length).toBe(before.caches);
        expect(stateArtifacts().length).toBe(before.artifacts);
        expect(
          readFileSync(path.join(run.workspace, ".ods", "state.db"))
            .subarray(0, 15)
            .toString(),
        ).toBe("SQLite format 3");
      });
    });

    it.each([
      ["pull_request", false, () => {}],
      ["pull_request from a fork", true, () => {}],
      ["pull_request_target", false, () => {}],
      [
        "pull_request with the cache down",
        false,
        () => services.results.server.setFault("cache", { kind: "reset" }),
      ],
    ] as const)("%s: main and post steps never save state", async (label, fork, fault) => {
      await tally.check("pull requests never save state", "nothing saved", async () => {
        fault();
        const event = label.startsWith("pull_request_target") ? "pull_request_target" : "pull_request";
        const run = services.world.addRun({ event, pullNumber: 40, branch: "feature", fork });
        const caches = services.world.caches.length;
        const artifacts = services.world.stateArtifacts().length;
        const requestsBefore = services.results.server.requests.length;
        const pr = await job(
          run,
          `pr-${label.replace(/\W+/g, "-")}`,
          {
            "manifest.json": path.join(SHOP, "pr-7", "manifest.json"),
            "sources.json": path.join(SHOP, "prod-after-merge", "sources.json"),
          },
          {
            action: "synchronize",
            number: 40,
            repository,
            pull_request: {
              number: 40,
              title: "t",
              merged: false,
              head: {
                sha: "c".repeat(40),
                ref: "feature",
                repo: { full_name: fork ? "someone/shop" : "acme/shop" },
              },
            },
          },
        );
        expect(pr.main.status, pr.main.stdout).toBe(0);
        copyFileSync(
          path.join(SHOP, "pr-7", "build", "run_results.json"),
          path.join(pr.workspace, "target", "run_results.json"),
        );
        const post = await pr.post();
        expect(post.status, post.stdout).toBe(0);
        expectNoStack(post);
        expect(services.world.caches.length).toBe(caches);
        expect(services.world.stateArtifacts().length).toBe(artifacts);
        // Its plan's page may be uploaded (issue 22); state never is.
        expect(services.results.server.requests.slice(requestsBefore).filter(writesState)).toEqual([]);
      });
    });
  });

  describe("a runner without RUNNER_TEMP's folder", () => {
    /** The artifact fallback made its download folder with mkdtemp in RUNNER_TEMP and threw ENOENT when that folder was missing. */
    it("the artifact fallback still restores (src/main.ts)", async () => {
      await tally.check("restore with a service fault", "state from artifact", async () => {
        services.results.server.setFault("cache", { kind: "reset" });
        const run = services.world.addRun({ event: "push", branch: "main" });
        const workspace = checkout("no-runner-temp", {
          "manifest.json": path.join(SHOP, "prod-after-merge", "manifest.json"),
          "sources.json": path.join(SHOP, "prod-after-merge", "sources.json"),
        });
        const eventFile = path.join(root, "no-runner-temp", "event.json");
        writeFileSync(eventFile, JSON.stringify({ repository }));
        const main = await runStep(srcEntry("main"), workspace, {
          env: { ...services.envFor(run), GITHUB_EVENT_PATH: eventFile },
          inputs: { "github-token": TOKEN },
          noRunnerTemp: true,
        });
        expect(main.status, main.stdout).toBe(0);
        expectNoStack(main);
        expect(main.outputs["state-found"]).toBe("true");
      });
    });
  });
}
