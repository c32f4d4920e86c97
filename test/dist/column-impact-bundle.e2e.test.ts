/**
 * Column impact from the committed bundles, away from any node_modules: the
 * CLI's bundle starts the SQL parser's bundled broker and server
 * (dist/sql-analysis-broker, dist/sql-analysis-server), the server loads
 * dist/wasm/polyglot_sql.wasm, and the record holds the columns each built
 * model read. When the CLI exits, its parser process is gone too. Without
 * the server's bundle, the record warns and goes on without column facts.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { factsFromStored } from "../../src/dbt/column-facts/stored-facts.js";
import { SqliteStateStore } from "../../src/store/sqlite-store.js";
import { copyDistToTemp, NODE24 } from "../support/run-dist.js";
import { SHOP } from "../support/warehouse/shop.js";

const copy = copyDistToTemp();
afterAll(() => rmSync(copy.root, { recursive: true, force: true }));

/** Analysis servers started from this copy of dist/ that are still running. */
function serversOfCopy(): string[] {
  const out = execFileSync("ps", ["-eo", "args="], { encoding: "utf8" });
  return out.split("\n").filter((line) => line.includes(path.join(copy.dist, "sql-analysis-server")));
}

describe("dist/cli record --column-impact", () => {
  it("records column facts through the bundled parser process, which exits with the CLI", async () => {
    for (let dir = copy.dist; dir !== path.dirname(dir); dir = path.dirname(dir))
      expect(existsSync(path.join(dir, "node_modules"))).toBe(false);
    const state = path.join(copy.root, "state.db");
    const run = spawnSync(
      NODE24,
      [
        path.join(copy.dist, "cli", "index.js"),
        "record",
        "--manifest",
        path.join(SHOP, "prod", "manifest.json"),
        "--run-results",
        path.join(SHOP, "prod", "run_results.json"),
        "--state",
        state,
        "--column-impact",
      ],
      { cwd: copy.root, encoding: "utf8", env: { PATH: process.env.PATH ?? "" }, timeout: 60_000 },
    );
    expect(run.stderr).not.toContain("warning");
    expect(run.status).toBe(0);
    expect(serversOfCopy()).toEqual([]);
    const store = await SqliteStateStore.open(state);
    try {
      const snapshot = (await store.latest({ project: "shop", environment: "prod" }))!.snapshot;
      const customers = snapshot.nodes["model.shop.customers"]!;
      expect(customers.facts).toBeDefined();
      expect(factsFromStored(customers.facts!).reads["model.shop.stg_customers"]).toContain("email");
    } finally {
      await store.close();
    }
  }, 90_000);

  it("without the bundled server, warns that the parser did not load and records without facts", async () => {
    const broken = copyDistToTemp();
    try {
      rmSync(path.join(broken.dist, "sql-analysis-server"), { recursive: true });
      const state = path.join(broken.root, "state.db");
      const run = spawnSync(
        NODE24,
        [
          path.join(broken.dist, "cli", "index.js"),
          "record",
          "--manifest",
          path.join(SHOP, "prod", "manifest.json"),
          "--run-results",
          path.join(SHOP, "prod", "run_results.json"),
          "--state",
          state,
          "--column-impact",
        ],
        { cwd: broken.root, encoding: "utf8", env: { PATH: process.env.PATH ?? "" }, timeout: 60_000 },
      );
      expect(run.status).toBe(0);
      expect(run.stderr).toMatch(
        /The SQL parser could not be loaded \(.+\): this record goes on without column impact/,
      );
      const store = await SqliteStateStore.open(state);
      try {
        const snapshot = (await store.latest({ project: "shop", environment: "prod" }))!.snapshot;
        expect(snapshot.nodes["model.shop.customers"]!.facts).toBeUndefined();
      } finally {
        await store.close();
      }
    } finally {
      rmSync(broken.root, { recursive: true, force: true });
    }
  }, 90_000);
});
