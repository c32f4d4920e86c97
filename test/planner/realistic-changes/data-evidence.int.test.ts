/**
 * Classes 8, 9 and 10 of issue 18: builds whose data can't be the same next
 * time although no code changed: clock-dependent SQL, source versions that
 * move by less than a millisecond, and recorded builds that didn't build the
 * whole node (--empty, --sample, bounded or partly failed microbatch).
 */
import { describe } from "vitest";
import { each, type Row, rows } from "./cases.js";
import { editSql, FIXTURES, fullBuildStatuses, type Json, type Oracle } from "./harness.js";

const CLOCK = "BUILD clock_dependent";
const PARTIAL = "BUILD last_build_partial";

/** A model gains a column computed from `expr` (compiled and raw, as a user edit gives). */
function addColumn(id: string, expr: string) {
  return (m: Json) =>
    editSql(m.nodes[id], (sql) => `select *, ${expr} as ods_loaded_on from (\n${sql}\n) as ods_edit`);
}

const stgCustomers = "model.jaffle_shop.stg_customers";
const pkFact = "model.planetkart_analytics.fact_orders";
const pkRegions = "model.planetkart_analytics.dim_regions";
const pkProducts = "model.planetkart_analytics.dim_products";

function clockRow(name: string, fixture: string, id: string, expr: string): Row {
  return {
    name,
    scenario: { fixture, change: addColumn(id, expr), recordChanged: true },
    expect: () => ({ effects: { [id]: CLOCK } }),
    waits: "rules",
  };
}

const clock: Row[] = [
  clockRow(
    "duckdb model gains `current_date`, built, planned again",
    FIXTURES.jaffle,
    stgCustomers,
    "current_date",
  ),
  clockRow("duckdb model gains `now()`", FIXTURES.jaffle, "model.jaffle_shop.customers", "now()"),
  clockRow("snowflake model gains `current_timestamp()`", FIXTURES.planetkart, pkFact, "current_timestamp()"),
  clockRow("snowflake model gains `getdate()`", FIXTURES.planetkart, pkRegions, "getdate()"),
  clockRow("snowflake model gains `sysdate()`", FIXTURES.planetkart, pkProducts, "sysdate()"),
  clockRow(
    "bigquery model gains `current_timestamp()`",
    FIXTURES.salary,
    "model.salary_survey.stg_survey_data",
    "current_timestamp()",
  ),
  clockRow(
    "duckdb dbt 1.7 (manifest v11) model gains `current_date`",
    FIXTURES.bouncer7,
    "model.dbt_bouncer_test_project.stg_payments",
    "current_date",
  ),
  {
    name: "clock SQL with freshness.build_after 1 day, planned 6 h after its build: within tolerance",
    scenario: {
      fixture: FIXTURES.jaffle,
      change: (m) => {
        addColumn(stgCustomers, "current_date")(m);
        m.nodes[stgCustomers].config.freshness = {
          build_after: { count: 1, period: "day", updates_on: "any" },
        };
      },
      recordChanged: true,
      planAt: "2026-01-02T06:00:00Z",
    },
    expect: () => ({ effects: { [stgCustomers]: "REUSE within_lag_tolerance" } }),
    waits: "rules",
  },
  {
    name: "clock SQL with freshness.build_after 1 day, planned 3 days after its build: due",
    scenario: {
      fixture: FIXTURES.jaffle,
      change: (m) => {
        addColumn(stgCustomers, "current_date")(m);
        m.nodes[stgCustomers].config.freshness = {
          build_after: { count: 1, period: "day", updates_on: "any" },
        };
      },
      recordChanged: true,
    },
    expect: () => ({ effects: { [stgCustomers]: CLOCK } }),
    waits: "rules",
  },
  {
    name: "clock SQL with config.state.lag_tolerance 4h, planned 2 h after its build: within tolerance",
    scenario: {
      fixture: FIXTURES.planetkart,
      change: (m) => {
        addColumn(pkRegions, "getdate()")(m);
        m.nodes[pkRegions].config.state = { lag_tolerance: "4h" };
      },
      recordChanged: true,
      planAt: "2026-01-02T02:00:00Z",
    },
    expect: () => ({ effects: { [pkRegions]: "REUSE within_lag_tolerance" } }),
    waits: "rules",
  },
  {
    name: "`'now()'` inside a string literal is not a clock",
    scenario: { fixture: FIXTURES.jaffle, change: addColumn(stgCustomers, "'now()'"), recordChanged: true },
    expect: () => ({ effects: {} }),
    waits: "",
  },
  {
    name: 'a column named `"now"` is not a clock',
    scenario: {
      fixture: FIXTURES.jaffle,
      change: (m) =>
        editSql(
          m.nodes[stgCustomers],
          (sql) => `select "now" from (select *, 1 as "now" from (\n${sql}\n) as a) as b`,
        ),
      recordChanged: true,
    },
    expect: () => ({ effects: {} }),
    waits: "",
  },
];

// ---------------------------------------------------------------- 9

const MOVED_US = "2025-12-31T00:00:00.000400+00:00";
const pkCustomersSource = "source.planetkart_analytics.planetkart_raw.customers";

function sourceRow(
  name: string,
  fixture: string,
  pick: (o: Oracle) => string[],
  to: string,
  waits: string,
): Row {
  return {
    name,
    scenario: { fixture, sourcesNow: (o) => Object.fromEntries(pick(o).map((s) => [s, to])) },
    expect: (o) => ({
      effects: each(
        pick(o).flatMap((s) => o.readersOfSource(s)),
        "BUILD new_upstream_data",
      ),
    }),
    waits,
  };
}

const sourceVersions: Row[] = [
  sourceRow(
    "one source's max_loaded_at moves by 300 µs",
    FIXTURES.planetkart,
    () => [pkCustomersSource],
    MOVED_US,
    "runs",
  ),
  sourceRow(
    "every source's max_loaded_at moves by 300 µs",
    FIXTURES.trade,
    (o) => Object.keys(o.m.sources),
    MOVED_US,
    "runs",
  ),
  sourceRow(
    "a seed-loaded source's max_loaded_at moves by 300 µs",
    FIXTURES.jaffle,
    () => ["source.jaffle_shop.ecom.raw_customers"],
    MOVED_US,
    "runs",
  ),
  sourceRow(
    "control: one source moves by one second",
    FIXTURES.planetkart,
    () => [pkCustomersSource],
    "2025-12-31T00:00:01.000100+00:00",
    "",
  ),
];

// ---------------------------------------------------------------- 10

const LATER = "2026-01-03T00:00:00Z";
const bouncerStgOrders = "model.dbt_bouncer_test_project.stg_orders";
const rmsProducts = "model.analytics.stg_rms__products";

function microbatch(m: Json) {
  const c = m.nodes[rmsProducts].config;
  Object.assign(c, {
    incremental_strategy: "microbatch",
    event_time: "updated_at",
    batch_size: "day",
    begin: "2025-01-01",
  });
}

/**
 * Every node of a whole-project partial run: last_build_partial; a seed may
 * also count as whole (dbt loads its CSV whatever the sampling), which the
 * runs branch decides.
 */
function wholeRunPartial(o: Oracle): Record<string, string> {
  return Object.fromEntries(
    o.planned.map((id) => [id, o.node(id).resource_type === "seed" ? `${PARTIAL}|REUSE unchanged` : PARTIAL]),
  );
}

const partial: Row[] = [
  {
    name: "the last build was `dbt build --empty` of the whole project",
    scenario: {
      fixture: FIXTURES.bouncer11,
      laterRuns: [{ statuses: (o) => fullBuildStatuses(o), args: { empty: true }, startedAt: LATER }],
    },
    expect: (o) => ({ effects: wholeRunPartial(o) }),
    waits: "runs",
  },
  {
    name: "the last build of one model was `dbt build --empty --select stg_orders`",
    scenario: {
      fixture: FIXTURES.bouncer11,
      laterRuns: [
        { statuses: () => ({ [bouncerStgOrders]: "success" }), args: { empty: true }, startedAt: LATER },
      ],
    },
    expect: () => ({ effects: { [bouncerStgOrders]: PARTIAL } }),
    waits: "runs",
  },
  {
    name: "the last build was `dbt build --sample='3 days'`",
    scenario: {
      fixture: FIXTURES.jaffle,
      laterRuns: [{ statuses: (o) => fullBuildStatuses(o), args: { sample: "3 days" }, startedAt: LATER }],
    },
    expect: (o) => ({ effects: wholeRunPartial(o) }),
    waits: "runs",
  },
  {
    name: "a microbatch model built with --event-time-start/--event-time-end",
    scenario: {
      fixture: FIXTURES.pysnow,
      prepare: microbatch,
      laterRuns: [
        {
          statuses: (o) => fullBuildStatuses(o),
          args: { event_time_start: "2026-01-01T00:00:00", event_time_end: "2026-01-02T00:00:00" },
          startedAt: LATER,
        },
      ],
    },
    expect: () => ({ effects: { [rmsProducts]: PARTIAL } }),
    waits: "runs",
  },
  {
    name: "a microbatch model whose last run failed some batches (`partial success`)",
    scenario: {
      fixture: FIXTURES.pysnow,
      prepare: microbatch,
      laterRuns: [
        {
          statuses: (o) => ({
            ...fullBuildStatuses(o),
            [rmsProducts]: "partial success",
            ...each(o.descendants([rmsProducts]), "skipped"),
          }),
          results: () => ({
            [rmsProducts]: {
              batch_results: {
                successful: [["2025-12-30T00:00:00Z", "2025-12-31T00:00:00Z"]],
                failed: [["2025-12-31T00:00:00Z", "2026-01-01T00:00:00Z"]],
              },
            },
          }),
          startedAt: LATER,
        },
      ],
    },
    expect: () => ({ effects: { [rmsProducts]: PARTIAL } }),
    waits: "runs",
  },
  {
    name: "control: a later full build (no partial args) leaves nothing to do",
    scenario: {
      fixture: FIXTURES.jaffle,
      laterRuns: [{ statuses: (o) => fullBuildStatuses(o), startedAt: LATER }],
    },
    expect: () => ({ effects: {} }),
    waits: "",
  },
];

describe("realistic changes: data evidence", () => {
  rows("8 clock-dependent SQL", clock);
  rows("9 source versions", sourceVersions);
  rows("10 partial runs", partial);
});
