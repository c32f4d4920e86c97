import { existsSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { copyDistToTemp, NODE24, runDistEntry } from "../support/run-dist.js";

const copies: string[] = [];
afterAll(() => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
});

function freshCopy() {
  const copy = copyDistToTemp();
  copies.push(copy.root);
  // The point of the copy: no node_modules anywhere above the bundle.
  for (let dir = copy.dist; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    expect(existsSync(path.join(dir, "node_modules"))).toBe(false);
  }
  return copy;
}

describe("dist/main/index.js in an empty folder", () => {
  it("loads the bundled native driver and opens the state database in WAL mode", () => {
    const { root, dist } = freshCopy();
    const workspace = path.join(root, "workspace");
    const run = runDistEntry(path.join(dist, "main", "index.js"), workspace, {
      "state-path": ".ods/state.db",
    });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("SQLite driver: better-sqlite3 (native binding for Node ABI");
    expect(run.stdout).toContain("journal mode wal");
    expect(run.outputs["state-found"]).toBe("false");
    expect(existsSync(path.join(workspace, ".ods", "state.db"))).toBe(true);

    const again = runDistEntry(path.join(dist, "main", "index.js"), workspace, {
      "state-path": ".ods/state.db",
    });
    expect(again.status).toBe(0);
    expect(again.outputs["state-found"]).toBe("true");
  });

  it("runs on node:sqlite and says so when the binding is removed", () => {
    const { root, dist } = freshCopy();
    rmSync(path.join(dist, "native"), { recursive: true });
    const run = runDistEntry(path.join(dist, "main", "index.js"), path.join(root, "workspace"), {});
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(
      /SQLite driver: node:sqlite \(built in\), because no native binding better_sqlite3-node-v\d+-linux-x64\.node was found/,
    );
    expect(run.stdout).toContain("journal mode wal");
  });

  it("falls back to node:sqlite when the binding is forced off by ODS_SQLITE_DRIVER", () => {
    const { root, dist } = freshCopy();
    const run = runDistEntry(
      path.join(dist, "main", "index.js"),
      path.join(root, "workspace"),
      {},
      {
        ODS_SQLITE_DRIVER: "node:sqlite",
      },
    );
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(
      "SQLite driver: node:sqlite (built in), because the node:sqlite driver was requested",
    );
  });

  it("fails the step with the input named when state-path leaves the workspace", () => {
    const { root, dist } = freshCopy();
    const run = runDistEntry(path.join(dist, "main", "index.js"), path.join(root, "workspace"), {
      "state-path": "../../etc/state.db",
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain("::error::error[input_invalid]: Input `state-path` is `../../etc/state.db`");
  });

  it("ships exactly one native binding, named for this runtime", () => {
    const { dist } = freshCopy();
    expect(readdirSync(path.join(dist, "native"))).toEqual([
      `better_sqlite3-node-v${process.versions.modules}-${process.platform}-${process.arch}.node`,
    ]);
    expect(NODE24).toBe(process.execPath);
  });
});
