import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadManifest } from "../../src/dbt/artifacts/manifest-stream.js";
import { diffKeys } from "../../src/dbt/diff-keys.js";
import type { DiffKey } from "../../src/state/data-diff.js";
import { sharedFixture, sharedFixturesPresent } from "../support/shared-fixtures.js";

type Doc = { nodes: Record<string, Record<string, unknown>> };

function fixture(project: string): Doc {
  return JSON.parse(readFileSync(sharedFixture(project, "manifest.json"), "utf8")) as Doc;
}

function keysOf(doc: Doc): Map<string, DiffKey> {
  return diffKeys(loadManifest(JSON.stringify(doc), "manifest.json"));
}

describe.runIf(sharedFixturesPresent)("diff keys on real projects: what each declares", () => {
  // [project, node, expected key]
  const cases: Array<[string, string, DiffKey | null]> = [
    ["jaffle-shop-duckdb-1.12", "model.jaffle_shop.customers", { columns: ["customer_id"], source: "tests" }],
    ["jaffle-shop-duckdb-1.12", "model.jaffle_shop.orders", { columns: ["order_id"], source: "tests" }],
    [
      "jaffle-shop-duckdb-1.12",
      "model.jaffle_shop.stg_products",
      { columns: ["product_id"], source: "tests" },
    ],
    [
      "dbt-bouncer-duckdb-1.11-build",
      "model.dbt_bouncer_test_project.orders",
      { columns: ["order_id"], source: "primary_key" },
    ],
    [
      "dbt-bouncer-duckdb-1.11-build",
      "model.dbt_bouncer_test_project.int_incremental",
      { columns: ["id"], source: "unique_key" },
    ],
    [
      "dbt-bouncer-duckdb-1.11-build",
      "snapshot.dbt_bouncer_test_project.snapshot_orders",
      { columns: ["dbt_scd_id"], source: "snapshot" },
    ],
    [
      "dbt-bouncer-duckdb-1.11-build",
      "snapshot.dbt_bouncer_test_project.snapshot_orders_multiple_unique_keys",
      { columns: ["dbt_scd_id"], source: "snapshot" },
    ],
    [
      "dbt-bouncer-duckdb-1.11-build",
      "model.tiktok_ads.tiktok_ads__advertiser_report",
      { columns: ["source_relation", "advertiser_id", "date_day"], source: "tests" },
    ],
    [
      "analytics-snowflake-python-1.9",
      "model.analytics.stg_accounts_db__accounts",
      { columns: ["account_id"], source: "unique_key" },
    ],
    [
      "global-trade-bq-1.11-large",
      "model.capstone_monthly.dim_time",
      { columns: ["month_key"], source: "tests" },
    ],
  ];

  it.each(cases)("%s: %s", (project, node, expected) => {
    expect(keysOf(fixture(project)).get(node) ?? null).toEqual(expected);
  });

  it("every key names columns only, and tuva (no unique_key, no constraint) has keys from tests alone", () => {
    const keys = keysOf(fixture("tuva-snowflake-1.7-v11-large"));
    expect(keys.size).toBeGreaterThan(0);
    for (const key of keys.values()) {
      expect(key.source).toBe("tests");
      for (const column of key.columns) expect(column).toMatch(/^[A-Za-z_][A-Za-z0-9_$]*$/);
    }
  });
});

describe.runIf(sharedFixturesPresent)("diff keys: what the project says beats what is guessed", () => {
  const node = "model.dbt_bouncer_test_project.int_incremental";

  function edited(change: (doc: Doc) => void): DiffKey | null {
    const doc = fixture("dbt-bouncer-duckdb-1.11-build");
    change(doc);
    return keysOf(doc).get(node) ?? null;
  }

  // [what, change, expected]
  const cases: Array<[string, (doc: Doc) => void, DiffKey | null]> = [
    [
      "meta: {ods: {key: [..]}} wins over unique_key",
      (doc) => {
        const config = doc.nodes[node]!.config as Record<string, unknown>;
        config.meta = { ods: { key: ["id", "loaded_at"] } };
      },
      { columns: ["id", "loaded_at"], source: "meta" },
    ],
    [
      "meta: {ods: {key: col}} as one string",
      (doc) => {
        (doc.nodes[node]!.config as Record<string, unknown>).meta = { ods: { key: '"Order Id"' } };
      },
      { columns: ["Order Id"], source: "meta" },
    ],
    [
      "a unique_key that is an SQL expression is no key; the tests' key is taken",
      (doc) => {
        (doc.nodes[node]!.config as Record<string, unknown>).unique_key = "id || '-' || day";
      },
      { columns: ["id"], source: "tests" },
    ],
    [
      "a unique test filtered by `where` is no key",
      (doc) => {
        (doc.nodes[node]!.config as Record<string, unknown>).unique_key = null;
        for (const test of Object.values(doc.nodes)) {
          const meta = test.test_metadata as { name?: string } | undefined;
          if (test.attached_node === node && meta?.name === "unique")
            (test.config as Record<string, unknown>).where = "id > 0";
        }
      },
      null,
    ],
    [
      "unique without not_null is no key",
      (doc) => {
        (doc.nodes[node]!.config as Record<string, unknown>).unique_key = null;
        for (const [id, test] of Object.entries(doc.nodes)) {
          const meta = test.test_metadata as { name?: string } | undefined;
          if (test.attached_node === node && meta?.name === "not_null") delete doc.nodes[id];
        }
      },
      null,
    ],
  ];

  it.each(cases)("%s", (_what, change, expected) => {
    expect(edited(change)).toEqual(expected);
  });
});
