/**
 * The lifecycle with a warehouse: a pull request's main step creates its
 * environment on a real DuckDB file (pointer views to prod for reused nodes)
 * and says so in the outputs and the comment; closing it unmerged drops
 * everything it owns and leaves prod alone. In process, through the real
 * runner ports (state transport without a cache service, as a local run).
 */
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { SqliteStateStore } from "../../src/store/sqlite-store.js";
import { actionJob, pullRequestEvent } from "../support/action-job.js";
import { nodesToBuild } from "../support/resolve-selection.js";
import { PROJECT_ROOT } from "../support/shared-fixtures.js";
import { prodBuilt, shop } from "../support/warehouse/scenario.js";
import { duckdbSession } from "../support/warehouse/sessions.js";

describe("a pull request's environment through the action's main step (DuckDB)", () => {
  const root = mkdtempSync(path.join(os.tmpdir(), "ods-run-env-"));
  const warehouseDir = path.join(root, "warehouse");
  const workspace = path.join(root, "workspace");
  const s = shop();

  beforeAll(async () => {
    mkdirSync(warehouseDir, { recursive: true });
    const session = await duckdbSession(warehouseDir);
    const prod = await prodBuilt(session, s);
    await session.close();
    mkdirSync(path.join(workspace, "target"), { recursive: true });
    const store = await SqliteStateStore.open(path.join(workspace, ".ods", "state.db"));
    await store.commit({ project: "shop", environment: "prod" }, null, prod);
    await store.close();
    writeFileSync(path.join(workspace, "target", "manifest.json"), JSON.stringify(s.prManifest));
    copyFileSync(
      path.join(PROJECT_ROOT, "fixtures", "shop", "prod-after-merge", "sources.json"),
      path.join(workspace, "target", "sources.json"),
    );
  });

  function step(action: string, merged = false) {
    const { recorder, main } = actionJob({
      workspace,
      event: pullRequestEvent(action, { headSha: "c".repeat(40), merged }),
      tempDir: path.join(root, "temp"),
      inputs: { warehouse: `duckdb:${path.join(warehouseDir, "shop.duckdb")}`, "meta-schema": "ci_meta" },
      runId: 9,
    });
    return { recorder, go: main };
  }

  it("opened: creates the environment with pointer views to prod, and names it in the outputs and the summary", async () => {
    const { recorder, go } = step("opened");
    const result = await go();
    expect(result.plan!.pointers).toBe(true);
    expect(recorder.outputs.environment).toBe("repo-700100:shop:pr-7");
    expect(recorder.outputs.schemas).toBe("analytics_pr_7");
    expect(nodesToBuild(s.prManifest, recorder.outputs.select!, recorder.outputs.exclude)).toContain(
      "model.shop.stg_orders",
    );
    expect(recorder.summary()).toContain("pr-7");

    const session = await duckdbSession(warehouseDir);
    try {
      // The registry is in the `meta-schema` input's schema; the environment is this repository's and project's.
      expect(
        await session.rows(
          `select name, repository, repository_id, project, pr_number from "ci_meta"."environments"`,
        ),
      ).toEqual([
        {
          name: "repo-700100:shop:pr-7",
          repository: "acme/shop",
          repository_id: "700100",
          project: "shop",
          pr_number: 7,
        },
      ]);
      expect(await session.warehouse.listSchemas()).not.toContain("ods_meta");
      const reused = result.plan!.entries.filter((e) => e.action === "REUSE");
      expect(reused.length).toBeGreaterThan(0);
      for (const entry of reused) {
        const viaPointer = await session.rows(
          `select count(*) as n from "analytics_pr_7"."${entry.relation.identifier}"`,
        );
        const inProd = await session.rows(
          `select count(*) as n from "analytics"."${entry.relation.identifier}"`,
        );
        expect(viaPointer, entry.unique_id).toEqual(inProd);
      }
    } finally {
      await session.close();
    }
  });

  it("closed without merging: drops everything the environment owns and leaves prod alone", async () => {
    const { recorder, go } = step("closed");
    await go();
    expect(recorder.lines.join("\n")).toContain("Environment repo-700100:shop:pr-7 dropped");
    const session = await duckdbSession(warehouseDir);
    try {
      const schemas = await session.rows("select schema_name from information_schema.schemata order by 1");
      expect(schemas.map((r) => r.schema_name)).not.toContain("analytics_pr_7");
      const prodRows = await session.rows(`select count(*) as n from "analytics"."orders"`);
      expect(Number(prodRows[0]!.n)).toBeGreaterThan(0);
    } finally {
      await session.close();
    }
  });
});
