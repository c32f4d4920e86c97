import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCliIn } from "../support/cli-context.js";
import { buildManifest, type ModelSpec, modelId } from "../support/manifest-builder.js";
import { buildRunResults, buildSources } from "../support/run-builders.js";

/** Issue 36: `explain NODE` names, for each input its decision compared, the row of the input inventory. */
const SOURCE = "source.shop.raw.orders";
const STG = modelId("stg_orders");
const stg = (sql: string): ModelSpec => ({ name: "stg_orders", sql, dependsOn: [SOURCE] });
const orders: ModelSpec = {
  name: "orders",
  sql: 'select * from "warehouse"."analytics"."stg_orders"',
  dependsOn: [STG],
};

async function workspace(): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "ods-cli-inputs-"));
  const write = (name: string, document: unknown) =>
    writeFileSync(path.join(dir, name), JSON.stringify(document));
  write(
    "manifest.json",
    buildManifest([stg('select id from "warehouse"."raw"."orders"'), orders], { sources: ["raw.orders"] }),
  );
  // The edit dbt writes after a change to stg_orders.sql: another compiled SQL (and raw code, checksum).
  const edited = buildManifest([stg('select id, amount from "warehouse"."raw"."orders"'), orders], {
    sources: ["raw.orders"],
  });
  // A field a future dbt version adds to every model: no row of the inventory classifies it.
  for (const node of Object.values((edited as { nodes: Record<string, Record<string, unknown>> }).nodes))
    if (node.resource_type === "model") node.future_dbt_field = { shape: "new" };
  write("edited.json", edited);
  write(
    "run_results.json",
    buildRunResults({ statuses: { [STG]: "success", [modelId("orders")]: "success" } }),
  );
  write("sources.json", buildSources("2026-11-01T09:00:00Z", { [SOURCE]: "2026-11-01T08:00:00Z" }));
  write("sources-after.json", buildSources("2026-11-01T11:00:00Z", { [SOURCE]: "2026-11-01T08:00:00Z" }));
  const record = await runCliIn(dir, [
    ...[
      "record",
      "--manifest",
      "manifest.json",
      "--run-results",
      "run_results.json",
      "--sources",
      "sources.json",
    ],
  ]);
  expect(record.code).toBe(0);
  return dir;
}

describe("ods-state explain: the inventory rows behind a decision", () => {
  it.each([
    [
      "an unchanged node: every input compared is the same, with its row",
      "manifest.json",
      "stg_orders",
      [
        "decision: REUSE",
        "inputs (rows of the input inventory, docs/inventory.md):",
        "  same         sql: manifest: nodes.<model>.compiled_code (fingerprinted); manifest: nodes.<model>.raw_code (fingerprinted)",
        "  same         config: manifest: nodes.<model>.config (fingerprinted)",
        "  same         engine: manifest: metadata.dbt_version (fingerprinted); manifest: metadata.adapter_type (fingerprinted)",
        "  evidence     source_version: warehouse: relations of declared parents and sources (fingerprinted)",
      ],
    ],
    [
      "an edited node: the changed input and its row",
      "edited.json",
      "stg_orders",
      [
        "decision: BUILD",
        "reason: code_changed",
        "  changed      sql: manifest: nodes.<model>.compiled_code (fingerprinted)",
        "  added        unclassified:nodes.<model>.future_dbt_field: nodes.<model>.future_dbt_field: no row (unclassified)",
      ],
    ],
    [
      "a node whose only change is a field no row classifies",
      "edited.json",
      "orders",
      [
        "decision: BUILD",
        "reason: unclassified_input_changed: An input ODS does not classify changed since run",
        "`nodes.<model>.future_dbt_field`",
        "  added        unclassified:nodes.<model>.future_dbt_field: nodes.<model>.future_dbt_field: no row (unclassified)",
      ],
    ],
  ])("%s", async (_title, manifest, node, expected) => {
    const dir = await workspace();
    const explained = await runCliIn(dir, [
      "explain",
      node,
      "--manifest",
      manifest,
      "--sources",
      "sources-after.json",
    ]);
    expect(explained.code).toBe(0);
    for (const line of expected) expect(explained.out).toContain(line);
  });
});
