import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCliIn } from "../support/cli-context.js";
import { buildManifest, type ModelSpec, modelId, type TestSpec } from "../support/manifest-builder.js";
import { buildRunResults, buildSources } from "../support/run-builders.js";

/** Class 12 in `ods-state plan` and `ods-state explain`: tests that didn't pass, tests that changed. */
const SOURCE = "source.shop.raw.orders";
const STG = modelId("stg_orders");
const TEST_ID = "test.shop.not_null_stg_orders_id";
const models: ModelSpec[] = [
  { name: "stg_orders", sql: 'select id from "warehouse"."raw"."orders"', dependsOn: [SOURCE] },
  { name: "orders", sql: 'select * from "warehouse"."analytics"."stg_orders"', dependsOn: [STG] },
];
const test = (column: string): TestSpec => ({ name: "not_null_stg_orders_id", reads: [STG], column });

async function recorded(testStatus: string | null) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "ods-cli-checks-"));
  const write = (name: string, document: unknown) =>
    writeFileSync(path.join(dir, name), JSON.stringify(document));
  write("manifest.json", buildManifest(models, { sources: ["raw.orders"], tests: [test("id")] }));
  write("edited.json", buildManifest(models, { sources: ["raw.orders"], tests: [test("amount")] }));
  const statuses: Record<string, string> = { [STG]: "success", [modelId("orders")]: "success" };
  if (testStatus) statuses[TEST_ID] = testStatus;
  write("run_results.json", buildRunResults({ statuses }));
  write("sources-before.json", buildSources("2026-11-01T09:00:00Z", { [SOURCE]: "2026-11-01T08:00:00Z" }));
  write("sources-after.json", buildSources("2026-11-01T11:00:00Z", { [SOURCE]: "2026-11-01T08:00:00Z" }));
  const record = await runCliIn(dir, [
    ...["record", "--manifest", "manifest.json", "--run-results", "run_results.json"],
    ...["--sources", "sources-before.json"],
  ]);
  expect(record.code).toBe(0);
  return dir;
}

describe("ods-state explain: tests", () => {
  it("a build whose tests didn't run is built, and explain says why", async () => {
    const dir = await recorded(null);
    const explained = await runCliIn(dir, [
      ...["explain", "stg_orders", "--manifest", "manifest.json", "--sources", "sources-after.json"],
    ]);
    expect(explained.code).toBe(0);
    expect(explained.out).toContain("decision: BUILD");
    expect(explained.out).toContain(
      "reason: tests_not_passed: It has 1 check (data tests, unit tests), and its last build (run 00000000-0000-4000-8000-000000000001) has no passing test record",
    );
  });

  it("a reused node whose test changed: explain lists the checks that run; plan selects them", async () => {
    const dir = await recorded("pass");
    const explained = await runCliIn(dir, [
      ...["explain", "stg_orders", "--manifest", "edited.json", "--sources", "sources-after.json"],
    ]);
    expect(explained.out).toContain("decision: REUSE");
    expect(explained.out).toContain(
      "checks: checks_changed: Its checks were added, removed or edited since they last passed",
    );
    expect(explained.out).toContain(`  runs ${TEST_ID}`);
    const planned = await runCliIn(dir, [
      "plan",
      "--manifest",
      "edited.json",
      "--sources",
      "sources-after.json",
    ]);
    expect(planned.out).toContain(
      "REUSE  stg_orders  code and inputs unchanged since run `00000000-0000-4000-8000-000000000001`; its tests changed since they passed, so its test runs",
    );
    expect(planned.out).toContain("dbt build --select not_null_stg_orders_id\n");
  });
});
