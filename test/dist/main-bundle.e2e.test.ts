/**
 * The committed bundles, run as the runner runs them from an empty folder
 * with no node_modules anywhere above: the native driver from dist/native,
 * the node:sqlite fallback, the state database in WAL mode. No token and no
 * cache service here: the run still plans, writes the outputs and the job
 * summary, and warns what it skipped.
 */
import {
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { copyDistToTemp, runDistEntry } from "../support/run-dist.js";
import { PROJECT_ROOT } from "../support/shared-fixtures.js";

const copies: string[] = [];
afterAll(() => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
});

function freshCopy() {
  const copy = copyDistToTemp();
  copies.push(copy.root);
  for (let dir = copy.dist; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    expect(existsSync(path.join(dir, "node_modules"))).toBe(false);
  }
  const workspace = path.join(copy.root, "workspace");
  mkdirSync(path.join(workspace, "target"), { recursive: true });
  for (const file of ["manifest.json", "sources.json"]) {
    copyFileSync(
      path.join(PROJECT_ROOT, "fixtures", "shop", "prod", file),
      path.join(workspace, "target", file),
    );
  }
  const event = path.join(copy.root, "event.json");
  writeFileSync(event, JSON.stringify({ repository: { default_branch: "main", full_name: "acme/shop" } }));
  const env = {
    GITHUB_EVENT_NAME: "push",
    GITHUB_EVENT_PATH: event,
    GITHUB_REF: "refs/heads/main",
    GITHUB_REPOSITORY: "acme/shop",
    GITHUB_RUN_ID: "101",
  };
  return { ...copy, workspace, env };
}

/** SQLite's header says WAL when bytes 18 and 19 (write and read format versions) are 2. */
function isWalDatabase(file: string): boolean {
  const fd = openSync(file, "r");
  const header = Buffer.alloc(20);
  readSync(fd, header, 0, 20, 0);
  closeSync(fd);
  return (
    header.subarray(0, 16).toString("latin1") === "SQLite format 3\0" && header[18] === 2 && header[19] === 2
  );
}

describe("dist/main and dist/post in an empty folder, without a token or a cache service", () => {
  it("plans everything, records the dbt run into a WAL state database on the native driver, then reuses", async () => {
    const { dist, workspace, env } = freshCopy();
    const main = await runDistEntry(path.join(dist, "main", "index.js"), workspace, { env });
    expect(main.stderr).toBe("");
    expect(main.status).toBe(0);
    expect(main.stdout).toContain("SQLite driver: better-sqlite3 (native binding for Node ABI");
    expect(main.stdout).toContain("::warning::The Actions cache service is not available here");
    expect(main.outputs["state-found"]).toBe("false");
    expect(main.outputs["build-count"]).toBe("8");
    // Everything builds: the whole project, as dbt's own default selection.
    expect(main.outputs.select).toBe("'fqn:*'");
    expect(main.summary).toContain("### ods-state plan for <code>shop</code>");
    expect(main.summary).toContain("No recorded state for **prod** yet");

    // The user's `dbt build` step.
    copyFileSync(
      path.join(PROJECT_ROOT, "fixtures", "shop", "prod", "run_results.json"),
      path.join(workspace, "target", "run_results.json"),
    );

    const post = await runDistEntry(path.join(dist, "post", "index.js"), workspace, {
      env,
      state: main.state,
    });
    expect(post.stderr).toBe("");
    expect(post.status).toBe(0);
    expect(post.stdout).toContain(
      "Recorded run 804a62a3-1a41-4da5-a21a-c63675e8102b (dbt build, success) in shop/prod: 8 built",
    );
    expect(post.stdout).toContain("::warning::State was not saved to the Actions cache");
    const db = path.join(workspace, ".ods", "state.db");
    expect(isWalDatabase(db)).toBe(true);

    const again = await runDistEntry(path.join(dist, "main", "index.js"), workspace, { env });
    expect(again.status).toBe(0);
    expect(again.outputs["state-found"]).toBe("true");
    // sources.json was taken before the recorded build: nodes reading sources have no evidence since then.
    expect(Number(again.outputs["reuse-count"])).toBeGreaterThanOrEqual(1);
    expect(again.summary).toContain("sources.json was observed before the last build");
  });

  it("runs on node:sqlite and says so when the binding is removed", async () => {
    const { dist, workspace, env } = freshCopy();
    rmSync(path.join(dist, "native"), { recursive: true });
    const main = await runDistEntry(path.join(dist, "main", "index.js"), workspace, { env });
    expect(main.status).toBe(0);
    expect(main.stdout).toMatch(
      /SQLite driver: node:sqlite \(built in\), because no native binding better_sqlite3-node-v\d+-linux-x64\.node was found/,
    );
    copyFileSync(
      path.join(PROJECT_ROOT, "fixtures", "shop", "prod", "run_results.json"),
      path.join(workspace, "target", "run_results.json"),
    );
    const post = await runDistEntry(path.join(dist, "post", "index.js"), workspace, {
      env,
      state: main.state,
    });
    expect(post.status).toBe(0);
    expect(post.stdout).toContain("SQLite driver: node:sqlite");
    expect(isWalDatabase(path.join(workspace, ".ods", "state.db"))).toBe(true);
  });

  it("fails the step with the input named when state-path leaves the workspace", async () => {
    const { dist, workspace, env } = freshCopy();
    const run = await runDistEntry(path.join(dist, "main", "index.js"), workspace, {
      env,
      inputs: { "state-path": "../../etc/state.db" },
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain("::error::error[input_invalid]: Input `state-path` is `../../etc/state.db`");
  });

  it("fails with one clear message when the manifest is missing", async () => {
    const { dist, workspace, env } = freshCopy();
    const run = await runDistEntry(path.join(dist, "main", "index.js"), workspace, {
      env,
      inputs: { manifest: "nope/manifest.json" },
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain("manifest.json (input `manifest`) does not exist.");
    expect(run.stdout).toContain("Run `dbt compile`");
  });

  it("ships exactly one native binding, named for this runtime", () => {
    const { dist } = freshCopy();
    expect(readdirSync(path.join(dist, "native"))).toEqual([
      `better_sqlite3-node-v${process.versions.modules}-${process.platform}-${process.arch}.node`,
    ]);
  });
});
