/**
 * unit_tests_changed (class 12 a, unit tests) on jaffle-shop (dbt 1.12,
 * duckdb; 3 unit tests): `dbt build` runs a unit test only right before its
 * model, when the model itself is in the job queue (dbt-core
 * core/dbt/task/build.py, `BuildTask.get_graph_queue` and
 * `call_model_and_unit_tests_runner`). A reused node whose changed checks
 * include a unit test is therefore built, and `select` selects it with its
 * unit test; one whose changed checks are data tests only keeps REUSE and
 * runs them (checks_changed). Each row fails on the old main, where an
 * edited unit test left its model REUSE and selected the unit test alone,
 * which `dbt build` would never run.
 */
import { describe, expect, it } from "vitest";
import { phraseContext, phraseReason } from "../../src/comment/reason-phrases.js";
import { wordsToPlain } from "../../src/comment/words.js";
import type { PlanEntry } from "../../src/state/plan.js";
import { resolveSelect } from "../support/resolve-selection.js";
import { sharedFixturesPresent } from "../support/shared-fixtures.js";
import {
  FIXTURES,
  type Json,
  type Outcome,
  runScenario,
  type Scenario,
  sha,
} from "./realistic-changes/harness.js";

const P = "jaffle_shop";
const ORDERS = `model.${P}.orders`;
const CUSTOMERS = `model.${P}.customers`;
const ORDER_ITEMS = `model.${P}.order_items`;
const STG_LOCATIONS = `model.${P}.stg_locations`;
const STG_CUSTOMERS = `model.${P}.stg_customers`;
const LOCATIONS = `model.${P}.locations`;
const UNIT_ORDERS = `unit_test.${P}.orders.test_order_items_compute_to_bools_correctly`;
const UNIT_LOCATIONS = `unit_test.${P}.stg_locations.test_does_location_opened_at_trunc_to_date`;
const NOT_NULL_ORDERS = `test.${P}.not_null_orders_order_id.cf6c17daed`;
const ACCEPTED_VALUES = `test.${P}.accepted_values_customers_customer_type__new__returning.d12f0947c8`;
/** Reads orders and stg_customers: one edit changes the checks of both. */
const RELATIONSHIPS = `test.${P}.relationships_orders_customer_id__customer_id__ref_stg_customers_.918495ce16`;
const RUN = "00000000-0000-4000-8000-0000000000a1";

/** jaffle-shop's two seeds over 1 MiB with their CSVs in the checkout, so their readers can be reused. */
const JAFFLE_CSVS = {
  seedFiles: new Map([
    ["seed.jaffle_shop.raw_items", { path: "seeds/jaffle-data/raw_items.csv", sha256: "1".repeat(64) }],
    ["seed.jaffle_shop.raw_orders", { path: "seeds/jaffle-data/raw_orders.csv", sha256: "2".repeat(64) }],
  ]),
};

/** The unit test of orders gets another given row (dbt writes a new checksum). */
function editUnitOrders(m: Json): void {
  const u = m.unit_tests[UNIT_ORDERS];
  u.given[0].rows.push({ order_id: 2, order_item_id: 4, is_drink_item: true, is_food_item: false });
  u.expect.rows[1].count_drink_items = 1;
  u.expect.rows[1].is_drink_order = true;
  u.checksum = sha(JSON.stringify([u.given, u.expect]));
}

/** The unit test of stg_locations expects another date. */
function editUnitLocations(m: Json): void {
  const u = m.unit_tests[UNIT_LOCATIONS];
  u.expect.rows[0].opened_date = "2016-09-02";
  u.checksum = sha(JSON.stringify([u.given, u.expect]));
}

/** A data test's `where` config, as dbt writes it into the test's config. */
function whereOn(id: string): (m: Json) => void {
  return (m) => {
    m.nodes[id].config.where = "order_id > 0";
  };
}

function acceptedValuesGainsOne(m: Json): void {
  const t = m.nodes[ACCEPTED_VALUES];
  t.test_metadata.kwargs.values = ["new", "returning", "churned"];
  t.compiled_code = t.compiled_code.replace("'new','returning'", "'new','returning','churned'");
}

/** stg_locations keeps its unit test only: its two data tests are removed from the project. */
function locationsUnitTestOnly(m: Json): void {
  for (const id of Object.keys(m.nodes)) {
    const n = m.nodes[id];
    if (n.resource_type !== "test" || !(n.depends_on?.nodes ?? []).includes(STG_LOCATIONS)) continue;
    delete m.nodes[id];
    delete m.parent_map?.[id];
    delete m.child_map?.[id];
    m.child_map[STG_LOCATIONS] = m.child_map[STG_LOCATIONS].filter((c: string) => c !== id);
  }
}

/** A clock call in orders' compiled SQL, with or without a lag tolerance. */
function ordersReadsClock(lag: string | null): (m: Json) => void {
  return (m) => {
    const n = m.nodes[ORDERS];
    n.compiled_code = n.compiled_code.replace(/select/i, "select current_date as planned_on,");
    if (lag) n.config.state = { lag_tolerance: lag };
  };
}

/** orders waits for new data in all its inputs; a later run rebuilt order_items alone (its tests passed). */
const quorumUnmet: Omit<Scenario, "fixture" | "loadInputs"> = {
  prepare: (m) => {
    m.nodes[ORDERS].config.state = { require_fresh_data_from: "all" };
  },
  laterRuns: [
    {
      statuses: (o) => ({
        [ORDER_ITEMS]: "success",
        ...Object.fromEntries(o.testsOf(ORDER_ITEMS).map((t) => [t, "pass"])),
      }),
      startedAt: "2026-01-03T00:00:00Z",
    },
  ],
};

interface Want {
  /** node -> "ACTION code" */
  decisions: Record<string, string>;
  /** ids `select` must select, as dbt resolves it */
  selects: string[];
  /** ids `select` must not select */
  notSelects: string[];
  /** node -> the checks its REUSE entry runs; any other node's entry has none */
  checks?: Record<string, string[]>;
  /** node -> its reason's message */
  message?: Record<string, RegExp>;
}

type Case = [string, Omit<Scenario, "fixture" | "loadInputs">, Want];

const cases: Case[] = [
  [
    "an edited unit test of an otherwise unchanged model: built, select runs the model and its unit test",
    { change: editUnitOrders },
    {
      decisions: {
        [ORDERS]: "BUILD unit_tests_changed",
        [CUSTOMERS]: "BUILD new_upstream_data",
        [STG_CUSTOMERS]: "REUSE unchanged",
        [STG_LOCATIONS]: "REUSE unchanged",
      },
      selects: [ORDERS, UNIT_ORDERS, NOT_NULL_ORDERS, CUSTOMERS],
      notSelects: [STG_CUSTOMERS, UNIT_LOCATIONS],
      message: {
        [ORDERS]: new RegExp(
          `^Its checks \\(1 unit test, 6 data tests\\) were added, removed or edited since they last passed \\(run ${RUN}\\); one digest covers all of its checks, so ODS can't tell whether a unit test or a data test changed\\. \`dbt build\` runs a unit test only right before building its model, so the model is built to run its unit test\\.$`,
        ),
      },
    },
  ],
  [
    "a model whose only check is a unit test: built, and the message names no data tests",
    { prepare: locationsUnitTestOnly, change: editUnitLocations },
    {
      decisions: {
        [STG_LOCATIONS]: "BUILD unit_tests_changed",
        [LOCATIONS]: "BUILD new_upstream_data",
        [ORDERS]: "REUSE unchanged",
      },
      selects: [STG_LOCATIONS, UNIT_LOCATIONS, LOCATIONS],
      notSelects: [ORDERS, UNIT_ORDERS],
      message: {
        [STG_LOCATIONS]: new RegExp(
          `^Its checks \\(1 unit test\\) were added, removed or edited since they last passed \\(run ${RUN}\\)\\. \`dbt build\` runs a unit test only right before building its model, so the model is built to run its unit test\\.$`,
        ),
      },
    },
  ],
  [
    "an edited data test of a node without unit tests: REUSE, its checks run",
    { change: acceptedValuesGainsOne },
    {
      decisions: { [CUSTOMERS]: "REUSE unchanged", [ORDERS]: "REUSE unchanged" },
      checks: { [CUSTOMERS]: [ACCEPTED_VALUES] },
      selects: [ACCEPTED_VALUES],
      notSelects: [CUSTOMERS, ORDERS, UNIT_ORDERS],
    },
  ],
  [
    "a data test of a model that also has a unit test: built (one digest can't tell which changed)",
    { change: whereOn(NOT_NULL_ORDERS) },
    {
      decisions: { [ORDERS]: "BUILD unit_tests_changed", [CUSTOMERS]: "BUILD new_upstream_data" },
      selects: [ORDERS, UNIT_ORDERS, NOT_NULL_ORDERS],
      notSelects: [STG_CUSTOMERS],
      message: { [ORDERS]: /can't tell whether a unit test or a data test changed/ },
    },
  ],
  [
    "a relationships test reading orders and stg_customers: orders is built, stg_customers reused with its checks",
    { change: whereOn(RELATIONSHIPS) },
    {
      decisions: {
        [ORDERS]: "BUILD unit_tests_changed",
        [STG_CUSTOMERS]: "REUSE unchanged",
        [CUSTOMERS]: "BUILD new_upstream_data",
      },
      checks: { [STG_CUSTOMERS]: [RELATIONSHIPS] },
      selects: [ORDERS, UNIT_ORDERS, RELATIONSHIPS],
      notSelects: [STG_CUSTOMERS],
    },
  ],
  [
    "over a REUSE within_lag_tolerance (orders reads the clock, within 7d): built",
    { prepare: ordersReadsClock("7d"), change: editUnitOrders },
    {
      decisions: { [ORDERS]: "BUILD unit_tests_changed", [CUSTOMERS]: "BUILD new_upstream_data" },
      selects: [ORDERS, UNIT_ORDERS],
      notSelects: [STG_CUSTOMERS],
    },
  ],
  [
    "control: within its lag tolerance and nothing changed, orders stays REUSE within_lag_tolerance",
    { prepare: ordersReadsClock("7d") },
    {
      decisions: { [ORDERS]: "REUSE within_lag_tolerance", [CUSTOMERS]: "REUSE unchanged" },
      selects: [],
      notSelects: [ORDERS, UNIT_ORDERS],
    },
  ],
  [
    "over a REUSE quorum_not_met (orders waits for all inputs; a later run rebuilt order_items alone): built",
    { ...quorumUnmet, change: editUnitOrders },
    {
      decisions: {
        [ORDER_ITEMS]: "REUSE unchanged",
        [ORDERS]: "BUILD unit_tests_changed",
        [CUSTOMERS]: "BUILD new_upstream_data",
      },
      selects: [ORDERS, UNIT_ORDERS],
      notSelects: [ORDER_ITEMS, STG_CUSTOMERS],
    },
  ],
  [
    "control: the same without the edit stays REUSE quorum_not_met",
    quorumUnmet,
    {
      decisions: { [ORDER_ITEMS]: "REUSE unchanged", [ORDERS]: "REUSE quorum_not_met" },
      selects: [],
      notSelects: [ORDERS, UNIT_ORDERS],
    },
  ],
  [
    "a data-class BUILD before it keeps its own reason (clock_dependent, no tolerance)",
    { prepare: ordersReadsClock(null), change: editUnitOrders },
    {
      decisions: { [ORDERS]: "BUILD clock_dependent", [CUSTOMERS]: "BUILD new_upstream_data" },
      selects: [ORDERS, UNIT_ORDERS],
      notSelects: [STG_CUSTOMERS],
    },
  ],
  [
    "a code change keeps its own reason (code_changed)",
    {
      change: (m) => {
        editUnitOrders(m);
        const n = m.nodes[ORDERS];
        n.compiled_code = `${n.compiled_code}\nwhere 1 = 1`;
      },
    },
    {
      decisions: { [ORDERS]: "BUILD code_changed", [CUSTOMERS]: "BUILD parent_code_changed" },
      selects: [ORDERS, UNIT_ORDERS],
      notSelects: [STG_CUSTOMERS],
    },
  ],
  [
    "control: nothing changed: REUSE, no checks, nothing selected",
    {},
    {
      decisions: {
        [ORDERS]: "REUSE unchanged",
        [STG_LOCATIONS]: "REUSE unchanged",
        [CUSTOMERS]: "REUSE unchanged",
      },
      selects: [],
      notSelects: [ORDERS, UNIT_ORDERS, UNIT_LOCATIONS],
    },
  ],
];

function decisionOf(out: Outcome, id: string): string {
  const e = out.plan.entries.find((x) => x.unique_id === id);
  if (!e) throw new Error(`${id} is not in the plan`);
  return `${e.action} ${e.reasons[0]!.code}`;
}

describe.skipIf(!sharedFixturesPresent)("unit_tests_changed on jaffle-shop-duckdb-1.12", () => {
  it.each(cases)("%s", (_name, scenario, want) => {
    const out = runScenario({
      fixture: FIXTURES.jaffle,
      loadInputs: { built: JAFFLE_CSVS, planned: JAFFLE_CSVS },
      ...scenario,
    });
    const got = Object.fromEntries(Object.keys(want.decisions).map((id) => [id, decisionOf(out, id)]));
    expect(got).toEqual(want.decisions);

    const withChecks = Object.fromEntries(
      out.plan.entries
        .filter((e: PlanEntry) => e.checks !== undefined)
        .map((e) => [e.unique_id, e.checks!.run]),
    );
    expect(Object.keys(withChecks).sort(), "entries with checks").toEqual(
      Object.keys(want.checks ?? {}).sort(),
    );
    for (const [id, tests] of Object.entries(want.checks ?? {})) {
      expect(withChecks[id], id).toEqual(expect.arrayContaining(tests));
      expect(
        withChecks[id]!.some((t) => t.startsWith("unit_test.")),
        `${id} runs no unit test`,
      ).toBe(false);
    }
    // No unit test is ever selected without its model: dbt build would not run it.
    const resolved = resolveSelect(out.project.graph, out.plan);
    for (const [id, check] of out.project.graph.checks) {
      if (check.kind !== "unit_test" || !resolved.has(id)) continue;
      expect(resolved.has(check.test.dependsOn.nodes[0]!), `${id} selected with its model`).toBe(true);
    }
    for (const id of want.selects)
      expect(resolved.has(id), `select (${out.plan.select}) selects ${id}`).toBe(true);
    for (const id of want.notSelects)
      expect(resolved.has(id), `select (${out.plan.select}) leaves out ${id}`).toBe(false);

    for (const [id, re] of Object.entries(want.message ?? {})) {
      const e = out.plan.entries.find((x) => x.unique_id === id)!;
      expect(e.reasons[0]!.message, id).toMatch(re);
    }
  });

  it("the unit tests are the reason's subjects, and the comment says why in a phrase", () => {
    const out = runScenario({
      fixture: FIXTURES.jaffle,
      loadInputs: { built: JAFFLE_CSVS, planned: JAFFLE_CSVS },
      change: editUnitOrders,
    });
    const e = out.plan.entries.find((x) => x.unique_id === ORDERS)!;
    expect(e.reasons[0]!.subjects).toEqual([UNIT_ORDERS]);
    expect(e.checks).toBeUndefined();
    expect(wordsToPlain(phraseReason(e.reasons[0]!, e, phraseContext(out.plan)))).toBe(
      "its tests changed since they passed, and `dbt build` runs its unit test only with the model: built so it runs",
    );
  });
});
