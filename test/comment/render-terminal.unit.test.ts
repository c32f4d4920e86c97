import { describe, expect, it } from "vitest";
import { renderTerminal } from "../../src/comment/render-terminal.js";
import { PlanBuilder, why } from "../support/plan-builder.js";
import { scenarios } from "./scenarios.js";

const scenario = (name: string) => scenarios().find((s) => s.name === name)!;

describe("renderTerminal", () => {
  it("one line per node with action and reason, grouped as the comment groups them, a summary, the command", () => {
    expect(renderTerminal(scenario("one-model-edited").plan)).toBe(
      [
        "ods-state plan for jaffle_shop: 5 to build, 3 to reuse (reuse saves about 36 s of 5 min 8 s)",
        "compared with prod at run run-117 (recorded 2025-03-01 06:12 UTC)",
        "",
        "changed (1):",
        "BUILD  stg_orders               compiled SQL and config changed",
        "",
        "downstream of the changes (4):",
        "BUILD  customer_lifetime_value  parent `orders` changes code",
        "BUILD  customers                parent `orders` changes code",
        "BUILD  finance_daily            parent `orders` changes code",
        "BUILD  orders                   parent `stg_orders` changes code",
        "",
        "reused (3):",
        "REUSE  country_codes            code and inputs unchanged since run `run-117`",
        "REUSE  stg_customers            code and inputs unchanged since run `run-117`",
        "REUSE  stg_payments             code and inputs unchanged since run `run-117`",
        "",
        "note: whether the relation still exists was not checked for 3 reused nodes",
        "",
        "dbt build --select stg_orders orders customers finance_daily customer_lifetime_value",
        "",
      ].join("\n"),
    );
  });

  it("says when there is no state, and shows the warnings", () => {
    const text = renderTerminal(scenario("first-run-no-state").plan);
    expect(text).toContain("no recorded state for prod: every node is built\n");
    expect(text).toContain("BUILD  stg_orders               no recorded state\n");
    expect(text).toContain("warning: No state found for scope `jaffle_shop/prod`: every node is built.\n");
  });

  it("lists the nodes rebuilt regardless by cause, with what the cause means", () => {
    const text = renderTerminal(scenario("hook-reads-environment").plan);
    expect(text).toContain(
      "\nrebuilt regardless: reads the environment (2):\n  A hook or macro it runs reads the run's environment",
    );
    expect(text).toContain(
      "\nrebuilt regardless: new upstream data (1):\n  An input has new data since its last build",
    );
    expect(text).toContain(
      "BUILD  orders_report   parent `orders_audited` is rebuilt, and ODS can't tell whether its data changed\n",
    );
  });

  it("an empty plan says so", () => {
    expect(renderTerminal(new PlanBuilder().plan())).toContain("(no node selected)");
  });

  it("long names push the reason out rather than being cut", () => {
    const name = "x".repeat(60);
    const text = renderTerminal(
      new PlanBuilder().build(name, why.neverBuilt()).build("a", why.neverBuilt()).plan(),
    );
    expect(text).toContain(`BUILD  ${name}  never built by ODS`);
    expect(text).toContain(`BUILD  a${" ".repeat(39)}  never built by ODS`);
  });
});
