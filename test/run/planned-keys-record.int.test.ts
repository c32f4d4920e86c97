/**
 * Issue 38, one manifest parse per step: a pull request's post step reads
 * only the manifest dbt wrote, and records the environment's builds under the
 * keys of the manifest the main step planned from, which it hands off. Here
 * dbt's manifest is what dbt really writes after `dbt build --select`:
 * compiled code only for the nodes it ran (so keys computed from it alone
 * differ), and one built model's file changed between the steps (its raw
 * code, checksum and compiled SQL differ from the planned ones). In
 * process, on a real DuckDB file:
 * - every other build is recorded under its planned version key and
 *   fingerprint, with its parents' planned keys;
 * - the model whose SQL differs is not recorded, and the log says why.
 */
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadProject } from "../../src/dbt/load-project.js";
import { runDbt } from "../../tools/dbt-standin.js";
import { actionJob, pullRequestEvent } from "../support/action-job.js";
import { nodesToBuild } from "../support/resolve-selection.js";
import { prodWorkspace } from "../support/warehouse/prod-workspace.js";
import { shop } from "../support/warehouse/scenario.js";
import { duckdbSession } from "../support/warehouse/sessions.js";
import { SEED_COLUMNS, SHOP } from "../support/warehouse/shop.js";

const startDir = process.cwd();
const ENVIRONMENT = "repo-700100:shop:pr-7";

describe("a pull request's post step records dbt's builds under the planned keys (one manifest parse)", () => {
  const root = mkdtempSync(path.join(os.tmpdir(), "ods-planned-keys-"));
  const warehouseDir = path.join(root, "warehouse");
  const workspace = path.join(root, "workspace");
  const target = path.join(workspace, "target");
  const s = shop();

  beforeAll(async () => {
    process.chdir(root);
    await prodWorkspace(s, warehouseDir, workspace);
  });

  afterAll(() => {
    process.chdir(startDir);
    rmSync(root, { recursive: true, force: true });
  });

  it("records the planned keys from dbt's rewritten manifest, and refuses the model whose compiled SQL differs", async () => {
    const job = actionJob({
      workspace,
      tempDir: path.join(root, "temp"),
      event: pullRequestEvent("opened", { headSha: "c".repeat(40) }),
      runId: 41,
      inputs: { warehouse: `duckdb:${path.join(warehouseDir, "shop.duckdb")}`, "data-diff": "false" },
    });
    await job.main();
    const built = nodesToBuild(s.prManifest, job.recorder.outputs.select!, job.recorder.outputs.exclude!);
    const models = [...built].filter((id) => {
      const node = s.prManifest.nodes[id];
      return node?.resource_type === "model" && node.config?.materialized !== "ephemeral";
    });
    expect(models.length).toBeGreaterThan(1);
    // A model another built model reads: its readers' keys from dbt's manifest alone differ from the planned ones.
    const changed = models.find((id) =>
      models.some((reader) => (s.prManifest.nodes[reader].depends_on.nodes as string[]).includes(id)),
    )!;
    expect(changed).toBeDefined();

    // What dbt build writes: compiled code only for what it ran; `changed` compiled from other SQL.
    const written = structuredClone(s.prManifest);
    for (const [id, node] of Object.entries(written.nodes as Record<string, Record<string, unknown>>)) {
      if (!built.has(id) && "compiled_code" in node) delete node.compiled_code;
    }
    // The file was edited between the steps: dbt's manifest has its new raw code, checksum and compiled SQL.
    const node = written.nodes[changed];
    node.raw_code = `select * from (${node.raw_code}) as changed_between_the_steps where 1 = 1`;
    node.checksum = { name: "sha256", checksum: createHash("sha256").update(node.raw_code).digest("hex") };
    node.compiled_code = `select * from (${node.compiled_code}) as changed_between_the_steps where 1 = 1`;
    writeFileSync(path.join(target, "manifest.json"), JSON.stringify(written));
    const session = await duckdbSession(warehouseDir);
    try {
      const results = await runDbt(session, {
        manifest: written,
        target: "ci",
        select: built,
        invocationId: "pr7-run-1",
        startedAt: new Date().toISOString(),
        seedsDir: path.join(SHOP, "seeds"),
        seedColumns: SEED_COLUMNS,
      });
      expect(results.results.find((r: { unique_id: string }) => r.unique_id === changed)?.status).toBe(
        "success",
      );
      writeFileSync(path.join(target, "run_results.json"), JSON.stringify(results));
    } finally {
      await session.close();
    }

    const post = await job.post();
    expect(post.counts).toEqual({ manifestParses: 1, plans: 0, warehouseConnections: 1 });
    expect(job.recorder.log()).toContain(
      `not recorded: ${changed}: its compiled SQL differs from the planned manifest's`,
    );

    const planned = s.prProject.fingerprints;
    const fromWritten = loadProject(JSON.stringify(written), "manifest.json").fingerprints;
    const read = await duckdbSession(warehouseDir);
    let rows: Record<string, unknown>[];
    try {
      const [where] = await read.rows(
        "SELECT table_schema FROM information_schema.tables WHERE table_name = 'env_builds'",
      );
      rows = await read.rows(
        `SELECT node_id, status, version_key, fingerprint_digest, parents, node_state FROM "${where!.table_schema}".env_builds WHERE environment = ? ORDER BY node_id`,
        [ENVIRONMENT],
      );
    } finally {
      await read.close();
    }
    const recorded = new Map(rows.map((row) => [row.node_id as string, row]));
    expect(recorded.has(changed)).toBe(false);
    const others = models.filter((id) => id !== changed);
    let keysDifferFromWritten = 0;
    for (const id of others) {
      const row = recorded.get(id);
      expect(row, id).toBeDefined();
      expect(row!.status).toBe("success");
      expect(row!.version_key, id).toBe(planned.get(id)!.versionKey);
      expect(row!.fingerprint_digest, id).toBe(planned.get(id)!.fingerprint.digest);
      const state = JSON.parse(String(row!.node_state));
      expect(state.version_key).toBe(planned.get(id)!.versionKey);
      expect(state.fingerprint).toEqual(planned.get(id)!.fingerprint);
      for (const [parent, read] of Object.entries(
        JSON.parse(String(row!.parents)) as Record<string, { version_key: string | null; via: string }>,
      )) {
        if (read.via === "build" && built.has(parent) && parent !== changed)
          expect(read.version_key, `${id} reads ${parent}`).toBe(planned.get(parent)!.versionKey);
      }
      if (fromWritten.get(id)!.versionKey !== planned.get(id)!.versionKey) keysDifferFromWritten += 1;
    }
    // The point of the planned keys: dbt's manifest alone gives the readers of `changed` other keys.
    expect(keysDifferFromWritten).toBeGreaterThan(0);
  });
});
