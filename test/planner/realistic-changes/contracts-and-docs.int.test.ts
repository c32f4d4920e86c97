/**
 * Classes 5 and 6 of issue 18: an enforced contract's declared columns
 * (type, constraint, quoting, order) and persisted docs change what dbt
 * builds (dbt-adapters: get_table_columns_and_constraints / persist_docs in
 * the table and view materializations); the same edits without an enforced
 * contract or without persist_docs change nothing dbt builds.
 */
import { describe } from "vitest";
import { type Row, rows } from "./cases.js";
import { FIXTURES, type Json } from "./harness.js";

const CC = "BUILD code_changed";

const bouncerOrders = "model.dbt_bouncer_test_project.orders";
const salaryBase = "model.salary_survey.mart_survey__base";
const salaryCleaned = "model.salary_survey.int_survey_data__cleaned";

function columns(m: Json, id: string): Record<string, Json> {
  return m.nodes[id].columns;
}

const contracts: Row[] = [
  {
    name: "enforced contract: a column's data_type changes (date -> timestamp)",
    scenario: {
      fixture: FIXTURES.bouncer11,
      change: (m) => {
        columns(m, bouncerOrders).order_date.data_type = "timestamp";
      },
    },
    expect: () => ({ effects: { [bouncerOrders]: CC }, components: { [bouncerOrders]: ["contract"] } }),
    waits: "",
  },
  {
    name: "enforced contract: a not_null constraint is added to a column",
    scenario: {
      fixture: FIXTURES.salary,
      change: (m) => {
        columns(m, salaryBase).survey_entry_id.constraints = [
          {
            type: "not_null",
            name: null,
            expression: null,
            warn_unenforced: true,
            warn_unsupported: true,
            to: null,
            to_columns: [],
          },
        ];
      },
    },
    expect: () => ({ effects: { [salaryBase]: CC }, components: { [salaryBase]: ["contract"] } }),
    waits: "",
  },
  {
    name: "enforced contract: a column gains `quote: true`",
    scenario: {
      fixture: FIXTURES.bouncer11,
      change: (m) => {
        columns(m, bouncerOrders).status.quote = true;
      },
    },
    expect: () => ({ effects: { [bouncerOrders]: CC }, components: { [bouncerOrders]: ["contract"] } }),
    waits: "contents",
  },
  {
    name: "enforced contract: two columns swap places",
    scenario: {
      fixture: FIXTURES.salary,
      change: (m) => {
        const cols = columns(m, salaryBase);
        const names = Object.keys(cols);
        [names[0], names[1]] = [names[1]!, names[0]!];
        m.nodes[salaryBase].columns = Object.fromEntries(names.map((n) => [n, cols[n]]));
      },
    },
    expect: () => ({ effects: { [salaryBase]: CC }, components: { [salaryBase]: ["contract"] } }),
    waits: "",
  },
  {
    name: "contract not enforced: a column's data_type changes",
    scenario: {
      fixture: FIXTURES.salary,
      change: (m) => {
        columns(m, salaryCleaned)[Object.keys(columns(m, salaryCleaned))[0]!].data_type = "BIGNUMERIC";
      },
    },
    expect: () => ({ effects: {} }),
    waits: "",
  },
  {
    name: "contract not enforced: a constraint is added to a column",
    scenario: {
      fixture: FIXTURES.jaffle,
      change: (m) => {
        columns(m, "model.jaffle_shop.orders").order_id.constraints = [
          {
            type: "primary_key",
            name: null,
            expression: null,
            warn_unenforced: true,
            warn_unsupported: true,
            to: null,
            to_columns: [],
          },
        ];
      },
    },
    expect: () => ({ effects: {} }),
    waits: "",
  },
  {
    name: "enforced contract turned off (contract.enforced: false)",
    scenario: {
      fixture: FIXTURES.bouncer11,
      change: (m) => {
        m.nodes[bouncerOrders].config.contract.enforced = false;
        m.nodes[bouncerOrders].contract.enforced = false;
      },
    },
    expect: () => ({ effects: { [bouncerOrders]: CC } }),
    waits: "",
  },
];

const persistDocs: Row[] = [
  {
    name: "persist_docs relation: the model's description changes",
    scenario: {
      fixture: FIXTURES.salary,
      change: (m) => {
        m.nodes[salaryBase].description = "Curated survey responses without outliers (v2).";
      },
    },
    expect: () => ({ effects: { [salaryBase]: CC } }),
    waits: "contents",
  },
  {
    name: "persist_docs columns: a column description changes (view)",
    scenario: {
      fixture: FIXTURES.salary,
      change: (m) => {
        const cols = columns(m, salaryCleaned);
        cols[Object.keys(cols)[0]!].description = "Identifier of the response, generated from its row.";
      },
    },
    expect: () => ({ effects: { [salaryCleaned]: CC } }),
    waits: "contents",
  },
  {
    name: "no persist_docs: the model's description changes",
    scenario: {
      fixture: FIXTURES.bouncer11,
      change: (m) => {
        m.nodes[bouncerOrders].description = "One row per order, with payment totals.";
      },
    },
    expect: () => ({ effects: {} }),
    waits: "",
  },
  {
    name: "persist_docs relation only: a column description changes",
    scenario: {
      fixture: FIXTURES.salary,
      prepare: (m) => {
        m.nodes[salaryCleaned].config.persist_docs = { relation: true };
      },
      change: (m) => {
        const cols = columns(m, salaryCleaned);
        cols[Object.keys(cols)[0]!].description = "Identifier of the response, generated from its row.";
      },
    },
    expect: () => ({ effects: {} }),
    waits: "",
  },
  {
    name: "persist_docs columns only: the model description changes",
    scenario: {
      fixture: FIXTURES.salary,
      prepare: (m) => {
        m.nodes[salaryCleaned].config.persist_docs = { columns: true };
      },
      change: (m) => {
        m.nodes[salaryCleaned].description = "Survey rows with cleaned values.";
      },
    },
    expect: () => ({ effects: {} }),
    waits: "",
  },
  {
    name: "persist_docs relation: a view's description changes (stg_survey_data)",
    scenario: {
      fixture: FIXTURES.salary,
      change: (m) => {
        m.nodes["model.salary_survey.stg_survey_data"].description = "Raw survey rows, typed and renamed.";
      },
    },
    expect: () => ({ effects: { "model.salary_survey.stg_survey_data": CC } }),
    waits: "contents",
  },
];

describe("realistic changes: contracts and persisted docs", () => {
  rows("5 contracts", contracts);
  rows("6 persist_docs", persistDocs);
});
