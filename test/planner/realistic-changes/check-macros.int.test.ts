/**
 * Classes 1 and 12 of issue 18 together: a root-project macro that replaces,
 * at run time, a macro a check (data test) runs. A generic test calls its
 * test macro (`test_not_null`), which dispatches (`adapter.dispatch(
 * 'test_not_null', 'dbt')`); dbt searches the root project before `dbt` for
 * that namespace (dbt-core core/dbt/context/providers.py
 * `BaseDatabaseWrapper._get_search_packages` and `dispatch`, with the test's
 * namespace from `TestContext._build_test_namespace`), so a root
 * `default__test_not_null` or `<adapter>__test_unique` changes what every
 * such test checks, though the manifest's static `depends_on` still names
 * dbt's. The node the tests read is reused (its build is the same), and its
 * checks run: `checks.reason.code == "checks_changed"`, naming exactly the
 * nodes whose tests run the override.
 *
 * Also the `version` component (class 4): the latest-version pointer view is
 * built with the view materialization, so a root override of a macro it
 * runs at run time changes what the latest version builds.
 */
import { describe, expect } from "vitest";
import type { PlanEntry } from "../../../src/state/plan.js";
import { each, type Row, rows } from "./cases.js";
import { addMacro, FIXTURES, type Json, type Oracle, type Outcome } from "./harness.js";

const CC = "BUILD code_changed";

/** jaffle-shop's two seeds over 1 MiB with their CSVs in the checkout (so their readers are reused). */
const JAFFLE_CSVS = {
  seedFiles: new Map([
    ["seed.jaffle_shop.raw_items", { path: "seeds/jaffle-data/raw_items.csv", sha256: "1".repeat(64) }],
    ["seed.jaffle_shop.raw_orders", { path: "seeds/jaffle-data/raw_orders.csv", sha256: "2".repeat(64) }],
  ]),
};

type TestFilter = (test: Json) => boolean;

const generic =
  (...names: string[]): TestFilter =>
  (t) =>
    t.resource_type === "test" && names.includes(t.test_metadata?.name);
const anyGeneric: TestFilter = (t) => t.resource_type === "test" && Boolean(t.test_metadata);

/** Each node reused in the baseline, with the tests of it that `filter` picks (nodes with none left out). */
function reusedWithTests(o: Oracle, out: Outcome, filter: TestFilter): Record<string, string[]> {
  const reused = new Set(out.baseline.entries.filter((e) => e.action === "REUSE").map((e) => e.unique_id));
  const hit: Record<string, string[]> = {};
  for (const id of o.planned) {
    if (!reused.has(id)) continue;
    const tests = o.testsOf(id).filter((t) => filter(o.m.nodes[t] ?? o.m.unit_tests?.[t]));
    if (tests.length > 0) hit[id] = tests;
  }
  return hit;
}

/**
 * What the changed checks of `hit` do: a node with a unit test among its
 * checks is built (unit_tests_changed: `dbt build` runs a unit test only with
 * its model), unless a parent is built already (its new_upstream_data comes
 * first); the others below such a node are built for new data; the rest keep
 * REUSE and run their checks (checks_changed).
 */
function checksOutcome(
  o: Oracle,
  hit: Record<string, string[]>,
): { effects: Record<string, string>; checksRun: Record<string, string[]> } {
  const moved = new Set<string>();
  const effects: Record<string, string> = {};
  for (const id of o.order) {
    if ((o.parents.get(id) ?? []).some((p) => moved.has(p))) {
      moved.add(id);
      continue;
    }
    if (hit[id] && o.testsOf(id).some((t) => t.startsWith("unit_test."))) {
      effects[id] = "BUILD unit_tests_changed";
      moved.add(id);
    }
  }
  const checksRun = Object.fromEntries(Object.entries(hit).filter(([id]) => !moved.has(id)));
  return { effects, checksRun };
}

/**
 * A row: `change` adds a root-project macro that the tests `filter` picks
 * run at run time; every reused node with such a test keeps REUSE and runs
 * its checks (checks_changed), or is built when it has a unit test
 * (checksOutcome), and no other node does.
 */
function checksOverride(
  what: string,
  fixture: string,
  change: (m: Json) => void,
  filter: TestFilter,
  waits: string,
  options: { minimum?: number; loadInputs?: Record<string, unknown> } = {},
): Row {
  const inputs = options.loadInputs;
  return {
    name: what,
    scenario: { fixture, change, ...(inputs ? { loadInputs: { built: inputs, planned: inputs } } : {}) },
    expect: (o, out) => {
      const hit = reusedWithTests(o, out, filter);
      if (Object.keys(hit).length < (options.minimum ?? 1))
        throw new Error(`${fixture}: ${Object.keys(hit).length} reused nodes with such tests`);
      return checksOutcome(o, hit);
    },
    also: (out) => {
      const { checksRun } = checksOutcome(out.changed, reusedWithTests(out.changed, out, filter));
      const withChecks = out.plan.entries
        .filter((e: PlanEntry) => e.checks !== undefined)
        .map((e) => e.unique_id)
        .sort();
      expect(withChecks, "the nodes whose checks run").toEqual(Object.keys(checksRun).sort());
    },
    waits,
  };
}

/** A root-project macro with the macros it calls, as dbt writes it into the manifest. */
function rootMacro(name: string, sql: string, calls: string[] = []) {
  return (m: Json) => {
    const id = addMacro(m, name, sql);
    m.macros[id].depends_on.macros = calls;
  };
}

const NOT_NULL_OR_EMPTY = `{% macro default__test_not_null(model, column_name) %}
{% set column_list = '*' if should_store_failures() else column_name %}
select {{ column_list }}
from {{ model }}
where {{ column_name }} is null or cast({{ column_name }} as varchar) = ''
{% endmacro %}`;

const UNIQUE_BIGQUERY = `{% macro bigquery__test_unique(model, column_name) %}
select {{ column_name }} as unique_field, count(*) as n_records
from {{ model }}
where {{ column_name }} is not null
group by {{ column_name }}
having count(*) > 1
{% endmacro %}`;

const UNIQUE_DEFAULT = `{% macro default__test_unique(model, column_name) %}
select {{ column_name }} as unique_field, count(*) as n_records
from {{ model }}
group by {{ column_name }}
having count(*) > 1 or {{ column_name }} is null
{% endmacro %}`;

const EXPRESSION_IS_TRUE = `{% macro default__test_expression_is_true(model, expression, column_name) %}
{% set column_list = '*' if should_store_failures() else "1" %}
select {{ column_list }}
from {{ model }}
where not(coalesce({% if column_name is not none %}{{ column_name }} {% endif %}{{ expression }}, false))
{% endmacro %}`;

const WHERE_SAMPLED = `{% macro default__get_where_subquery(relation) -%}
    {% set where = config.get('where', '') %}
    {% if where %}
        {%- set filtered -%}
            (select * from {{ relation }} where {{ where }} and _loaded_at > '2020-01-01') dbt_subquery
        {%- endset -%}
        {% do return(filtered) %}
    {%- else -%}
        {% do return(relation) %}
    {%- endif -%}
{%- endmacro %}`;

const TEST_UNIQUE = `{% test unique(model, column_name) %}
select {{ column_name }} from {{ model }} group by 1 having count(*) > 1
{% endtest %}`;

const checkOverrides: Row[] = [
  checksOverride(
    "root project adds `default__test_not_null` (duckdb): every reused node with a not_null test runs its checks (with a unit test: built)",
    FIXTURES.jaffle,
    rootMacro("default__test_not_null", NOT_NULL_OR_EMPTY, ["macro.dbt.should_store_failures"]),
    generic("not_null"),
    "checks run-time macros",
    { minimum: 3, loadInputs: JAFFLE_CSVS },
  ),
  checksOverride(
    "root project adds `bigquery__test_unique`: dispatch finds it before dbt_bigquery's own",
    FIXTURES.trade,
    rootMacro("bigquery__test_unique", UNIQUE_BIGQUERY),
    generic("unique"),
    "checks run-time macros",
    { minimum: 3 },
  ),
  checksOverride(
    "root project adds `default__test_unique` (bigquery): the root project is searched before dbt_bigquery's `bigquery__test_unique`",
    FIXTURES.salary,
    rootMacro("default__test_unique", UNIQUE_DEFAULT),
    generic("unique"),
    "checks run-time macros",
    { minimum: 2 },
  ),
  checksOverride(
    "root project adds dbt_utils' dispatch candidate `default__test_expression_is_true` (namespace dbt_utils: root project first)",
    FIXTURES.jaffle,
    rootMacro("default__test_expression_is_true", EXPRESSION_IS_TRUE, ["macro.dbt.should_store_failures"]),
    generic("expression_is_true"),
    "checks run-time macros",
    { minimum: 3, loadInputs: JAFFLE_CSVS },
  ),
  checksOverride(
    "root project adds `default__get_where_subquery`: every generic test wraps its model in it",
    FIXTURES.trade,
    rootMacro("default__get_where_subquery", WHERE_SAMPLED),
    anyGeneric,
    "checks run-time macros",
    { minimum: 10 },
  ),
  checksOverride(
    "root project overrides the test `unique` itself (dbt's parse lists the root's `test_unique` in the tests' depends_on)",
    FIXTURES.jaffle,
    (m) => {
      const id = addMacro(m, "test_unique", TEST_UNIQUE);
      for (const n of Object.values(m.nodes as Record<string, Json>)) {
        if (n.resource_type !== "test" || n.test_metadata?.name !== "unique") continue;
        n.depends_on.macros = n.depends_on.macros.map((x: string) =>
          x === "macro.dbt.test_unique" ? id : x,
        );
      }
    },
    generic("unique"),
    "",
    { minimum: 3, loadInputs: JAFFLE_CSVS },
  ),
  checksOverride(
    "control: a root `default__test_not_null_proportion` no test of the project runs changes no check",
    FIXTURES.jaffle,
    rootMacro(
      "default__test_not_null_proportion",
      "{% macro default__test_not_null_proportion(model, group_by_columns) %}select 1 where false{% endmacro %}",
    ),
    () => false,
    "",
    { minimum: 0, loadInputs: JAFFLE_CSVS },
  ),
];

// ---------------------------------------------------------------- 4 (pointer view)

const V = (v: number) => `model.dbt_bouncer_test_project.customers.v${v}`;

const CREATE_VIEW_DUCKDB = `{% macro duckdb__create_view_as(relation, sql) -%}
  {% set sql_header = config.get('sql_header', none) %}
  {{ sql_header if sql_header is not none }}
  create view {{ relation }} as (
    {{ sql }}
  ) -- created by the project's view macro
{%- endmacro %}`;

const pointerView: Row[] = [
  {
    name: "root project adds `duckdb__create_view_as` (latest_version_pointer enabled): the latest version's pointer view is built by it, and every view",
    scenario: {
      fixture: FIXTURES.bouncer12,
      prepare: (m) => {
        for (const v of [1, 2, 3])
          m.nodes[V(v)].config.latest_version_pointer = { enabled: true, alias: null };
      },
      change: rootMacro("duckdb__create_view_as", CREATE_VIEW_DUCKDB),
    },
    expect: (o) => {
      const views = o.reaching("duckdb__create_view_as");
      if (views.length < 1) throw new Error("no view reaches create_view_as");
      if (views.includes(V(3))) throw new Error("customers.v3 reaches create_view_as by its own build");
      return { effects: { ...each(views, CC), [V(3)]: CC }, components: { [V(3)]: ["version"] } };
    },
    waits: "checks run-time macros",
  },
];

describe("realistic changes: macros that checks and pointer views run", () => {
  rows("1+12 check macros", checkOverrides);
  rows("1+4 pointer view macros", pointerView);
});
