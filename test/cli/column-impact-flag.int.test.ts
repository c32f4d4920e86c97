/**
 * `ods-state record` with and without `--column-impact` (issue 24), in
 * process on the shop's prod build and a real SQLite file: with the flag,
 * built models are recorded with the columns they read, so that later plans
 * can reuse a model a change does not reach; by default (column impact is
 * opt-in), the SQL parser is never loaded and nothing of the kind is
 * recorded.
 */

import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { factsFromStored } from "../../src/dbt/column-facts/stored-facts.js";
import { loadAnalyzeSql } from "../../src/runtime/column-facts-analyzer.js";
import { SqliteStateStore } from "../../src/store/sqlite-store.js";
import { runCliIn } from "../support/cli-context.js";
import { SHOP } from "../support/warehouse/shop.js";

describe("ods-state record --column-impact", () => {
  const root = mkdtempSync(path.join(os.tmpdir(), "ods-cli-column-impact-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it.each([
    { flags: ["--column-impact"], loads: 1, facts: true },
    { flags: [], loads: 0, facts: false },
  ])("record $flags: the parser loaded $loads time(s), column facts recorded: $facts", async (row) => {
    const state = path.join(root, `state-${row.loads}.db`);
    let loads = 0;
    const { code, err } = await runCliIn(
      root,
      [
        "record",
        "--manifest",
        path.join(SHOP, "prod", "manifest.json"),
        "--run-results",
        path.join(SHOP, "prod", "run_results.json"),
        "--state",
        state,
        ...row.flags,
      ],
      {
        loadSqlParser: () => {
          loads += 1;
          return loadAnalyzeSql();
        },
      },
    );
    expect(err).not.toContain("warning");
    expect(code).toBe(0);
    expect(loads).toBe(row.loads);
    const store = await SqliteStateStore.open(state);
    try {
      const snapshot = (await store.latest({ project: "shop", environment: "prod" }))!.snapshot;
      const customers = snapshot.nodes["model.shop.customers"]!;
      expect(customers.facts !== undefined).toBe(row.facts);
      if (row.facts)
        expect(factsFromStored(customers.facts).reads["model.shop.stg_customers"]).toContain("email");
    } finally {
      await store.close();
    }
  });
});
