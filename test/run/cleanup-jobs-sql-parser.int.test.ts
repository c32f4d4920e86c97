/**
 * The jobs that only clean up (a pull request closed; `command: janitor`)
 * never plan, so they never start the SQL parser's process (about a second
 * of CPU and 250 MB), whatever `column-impact` says. Through the real runner
 * ports (the parser's loader counted where the step calls it), a real
 * manifest and a real DuckDB warehouse. Before, prodIfKnown started it with
 * column-impact on and dropped the handle.
 */
import { copyFileSync, mkdirSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { actionJob, type JobEvent, pullRequestEvent, repositoryPayload } from "../support/action-job.js";
import { SHOP } from "../support/warehouse/shop.js";

const JOBS: { job: string; event: JobEvent; command: string; mode: string }[] = [
  {
    job: "a pull request closed",
    event: pullRequestEvent("closed", { headSha: "c".repeat(40) }),
    command: "",
    mode: "pr_closed",
  },
  {
    job: "the janitor",
    event: {
      name: "workflow_dispatch",
      ref: "refs/heads/main",
      payload: { repository: repositoryPayload(true) },
    },
    command: "janitor",
    mode: "janitor",
  },
];

describe.each(JOBS)("$job with column-impact on (DuckDB)", ({ event, command, mode }) => {
  it("cleans up without starting the SQL parser", async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), "ods-cleanup-parser-"));
    const workspace = path.join(root, "workspace");
    mkdirSync(path.join(workspace, "target"), { recursive: true });
    mkdirSync(path.join(root, "warehouse"));
    copyFileSync(path.join(SHOP, "prod", "manifest.json"), path.join(workspace, "target", "manifest.json"));
    const job = actionJob({
      workspace,
      event,
      tempDir: path.join(root, "temp"),
      inputs: {
        warehouse: `duckdb:${path.join(root, "warehouse", "shop.duckdb")}`,
        "column-impact": "true",
        command,
      },
    });
    let parsers = 0;
    const load = job.ports.loadSqlParser;
    job.ports.loadSqlParser = () => {
      parsers += 1;
      return load();
    };
    const result = await job.main();
    expect(result.mode).toBe(mode);
    expect(job.recorder.log()).not.toMatch(/failed|can't be read/);
    expect(result.counts).toMatchObject({ plans: 0, manifestParses: 1, warehouseConnections: 1 });
    expect(parsers).toBe(0);
  });
});
