/**
 * Classes 11 and 12 of issue 18: a seed that writes the relation a source
 * points at (dbt loads the source from the seed), and changed or failing
 * checks (data tests, unit tests) on reused models.
 */
import { describe } from "vitest";
import { each, type Row, rows } from "./cases.js";
import { FIXTURES, fullBuildStatuses, type Json, sha } from "./harness.js";

const CC = "BUILD code_changed";
const SOURCE_READER = "BUILD parent_code_changed|BUILD new_upstream_data";

// ---------------------------------------------------------------- 11

const jaffleRawCustomers = "seed.jaffle_shop.raw_customers";
const jaffleRawSupplies = "seed.jaffle_shop.raw_supplies";
const bouncerSeed = "seed.dbt_bouncer_test_project.raw_payments";
const bouncerSource = "source.dbt_bouncer_test_project.dummy_source.customers";
const tradeSource = (m: Json) => Object.keys(m.sources).sort()[0]!;

function newCsv(seed: Json) {
  seed.checksum = { name: "sha256", checksum: sha(`${seed.checksum.checksum}+one more row`) };
}

/** Point a source at a seed's relation (database, schema, identifier) as a project that loads raw data with seeds does. */
function sourceAtSeed(m: Json, sourceId: string, seedId: string) {
  const seed = m.nodes[seedId];
  const source = m.sources[sourceId];
  source.database = seed.database;
  source.schema = seed.schema;
  source.identifier = seed.alias ?? seed.name;
  const q = m.metadata.adapter_type === "bigquery" ? "`" : '"';
  source.relation_name = [seed.database, seed.schema, source.identifier]
    .filter((x: string | null) => x)
    .map((x: string) => `${q}${x}${q}`)
    .join(".");
}

const relations: Row[] = [
  {
    name: "jaffle-shop loads its sources with seeds: raw_customers.csv gains a row",
    scenario: { fixture: FIXTURES.jaffle, change: (m) => newCsv(m.nodes[jaffleRawCustomers]) },
    expect: (o) => ({
      effects: {
        [jaffleRawCustomers]: CC,
        ...each(o.readersOfSource("source.jaffle_shop.ecom.raw_customers"), SOURCE_READER),
      },
    }),
    waits: "runs",
  },
  {
    name: "jaffle-shop: raw_supplies.csv changes: the source's readers and their descendants",
    scenario: { fixture: FIXTURES.jaffle, change: (m) => newCsv(m.nodes[jaffleRawSupplies]) },
    expect: (o) => ({
      effects: {
        [jaffleRawSupplies]: CC,
        ...each(o.readersOfSource("source.jaffle_shop.ecom.raw_supplies"), SOURCE_READER),
      },
    }),
    waits: "runs",
  },
  {
    name: "a source is declared at a seed's relation (duckdb): the seed's CSV changes",
    scenario: {
      fixture: FIXTURES.bouncer11,
      prepare: (m) => sourceAtSeed(m, bouncerSource, bouncerSeed),
      change: (m) => newCsv(m.nodes[bouncerSeed]),
    },
    expect: (o) => ({
      effects: { [bouncerSeed]: CC, ...each(o.readersOfSource(bouncerSource), SOURCE_READER) },
    }),
    waits: "runs",
  },
  {
    name: "a source is declared at a seed's relation (bigquery): the seed's CSV changes",
    scenario: {
      fixture: FIXTURES.salary,
      prepare: (m) =>
        sourceAtSeed(
          m,
          "source.salary_survey.survey_data.developer_salaries",
          "seed.salary_survey.seed__country_mapping",
        ),
      change: (m) => newCsv(m.nodes["seed.salary_survey.seed__country_mapping"]),
    },
    expect: (o) => ({
      effects: {
        "seed.salary_survey.seed__country_mapping": CC,
        ...each(o.readersOfSource("source.salary_survey.survey_data.developer_salaries"), SOURCE_READER),
      },
    }),
    waits: "runs",
  },
  {
    name: "control: a source elsewhere keeps its readers reused when an unrelated seed changes",
    scenario: {
      fixture: FIXTURES.trade,
      change: (m) => {
        const seed = Object.values(m.nodes as Record<string, Json>).find((n) => n.resource_type === "seed");
        if (seed) newCsv(seed);
        else m.sources[tradeSource(m)].description = "unchanged relation";
      },
    },
    expect: (o) => {
      const seed = o.where((n) => n.resource_type === "seed")[0];
      return { effects: seed ? { [seed]: CC } : {} };
    },
    waits: "",
  },
];

// ---------------------------------------------------------------- 12

const jCustomers = "model.jaffle_shop.customers";
/**
 * jaffle-shop's two seeds over 1 MiB (dbt records only their path) with their
 * CSVs in the checkout, as the action reads them from `project-dir`: without
 * them the seeds are code_incomplete and every reader of the sources they
 * write (orders, customers, ...) is built for code.
 */
const JAFFLE_CSVS = {
  seedFiles: new Map([
    ["seed.jaffle_shop.raw_items", { path: "seeds/jaffle-data/raw_items.csv", sha256: "1".repeat(64) }],
    ["seed.jaffle_shop.raw_orders", { path: "seeds/jaffle-data/raw_orders.csv", sha256: "2".repeat(64) }],
  ]),
};
const jOrders = "model.jaffle_shop.orders";
const jStgCustomers = "model.jaffle_shop.stg_customers";
const acceptedValues = "test.jaffle_shop.accepted_values_customers_customer_type__new__returning.d12f0947c8";
const notNullCustomerId = "test.jaffle_shop.not_null_stg_customers_customer_id.e2cfb1f9aa";
const unitOrders = "unit_test.jaffle_shop.orders.test_order_items_compute_to_bools_correctly";
const tradeGrain = "test.capstone_monthly.fct_reporter_partner_commodity_month_unique_grain";
const tradeFct = "model.capstone_monthly.fct_reporter_partner_commodity_month";
const newTest = "test.jaffle_shop.not_null_stg_customers_customer_name.0a1b2c3d4e";

const checks: Row[] = [
  {
    name: "a generic test's kwargs change (accepted_values gains a value)",
    scenario: {
      fixture: FIXTURES.jaffle,
      loadInputs: { built: JAFFLE_CSVS, planned: JAFFLE_CSVS },
      change: (m) => {
        const t = m.nodes[acceptedValues];
        t.test_metadata.kwargs.values = ["new", "returning", "churned"];
        t.compiled_code = t.compiled_code.replace("'new','returning'", "'new','returning','churned'");
      },
    },
    expect: () => ({ checksRun: { [jCustomers]: [acceptedValues] } }),
    waits: "rules",
  },
  {
    name: "a new not_null test on a reused model",
    scenario: {
      fixture: FIXTURES.jaffle,
      change: (m) => {
        const t = structuredClone(m.nodes[notNullCustomerId]);
        Object.assign(t, {
          name: "not_null_stg_customers_customer_name",
          unique_id: newTest,
          fqn: ["jaffle_shop", "staging", "not_null_stg_customers_customer_name"],
          alias: "not_null_stg_customers_customer_name",
          path: "not_null_stg_customers_customer_name.sql",
          compiled_code: t.compiled_code.replaceAll("customer_id", "customer_name"),
          column_name: "customer_name",
        });
        t.test_metadata.kwargs.column_name = "customer_name";
        m.nodes[newTest] = t;
        m.parent_map[newTest] = [jStgCustomers];
        m.child_map[newTest] = [];
        m.child_map[jStgCustomers].push(newTest);
      },
    },
    expect: () => ({ checksRun: { [jStgCustomers]: [newTest] } }),
    waits: "rules",
  },
  {
    name: "a singular test's SQL changes (bigquery)",
    scenario: {
      fixture: FIXTURES.trade,
      change: (m) => {
        const t = m.nodes[tradeGrain];
        t.raw_code = `${t.raw_code}\n-- also checks null keys\nunion all select 1 from ${"`x`"} where false`;
        t.compiled_code = `${t.compiled_code}\nunion all select 1 from unnest([1]) where false`;
        t.checksum = { name: "sha256", checksum: sha(t.raw_code) };
      },
    },
    expect: () => ({ checksRun: { [tradeFct]: [tradeGrain] } }),
    waits: "rules",
  },
  {
    name: "a unit test's given rows change: its model is built, as dbt build runs a unit test only with its model",
    scenario: {
      fixture: FIXTURES.jaffle,
      loadInputs: { built: JAFFLE_CSVS, planned: JAFFLE_CSVS },
      change: (m) => {
        const u = m.unit_tests[unitOrders];
        u.given[0].rows.push({ order_id: 2, order_item_id: 4, is_drink_item: true, is_food_item: false });
        u.expect.rows[1].count_drink_items = 1;
        u.expect.rows[1].is_drink_order = true;
        u.checksum = sha(JSON.stringify([u.given, u.expect]));
      },
    },
    expect: () => ({ effects: { [jOrders]: "BUILD unit_tests_changed" } }),
    waits: "rules",
  },
  {
    name: "the last build of stg_customers succeeded but its not_null test failed",
    scenario: {
      fixture: FIXTURES.jaffle,
      laterRuns: [
        {
          statuses: (o) => ({
            [jStgCustomers]: "success",
            ...each(o.testsOf(jStgCustomers), "pass"),
            [notNullCustomerId]: "fail",
            ...each(o.descendants([jStgCustomers]), "skipped"),
          }),
          startedAt: "2026-01-03T00:00:00Z",
        },
      ],
    },
    expect: () => ({ effects: { [jStgCustomers]: "BUILD tests_not_passed" } }),
    waits: "rules",
  },
  {
    name: "the base build's unit test failed (model built, then its unit test failed)",
    scenario: {
      fixture: FIXTURES.jaffle,
      baseStatuses: () => ({ [unitOrders]: "fail" }),
    },
    expect: () => ({ effects: { [jOrders]: "BUILD tests_not_passed" } }),
    waits: "rules",
  },
  {
    name: "control: every check passed and nothing changed",
    scenario: {
      fixture: FIXTURES.jaffle,
      laterRuns: [{ statuses: (o) => fullBuildStatuses(o), startedAt: "2026-01-03T00:00:00Z" }],
    },
    expect: () => ({ effects: {} }),
    waits: "",
  },
];

describe("realistic changes: relations and checks", () => {
  rows("11 relations", relations);
  rows("12 tests", checks);
});
