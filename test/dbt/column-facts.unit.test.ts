/**
 * Column facts and the classification of a direct change, table-driven on the
 * real jaffle-shop (DuckDB) manifest: each case edits a model's compiled SQL
 * the way a real change does, and asserts the classification and, for every
 * real child of the model, whether the change reaches it. Any child whose
 * output could change must be `reads_change` (zero missed changes).
 */
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { changeReach, classifyChange } from "../../src/dbt/column-facts/classify-change.js";
import { computeColumnFacts } from "../../src/dbt/column-facts/compute-facts.js";
import type { ColumnFacts } from "../../src/dbt/column-facts/facts.js";
import { loadAnalyzeSql } from "../../src/runtime/column-facts-analyzer.js";
import { sharedFixture, sharedFixturesPresent } from "../support/shared-fixtures.js";

const loaded = await loadAnalyzeSql();
if (!loaded.ok) throw new Error(loaded.error);
const polyglotAnalyse = loaded.analyze;

interface ManifestNode {
  unique_id: string;
  resource_type: string;
  language?: string;
  compiled_code?: string;
  relation_name?: string | null;
  depends_on?: { nodes?: string[] };
}
interface Manifest {
  metadata: { adapter_type: string };
  nodes: Record<string, ManifestNode>;
  sources: Record<string, ManifestNode>;
}

function load(folder: string): Manifest {
  return JSON.parse(readFileSync(sharedFixture(folder, "manifest.json"), "utf8")) as Manifest;
}

function factsOf(manifest: Manifest, id: string, sql?: string): ColumnFacts {
  const node = manifest.nodes[id];
  if (!node) throw new Error(`no ${id}`);
  const parents = (node.depends_on?.nodes ?? []).map((parent) => ({
    uniqueId: parent,
    relation: (manifest.nodes[parent] ?? manifest.sources[parent])?.relation_name ?? null,
  }));
  return computeColumnFacts(
    {
      language: node.language ?? "sql",
      compiledSql: sql ?? node.compiled_code,
      adapterType: manifest.metadata.adapter_type,
      parents,
    },
    polyglotAnalyse,
  );
}

function childrenOf(manifest: Manifest, id: string): string[] {
  return Object.values(manifest.nodes)
    .filter((node) => node.resource_type === "model" && (node.depends_on?.nodes ?? []).includes(id))
    .map((node) => node.unique_id)
    .sort();
}

function edit(sql: string, from: string | RegExp, to: string): string {
  const edited = sql.replace(from, to);
  if (edited === sql) throw new Error(`the edit found no ${from}`);
  return edited;
}

interface Case {
  name: string;
  change: (sql: string) => string;
  classification: { added?: string[]; removed?: string[]; changed?: string[]; rowSet?: boolean } | "unknown";
  /** Every real child of the model: true when the change reaches it. */
  reaches: Record<string, boolean>;
}

const DUCKDB = "jaffle-shop-duckdb-1.12";
const STG_ORDERS = "model.jaffle_shop.stg_orders";
const ORDERS = "model.jaffle_shop.orders"; // select * over stg_orders: reads "*"
const ORDER_ITEMS = "model.jaffle_shop.order_items"; // reads order_id (join) and ordered_at of stg_orders

const STG_ORDERS_COLUMNS = [
  "order_id",
  "location_id",
  "customer_id",
  "subtotal_cents",
  "tax_paid_cents",
  "order_total_cents",
  "subtotal",
  "tax_paid",
  "order_total",
  "ordered_at",
];

const stgOrdersCases: Case[] = [
  {
    name: "formatting only (spaces, keyword case, a comment)",
    change: (sql) =>
      edit(
        edit(
          edit(sql, "from source", "FROM   source -- the import"),
          "select * from renamed",
          "SELECT *\n  FROM renamed",
        ),
        "date_trunc('day', ordered_at) as ordered_at",
        "DATE_TRUNC('day',ordered_at)   AS ordered_at",
      ),
    classification: {},
    reaches: { [ORDERS]: false, [ORDER_ITEMS]: false },
  },
  {
    name: "a column added",
    change: (sql) =>
      edit(
        sql,
        "date_trunc('day', ordered_at) as ordered_at",
        "date_trunc('day', ordered_at) as ordered_at,\n        order_total > 0 as is_paid",
      ),
    classification: { added: ["is_paid"] },
    reaches: { [ORDERS]: true, [ORDER_ITEMS]: false },
  },
  {
    name: "one column's expression edited that only the star reader reads",
    change: (sql) =>
      edit(
        sql,
        "(subtotal / 100)::numeric(16, 2) as subtotal",
        "(subtotal / 100.0)::numeric(16, 2) as subtotal",
      ),
    classification: { changed: ["subtotal"] },
    reaches: { [ORDERS]: true, [ORDER_ITEMS]: false },
  },
  {
    name: "an expression edited that a child reads in its output",
    change: (sql) =>
      edit(
        sql,
        "date_trunc('day', ordered_at) as ordered_at",
        "date_trunc('month', ordered_at) as ordered_at",
      ),
    classification: { changed: ["ordered_at"] },
    reaches: { [ORDERS]: true, [ORDER_ITEMS]: true },
  },
  {
    name: "an expression edited that a child joins on",
    change: (sql) => edit(sql, "id as order_id", "id + 0 as order_id"),
    classification: { changed: ["order_id"] },
    reaches: { [ORDERS]: true, [ORDER_ITEMS]: true },
  },
  {
    name: "a column renamed",
    change: (sql) => edit(sql, "customer as customer_id", "customer as customer_key"),
    classification: { added: ["customer_key"], removed: ["customer_id"] },
    reaches: { [ORDERS]: true, [ORDER_ITEMS]: false },
  },
  {
    name: "a column removed",
    change: (sql) => edit(sql, "        tax_paid as tax_paid_cents,\n", ""),
    classification: { removed: ["tax_paid_cents"] },
    reaches: { [ORDERS]: true, [ORDER_ITEMS]: false },
  },
  {
    name: "a filter added in the last CTE (row set)",
    change: (sql) => edit(sql, "    from source\n", "    from source\n    where order_total > 0\n"),
    classification: { rowSet: true },
    reaches: { [ORDERS]: true, [ORDER_ITEMS]: true },
  },
  {
    name: "a filter added at the head of the CTE chain (row set)",
    change: (sql) =>
      edit(
        sql,
        `select * from "jaffle_shop"."raw"."raw_orders"`,
        `select * from "jaffle_shop"."raw"."raw_orders" where id is not null`,
      ),
    classification: { rowSet: true },
    reaches: { [ORDERS]: true, [ORDER_ITEMS]: true },
  },
  {
    name: "DISTINCT added (row set)",
    change: (sql) => edit(sql, "select * from renamed", "select distinct * from renamed"),
    classification: { rowSet: true },
    reaches: { [ORDERS]: true, [ORDER_ITEMS]: true },
  },
  {
    name: "a LIMIT added (row set)",
    change: (sql) => `${sql}\nlimit 10`,
    classification: { rowSet: true },
    reaches: { [ORDERS]: true, [ORDER_ITEMS]: true },
  },
  {
    name: "an expression edited at the head of a CTE chain, reaching two columns through select *",
    change: (sql) =>
      edit(
        sql,
        `select * from "jaffle_shop"."raw"."raw_orders"`,
        `select id, store_id, customer, subtotal, tax_paid, coalesce(order_total, 0) as order_total, ordered_at from "jaffle_shop"."raw"."raw_orders"`,
      ),
    classification: { changed: ["order_total", "order_total_cents"] },
    reaches: { [ORDERS]: true, [ORDER_ITEMS]: false },
  },
  {
    name: "a CTE appended to the chain that edits one column",
    change: (sql) =>
      edit(
        sql,
        /\)\s*select \* from renamed\s*$/,
        "),\n\nadjusted as (\n    select order_id, location_id, customer_id, subtotal_cents, tax_paid_cents, order_total_cents, subtotal, tax_paid, round(order_total, 1) as order_total, ordered_at from renamed\n)\n\nselect * from adjusted",
      ),
    // Conservative: a new CTE scope changes the row-set digest though it filters nothing.
    classification: { changed: ["order_total"], rowSet: true },
    reaches: { [ORDERS]: true, [ORDER_ITEMS]: true },
  },
  {
    name: "a union of select * branches (unknown: columns of a set operation over stars)",
    change: (sql) =>
      edit(sql, /select \* from renamed\s*$/, "select * from renamed\nunion all\nselect * from renamed"),
    classification: "unknown",
    reaches: { [ORDERS]: true, [ORDER_ITEMS]: true },
  },
  {
    name: "a union of explicit branches (row set)",
    change: (sql) =>
      edit(
        sql,
        /select \* from renamed\s*$/,
        "select order_id, location_id, customer_id, subtotal_cents, tax_paid_cents, order_total_cents, subtotal, tax_paid, order_total, ordered_at from renamed\nunion all\nselect order_id, location_id, customer_id, subtotal_cents, tax_paid_cents, order_total_cents, subtotal, tax_paid, order_total, ordered_at from renamed where false",
      ),
    // Every column now also takes its values from the second branch.
    classification: { rowSet: true, changed: [...STG_ORDERS_COLUMNS].sort() },
    reaches: { [ORDERS]: true, [ORDER_ITEMS]: true },
  },
];

describe.skipIf(!sharedFixturesPresent)("column facts of jaffle-shop (DuckDB): stg_orders edited", () => {
  const manifest = load(DUCKDB);
  const before = factsOf(manifest, STG_ORDERS);
  const children = childrenOf(manifest, STG_ORDERS);
  const childFacts = Object.fromEntries(children.map((child) => [child, factsOf(manifest, child)]));

  test("the facts before: columns in order, reads per parent", () => {
    expect(before.unknown).toBeNull();
    expect(before.columns.map((column) => column.name)).toEqual([
      "order_id",
      "location_id",
      "customer_id",
      "subtotal_cents",
      "tax_paid_cents",
      "order_total_cents",
      "subtotal",
      "tax_paid",
      "order_total",
      "ordered_at",
    ]);
    expect(before.reads).toEqual({
      "source.jaffle_shop.ecom.raw_orders": [
        "customer",
        "id",
        "order_total",
        "ordered_at",
        "store_id",
        "subtotal",
        "tax_paid",
      ],
    });
    // Each column's lineage ends at the source columns it is computed from; no filter decides the rows.
    const raw = "source.jaffle_shop.ecom.raw_orders";
    expect(before.columns.find((column) => column.name === "customer_id")?.from).toEqual({
      [raw]: ["customer"],
    });
    expect(before.columns.find((column) => column.name === "ordered_at")?.from).toEqual({
      [raw]: ["ordered_at"],
    });
    expect(before.row_set_from).toEqual({});
    expect(children).toEqual([ORDER_ITEMS, ORDERS]);
    expect(childFacts[ORDERS]?.reads[STG_ORDERS]).toBe("*");
    expect(childFacts[ORDER_ITEMS]?.reads[STG_ORDERS]).toEqual(["order_id", "ordered_at"]);
    expect(JSON.parse(JSON.stringify(before))).toEqual(before);
  });
});

runCases(DUCKDB, STG_ORDERS, stgOrdersCases);

const SNOWFLAKE = "planetkart-snowflake-1.10";
const STG_PRODUCTS = "model.planetkart_analytics.stg_products";
const DIM_CUSTOMERS = "model.planetkart_analytics.dim_customers"; // reads cost, product_id
const DIM_PRODUCTS = "model.planetkart_analytics.dim_products"; // reads category, cost, product_id, product_name, sku
const FACT_ORDERS = "model.planetkart_analytics.fact_orders"; // reads cost, product_id

runCases(SNOWFLAKE, STG_PRODUCTS, [
  {
    name: "Snowflake: CASE rewritten as IFF in a column no child reads",
    change: (sql) =>
      edit(
        sql,
        "case when cost <= 0 or cost is null then 'Invalid' else 'Valid' end as cost_flag",
        "iff(cost <= 0 or cost is null, 'Invalid', 'Valid') as cost_flag",
      ),
    classification: { changed: ["cost_flag"] },
    reaches: { [DIM_CUSTOMERS]: false, [DIM_PRODUCTS]: false, [FACT_ORDERS]: false },
  },
  {
    name: "Snowflake: a column children read edited (trim dropped)",
    change: (sql) => edit(sql, "trim(category) as category", "category as category"),
    classification: { changed: ["category"] },
    // fact_orders reads cost and product_id of stg_products, never category.
    reaches: { [DIM_CUSTOMERS]: false, [DIM_PRODUCTS]: true, [FACT_ORDERS]: false },
  },
  {
    name: "Snowflake: QUALIFY added (row set)",
    change: (sql) => `${sql}\nqualify row_number() over (partition by sku order by product_id) = 1`,
    classification: { rowSet: true },
    reaches: { [DIM_CUSTOMERS]: true, [DIM_PRODUCTS]: true, [FACT_ORDERS]: true },
  },
  {
    name: "Snowflake: a filter changed (row set)",
    change: (sql) => edit(sql, "where product_id is not null", "where product_id is not null and cost > 0"),
    classification: { rowSet: true },
    reaches: { [DIM_CUSTOMERS]: true, [DIM_PRODUCTS]: true, [FACT_ORDERS]: true },
  },
]);

const BIGQUERY = "jaffle-shop-bq-1.6-v10";
const BQ_STG_PAYMENTS = "model.jaffle_shop.stg_payments";
const BQ_STG_ORDERS = "model.jaffle_shop.stg_orders";
const BQ_CUSTOMERS = "model.jaffle_shop.customers";
const BQ_ORDERS = "model.jaffle_shop.orders";

runCases(BIGQUERY, BQ_STG_PAYMENTS, [
  {
    name: "BigQuery: SAFE_DIVIDE in the column both children read",
    change: (sql) => edit(sql, "amount / 100 as amount", "safe_divide(amount, 100) as amount"),
    classification: { changed: ["amount"] },
    reaches: { [BQ_CUSTOMERS]: true, [BQ_ORDERS]: true },
  },
  {
    name: "BigQuery: a column added with SAFE_DIVIDE",
    change: (sql) =>
      edit(
        sql,
        "amount / 100 as amount",
        "amount / 100 as amount,\n        safe_divide(amount, 100) as amount_dollars",
      ),
    classification: { added: ["amount_dollars"] },
    reaches: { [BQ_CUSTOMERS]: false, [BQ_ORDERS]: false },
  },
]);

runCases(BIGQUERY, BQ_STG_ORDERS, [
  {
    name: "BigQuery: an expression edited that only one child reads",
    change: (sql) => edit(sql, "        status\n", "        upper(status) as status\n"),
    classification: { changed: ["status"] },
    reaches: { [BQ_CUSTOMERS]: false, [BQ_ORDERS]: true },
  },
]);

function runCases(folder: string, model: string, cases: readonly Case[]): void {
  describe.skipIf(!sharedFixturesPresent)(`${folder}: ${model} edited`, () => {
    const manifest = load(folder);
    const sql = manifest.nodes[model]?.compiled_code ?? "";
    const before = factsOf(manifest, model);
    const children = childrenOf(manifest, model);
    const childFacts = Object.fromEntries(children.map((child) => [child, factsOf(manifest, child)]));

    test("every real child of the model is in each case", () => {
      expect(before.unknown).toBeNull();
      for (const one of cases) expect(Object.keys(one.reaches).sort()).toEqual(children);
    });

    for (const one of cases) {
      test(one.name, () => {
        const after = factsOf(manifest, model, one.change(sql));
        const change = classifyChange(before, after);
        const expected = one.classification;
        if (expected === "unknown") expect(change.kind).toBe("unknown");
        else
          expect(change).toEqual({
            kind: "classified",
            columns_added: expected.added ?? [],
            columns_removed: expected.removed ?? [],
            expressions_changed: expected.changed ?? [],
            row_set_changed: expected.rowSet ?? false,
          });
        for (const child of children) {
          const reach = changeReach(change, childFacts[child]?.reads[model]);
          expect({ child, reach: reach.kind }).toEqual({
            child,
            reach: one.reaches[child] ? "reads_change" : "does_not_read",
          });
        }
      });
    }
  });
}
