/**
 * The column facts a plan or a record reads SQL with
 * (src/app/plan/column-facts-source.ts), over the real SQL parser and the
 * shop's manifest: each model analysed once, and, once the budget of
 * analysis time is spent, unknown facts (`too_complex`, so the planner
 * builds), never an error; a parser that fails to load is a warning and no
 * column facts.
 */
import { describe, expect, it } from "vitest";
import {
  columnFactsOfLoad,
  columnFactsSource,
  PLAN_ANALYSIS_BUDGET,
  RECORD_ANALYSIS_BUDGET,
} from "../../src/app/plan/column-facts-source.js";
import type { AnalyzeSql } from "../../src/dbt/column-facts/sql-analysis.js";
import { loadAnalyzeSql, loadAnalyzeSqlFrom } from "../../src/runtime/column-facts-analyzer.js";
import { shop } from "../support/warehouse/scenario.js";

const loaded = await loadAnalyzeSql();
if (!loaded.ok) throw new Error(loaded.error);
const s = shop();
const none = () => null;

/**
 * The real parser, and a clock that moves on by `stepMs` each time it is
 * read: the source reads it before and after each model's analysis, so each
 * analysis takes `stepMs`; `analysed` counts them.
 */
function countedParser(stepMs: number) {
  let reads = 0;
  const analyze = (loaded as { ok: true; analyze: AnalyzeSql }).analyze;
  return {
    analyze,
    clock: () => new Date(stepMs * reads++),
    analysed: () => reads / 2,
  };
}

describe("column facts within a budget of analysis time", () => {
  it("the plan's budget is 2 s and the record's a minute", () => {
    expect(PLAN_ANALYSIS_BUDGET).toEqual({ ms: 2_000, of: "plan" });
    expect(RECORD_ANALYSIS_BUDGET).toEqual({ ms: 60_000, of: "record" });
  });

  it("analyses each model once (memoised by node id)", () => {
    const parser = countedParser(1);
    const facts = columnFactsSource(s.prodProject, parser.analyze, parser.clock, PLAN_ANALYSIS_BUDGET);
    const first = facts("model.shop.customers", none);
    expect(first.unknown).toBeNull();
    expect(facts("model.shop.customers", none)).toBe(first);
    expect(parser.analysed()).toBe(1);
  });

  it.each([
    {
      budgetMs: 10_000,
      stepMs: 4_000,
      known: ["stg_customers", "stg_orders", "customers"],
      unknown: ["stg_payments"],
    },
    {
      budgetMs: 10_000,
      stepMs: 1,
      known: ["stg_customers", "stg_orders", "customers", "stg_payments"],
      unknown: [],
    },
    {
      budgetMs: 0,
      stepMs: 1,
      known: [],
      unknown: ["stg_customers", "stg_orders", "customers", "stg_payments"],
    },
  ])(
    "budget $budgetMs ms, each analysis $stepMs ms: $unknown unknown (too_complex)",
    ({ budgetMs, stepMs, known, unknown }) => {
      const parser = countedParser(stepMs);
      const facts = columnFactsSource(s.prodProject, parser.analyze, parser.clock, {
        ms: budgetMs,
        of: "plan",
      });
      for (const name of [...known, ...unknown].sort((a, b) => order(a) - order(b))) {
        const result = facts(`model.shop.${name}`, none);
        if (known.includes(name)) expect(result.unknown, name).toBeNull();
        else
          expect(result.unknown, name).toEqual({
            reason: "too_complex",
            detail: `the plan's time for SQL analysis (${budgetMs / 1000} s) ran out before this model`,
          });
      }
      expect(parser.analysed()).toBe(known.length);
    },
  );

  it("a parser that fails to load: a warning, and no column facts", async () => {
    const warnings: string[] = [];
    const facts = columnFactsOfLoad(
      await loadAnalyzeSqlFrom("/nonexistent/polyglot_sql.wasm"),
      s.prodProject,
      { now: () => new Date(), log: { warning: (message) => warnings.push(message) } },
      PLAN_ANALYSIS_BUDGET,
    );
    expect(facts).toBeUndefined();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^The SQL parser could not be loaded \(.+\): this plan goes on without column impact/,
    );
  });
});

/** The order the test asks for facts in: three models within 10 s at 4 s each, the fourth past it. */
function order(name: string): number {
  return ["stg_customers", "stg_orders", "customers", "stg_payments"].indexOf(name);
}
