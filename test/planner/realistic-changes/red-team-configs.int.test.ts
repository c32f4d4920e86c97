/**
 * Red team of issue 36 (configs and project macros): single changes dbt
 * writes into a node's resolved config (snapshot, incremental, seed and test
 * settings the materializations read through `config.get`, dbt-adapters
 * global_project macros/materializations/**), and tests' configs (the test
 * materialization reads severity, store_failures, where, limit …).
 */
import { describe } from "vitest";
import { type Row, rows } from "./cases.js";
import { FIXTURES, type Json } from "./harness.js";

const CC = "BUILD code_changed";
const B = "dbt_bouncer_test_project";
const J = "jaffle_shop";

/** jaffle-shop's two seeds over 1 MiB with their CSVs in the checkout (so their readers are reused). */
const CSVS = new Map([
  [`seed.${J}.raw_items`, { path: "seeds/jaffle-data/raw_items.csv", sha256: "1".repeat(64) }],
  [`seed.${J}.raw_orders`, { path: "seeds/jaffle-data/raw_orders.csv", sha256: "2".repeat(64) }],
]);
const CHECKOUT = { built: { seedFiles: CSVS }, planned: { seedFiles: CSVS } };

/** A config key set in YAML: config, unrendered_config and the file it came from, as dbt writes them. */
function setConfig(m: Json, id: string, key: string, value: unknown): void {
  const n = m.nodes[id];
  n.config[key] = value;
  n.unrendered_config = { ...(n.unrendered_config ?? {}), [key]: value };
}

function configRow(fixture: string, id: string, key: string, value: unknown, what: string): Row {
  return {
    name: what,
    scenario: {
      fixture,
      ...(fixture === FIXTURES.jaffle ? { loadInputs: CHECKOUT } : {}),
      change: (m) => setConfig(m, id, key, value),
    },
    expect: () => ({ effects: { [id]: CC }, components: { [id]: ["config"] } }),
    waits: "",
  };
}

const snapshots: Row[] = [
  configRow(
    FIXTURES.bouncer11,
    `snapshot.${B}.snapshot_orders`,
    "dbt_valid_to_current",
    "to_date('9999-12-31')",
    "snapshot: `dbt_valid_to_current` set (current rows get a date, not null)",
  ),
  configRow(
    FIXTURES.bouncer11,
    `snapshot.${B}.snapshot_orders`,
    "hard_deletes",
    "new_record",
    "snapshot: `hard_deletes: new_record` (dbt 1.9)",
  ),
  {
    name: "snapshot: `snapshot_meta_column_names.dbt_valid_from` renamed",
    scenario: {
      fixture: FIXTURES.bouncer11,
      change: (m) => {
        const n = m.nodes[`snapshot.${B}.snapshot_orders_multiple_unique_keys`];
        n.config.snapshot_meta_column_names = {
          ...n.config.snapshot_meta_column_names,
          dbt_valid_from: "valid_from",
        };
        n.unrendered_config = {
          ...n.unrendered_config,
          snapshot_meta_column_names: { dbt_valid_from: "valid_from" },
        };
      },
    },
    expect: () => ({ effects: { [`snapshot.${B}.snapshot_orders_multiple_unique_keys`]: CC } }),
    waits: "",
  },
  configRow(
    FIXTURES.bouncer11,
    `snapshot.${B}.snapshot_orders`,
    "updated_at",
    "updated_at",
    "snapshot: `updated_at` column changes",
  ),
];

const incrementals: Row[] = [
  configRow(
    FIXTURES.bouncer11,
    `model.${B}.int_incremental`,
    "incremental_predicates",
    ["DBT_INTERNAL_DEST.id > 100"],
    "incremental: `incremental_predicates` added (delete+insert)",
  ),
  configRow(
    FIXTURES.bouncer11,
    `model.${B}.int_incremental`,
    "on_schema_change",
    "append_new_columns",
    "incremental: `on_schema_change` ignore -> append_new_columns",
  ),
  configRow(
    FIXTURES.pysnow,
    "model.analytics.stg_accounts_db__accounts",
    "merge_exclude_columns",
    ["created_at"],
    "incremental merge: `merge_exclude_columns` added (snowflake)",
  ),
];

const seeds: Row[] = [
  configRow(FIXTURES.jaffle, `seed.${J}.raw_stores`, "delimiter", ";", "seed: `delimiter` changes"),
  configRow(
    FIXTURES.jaffle,
    `seed.${J}.raw_stores`,
    "column_types",
    { tax_rate: "decimal(6,4)" },
    "seed: `column_types` set for one column",
  ),
  configRow(FIXTURES.jaffle, `seed.${J}.raw_stores`, "quote_columns", true, "seed: `quote_columns` on"),
];

const tests: Row[] = [
  {
    name: "tests: `store_failures: true` on stg_supplies' unique test: the check runs, nothing is built",
    scenario: {
      fixture: FIXTURES.jaffle,
      loadInputs: CHECKOUT,
      change: (m) => {
        const t = m.nodes[`test.${J}.unique_stg_supplies_supply_uuid.c9e3edcfed`];
        t.config.store_failures = true;
        t.unrendered_config = { ...(t.unrendered_config ?? {}), store_failures: true };
      },
    },
    expect: () => ({
      effects: {},
      checksRun: { [`model.${J}.stg_supplies`]: [`test.${J}.unique_stg_supplies_supply_uuid.c9e3edcfed`] },
    }),
    waits: "",
  },
  {
    name: "tests: severity error -> warn on stg_supplies' not_null test: the check runs",
    scenario: {
      fixture: FIXTURES.jaffle,
      loadInputs: CHECKOUT,
      change: (m) => {
        const t = m.nodes[`test.${J}.not_null_stg_supplies_supply_uuid.515c6eda6d`];
        t.config.severity = "warn";
      },
    },
    expect: () => ({
      effects: {},
      checksRun: { [`model.${J}.stg_supplies`]: [`test.${J}.not_null_stg_supplies_supply_uuid.515c6eda6d`] },
    }),
    waits: "",
  },
];

describe("red team (issue 36): configs the materializations read", () => {
  rows("snapshots", snapshots);
  rows("incrementals", incrementals);
  rows("seeds", seeds);
  rows("tests", tests);
});
