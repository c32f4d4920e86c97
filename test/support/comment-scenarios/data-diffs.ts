/**
 * Data diff reports (src/state/data-diff.ts) made by hand, realistic, for
 * the renderers' tests and golden files: one node per case the report can
 * hold (schema changes, row changes with a key from each source, a sample,
 * the budget running out, a timeout, a failure, a node not built, tables on
 * one side only, no key, a key that is not unique, NULL keys, a key column
 * missing or retyped, key examples), a 300-column table, hundreds of
 * models, and the jaffle-shop fixture's change (hostile names and values:
 * data-diffs-hostile.ts).
 */
import {
  type ComparedRows,
  DATA_DIFF_SCHEMA_VERSION,
  type DataDiffReport,
  type DiffColumn,
  type NodeDataDiff,
} from "../../../src/state/data-diff.js";

const LIMITS = {
  budget_ms: 120_000,
  statement_timeout_ms: 30_000,
  sample_above_rows: 1_000_000,
  show_keys: 0,
};

export function report(nodes: NodeDataDiff[], more: Partial<DataDiffReport> = {}): DataDiffReport {
  return {
    schema_version: DATA_DIFF_SCHEMA_VERSION,
    environment: "pr_42",
    compared_with: "prod",
    engine: "postgres",
    limits: LIMITS,
    duration_ms: nodes.reduce((sum, n) => sum + n.duration_ms, 0),
    budget_exhausted: false,
    nodes,
    ...more,
  };
}

/** A node both sides have, in `analytics` and `analytics_pr_42`. */
export function node(
  name: string,
  group: "changed" | "downstream",
  more: Partial<NodeDataDiff>,
): NodeDataDiff {
  return {
    unique_id: `model.jaffle_shop.${name}`,
    name,
    group,
    prod: { schema: "analytics", identifier: name },
    pr: { schema: "analytics_pr_42", identifier: name },
    status: "compared",
    duration_ms: 840,
    ...more,
  };
}

export function sameSchema(columns: number) {
  return { added: [], removed: [], retyped: [], columns: { prod: columns, pr: columns } };
}

export function rows(more: Partial<ComparedRows>): ComparedRows {
  return {
    status: "compared",
    key: { columns: ["id"], source: "tests" },
    sample: null,
    only_prod: 0,
    only_pr: 0,
    changed: 0,
    unchanged: 0,
    columns: [],
    null_keys: { prod: 0, pr: 0 },
    ...more,
  };
}

function cols(...names: string[]): DiffColumn[] {
  return names.map((name) => ({
    name,
    type: name.endsWith("_at") ? "timestamp" : name.endsWith("id") ? "integer" : "text",
  }));
}

/** stg_orders edited (a column added, one retyped), and what it does downstream. */
export function shopReport(): DataDiffReport {
  return report([
    node("stg_orders", "changed", {
      schema: {
        added: [{ name: "discount_cents", type: "integer" }],
        removed: [],
        retyped: [{ name: "status", prod: "character varying(20)", pr: "text" }],
        columns: { prod: 4, pr: 5 },
      },
      counts: { prod: 99, pr: 99 },
      rows: rows({
        key: { columns: ["order_id"], source: "tests" },
        changed: 12,
        unchanged: 87,
        columns: [
          { name: "customer_id", changed: 0 },
          { name: "order_date", changed: 0 },
          { name: "status", changed: 12, as_text: true },
        ],
      }),
    }),
    node("orders", "downstream", {
      schema: sameSchema(9),
      counts: { prod: 99, pr: 97 },
      rows: rows({
        key: { columns: ["order_id"], source: "meta" },
        only_prod: 2,
        changed: 12,
        unchanged: 85,
        columns: [
          { name: "customer_id", changed: 0 },
          { name: "order_date", changed: 0 },
          { name: "status", changed: 12 },
          { name: "amount", changed: 3 },
          { name: "credit_card_amount", changed: 0 },
          { name: "coupon_amount", changed: 0 },
          { name: "bank_transfer_amount", changed: 0 },
          { name: "gift_card_amount", changed: 0 },
        ],
      }),
    }),
    node("customers", "downstream", {
      schema: sameSchema(7),
      counts: { prod: 100, pr: 100 },
      rows: rows({ key: { columns: ["customer_id"], source: "primary_key" }, unchanged: 100, columns: [] }),
    }),
    node("orders_snapshot", "downstream", {
      materialized: "snapshot",
      schema: sameSchema(6),
      counts: { prod: 120, pr: 123 },
      rows: rows({
        key: { columns: ["dbt_scd_id"], source: "snapshot" },
        only_pr: 3,
        unchanged: 120,
        columns: [{ name: "status", changed: 0 }],
      }),
    }),
    node("finance_daily", "downstream", {
      materialized: "incremental",
      schema: sameSchema(3),
      counts: { prod: 69, pr: 69 },
      rows: rows({
        key: { columns: ["order_date"], source: "unique_key" },
        changed: 2,
        unchanged: 67,
        columns: [
          { name: "revenue", changed: 2 },
          { name: "orders", changed: 0 },
        ],
      }),
    }),
    node("customer_lifetime_value", "downstream", {
      schema: sameSchema(4),
      counts: { prod: 100, pr: 100 },
      rows: {
        status: "no_key",
        message: "no unique key is known for `customer_lifetime_value`",
      },
    }),
  ]);
}

/** Every case the report can hold, one node each. */
export function everyCaseReport(): DataDiffReport {
  const wide = Array.from({ length: 300 }, (_, i) => ({
    name: `c${i + 1}`,
    changed: i === 7 ? 4 : i === 120 ? 1 : 0,
  }));
  return report(
    [
      node("stg_payments", "changed", {
        schema: {
          added: [
            { name: "payment_method_id", type: "integer" },
            { name: "refunded_at", type: "timestamp with time zone" },
          ],
          removed: [{ name: "payment_method", type: "text" }],
          retyped: [{ name: "amount", prod: "integer", pr: "numeric(12,2)" }],
          columns: { prod: 5, pr: 6 },
        },
        counts: { prod: 113, pr: 120 },
        rows: rows({
          key: { columns: ["payment_id"], source: "unique_key" },
          only_prod: 4,
          only_pr: 11,
          changed: 37,
          unchanged: 72,
          columns: [
            { name: "order_id", changed: 0 },
            { name: "amount", changed: 37, as_text: true },
          ],
        }),
      }),
      node("events", "changed", {
        schema: sameSchema(12),
        counts: { prod: 12_400_000, pr: 12_400_310 },
        rows: rows({
          key: { columns: ["event_id", "source"], source: "meta" },
          sample: { fraction: 0.1, above_rows: 1_000_000 },
          only_pr: 31,
          changed: 8,
          unchanged: 1_239_961,
          columns: [
            { name: "payload", changed: 8 },
            { name: "user_id", changed: 0 },
          ],
          null_keys: { prod: 3, pr: 3 },
        }),
      }),
      node("wide_facts", "changed", {
        schema: sameSchema(301),
        counts: { prod: 5_000, pr: 5_000 },
        rows: rows({
          key: { columns: ["id"], source: "primary_key" },
          changed: 5,
          unchanged: 4_995,
          columns: wide,
        }),
      }),
      node("new_model", "changed", {
        prod: null,
        status: "only_in_pr",
        counts: { prod: null, pr: 1_204 },
        columns: cols("id", "name", "created_at"),
      }),
      node("dropped_model", "changed", {
        pr: null,
        status: "only_in_prod",
        counts: { prod: 58, pr: null },
        columns: cols("id", "legacy_code"),
      }),
      node("empty_orders", "changed", {
        schema: sameSchema(3),
        counts: { prod: 0, pr: 0 },
        rows: rows({ columns: [{ name: "amount", changed: 0 }] }),
      }),
      node("orders", "downstream", {
        schema: sameSchema(9),
        counts: { prod: 99, pr: 99 },
        rows: rows({
          key: { columns: ["order_id"], source: "tests" },
          unchanged: 99,
          columns: [{ name: "amount", changed: 0 }],
        }),
      }),
      node("sessions", "downstream", {
        schema: sameSchema(6),
        counts: { prod: 5_310, pr: 5_402 },
        rows: {
          status: "key_not_unique",
          key: { columns: ["session_id"], source: "tests" },
          message: "`session_id` has duplicate values",
          duplicates: { prod: 14, pr: 12 },
        },
      }),
      node("customer_ltv", "downstream", {
        schema: sameSchema(4),
        counts: { prod: 100, pr: 100 },
        rows: { status: "no_key", message: "no unique key is known" },
      }),
      node("renamed_key", "downstream", {
        schema: {
          added: [{ name: "customer_key", type: "integer" }],
          removed: [{ name: "customer_id", type: "integer" }],
          retyped: [],
          columns: { prod: 3, pr: 3 },
        },
        counts: { prod: 100, pr: 100 },
        rows: {
          status: "key_column_missing",
          key: { columns: ["customer_id"], source: "meta" },
          message: "key column `customer_id` is missing in the PR",
          missing: { prod: [], pr: ["customer_id"] },
        },
      }),
      node("retyped_key", "downstream", {
        schema: {
          added: [],
          removed: [],
          retyped: [{ name: "order_id", prod: "integer", pr: "text" }],
          columns: { prod: 4, pr: 4 },
        },
        counts: { prod: 99, pr: 99 },
        rows: {
          status: "key_retyped",
          key: { columns: ["order_id"], source: "unique_key" },
          message: "the type of `order_id` changed",
        },
      }),
      node("slow_rollup", "downstream", {
        schema: sameSchema(5),
        counts: { prod: 3_000_000, pr: 3_000_000 },
        rows: {
          status: "timeout",
          key: { columns: ["day", "region"], source: "tests" },
          message: "canceling statement due to statement timeout",
        },
        duration_ms: 30_120,
      }),
      node("late_model", "downstream", {
        status: "not_compared",
        reason: "budget",
        duration_ms: 0,
      }),
      node("timed_out_model", "downstream", {
        status: "not_compared",
        reason: "timeout",
        message: "canceling statement due to statement timeout",
        duration_ms: 30_000,
      }),
      node("broken_model", "downstream", {
        status: "not_compared",
        reason: "failed",
        message: 'relation "analytics_pr_42.broken_model" does not exist',
        duration_ms: 12,
      }),
      node("failed_build", "downstream", {
        status: "not_compared",
        reason: "not_built",
        duration_ms: 0,
      }),
      node("recorded_long_ago", "downstream", {
        status: "not_compared",
        reason: "no_prod_relation",
        prod: null,
        duration_ms: 0,
      }),
    ],
    { budget_exhausted: true, duration_ms: 120_400 },
  );
}

/** stg_payments with key examples (the workflow opted in to show 3 per kind). */
export function examplesReport(): DataDiffReport {
  const base = everyCaseReport();
  const first = base.nodes[0]!;
  const withExamples: NodeDataDiff = {
    ...first,
    rows: {
      ...(first.rows as ComparedRows),
      examples: {
        only_prod: [
          ["1001"],
          [null],
          ["a very long payment identifier that goes on and on and on beyond the limit"],
        ],
        // Keys only in the PR's table are never read (issue 37): the count says how many.
        only_pr: [],
        changed: [["7"], ["8"], ["9"]],
      },
    },
  };
  const multi = base.nodes[1]!;
  const multiExamples: NodeDataDiff = {
    ...multi,
    rows: {
      ...(multi.rows as ComparedRows),
      examples: {
        only_prod: [["e-17", "web"]],
        only_pr: [],
        changed: [["e-3", "ios"]],
      },
    },
  };
  // A key the pull request declares (issue 37): counted by, its values not read.
  const third = base.nodes.find((n, i) => i > 1 && n.rows?.status === "compared");
  const withheld: NodeDataDiff[] = third
    ? [
        {
          ...third,
          rows: {
            ...(third.rows as ComparedRows),
            examples_withheld:
              "The key `id` is declared by this pull request, not by prod's recorded manifest: its values are not shown (a pull request can't choose which column's values the comment prints).",
          },
        },
      ]
    : [];
  return report([withExamples, multiExamples, ...withheld], { limits: { ...LIMITS, show_keys: 3 } });
}

/** `models` models (a tenth changed), each a table of `columns` columns of which a few differ. */
export function wideReport(models: number, columns: number): DataDiffReport {
  return report(
    Array.from({ length: models }, (_, m) =>
      node(`model_${String(m + 1).padStart(4, "0")}`, m % 10 === 0 ? "changed" : "downstream", {
        schema: {
          added: Array.from({ length: 40 }, (_, i) => ({
            name: `added_${i}`,
            type: "character varying(255)",
          })),
          removed: [],
          retyped: [],
          columns: { prod: columns, pr: columns + 40 },
        },
        counts: { prod: 1_000_000 + m, pr: 1_000_000 },
        rows: rows({
          key: { columns: ["id"], source: "tests" },
          changed: 500,
          unchanged: 999_500,
          only_prod: m,
          columns: Array.from({ length: columns }, (_, i) => ({
            name: `column_${i}`,
            changed: i % 3 === 0 ? i + 1 : 0,
          })),
          examples: {
            only_prod: [["1"], ["2"], ["3"]],
            only_pr: [],
            changed: Array.from({ length: 10 }, (_, i) => [`key-${i}-${"x".repeat(30)}`]),
          },
        }),
      }),
    ),
    { limits: { ...LIMITS, show_keys: 10 } },
  );
}

/**
 * The jaffle-shop fixture (DuckDB) after its real-fixture pull request
 * (test/support/comment-scenarios/real-plans.ts's editModel: `select *, 1 as
 * pr_42_edit from (…)` around stg_orders): the column reaches orders
 * (`select *` of stg_orders), the rows stay the same; keys from the
 * fixture's `unique` and `not_null` tests, types from its catalog.
 */
export function jaffleReport(): DataDiffReport {
  const keyed = (name: string, key: string, count: number, compared: string[]): NodeDataDiff =>
    node(name, name === "stg_orders" ? "changed" : "downstream", {
      unique_id: `model.jaffle_shop.${name}`,
      prod: { schema: "main", identifier: name },
      pr: { schema: "main_pr_42", identifier: name },
      counts: { prod: count, pr: count },
      rows: rows({
        key: { columns: [key], source: "tests" },
        unchanged: count,
        columns: compared.map((c) => ({ name: c, changed: 0 })),
      }),
      duration_ms: 120,
    });
  const stgColumns = [
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
  const edit = (columns: number) => ({
    added: [{ name: "pr_42_edit", type: "INTEGER" }],
    removed: [],
    retyped: [],
    columns: { prod: columns, pr: columns + 1 },
  });
  return report(
    [
      { ...keyed("stg_orders", "order_id", 61_948, stgColumns), schema: edit(10) },
      {
        ...keyed("order_items", "order_item_id", 90_900, [
          "order_id",
          "product_id",
          "ordered_at",
          "product_name",
          "product_price",
          "is_food_item",
          "is_drink_item",
          "supply_cost",
        ]),
        schema: sameSchema(9),
      },
      {
        ...keyed("orders", "order_id", 61_948, [
          ...stgColumns,
          "order_cost",
          "order_items_subtotal",
          "count_food_items",
          "count_drink_items",
          "count_order_items",
          "is_food_order",
          "is_drink_order",
          "customer_order_number",
        ]),
        schema: edit(18),
      },
      {
        ...keyed("customers", "customer_id", 935, [
          "customer_name",
          "count_lifetime_orders",
          "first_ordered_at",
          "last_ordered_at",
          "lifetime_spend_pretax",
          "lifetime_tax_paid",
          "lifetime_spend",
          "customer_type",
        ]),
        schema: sameSchema(9),
      },
    ],
    { engine: "duckdb" },
  );
}
