/**
 * The reference resolver of dbt's selection (test/support/dbt-selection-reference.ts)
 * is itself tested: hand-checked expectations on real manifests (jaffle-shop
 * for names, graph operators, folders, paths, intersections and exclusions;
 * dbt-bouncer for versioned models, packages and source tests), and its fqn
 * index against the literal port of dbt's is_selected_node on every name and
 * fqn prefix of every fixture.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  dbtBuildRuns,
  dbtSelected,
  fqnSearchByIndex,
  fqnSearchByScan,
  globTree,
  isSelectedNode,
  parseCriterion,
  pyFnmatch,
  type RefIndex,
  referenceIndex,
  resolveBuildCommand,
  shellWords,
} from "../support/dbt-selection-reference.js";
import { realFixtureNames } from "../support/select-property.js";
import { SHARED_DBT_FIXTURES, sharedFixture, sharedFixturesAt } from "../support/shared-fixtures.js";

sharedFixturesAt(SHARED_DBT_FIXTURES, true);

const indexes = new Map<string, RefIndex>();
function indexOf(name: string): RefIndex {
  let index = indexes.get(name);
  if (!index) {
    index = referenceIndex(JSON.parse(readFileSync(sharedFixture(name, "manifest.json"), "utf8")));
    indexes.set(name, index);
  }
  return index;
}

const JAFFLE = "jaffle-shop-duckdb-1.12";
const BOUNCER = "dbt-bouncer-duckdb-1.12-docs";

const j = {
  model: (n: string) => `model.jaffle_shop.${n}`,
  test: (n: string) => `test.jaffle_shop.${n}`,
  unit: (n: string) => `unit_test.jaffle_shop.${n}`,
};
const J_TESTS = {
  stg_orders: [
    "not_null_stg_orders_order_id.81cfe2fe64",
    "unique_stg_orders_order_id.e3b841c71a",
    "dbt_utils_expression_is_true_stg_orders_order_total_tax_paid_subtotal.bfb885d7fc",
    "relationships_stg_order_items_order_id__order_id__ref_stg_orders_.dbe9930c54",
  ],
  stg_order_items: [
    "not_null_stg_order_items_order_item_id.26a7e2bc35",
    "unique_stg_order_items_order_item_id.90e333a108",
    "not_null_stg_order_items_order_id.2063801f96",
    "relationships_stg_order_items_order_id__order_id__ref_stg_orders_.dbe9930c54",
  ],
  stg_locations: [
    "not_null_stg_locations_location_id.3d237927d2",
    "unique_stg_locations_location_id.2e2fc58ecc",
  ],
  stg_customers: [
    "not_null_stg_customers_customer_id.e2cfb1f9aa",
    "unique_stg_customers_customer_id.c7614daada",
    "relationships_orders_customer_id__customer_id__ref_stg_customers_.918495ce16",
  ],
  stg_products: ["not_null_stg_products_product_id.6373b0acf3", "unique_stg_products_product_id.7d950a1467"],
  stg_supplies: [
    "not_null_stg_supplies_supply_uuid.515c6eda6d",
    "unique_stg_supplies_supply_uuid.c9e3edcfed",
  ],
  orders: [
    "not_null_orders_order_id.cf6c17daed",
    "unique_orders_order_id.fed79b3a6e",
    "relationships_orders_customer_id__customer_id__ref_stg_customers_.918495ce16",
    "dbt_utils_expression_is_true_orders_order_items_subtotal_subtotal.b1416e07ec",
    "dbt_utils_expression_is_true_orders_order_total_subtotal_tax_paid.2aba85df92",
    "relationships_order_items_order_id__order_id__ref_orders_.a799023ee8",
  ],
  customers: [
    "not_null_customers_customer_id.5c9bf9911d",
    "unique_customers_customer_id.c5af1ff4b1",
    "accepted_values_customers_customer_type__new__returning.d12f0947c8",
    "dbt_utils_expression_is_true_customers_lifetime_spend_pretax_lifetime_tax_paid_lifetime_spend.ad37c989b6",
    "relationships_orders_customer_id__customer_id__ref_stg_customers_.918495ce16",
  ],
  order_items: [
    "not_null_order_items_order_item_id.c6fda366bd",
    "unique_order_items_order_item_id.7d0a7e900a",
    "relationships_order_items_order_id__order_id__ref_orders_.a799023ee8",
  ],
};
const tests = (...models: (keyof typeof J_TESTS)[]) => models.flatMap((m) => J_TESTS[m].map(j.test));
const UNIT = {
  stg_locations: j.unit("stg_locations.test_does_location_opened_at_trunc_to_date"),
  orders: j.unit("orders.test_order_items_compute_to_bools_correctly"),
  order_items: j.unit("order_items.test_supply_costs_sum_correctly"),
};
const STAGING = [
  "stg_orders",
  "stg_order_items",
  "stg_locations",
  "stg_customers",
  "stg_products",
  "stg_supplies",
];
const SOURCES = [
  "raw_customers",
  "raw_orders",
  "raw_items",
  "raw_stores",
  "raw_products",
  "raw_supplies",
].map((t) => `source.jaffle_shop.ecom.${t}`);
const sorted = (ids: Iterable<string>) => [...new Set(ids)].sort();

describe("the reference resolver of dbt's selection, on jaffle-shop (hand-checked)", () => {
  it.each<[string, string[], string[], string[]]>([
    // A name: the model and, eagerly, every test with it among its parents (the relationship test to stg_order_items too).
    ["a name", ["stg_orders"], [], [j.model("stg_orders"), ...tests("stg_orders")]],
    // name+: its descendants, their tests, and the unit test of a model that runs.
    [
      "name+",
      ["stg_locations+"],
      [],
      [j.model("stg_locations"), j.model("locations"), ...tests("stg_locations"), UNIT.stg_locations],
    ],
    // The fqn of orders is a prefix of its unit test's fqn (selected directly) and equal to a metric's and a semantic model's (run nothing).
    [
      "fqn:pkg.a.b",
      ["fqn:jaffle_shop.marts.orders"],
      [],
      [j.model("orders"), ...tests("orders"), UNIT.orders],
    ],
    // A folder prefix selects its models and tests; eager selection adds a marts test on stg_customers.
    [
      "a folder fqn prefix",
      ["fqn:jaffle_shop.staging"],
      [],
      [
        ...STAGING.map(j.model),
        ...tests(
          "stg_orders",
          "stg_order_items",
          "stg_locations",
          "stg_customers",
          "stg_products",
          "stg_supplies",
        ),
        UNIT.stg_locations,
      ],
    ],
    [
      "a file path",
      ["path:models/staging/stg_orders.sql"],
      [],
      [j.model("stg_orders"), ...tests("stg_orders")],
    ],
    // A folder path: its models, the tests and unit tests defined in its yml files, its sources (running nothing themselves).
    [
      "a folder path",
      ["models/staging"],
      [],
      [
        ...STAGING.map(j.model),
        ...tests(
          "stg_orders",
          "stg_order_items",
          "stg_locations",
          "stg_customers",
          "stg_products",
          "stg_supplies",
        ),
        UNIT.stg_locations,
      ],
    ],
    ["an intersection with a resource type", ["stg_orders,resource_type:test"], [], tests("stg_orders")],
    // The exclusion is eager too: order_items goes, with its tests, the relationship test to orders included.
    [
      "an exclusion",
      ["stg_orders+"],
      ["order_items"],
      [
        j.model("stg_orders"),
        j.model("orders"),
        j.model("customers"),
        ...tests("stg_orders", "customers"),
        ...tests("orders").filter((t) => !t.includes("ref_orders_")),
        UNIT.orders,
      ],
    ],
    // A unit test selected without its model never runs under dbt build (BuildTask.get_graph_queue).
    ["a unit test alone", ["unit_test:test_order_items_compute_to_bools_correctly"], [], []],
    [
      "a unit test with its model",
      ["unit_test:test_order_items_compute_to_bools_correctly", "orders"],
      [],
      [j.model("orders"), ...tests("orders"), UNIT.orders],
    ],
    // Sources run nothing; jaffle-shop's sources have no tests.
    ["a source", ["source:ecom.raw_orders"], [], []],
    [
      "two spaces in one word are two criteria",
      ["stg_orders stg_products"],
      [],
      [j.model("stg_orders"), ...tests("stg_orders"), j.model("stg_products"), ...tests("stg_products")],
    ],
  ])("%s: --select %j --exclude %j", (_label, select, exclude, runs) => {
    const index = indexOf(JAFFLE);
    expect(sorted(dbtBuildRuns(index, dbtSelected(index, select, exclude)))).toEqual(sorted(runs));
  });

  it("selects what no build runs: sources, semantic models, metrics, saved queries", () => {
    const index = indexOf(JAFFLE);
    expect(sorted(dbtSelected(index, ["path:models/staging/__sources.yml"], []))).toEqual(sorted(SOURCES));
    const orders = dbtSelected(index, ["fqn:jaffle_shop.marts.orders"], []);
    expect(orders.has("semantic_model.jaffle_shop.orders")).toBe(true);
    expect(orders.has("metric.jaffle_shop.orders")).toBe(true);
    const downstream = dbtSelected(index, ["orders+"], []);
    expect(downstream.has("saved_query.jaffle_shop.order_metrics")).toBe(true);
    expect(downstream.has("metric.jaffle_shop.average_order_value")).toBe(true);
  });

  it("no --select is dbt's default selection: every executable resource", () => {
    const index = indexOf(JAFFLE);
    const all = dbtBuildRuns(index, dbtSelected(index, [], []));
    // 13 models, 6 seeds, 27 tests, 3 unit tests.
    expect(all.size).toBe(13 + 6 + 27 + 3);
    expect(sorted(dbtBuildRuns(index, dbtSelected(index, ["fqn:*"], [])))).toEqual(sorted(all));
  });

  it("the plan's shell words: bare, single-quoted, an escaped quote; no command runs nothing", () => {
    expect(shellWords("stg_orders 'fqn:*' 'it'\\''s' a,b")).toEqual(["stg_orders", "fqn:*", "it's", "a,b"]);
    expect(() => shellWords("fqn:*")).toThrow(/unquoted/);
    const index = indexOf(JAFFLE);
    expect(resolveBuildCommand(index, "", "").size).toBe(0);
    expect(sorted(resolveBuildCommand(index, "'stg_orders+'", "order_items"))).toEqual(
      sorted(dbtBuildRuns(index, dbtSelected(index, ["stg_orders+"], ["order_items"]))),
    );
  });
});

describe("the reference resolver on dbt-bouncer: versions, packages, source tests (hand-checked)", () => {
  const b = (kind: string, n: string) => `${kind}.dbt_bouncer_test_project.${n}`;
  const v2Tests = [
    "unique_customers_v2_customer_id.bed577df77",
    "not_null_customers_v2_customer_id.2a5e5f841c",
    "not_null_customers_v2_is_recurring_customer.c09f5da694",
  ].map((t) => b("test", t));
  it.each<[string, string[], string[]]>([
    // name_v2 or name.v2 picks one version; its tests and its unit test come with it.
    [
      "customers_v2",
      ["customers_v2"],
      [b("model", "customers.v2"), ...v2Tests, b("unit_test", "customers.test_clv_logic_historical_v2")],
    ],
    [
      "customers.v2",
      ["customers.v2"],
      [b("model", "customers.v2"), ...v2Tests, b("unit_test", "customers.test_clv_logic_historical_v2")],
    ],
    [
      "the full fqn of a version",
      ["fqn:dbt_bouncer_test_project.marts.finance.customers.v2"],
      [b("model", "customers.v2"), ...v2Tests, b("unit_test", "customers.test_clv_logic_historical_v2")],
    ],
    [
      "a source and its test",
      ["source:dummy_source.customers"],
      [b("test", "source_not_null_dummy_source_customers_id.ee2ad64a8c")],
    ],
  ])("%s", (_label, select, runs) => {
    const index = indexOf(BOUNCER);
    expect(sorted(dbtBuildRuns(index, dbtSelected(index, select, [])))).toEqual(sorted(runs));
  });

  it("a versioned model's bare name selects every version", () => {
    const index = indexOf(BOUNCER);
    const models = [...dbtSelected(index, ["customers"], [])].filter((id) => id.startsWith("model.")).sort();
    expect(models).toEqual([
      b("model", "customers.v1"),
      b("model", "customers.v2"),
      b("model", "customers.v3"),
    ]);
  });

  it("two unit tests of two versions share one fqn, so one fqn: selects both", () => {
    const index = indexOf(BOUNCER);
    const got = dbtSelected(
      index,
      ["fqn:dbt_bouncer_test_project.marts.finance.customers.test_clv_logic_historical"],
      [],
    );
    expect(sorted(got)).toEqual(
      sorted([
        b("unit_test", "customers.test_clv_logic_historical_v1"),
        b("unit_test", "customers.test_clv_logic_historical_v2"),
      ]),
    );
  });

  it("matching without the package: an fqn without its first part", () => {
    const index = indexOf(BOUNCER);
    const withPkg = fqnSearchByScan(index, "dbt_bouncer_test_project.staging.crm.stg_customers");
    expect(sorted(fqnSearchByScan(index, "staging.crm.stg_customers"))).toEqual(sorted(withPkg));
    expect(withPkg.has(b("model", "stg_customers"))).toBe(true);
  });
});

describe("the reference's pieces", () => {
  it.each<[string, string, boolean]>([
    ["abc", "a*", true],
    ["a.b.c", "a*c", true],
    ["abc", "a?c", true],
    ["abc", "a[bx]c", true],
    ["abc", "a[!b]c", false],
    ["a[c", "a[c", true],
    ["ABC", "abc", false],
  ])("fnmatch(%j, %j) is %j", (name, pattern, want) => {
    expect(pyFnmatch(name, pattern)).toBe(want);
  });

  it.each<[string[], string, boolean, boolean]>([
    [["pkg", "a", "b"], "b", false, true],
    [["pkg", "a", "b"], "pkg.a", false, true],
    [["pkg", "a", "b"], "pkg.a.b.c", false, false],
    [["pkg", "a", "b"], "pkg.*.b", false, true],
    [["pkg", "a.x", "b"], "pkg.a.x", false, true],
    [["pkg", "m", "v1"], "m", true, true],
    [["pkg", "m", "v1"], "m_v1", true, true],
    [["pkg", "m", "v1"], "m.v2", true, false],
  ])("is_selected_node(%j, %j, versioned %j) is %j", (fqn, selector, versioned, want) => {
    expect(isSelectedNode(fqn, selector, versioned)).toBe(want);
  });

  it.each<[string, Partial<ReturnType<typeof parseCriterion>>]>([
    ["a+", { method: "fqn", value: "a", children: true, parents: false }],
    ["2+a+3", { method: "fqn", value: "a", parents: true, parentsDepth: 2, childrenDepth: 3 }],
    ["@a", { method: "fqn", value: "a", childrensParents: true }],
    ["models/x", { method: "path", value: "models/x" }],
    ["x.sql", { method: "file", value: "x.sql" }],
    ["config.materialized:table", { method: "config", args: ["materialized"], value: "table" }],
  ])("parses %j", (raw, want) => {
    expect(parseCriterion(raw)).toMatchObject(want);
  });

  it("glob over the project's tree", () => {
    const tree = new Set([
      "models",
      "models/a",
      "models/a/x.sql",
      "models/b",
      "models/b/y.sql",
      "models/z.sql",
    ]);
    expect(sorted(globTree(tree, "models/a"))).toEqual(["models/a"]);
    expect(sorted(globTree(tree, "models/*"))).toEqual(["models/a", "models/b", "models/z.sql"]);
    expect(sorted(globTree(tree, "models/**/*.sql"))).toEqual([
      "models/a/x.sql",
      "models/b/y.sql",
      "models/z.sql",
    ]);
    expect(sorted(globTree(tree, "nope"))).toEqual([]);
  });

  it.each(realFixtureNames())(
    "%s: the fqn index finds what the literal port finds, for every name and fqn prefix",
    (name) => {
      const index = indexOf(name);
      const selectors = new Set<string>();
      for (const m of index.members.values()) {
        selectors.add(m.name);
        for (let k = 1; k <= m.fqn.length; k++) selectors.add(m.fqn.slice(0, k).join("."));
        if (m.fqn.length > 1) selectors.add(m.fqn.slice(1).join("."));
        selectors.add(m.fqn.slice(-2).join("_"));
      }
      // Every selector on small manifests; an even sample of 400 on large ones (the scan is quadratic).
      const all = [...selectors].sort();
      const step = Math.max(1, Math.ceil(all.length / 400));
      for (const s of all.filter((_, i) => i % step === 0)) {
        expect(sorted(fqnSearchByIndex(index, s)), s).toEqual(sorted(fqnSearchByScan(index, s)));
      }
    },
  );
});
