/**
 * The action and the CLI are two ways into the same use cases (issue 38):
 * for the same inputs they leave the same state, registry rows and
 * warehouse. Each event runs both ways, each on its own copy of the same
 * starting point (prod built by dbt and recorded), on DuckDB and on
 * PostgreSQL:
 * - pull request 7 opened: plan, environment created, dbt (the stand-in
 *   running the manifest's compiled SQL) builds `select` into it, its
 *   builds recorded. Action: main step, dbt, post step. CLI: `env create`,
 *   dbt, `env record`.
 * - pull request 8 opened then closed without merging. Action: main step
 *   (opened), main step (closed). CLI: `env create`, `env cleanup`.
 * - pull request 7 closed (merged): kept for the default branch's run.
 *   Action: main step. CLI: `env cleanup --merged`.
 * - push of the merge commit: promotion, dbt builds the rest, the run and
 *   the promotion recorded, the environment dropped. Action: main step, dbt,
 *   post step (which also runs the janitor). CLI: `env promote --state`,
 *   dbt, `record`, `env cleanup`, `env gc`.
 * - the janitor. Action: `command: janitor`. CLI: `env gc --open-prs`.
 * The action's way runs first, then the CLI's (PostgreSQL's fixtures name
 * the database `shop`, so the two can't live side by side); after each event
 * the state database, the registry and the warehouse's
 * catalog are compared (test/support/parity-snapshot.ts names the only
 * values left out: the wall clock's readings and the snapshot ids derived
 * from them), and the plans the two made of pull request 7 name the same
 * state snapshot.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runDbt } from "../../tools/dbt-standin.js";
import { actionJob, pullRequestEvent, pushEvent, REPOSITORY } from "../support/action-job.js";
import { runCliIn } from "../support/cli-context.js";
import { catalogContents, registryContents, stateContents } from "../support/parity-snapshot.js";
import { nodesToBuild } from "../support/resolve-selection.js";
import { type ActionsServices, startActionsServices } from "../support/services/start-services.js";
import { ENGINES } from "../support/warehouse/engines.js";
import { prodWorkspace } from "../support/warehouse/prod-workspace.js";
import { shop } from "../support/warehouse/scenario.js";
import type { Engine, Session } from "../support/warehouse/sessions.js";
import { SEED_COLUMNS, SHOP } from "../support/warehouse/shop.js";

const startDir = process.cwd();
const PR_HEAD = "c".repeat(40);
const PR8_HEAD = "8".repeat(40);
const MERGE = "d".repeat(40);
const REPOSITORY_ID = REPOSITORY.id;
const VALUE_KEY = "5".repeat(64);
/**
 * The dbt runs' start: the same in both worlds (dbt's clock is an input here, not the steps'). Before
 * now (the stand-in takes a second per node, and its builds must be over), after sources.json's observation.
 */
const PR_BUILD_AT = new Date(Date.now() - 1_200_000).toISOString();
const MAIN_BUILD_AT = new Date(Date.now() - 600_000).toISOString();

interface World {
  root: string;
  workspace: string;
  target: string;
  statePath: string;
  warehouse: string;
  open(): Promise<Session>;
  /** The id of prod's snapshot the world starts from. */
  prodHead: string;
  /** What each event left: state, registry, catalog. */
  after: Record<string, unknown>;
  /** The plan each made of pull request 7 (the state it names). */
  prPlanState?: unknown;
}

/** A fresh warehouse with prod built by dbt, and a state database recording it. */
async function _freshWorld(engine: Engine, label: string): Promise<World> {
  const root = mkdtempSync(path.join(os.tmpdir(), `ods-parity-${label}-`));
  const workspace = path.join(root, "workspace");
  // One value key (issue 36) for both worlds: a state without one gets a random one at its first record.
  const prod = await prodWorkspace(shop(), path.join(root, "warehouse"), workspace, {
    engine,
    valueKey: VALUE_KEY,
    manifest: false,
    sources: true,
  });
  return {
    root,
    workspace,
    target: path.join(workspace, "target"),
    statePath: path.join(workspace, ".ods", "state.db"),
    warehouse: prod.warehouse,
    prodHead: prod.prodHead,
    open: prod.open,
    after: {},
  };
}

/** dbt build of `select`/`exclude` with `dbtTarget`: the manifest's compiled SQL; run_results.json written. */
async function dbtBuild(
  world: World,
  manifest: unknown,
  selection: { select: string; exclude?: string | undefined },
  dbtTarget: string,
  invocationId: string,
  startedAt: string,
): Promise<string> {
  const session = await world.open();
  try {
    const results = await runDbt(session, {
      manifest,
      target: dbtTarget,
      select: nodesToBuild(manifest, selection.select, selection.exclude),
      invocationId,
      startedAt,
      seedsDir: path.join(SHOP, "seeds"),
      seedColumns: SEED_COLUMNS,
    });
    const file = path.join(world.target, "run_results.json");
    writeFileSync(file, JSON.stringify(results));
    return file;
  } finally {
    await session.close();
  }
}

async function capture(world: World, event: string): Promise<void> {
  const session = await world.open();
  try {
    world.after[event] = {
      state: stateContents(world.statePath),
      registry: await registryContents(session),
      catalog: await catalogContents(session),
    };
  } finally {
    await session.close();
  }
}

describe.each(ENGINES)(
  "the action and the CLI leave the same state, registry and warehouse (%s)",
  (engine) => {
    const s = shop();
    /** Pull request 8: the same change, in its own schema. */
    const s8 = shop({ prSchema: "analytics_pr_8" });
    let services: ActionsServices;
    let action: World;
    let cli: World;
    let runId = 100;

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
      services.world.addPullRequest({ number: 9, state: "open", commits: ["9".repeat(40)] });
    });

    afterAll(async () => {
      await services?.stop();
      process.chdir(startDir);
      for (const world of [action, cli]) if (world) rmSync(world.root, { recursive: true, force: true });
    });

    /** One job of the action: its main step, then its post step, sharing GITHUB_STATE. */
    function job(
      world: World,
      event:
        | { name: "pull_request"; number: number; head: string; action: string; merged?: boolean }
        | { name: "push"; sha: string }
        | { name: "janitor" },
    ) {
      runId += 1;
      return actionJob({
        workspace: world.workspace,
        event:
          event.name === "pull_request"
            ? pullRequestEvent(event.action, {
                number: event.number,
                headSha: event.head,
                headRef: `pr-${event.number}`,
                merged: event.merged,
                sha: "f".repeat(40),
              })
            : event.name === "push"
              ? pushEvent(event.sha)
              : {
                  name: "workflow_dispatch",
                  ref: "refs/heads/main",
                  sha: MERGE,
                  payload: { ref: "refs/heads/main", repository: { default_branch: "main" } },
                },
        tempDir: path.join(world.root, `temp-${runId}`),
        inputs: (name) =>
          name === "warehouse"
            ? world.warehouse
            : name === "command" && event.name === "janitor"
              ? "janitor"
              : undefined,
        runId,
        apiUrl: services.apiUrl,
        token: services.world.apiToken!,
      });
    }

    /** `ods-state …` in the CLI world's workspace, as this repository's; fails the test on a non-zero exit. */
    async function ods(args: string[]): Promise<string> {
      const run = await runCliIn(cli.workspace, args, {
        warehouse: cli.warehouse,
        repository: "acme/shop",
        repositoryId: REPOSITORY_ID,
      });
      expect(run.code, `ods-state ${args.join(" ")}\n${run.err}`).toBe(0);
      return run.out;
    }

    const file = (world: World, name: string, value: unknown) => {
      const target = path.join(world.target, name);
      writeFileSync(target, JSON.stringify(value));
      return target;
    };

    function expectSame(event: string) {
      const a = action.after[event] as Record<string, unknown>;
      const c = cli.after[event] as Record<string, unknown>;
      if (process.env.ODS_PARITY_DUMP) {
        for (const [side, value] of [
          ["action", a],
          ["cli", c],
        ] as const)
          writeFileSync(
            path.join(process.env.ODS_PARITY_DUMP, `${engine}-${event}-${side}.json`),
            JSON.stringify(value, null, 1),
          );
      }
      const { pendingPromotions: cliPending, ...cliState } = c.state as Record<string, unknown>;
      const { pendingPromotions: actionPending, ...actionState } = a.state as Record<string, unknown>;
      expect.soft(cliState, `${event}: the state database`).toEqual(actionState);
      // The one way they differ, by design: `env promote --state` commits the promotion pending the record,
      // where the action hands it to its post step in a file; what it promoted is what the action recorded.
      expect.soft(actionPending, `${event}: the action's pending promotions`).toEqual([]);
      expect
        .soft(cliPending, `${event}: the CLI's pending promotions`)
        .toEqual(["push", "janitor"].includes(event) ? [["model.shop.orders"]] : []);
      expect.soft(c.registry, `${event}: the registry`).toEqual(a.registry);
      expect.soft(c.catalog, `${event}: the warehouse`).toEqual(a.catalog);
    }

    const EVENTS = ["opened", "closed", "merged", "push", "janitor"] as const;
    /** What the action's run of the pull request 7 needs to tell the CLI's: its selection, its push's run id. */
    const told: { prSelect?: string; prExclude?: string; pushRunId?: string } = {};

    it("the action's way: main and post steps, with dbt between them", async () => {
      action = await _freshWorld(engine, "action");
      process.chdir(action.root);
      const mainRun = s.mainManifest.metadata.invocation_id as string;

      // Pull request 7 opened.
      file(action, "manifest.json", s.prManifest);
      const pr = job(action, { name: "pull_request", number: 7, head: PR_HEAD, action: "opened" });
      const { plan } = await pr.main();
      action.prPlanState = plan!.state;
      told.prSelect = pr.recorder.outputs.select!;
      told.prExclude = pr.recorder.outputs.exclude ?? "";
      await dbtBuild(
        action,
        s.prManifest,
        { select: told.prSelect, exclude: told.prExclude },
        "ci",
        "pr7-run-1",
        PR_BUILD_AT,
      );
      await pr.post();
      await capture(action, "opened");

      // Pull request 8 opened, then closed without merging.
      file(action, "manifest.json", s8.prManifest);
      await job(action, { name: "pull_request", number: 8, head: PR8_HEAD, action: "opened" }).main();
      await job(action, { name: "pull_request", number: 8, head: PR8_HEAD, action: "closed" }).main();
      await capture(action, "closed");

      // Pull request 7 closed (merged).
      await job(action, {
        name: "pull_request",
        number: 7,
        head: PR_HEAD,
        action: "closed",
        merged: true,
      }).main();
      await capture(action, "merged");

      // The push of the merge commit.
      file(action, "manifest.json", s.mainManifest);
      const push = job(action, { name: "push", sha: MERGE });
      told.pushRunId = push.runId;
      await push.main();
      const outputs = push.recorder.outputs;
      expect(outputs["promoted-count"], push.recorder.log()).toBe("1");
      await dbtBuild(
        action,
        s.mainManifest,
        { select: outputs.select!, exclude: outputs.exclude },
        "prod",
        mainRun,
        MAIN_BUILD_AT,
      );
      await push.post();
      await capture(action, "push");

      // The janitor.
      await job(action, { name: "janitor" }).main();
      await capture(action, "janitor");
    });

    it("the CLI's way: one command per step, with dbt between them", async () => {
      cli = await _freshWorld(engine, "cli");
      process.chdir(cli.root);
      const mainRun = s.mainManifest.metadata.invocation_id as string;
      const sources = path.join(cli.target, "sources.json");

      // Pull request 7 opened.
      let manifest = file(cli, "manifest.json", s.prManifest);
      const created = JSON.parse(
        await ods([
          "env",
          "create",
          "--pr",
          "7",
          "--manifest",
          manifest,
          "--sources",
          sources,
          "--head-sha",
          PR_HEAD,
          "--target",
          "ci",
          "--format",
          "json",
        ]),
      );
      cli.prPlanState = created.state;
      expect(created.select).toBe(told.prSelect);
      expect(created.exclude ?? "").toBe(told.prExclude);
      let runResults = await dbtBuild(
        cli,
        s.prManifest,
        { select: created.select, exclude: created.exclude },
        "ci",
        "pr7-run-1",
        PR_BUILD_AT,
      );
      await ods([
        "env",
        "record",
        "--pr",
        "7",
        "--manifest",
        manifest,
        "--run-results",
        runResults,
        "--sources",
        sources,
      ]);
      await capture(cli, "opened");

      // Pull request 8 opened, then closed without merging.
      manifest = file(cli, "manifest.json", s8.prManifest);
      await ods([
        "env",
        "create",
        "--pr",
        "8",
        "--manifest",
        manifest,
        "--sources",
        sources,
        "--head-sha",
        PR8_HEAD,
        "--target",
        "ci",
      ]);
      await ods(["env", "cleanup", "--pr", "8", "--manifest", manifest]);
      await capture(cli, "closed");

      // Pull request 7 closed (merged): kept for the default branch's promotion.
      await ods(["env", "cleanup", "--pr", "7", "--project", "shop", "--merged"]);
      await capture(cli, "merged");

      // The push of the merge commit: promote, dbt builds the rest, record, drop the merged environment, janitor.
      manifest = file(cli, "manifest.json", s.mainManifest);
      const promoted = JSON.parse(
        await ods([
          "env",
          "promote",
          "--pr",
          "7",
          "--manifest",
          manifest,
          "--sources",
          sources,
          "--state",
          cli.statePath,
          "--promoted-by",
          told.pushRunId!,
          "--format",
          "json",
        ]),
      );
      expect(promoted.promoted.length).toBe(1);
      runResults = await dbtBuild(
        cli,
        s.mainManifest,
        { select: promoted.select, exclude: promoted.exclude },
        "prod",
        mainRun,
        MAIN_BUILD_AT,
      );
      await ods([
        "record",
        "--manifest",
        manifest,
        "--run-results",
        runResults,
        "--sources",
        sources,
        "--state",
        cli.statePath,
      ]);
      await ods(["env", "cleanup", "--pr", "7", "--manifest", manifest, "--state", cli.statePath]);
      await ods(["env", "gc", "--project", "shop", "--open-prs", "9", "--state", cli.statePath]);
      await capture(cli, "push");

      // The janitor.
      await ods(["env", "gc", "--project", "shop", "--open-prs", "9", "--state", cli.statePath]);
      await capture(cli, "janitor");
    });

    it("pull request 7's plan names the state it was made against: prod's snapshot, not a placeholder", () => {
      // Each world's snapshot has an id of its own: each names its own, and the rest is the same.
      const named = (world: World) => ({ ...(world.prPlanState as object), snapshot_id: world.prodHead });
      expect(action.prPlanState).toEqual(named(action));
      expect(cli.prPlanState).toEqual(named(cli));
      // The rest (found, prod's run) is the same; the snapshot's created_at is each world's clock.
      const rest = (world: World) => ({
        ...(world.prPlanState as object),
        snapshot_id: "prod's",
        created_at: "<clock>",
      });
      expect(rest(cli)).toEqual(rest(action));
    });

    it.each(EVENTS)("after %s: the same state, registry rows and warehouse", (event) => {
      expectSame(event);
    });
  },
);
