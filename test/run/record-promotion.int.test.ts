/**
 * The default-branch post step when everything the plan had to build was
 * promoted, so dbt did not run: the promotion alone is committed to prod's
 * state (a real SQLite file), as built by the pull request's run and
 * promoted by this run; without a promotion nothing is written.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { recordAndSave } from "../../src/app/events/record-and-save.js";
import { countingPorts } from "../../src/app/events/step-counts.js";
import type { MergePromotion } from "../../src/app/promotion/merge-promotion.js";
import { loadRunResults } from "../../src/dbt/artifacts/run-results.js";
import { readActionInputs } from "../../src/github/action-inputs.js";
import { readRunEnvironment } from "../../src/github/event.js";
import { artifactFiles } from "../../src/run/artifacts.js";
import { writeHandOff } from "../../src/run/hand-off-file.js";
import { runMainStep } from "../../src/run/main-step.js";
import { runPostStep } from "../../src/run/post-step.js";
import type { StateSnapshot } from "../../src/state/snapshot.js";
import { SqliteStateStore } from "../../src/store/sqlite-store.js";
import { actionJob, pushEvent } from "../support/action-job.js";
import { PlanBuilder } from "../support/plan-builder.js";
import { recordedRunnerPorts } from "../support/recording-core.js";
import { projectOf, recordProd, SCOPE, SHOP, shopJson, sourcesOf } from "../support/warehouse/shop.js";

const ORDERS = "model.shop.orders";

/** A push to main's job in `workspace`, without a token: its inputs, run and ports over a recording core. */
function defaultBranchJob(workspace: string, runId: string, input: (name: string) => string = () => "") {
  const { inputs, run, recorder, ports } = actionJob({
    workspace,
    event: pushEvent(),
    tempDir: path.join(workspace, "temp"),
    inputs: input,
    runId,
    hasSummary: false,
  });
  return { inputs, run, recorder, ports };
}

describe("recording a promotion when dbt had nothing left to build", () => {
  let workspace: string;
  let statePath: string;
  let prod: StateSnapshot;

  beforeEach(async () => {
    workspace = mkdtempSync(path.join(os.tmpdir(), "ods-record-promotion-"));
    mkdirSync(path.join(workspace, "target"), { recursive: true });
    copyFileSync(
      path.join(SHOP, "prod-after-merge", "manifest.json"),
      path.join(workspace, "target", "manifest.json"),
    );
    statePath = path.join(workspace, ".ods", "state.db");
    const manifest = shopJson("prod/manifest.json");
    const results = loadRunResults(
      readFileSync(path.join(SHOP, "prod", "run_results.json"), "utf8"),
      "run_results.json",
    );
    prod = recordProd(
      projectOf(manifest),
      results,
      null,
      sourcesOf("prod/sources.json"),
      "2026-11-30T08:06:00Z",
    );
    const store = await SqliteStateStore.open(statePath);
    await store.commit(SCOPE, null, prod);
    await store.close();
  });

  function post(promotion: MergePromotion | null) {
    const { inputs, run, recorder, ports } = defaultBranchJob(workspace, "501");
    return {
      recorder,
      go: () =>
        recordAndSave(
          inputs,
          run,
          countingPorts({ ...ports, artifacts: artifactFiles }).ports,
          SCOPE,
          "this job's restore",
          "",
          { promotion, rollbacks: [] },
        ),
    };
  }

  function promotionOf(): MergePromotion {
    const before = prod.nodes[ORDERS]!;
    return {
      pullRequest: {
        number: 7,
        title: "returns",
        headSha: "c".repeat(40),
        url: "https://github.com/acme/shop/pull/7",
      },
      environment: "pr-7",
      promotedBy: "501",
      promoted: [
        {
          unique_id: ORDERS,
          from: { schema: "analytics_pr_7", identifier: "orders" },
          to: { schema: "analytics", identifier: "orders" },
          retired: { schema: "analytics", identifier: "orders__r_1234abcd" },
          how: "moved",
          pr_run_id: "pr7-run-1",
          state: {
            ...before,
            run_id: "pr7-run-1",
            version_key: "vk-from-main",
            built_at: "2026-11-30T10:17:00Z",
          },
        },
      ],
      report: {
        pullRequest: 7,
        environment: "pr-7",
        status: "committed",
        id: "p-1",
        atomic: true,
        nodes: [],
        retainUntil: null,
        viewsLeft: [],
      },
      select: "",
      exclude: "",
      selectTerms: 0,
      selectExact: true,
      selectExtra: [],
      buildCount: 0,
    };
  }

  it("commits the promoted node as the PR's build promoted by this run; the other nodes stay", async () => {
    const { go, recorder } = post(promotionOf());
    const summary = await go();
    expect(summary.recorded).toBe(true);
    expect(recorder.log()).toContain("Recorded the promotion of 1 node from pr-7");
    const store = await SqliteStateStore.open(statePath);
    try {
      const latest = (await store.latest(SCOPE))!;
      expect(latest.snapshot.run_id).toBe("501");
      expect(latest.snapshot.nodes[ORDERS]).toMatchObject({
        run_id: "pr7-run-1",
        promoted_by: "501",
        version_key: "vk-from-main",
      });
      const others = Object.keys(prod.nodes).filter((id) => id !== ORDERS);
      for (const id of others) expect(latest.snapshot.nodes[id], id).toEqual(prod.nodes[id]);
      expect(summary.snapshot).toEqual(latest.snapshot);
    } finally {
      await store.close();
    }
  });

  it("writes nothing when dbt did not run and nothing was promoted", async () => {
    const { go, recorder } = post(null);
    const summary = await go();
    expect(summary.recorded).toBe(false);
    expect(recorder.log()).toContain("dbt did not run in this job, so there is nothing to record");
    const store = await SqliteStateStore.open(statePath);
    try {
      expect((await store.latest(SCOPE))!.snapshot).toEqual(prod);
    } finally {
      await store.close();
    }
  });
});

describe("recording on the default branch when the warehouse can't be reached", () => {
  it.each([
    { step: "the post step", command: "", cleanup: true },
    { step: "`command: record`", command: "record", cleanup: false },
  ])(
    "$step records the run anyway; the rollbacks (and the cleanup) are warnings the next run makes good",
    async ({ command, cleanup }) => {
      const workspace = mkdtempSync(path.join(os.tmpdir(), "ods-record-unreachable-"));
      mkdirSync(path.join(workspace, "target"), { recursive: true });
      for (const name of ["manifest.json", "run_results.json"])
        copyFileSync(path.join(SHOP, "prod", name), path.join(workspace, "target", name));
      // Nothing listens on port 9: the connection is refused.
      const unreachable = "postgres://ods@127.0.0.1:9/warehouse";
      const { inputs, run, recorder, ports } = defaultBranchJob(workspace, "502", (name) =>
        name === "warehouse" ? unreachable : name === "command" ? command : "",
      );
      if (command === "record") await runMainStep(inputs, run, ports);
      else {
        // What the main step handed over.
        writeHandOff(ports, {
          mode: "default_branch",
          scope: SCOPE,
          plan: new PlanBuilder().plan(),
          planPath: path.join(workspace, "plan.json"),
          plannedKeys: null,
          resultsBefore: "",
          comparedBase: { branch: "main" },
          planPageUrl: null,
          promotion: null,
          dataDiffPlan: null,
        });
        await runPostStep(inputs, run, ports);
      }
      const log = recorder.log();
      expect(log).toContain("warning: Can't read the warehouse's rollbacks");
      expect(log).toContain("in shop/prod: 8 built");
      expect(log.includes("warning: Cleaning up environments failed")).toBe(cleanup);
      expect(log).not.toContain(unreachable);
      const store = await SqliteStateStore.open(path.join(workspace, ".ods", "state.db"));
      try {
        expect(Object.keys((await store.latest(SCOPE))!.snapshot.nodes)).toHaveLength(8);
      } finally {
        await store.close();
      }
    },
  );
});
