/**
 * The default branch's post step when its job recorded nothing (dbt built
 * nothing new: the plan reused everything, and nothing was promoted; or
 * another run recorded newer builds first): the
 * cleanup and the janitor that follow still go by prod's state as restored,
 * so they never drop a relation it records, even one a registry row claims
 * with the identity it has now (the scenario of
 * cleanup-without-manifest.int.test.ts: a custom schema named the same in CI
 * and prod). Before, a step that recorded nothing handed the janitor no
 * prod state at all, and it dropped prod's table. In process, through the
 * real runner ports, on a real DuckDB file.
 */
import { copyFileSync, mkdirSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { writeHandOff } from "../../src/run/hand-off-file.js";
import type { StateSnapshot } from "../../src/state/snapshot.js";
import { actionJob, repositoryPayload } from "../support/action-job.js";
import { PlanBuilder } from "../support/plan-builder.js";
import { duckdbSession } from "../support/warehouse/sessions.js";
import {
  mergedLongAgoClaimingProd,
  prodStateTruthful,
  SHARED_SCHEMA,
} from "../support/warehouse/shared-schema.js";
import { SHOP } from "../support/warehouse/shop.js";

const SCOPE = { project: "shop", environment: "prod" };

describe.each([
  {
    case: "dbt ran nothing",
    target: null,
    says: "dbt did not run in this job, so there is nothing to record",
  },
  {
    // Prod's first run (08:05), recorded on a state whose builds finished after it (12:02).
    case: "another run recorded newer builds first",
    target: "prod",
    says: "another run recorded newer builds meanwhile",
  },
])(
  "the default branch's post step that records nothing ($case) cleans up by prod's restored state (DuckDB)",
  (row) => {
    const root = mkdtempSync(path.join(os.tmpdir(), "ods-run-main-nothing-"));
    const warehouseDir = path.join(root, "warehouse");
    const workspace = path.join(root, "workspace");
    let S1: StateSnapshot;
    let before: string;

    beforeAll(async () => {
      ({ S1, before } = await mergedLongAgoClaimingProd(warehouseDir, workspace));
      if (row.target !== null) {
        mkdirSync(path.join(workspace, "target"), { recursive: true });
        for (const name of ["manifest.json", "run_results.json"])
          copyFileSync(path.join(SHOP, row.target, name), path.join(workspace, "target", name));
      }
    });

    it("keeps prod's table, drops the rest of the merged environment", async () => {
      const job = actionJob({
        workspace,
        event: {
          name: "workflow_dispatch",
          ref: "refs/heads/main",
          payload: { repository: repositoryPayload(true) },
        },
        tempDir: path.join(root, "temp"),
        inputs: { warehouse: `duckdb:${path.join(warehouseDir, "shop.duckdb")}` },
        runId: 13,
      });
      // What the main step handed over: a plan that reuses everything, nothing promoted; dbt then ran nothing.
      writeHandOff(job.ports, {
        mode: "default_branch",
        scope: SCOPE,
        plan: new PlanBuilder().reuse("orders").plan(),
        planPath: path.join(root, "plan.json"),
        plannedKeys: null,
        resultsBefore: "",
        comparedBase: { branch: "main" },
        planPageUrl: null,
        promotion: null,
        dataDiffPlan: null,
      });
      await job.post();
      const log = job.recorder.log();
      expect(log).toContain(row.says);
      expect(log).toContain("Janitor: dropped repo-700100:shop:pr-7.");
      expect(log).not.toContain("Cleaning up environments failed");

      const session = await duckdbSession(warehouseDir);
      try {
        expect(await session.warehouse.listSchemas()).toContain(SHARED_SCHEMA);
        expect(await session.warehouse.listSchemas()).not.toContain("analytics_pr_7");
        await prodStateTruthful(session, S1, before);
      } finally {
        await session.close();
      }
    });
  },
);
