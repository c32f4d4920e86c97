/**
 * Issue 37, class 3, through the action's main step: a promotion killed
 * mid-switch on a warehouse where each statement commits on its own
 * (Snowflake's statements, simulated on DuckDB) is recovered by the next
 * run that touches the warehouse. A pull request's run may run beside a
 * live promotion (its concurrency group is its own), so it recovers one
 * only once the promotion's job can't be running any more (6 hours, GitHub's
 * job time limit), and says so; a run of the default branch (serialized
 * with the promotions by its concurrency group) recovers it at once. In
 * process, through the real runner ports, with the warehouse port opening
 * the simulated provider.
 */
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { environmentContext } from "../../src/environment/index.js";
import { readActionInputs } from "../../src/github/action-inputs.js";
import { readRunEnvironment } from "../../src/github/event.js";
import { runMainStep } from "../../src/run/main-step.js";
import { SqliteStateStore } from "../../src/store/sqlite-store.js";
import {
  type Case,
  killPromotion,
  later,
  openCase,
  prodState,
  referenceLog,
  S,
  S8,
  SIMULATED_PROVIDERS,
} from "../env/promotion-kill-suite.js";
import { actionJob, repositoryPayload } from "../support/action-job.js";
import { PROJECT_ROOT } from "../support/shared-fixtures.js";
import { ENV_SCOPE } from "../support/warehouse/shop.js";

const SNOWFLAKE = SIMULATED_PROVIDERS.find((p) => p.name === "Snowflake")!;

/** A job's workspace: prod's state, dbt's manifest for the run, sources.json. */
async function workspaceFor(c: Case, manifest: unknown): Promise<string> {
  const workspace = mkdtempSync(path.join(os.tmpdir(), "ods-run-recovery-"));
  mkdirSync(path.join(workspace, "target"), { recursive: true });
  const store = await SqliteStateStore.open(path.join(workspace, ".ods", "state.db"));
  await store.commit({ project: "shop", environment: "prod" }, null, c.S0);
  await store.close();
  writeFileSync(path.join(workspace, "target", "manifest.json"), JSON.stringify(manifest));
  copyFileSync(
    path.join(PROJECT_ROOT, "fixtures", "shop", "prod-after-merge", "sources.json"),
    path.join(workspace, "target", "sources.json"),
  );
  return workspace;
}

/** The action's main step for `event`, at `now`, on the case's warehouse. */
async function mainStep(
  c: Case,
  workspace: string,
  now: string,
  event: { name: string; ref: string; payload: Record<string, unknown> },
) {
  const { recorder, ports, main } = actionJob({
    workspace,
    // The repository's id and creation time: its run adopts the rows the promotion wrote without an id (registry 1.1 style).
    event: { ...event, payload: { repository: repositoryPayload(true), ...event.payload } },
    tempDir: mkdtempSync(path.join(os.tmpdir(), "ods-run-recovery-temp-")),
    inputs: { warehouse: c.session.spec },
    runId: 41,
    hasSummary: false,
  });
  ports.now = () => new Date(now);
  ports.openWarehouse = async () => c.warehouse();
  await main();
  return recorder.log();
}

const pullRequest8 = {
  name: "pull_request",
  ref: "refs/pull/8/merge",
  payload: {
    action: "synchronize",
    number: 8,
    pull_request: {
      number: 8,
      merged: false,
      head: { sha: "d".repeat(40), ref: "returns-8", repo: { full_name: "acme/shop" } },
    },
  },
};

const pushToMain = {
  name: "push",
  ref: "refs/heads/main",
  payload: { after: "e".repeat(40) },
};

async function statusOf(c: Case): Promise<string> {
  const real = (await environmentContext(c.session.warehouse, { scope: ENV_SCOPE, now: later(12) }))!;
  return (await real.registry.promotions())[0]!.status;
}

describe("an interrupted promotion and the action's next run (Snowflake's statements, simulated)", () => {
  it("a pull request's push within 6 hours leaves it (and says so); one after recovers it: prod as it was", async () => {
    const log = await referenceLog(SNOWFLAKE);
    const c = await openCase(SNOWFLAKE);
    try {
      await killPromotion(c, log.indexOf("replaceFrom") + 1);
      expect((await prodState(c)).state).toBe("mixed");
      const workspace = await workspaceFor(c, S8.prManifest);

      const soon = await mainStep(c, workspace, later(1), pullRequest8);
      expect(soon).toMatch(
        /is unfinished \(switching since .*\) and its job may still be running: left to the default branch's next run/,
      );
      expect((await prodState(c)).state).toBe("mixed");

      const afterLease = await mainStep(c, workspace, later(7), pullRequest8);
      expect(afterLease).toMatch(/was interrupted: switched back, prod holds the tables it held before/);
      expect((await prodState(c)).state).toBe("all-old");
      expect(await statusOf(c)).toBe("aborted");
    } finally {
      await c.close();
    }
  }, 180_000);

  it("the default branch's next run recovers it at once, before it plans", async () => {
    const log = await referenceLog(SNOWFLAKE);
    const c = await openCase(SNOWFLAKE);
    try {
      await killPromotion(c, log.indexOf("setTableComment") + 2);
      expect((await prodState(c)).state).toBe("mixed");
      const workspace = await workspaceFor(c, S.mainManifest);
      const out = await mainStep(c, workspace, later(0.1), pushToMain);
      expect(out).toMatch(/was interrupted: switched back, prod holds the tables it held before/);
      expect((await prodState(c)).state).toBe("all-old");
      expect(await statusOf(c)).toBe("aborted");
    } finally {
      await c.close();
    }
  }, 180_000);
});
