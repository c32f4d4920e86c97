/**
 * The action's janitor job without a manifest (issue 37, class 1): it knows
 * the dbt project from dbt_project.yml, restores prod's state by that name,
 * and never drops a relation that state records, even one whose registry
 * row claims it with the identity it has now. The scenario is a custom schema
 * named the same in CI and prod (shared-schema.ts) after main built its table
 * there; in process, through the real runner ports, on a real DuckDB file.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { StateSnapshot } from "../../src/state/snapshot.js";
import { actionJob, repositoryPayload } from "../support/action-job.js";
import { duckdbSession } from "../support/warehouse/sessions.js";
import {
  mergedLongAgoClaimingProd,
  prodStateTruthful,
  SHARED_SCHEMA,
} from "../support/warehouse/shared-schema.js";

describe("the action's janitor without a manifest restores prod's state by the project's name (DuckDB)", () => {
  const root = mkdtempSync(path.join(os.tmpdir(), "ods-run-janitor-"));
  const warehouseDir = path.join(root, "warehouse");
  const workspace = path.join(root, "workspace");
  let S1: StateSnapshot;
  let before: string;

  beforeAll(async () => {
    ({ S1, before } = await mergedLongAgoClaimingProd(warehouseDir, workspace));
    // No target/manifest.json: the janitor's job doesn't compile the project.
    writeFileSync(path.join(workspace, "dbt_project.yml"), "name: shop\nversion: '1.0'\nprofile: shop\n");
  });

  it("keeps prod's table and its schema, drops the rest of the merged environment", async () => {
    const { recorder, main } = actionJob({
      workspace,
      // The repository's id and creation time: the janitor adopts the environment rows its name made before ids (registry 1.1).
      event: {
        name: "workflow_dispatch",
        ref: "refs/heads/main",
        payload: { repository: repositoryPayload(true) },
      },
      tempDir: path.join(root, "temp"),
      inputs: { warehouse: `duckdb:${path.join(warehouseDir, "shop.duckdb")}`, command: "janitor" },
      runId: 12,
    });
    await main();
    const log = recorder.log();
    expect(log).toContain("the dbt project is shop (dbt_project.yml); prod's state is restored by that name");
    // The 1.1 row, adopted by the repository's id, is named by it now.
    expect(log).toContain("Janitor: dropped repo-700100:shop:pr-7.");
    expect(log).not.toContain("warning: Janitor");
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
});
