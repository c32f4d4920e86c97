import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCliIn } from "../support/cli-context.js";
import { buildManifest, type ModelSpec, modelId } from "../support/manifest-builder.js";
import { buildRunResults, buildSources } from "../support/run-builders.js";

const SOURCE = "source.shop.raw.orders";
const models = (stgSql: string): ModelSpec[] => [
  { name: "stg_orders", sql: stgSql, dependsOn: [SOURCE] },
  {
    name: "orders",
    sql: 'select * from "warehouse"."analytics"."stg_orders"',
    dependsOn: [modelId("stg_orders")],
  },
];
const BASE_SQL = 'select id from "warehouse"."raw"."orders"';

function workspace() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "ods-cli-plan-"));
  const write = (name: string, document: unknown) =>
    writeFileSync(path.join(dir, name), JSON.stringify(document));
  write("manifest.json", buildManifest(models(BASE_SQL), { sources: ["raw.orders"] }));
  write(
    "run_results.json",
    buildRunResults({ statuses: { [modelId("stg_orders")]: "success", [modelId("orders")]: "success" } }),
  );
  write("sources-before.json", buildSources("2026-11-01T09:00:00Z", { [SOURCE]: "2026-11-01T08:00:00Z" }));
  write("sources-after.json", buildSources("2026-11-01T11:00:00Z", { [SOURCE]: "2026-11-01T08:00:00Z" }));
  write(
    "changed.json",
    buildManifest(models('select id, 1 as x from "warehouse"."raw"."orders"'), { sources: ["raw.orders"] }),
  );
  return { dir, write };
}

describe("ods-state plan and record on a real SQLite state file", () => {
  it("plans with no state (and creates no file), records, then reuses; a change rebuilds it and its child", async () => {
    const { dir } = workspace();
    const first = await runCliIn(dir, ["plan", "--manifest", "manifest.json", "--format", "json"]);
    expect(first.code).toBe(0);
    const firstPlan = JSON.parse(first.out);
    expect(firstPlan.summary).toEqual({ build: 2, reuse: 0 });
    expect(firstPlan.entries.map((e: { reasons: { code: string }[] }) => e.reasons[0]!.code)).toEqual([
      "no_state",
      "no_state",
    ]);
    expect(existsSync(path.join(dir, ".ods", "state.db"))).toBe(false);

    const recorded = await runCliIn(dir, [
      "record",
      "--manifest",
      "manifest.json",
      "--run-results",
      "run_results.json",
      "--sources",
      "sources-before.json",
    ]);
    expect(recorded.err).toContain("Created the state database");
    expect(recorded.code).toBe(0);
    expect(recorded.out).toMatch(
      /^Recorded run 00000000-0000-4000-8000-000000000001 \(dbt build, success\) in shop\/prod: 2 built, 0 failed, 0 skipped; snapshot /,
    );

    const again = await runCliIn(dir, [
      "plan",
      "--manifest",
      "manifest.json",
      "--sources",
      "sources-after.json",
    ]);
    expect(again.code).toBe(0);
    expect(again.out).toContain(
      "REUSE  stg_orders  code and inputs unchanged since run `00000000-0000-4000-8000-000000000001`",
    );
    expect(again.out).toContain("ods-state plan for shop: 0 to build, 2 to reuse");

    const changed = await runCliIn(dir, [
      "plan",
      "--manifest",
      "changed.json",
      "--sources",
      "sources-after.json",
      "--format",
      "json",
    ]);
    const changedPlan = JSON.parse(changed.out);
    expect(
      changedPlan.entries.map(
        (e: { action: string; reasons: { code: string }[] }) => `${e.action} ${e.reasons[0]!.code}`,
      ),
    ).toEqual(["BUILD code_changed", "BUILD parent_code_changed"]);
    // Every node builds: the whole project, as dbt's own default selection.
    expect(changedPlan.build_command).toBe("dbt build --select 'fqn:*'");

    const explained = await runCliIn(dir, [
      "explain",
      "orders",
      "--manifest",
      "changed.json",
      "--sources",
      "sources-after.json",
    ]);
    expect(explained.code).toBe(0);
    expect(explained.out).toContain("decision: BUILD");
    expect(explained.out).toContain(
      "reason: parent_code_changed: Parent `stg_orders` is built for a code change",
    );

    const diff = await runCliIn(dir, ["diff", "stg_orders", "--manifest", "changed.json"]);
    expect(diff.code).toBe(0);
    expect(diff.out).toMatch(/ {2}sql {12}changed /);
    expect(diff.out).toContain("1 component differ.");
  });

  it("refuses to record the same run twice, writing nothing", async () => {
    const { dir } = workspace();
    const args = ["record", "--manifest", "manifest.json", "--run-results", "run_results.json"];
    expect((await runCliIn(dir, [...args])).code).toBe(0);
    const second = await runCliIn(dir, [...args]);
    expect(second.code).toBe(1);
    expect(second.err).toMatch(
      /^error\[record_refused\]: Run 00000000-0000-4000-8000-000000000001 is already recorded in shop\/prod\./,
    );
    const history = await runCliIn(dir, ["plan", "--manifest", "manifest.json", "--format", "json"]);
    expect(JSON.parse(history.out).state.run_id).toBe("00000000-0000-4000-8000-000000000001");
  });

  it("refuses run results of `dbt compile`", async () => {
    const { dir, write } = workspace();
    write(
      "compile.json",
      buildRunResults({ which: "compile", statuses: { [modelId("stg_orders")]: "success" } }),
    );
    const result = await runCliIn(dir, [
      "record",
      "--manifest",
      "manifest.json",
      "--run-results",
      "compile.json",
    ]);
    expect(result.code).toBe(1);
    expect(result.err).toContain("comes from `dbt compile`, which builds nothing");
    // Refused before anything is written: not even the state file is created.
    expect(existsSync(path.join(dir, ".ods", "state.db"))).toBe(false);
  });

  it.each([
    [["plan", "--manifest", "manifest.json", "--format", "xml"], 2, "error[usage]: --format is `xml`"],
    [
      ["plan", "--manifest", "manifest.json", "--select", "bogus:x"],
      2,
      "The selector `bogus:x` is not supported",
    ],
    [["explain", "nope", "--manifest", "manifest.json"], 2, "No planned node is called `nope` in shop/prod."],
    [["explain", "--manifest", "manifest.json"], 2, "missing NODE"],
    [
      ["record", "--manifest", "manifest.json", "--run-results", "absent.json"],
      1,
      "absent.json (given by --run-results) does not exist.",
    ],
  ])("%j → exit %i, one line saying what is wrong", async (args, code, message) => {
    const { dir } = workspace();
    const result = await runCliIn(dir, [...args]);
    expect(result.code).toBe(code);
    expect(result.err).toContain(message);
    expect(result.err).not.toMatch(/\n\s+at /);
  });
});
