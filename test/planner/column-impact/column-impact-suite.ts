/**
 * Column-level impact on real projects (issue 24): each row edits one model's
 * compiled SQL in a fixture from ../shared/fixtures/dbt the way a real change
 * does, and plans it with the SQL parser and without it. Expectations are
 * written from reading each descendant's SQL, not from the product's facts:
 * `reused` lists the descendants that provably read none of what changed
 * (every other planned descendant must be built: zero missed changes), and
 * the build count without column impact is today's. The suite then runs the
 * plan (its builds succeed), records it, and plans again: a reused node must
 * stay reused (its read of the rebuilt parent is carried), not be built a
 * plan later for "new data". The reduction per row is printed at the end.
 */
import { afterAll, describe, expect, it } from "vitest";
import { loadAnalyzeSql } from "../../../src/runtime/column-facts-analyzer.js";
import type { Plan } from "../../../src/state/plan.js";
import { sharedFixturesPresent } from "../../support/shared-fixtures.js";
import { Oracle } from "../realistic-changes/harness.js";
import { buildAndReplan, type ImpactOutcome, planEdit } from "./impact-harness.js";

const loaded = sharedFixturesPresent ? await loadAnalyzeSql() : null;
if (loaded && !loaded.ok) throw new Error(loaded.error);
const analyze = loaded?.ok ? loaded.analyze : () => ({ ok: false as const, error: "no parser" });

const JAFFLE = "jaffle-shop-duckdb-1.12";
const PLANETKART = "planetkart-snowflake-1.10";
const SALARY = "salary-survey-bq-1.9";
export const TRADE = "global-trade-bq-1.11-large";

export interface Row {
  name: string;
  fixture: string;
  model: string;
  from: string;
  to: string;
  /** The model's column change as the plan shows it (`row set` when its rows may change). */
  change: string;
  /** Descendants (short names) that read none of it; every other descendant is built. */
  reused: string[];
  /** A second model the same pull request edits. */
  also?: { model: string; edits: Array<[from: string, to: string]> };
}

const jaffle = (model: string) => `model.jaffle_shop.${model}`;

const allRows: Row[] = [
  {
    name: "an expression some readers read, through two levels (DuckDB)",
    fixture: JAFFLE,
    model: jaffle("stg_products"),
    from: "coalesce(type = 'jaffle', false) as is_food_item",
    to: "coalesce(type in ('jaffle', 'sandwich'), false) as is_food_item",
    change: "changed is_food_item",
    // order_items selects products.is_food_item; orders sums it (count_food_items, is_food_order);
    // customers reads orders' customer_id, order_id, ordered_at, subtotal, tax_paid, order_total only.
    reused: ["customers"],
  },
  {
    name: "an expression no named reader reads: only the select * reader builds",
    fixture: JAFFLE,
    model: jaffle("stg_products"),
    from: "description as product_description",
    to: "trim(description) as product_description",
    change: "changed product_description",
    // products is `select *` over stg_products; order_items names product_name, product_price,
    // is_food_item and is_drink_item, never product_description.
    reused: ["order_items", "orders", "customers"],
  },
  {
    name: "a column added: the select * reader builds, the named reader does not",
    fixture: JAFFLE,
    model: jaffle("stg_products"),
    from: "coalesce(type = 'beverage', false) as is_drink_item",
    to: "coalesce(type = 'beverage', false) as is_drink_item,\n        length(name) as name_length",
    change: "added name_length",
    reused: ["order_items", "orders", "customers"],
  },
  {
    name: "a filter: the row set changes, every descendant builds",
    fixture: JAFFLE,
    model: jaffle("stg_products"),
    from: "    from source\n",
    to: "    from source\n    where type is not null\n",
    change: "row set",
    reused: [],
  },
  {
    name: "a column read only by the select * reader, through a CTE (DuckDB)",
    fixture: JAFFLE,
    model: jaffle("stg_supplies"),
    from: "name as supply_name",
    to: "upper(name) as supply_name",
    change: "changed supply_name",
    // order_items' order_supplies_summary CTE reads product_id and supply_cost of stg_supplies.
    reused: ["order_items", "orders", "customers"],
  },
  {
    name: "an aggregated column: its sum changes, the grandchild does not read the sum",
    fixture: JAFFLE,
    model: jaffle("stg_supplies"),
    from: "(cost / 100)::numeric(16, 2) as supply_cost",
    to: "(cost / 100.0)::numeric(16, 2) as supply_cost",
    change: "changed supply_cost",
    // order_items.supply_cost feeds orders.order_cost; customers never reads order_cost.
    reused: ["customers"],
  },
  {
    name: "two models edited: the child now outputs the parent's changed column, the grandchild doesn't read it",
    fixture: JAFFLE,
    model: jaffle("stg_supplies"),
    from: "name as supply_name",
    to: "upper(name) as supply_name",
    change: "changed supply_name",
    // order_items' own edit adds supply_name (from the changed column) to its output; orders reads
    // order_items' is_drink_item, is_food_item, order_id, order_item_id, product_price, supply_cost.
    also: {
      model: jaffle("order_items"),
      edits: [
        [
          "        sum(supply_cost) as supply_cost\n",
          "        sum(supply_cost) as supply_cost,\n        max(supply_name) as supply_name\n",
        ],
        [
          "        order_supplies_summary.supply_cost\n",
          "        order_supplies_summary.supply_cost,\n        order_supplies_summary.supply_name\n",
        ],
      ],
    },
    reused: ["orders", "customers"],
  },
  {
    name: "a rename: the select * reader loses a column and gains one",
    fixture: JAFFLE,
    model: jaffle("stg_customers"),
    from: "name as customer_name",
    to: "name as full_name",
    // Its only reader, customers, lists its columns through `select *`: no reader could ignore any
    // change of it, so the plan doesn't spend an analysis on it (its change stays unknown).
    change: "unknown",
    reused: [],
  },
  {
    name: "a column every reader reads (and a window orders by it)",
    fixture: JAFFLE,
    model: jaffle("stg_orders"),
    from: "date_trunc('day', ordered_at) as ordered_at",
    to: "date_trunc('month', ordered_at) as ordered_at",
    change: "changed ordered_at",
    reused: [],
  },
  {
    name: "Snowflake: CASE rewritten as IFF in a column no reader reads",
    fixture: PLANETKART,
    model: "model.planetkart_analytics.stg_products",
    from: "case when cost <= 0 or cost is null then 'Invalid' else 'Valid' end as cost_flag",
    to: "iff(cost <= 0 or cost is null, 'Invalid', 'Valid') as cost_flag",
    change: "changed cost_flag",
    // No reader reads cost_flag; but dim_customers and dim_products call current_date() (built every
    // run, clock_dependent), so their readers build for new data anyway; fact_orders' Jinja mentions
    // `star`, so its compiled SQL is not trusted as static.
    reused: [],
  },
  {
    name: "Snowflake: a column one reader reads, grouped by",
    fixture: PLANETKART,
    model: "model.planetkart_analytics.stg_products",
    from: "trim(sku) as sku",
    to: "upper(trim(sku)) as sku",
    change: "changed sku",
    reused: [],
  },
  {
    name: "BigQuery: a column the reader selects by name through a join",
    fixture: SALARY,
    model: "model.salary_survey.stg_seed__country_mapping",
    from: "    country_name,\n",
    to: "    initcap(country_name) AS country_name,\n",
    change: "changed country_name",
    reused: [],
  },
  {
    name: "BigQuery: SAFE_CAST in a column the reader multiplies by",
    fixture: SALARY,
    model: "model.salary_survey.stg_seed__inflation_factors",
    from: "CAST(factor_to_2024 AS NUMERIC) AS factor_to_2024",
    to: "SAFE_CAST(factor_to_2024 AS NUMERIC) AS factor_to_2024",
    change: "changed factor_to_2024",
    reused: [],
  },
  {
    name: "BigQuery: one branch of a union edited over a parent rebuilt every run",
    fixture: TRADE,
    model: "model.capstone_monthly.stg_event_location",
    from: "    severity_weight,\n",
    to: "    coalesce(severity_weight, 0) as severity_weight,\n",
    // Its parent stg_event_month_chokepoint has no declared inputs (built every run): its data may
    // move, so its change is unknown and every descendant builds.
    change: "unknown",
    reused: [],
  },
];

const reductions: { name: string; without: number; with: number }[] = [];

function descendantsOf(o: Oracle, id: string): string[] {
  const out = new Set<string>();
  const walk = (node: string) => {
    for (const child of o.children.get(node) ?? []) {
      if (out.has(child)) continue;
      out.add(child);
      walk(child);
    }
  };
  walk(id);
  return [...out];
}

const shortName = (id: string) => id.split(".").pop()!;

function changeWords(p: Plan, id: string): string {
  const entry = p.entries.find((e) => e.unique_id === id)!;
  const change = entry.column_change;
  if (!change) return "unknown";
  if (change.row_set_changed) return "row set";
  const parts = [
    change.added.length ? `added ${change.added.join(", ")}` : "",
    change.changed.length ? `changed ${change.changed.join(", ")}` : "",
    change.removed.length ? `removed ${change.removed.join(", ")}` : "",
  ];
  return parts.filter(Boolean).join(", ");
}

/** The suite over the rows `which` keeps (the large fixtures' rows run in the slow project). */
export function columnImpactSuite(which: (row: Row) => boolean): void {
  const rows = allRows.filter(which);
  describe.skipIf(!sharedFixturesPresent)("column impact on real projects: zero missed, fewer builds", () => {
    const outcomes = new Map<string, ImpactOutcome>();
    const outcomeOf = (row: Row): ImpactOutcome => {
      let out = outcomes.get(row.name);
      if (!out) {
        out = planEdit(
          row.fixture,
          row.model,
          (sql) => {
            if (!sql.includes(row.from)) throw new Error(`${row.model} has no ${row.from}`);
            return sql.replace(row.from, row.to);
          },
          analyze,
          row.also
            ? {
                also: {
                  model: row.also.model,
                  edit: (sql) =>
                    row.also!.edits.reduce((text, [from, to]) => {
                      if (!text.includes(from)) throw new Error(`${row.also!.model} has no ${from}`);
                      return text.replace(from, to);
                    }, sql),
                },
              }
            : {},
        );
        outcomes.set(row.name, out);
      }
      return out;
    };

    it.each(rows)("$name", (row) => {
      const out = outcomeOf(row);
      const o = new Oracle(out.changed);
      const descendants = descendantsOf(o, row.model).filter((id) => o.planned.includes(id));
      expect(descendants.length).toBeGreaterThan(0);
      const withImpact = new Map(out.withImpact.entries.map((e) => [e.unique_id, e]));
      const without = new Map(out.without.entries.map((e) => [e.unique_id, e]));
      expect(withImpact.get(row.model)?.reasons[0]?.code).toBe("code_changed");
      expect(changeWords(out.withImpact, row.model)).toBe(row.change);
      // Without column impact every descendant builds (today's rule).
      for (const id of descendants) expect(without.get(id)?.action, id).toBe("BUILD");
      // With it: exactly the listed descendants are reused; every other one builds.
      const reused = descendants.filter((id) => withImpact.get(id)?.action === "REUSE").map(shortName);
      expect(reused.sort()).toEqual([...row.reused].sort());
      for (const id of descendants) {
        const entry = withImpact.get(id)!;
        if (entry.action === "REUSE")
          expect(["parent_change_not_read", "unchanged"], id).toContain(entry.reasons[0]?.code);
      }
      // Nothing outside the descendants moves.
      for (const [id, entry] of without) {
        if (!descendants.includes(id)) expect(withImpact.get(id)?.action, id).toBe(entry.action);
      }
      reductions.push({
        name: `${row.fixture} ${shortName(row.model)}: ${row.name}`,
        without: out.without.summary.build,
        with: out.withImpact.summary.build,
      });
    });

    // The jaffle-shop rows' own checks (the first rows): the reason's data, the record, pointers.
    if (which(allRows[0]!)) {
      it("reuses a descendant with reason parent_change_not_read, naming the parent and the columns", () => {
        const out = outcomeOf(allRows[0]!);
        const customers = out.withImpact.entries.find((e) => e.unique_id === jaffle("customers"))!;
        expect(customers.reasons[0]).toMatchObject({
          code: "parent_change_not_read",
          subjects: [jaffle("orders")],
          unread: [{ parent: jaffle("orders"), columns: ["count_food_items", "is_food_order"] }],
        });
        expect(customers.reasons[0]?.message).toContain(
          "`orders` changes `count_food_items` and `is_food_order`",
        );
        const orders = out.withImpact.entries.find((e) => e.unique_id === jaffle("orders"))!;
        expect(orders.column_change).toEqual({
          added: [],
          removed: [],
          changed: ["count_food_items", "is_food_order"],
          row_set_changed: false,
        });
      });

      it.each(rows.filter((row) => row.reused.length > 0))(
        "after the run is recorded, the reused nodes stay reused: $name",
        (row) => {
          const out = outcomeOf(row);
          const { snapshot, replan } = buildAndReplan(row.fixture, out, analyze);
          for (const name of row.reused) {
            const id = `${row.model.split(".").slice(0, 2).join(".")}.${name}`;
            const entry = replan.entries.find((e) => e.unique_id === id)!;
            expect(`${entry.action} ${entry.reasons[0]?.code}`, id).toBe("REUSE unchanged");
            const state = snapshot.nodes[id]!;
            // Its build is the fixture's; its reads of rebuilt parents moved to this run, the originals kept.
            expect(state.run_id).toBe("00000000-0000-4000-8000-0000000000b1");
            for (const [parent, read] of Object.entries(state.carried ?? {})) {
              expect(read).toBe("00000000-0000-4000-8000-0000000000b1");
              expect(state.parents[parent]).toBe("00000000-0000-4000-8000-0000000000b2");
            }
          }
          const carried = row.reused.filter((name) => {
            const id = `${row.model.split(".").slice(0, 2).join(".")}.${name}`;
            return Object.keys(snapshot.nodes[id]?.carried ?? {}).length > 0;
          });
          expect(carried.length).toBeGreaterThan(0);
          // Every node the first plan built is recorded with this run's facts: the next change is classified too.
          for (const entry of out.withImpact.entries) {
            if (entry.action === "BUILD" && entry.resource_type === "model" && entry.column_change)
              expect(snapshot.nodes[entry.unique_id]?.facts, entry.unique_id).toBeDefined();
          }
        },
      );

      it("new data in the rebuilt parent's source before the run: the reused node's read is not carried, the next plan builds it", () => {
        const row = allRows[1]!;
        const out = outcomeOf(row);
        const moved = { "source.jaffle_shop.ecom.raw_products": "2026-01-04T23:00:00.000100+00:00" };
        const { snapshot, replan } = buildAndReplan(row.fixture, out, analyze, moved);
        const id = jaffle("order_items");
        expect(snapshot.nodes[id]?.carried).toBeUndefined();
        expect(snapshot.nodes[id]?.parents[jaffle("stg_products")]).toBe(
          "00000000-0000-4000-8000-0000000000b1",
        );
        const entry = replan.entries.find((e) => e.unique_id === id)!;
        expect(`${entry.action} ${entry.reasons[0]?.code}`).toBe("BUILD new_upstream_data");
      });

      it("plans a pull request's environment (pointers) the same way", () => {
        const row = allRows[1]!;
        const out = planEdit(row.fixture, row.model, (sql) => sql.replace(row.from, row.to), analyze, {
          pointers: true,
        });
        const reused = out.withImpact.entries
          .filter((e) => e.reasons[0]?.code === "parent_change_not_read")
          .map((e) => shortName(e.unique_id));
        expect(reused).toEqual(["order_items"]);
        expect(
          out.withImpact.entries.find((e) => e.unique_id === jaffle("order_items"))?.reasons[0]?.message,
        ).toContain("pointer view");
      });
    }

    afterAll(() => {
      if (reductions.length === 0) return;
      const without = reductions.reduce((sum, r) => sum + r.without, 0);
      const withImpact = reductions.reduce((sum, r) => sum + r.with, 0);
      const lines = reductions.map((r) => `  ${r.without} → ${r.with} builds  ${r.name}`);
      console.log(
        `Column impact on real fixtures: ${without} → ${withImpact} builds over ${reductions.length} changes (−${without - withImpact}, −${(((without - withImpact) / without) * 100).toFixed(1)}%)\n${lines.join("\n")}`,
      );
    });
  });
}
