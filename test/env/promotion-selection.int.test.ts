/**
 * What dbt builds after a promotion (issue 20): the promotion's `select`
 * and `exclude` are one compact selection of the plan's target less the
 * promoted nodes (src/environment/promotion/promote.ts `remainingSelection`), on a
 * real DuckDB file and a real PostgreSQL server, with the shop fixture
 * built as dbt would. Main's plan carries a reused node whose data test
 * changed (class 12, `checks_changed`): its checks still run after the
 * promotion, as they do in the plan's own selection.
 */
import { describe, expect, it } from "vitest";
import { environmentContext, planPromotion, promote } from "../../src/environment/index.js";
import { buildCommand } from "../../src/planner/build-command.js";
import type { Plan } from "../../src/state/plan.js";
import { nodesRun, selectorWords } from "../support/resolve-selection.js";
import { ENGINES, prepared } from "../support/warehouse/engines.js";
import { MAIN_SOURCES, PR7, prBuilt, prodBuilt, shop } from "../support/warehouse/scenario.js";
import { ENV_SCOPE, planOver, projectOf } from "../support/warehouse/shop.js";

const ORDERS = "model.shop.orders";
const CUSTOMERS = "model.shop.customers";
const CUSTOMERS_TEST = "test.shop.not_null_customers_customer_id.5c9bf9911d";

/** Main's manifest with the not_null test of customers changed (customers itself is reused). */
function mainWithChangedCheck(s: ReturnType<typeof shop>) {
  const manifest = structuredClone(s.mainManifest);
  const test = manifest.nodes[CUSTOMERS_TEST];
  test.compiled_code = test.compiled_code.replace(
    "where customer_id is null",
    "where customer_id is null or customer_id < 0",
  );
  test.raw_code = `${test.raw_code} `;
  test.checksum = { name: "sha256", checksum: "changed" };
  return projectOf(manifest, "prod-after-merge/manifest.json");
}

describe.each(ENGINES)("the selection of what dbt builds after a promotion (%s)", (engine) => {
  const s = shop();
  const fresh = prepared(engine, async (session) => {
    const S0 = await prodBuilt(session, s);
    await prBuilt(session, s, S0);
    return S0;
  });

  async function promoted(options: { promoteNothing?: boolean } = {}) {
    const { session, value: S0 } = await fresh();
    try {
      const ctx = (await environmentContext(session.warehouse, {
        scope: ENV_SCOPE,
        now: "2026-11-30T12:02:00.000Z",
      }))!;
      const mainProject = mainWithChangedCheck(s);
      const mainPlan: Plan = planOver(mainProject, S0, {
        sources: MAIN_SOURCES,
        now: "2026-11-30T12:01:00.000Z",
      });
      const decided = await planPromotion(ctx, {
        environment: PR7,
        plan: mainPlan,
        project: mainProject,
        prod: S0,
        sources: MAIN_SOURCES,
      });
      const plan = options.promoteNothing ? { ...decided, candidates: [] } : decided;
      const result = await promote(ctx, { plan, mainPlan, mainProject, promotedBy: "main-selection" });
      return { result, mainPlan, graph: mainProject.graph };
    } finally {
      await session.close();
    }
  }

  it("main's plan reuses customers and runs its changed check (class 12)", async () => {
    const { mainPlan } = await promoted({ promoteNothing: true });
    const customers = mainPlan.entries.find((e) => e.unique_id === CUSTOMERS)!;
    expect(customers.action).toBe("REUSE");
    expect(customers.checks?.run).toContain(CUSTOMERS_TEST);
  });

  it("orders promoted: dbt builds the rest of the BUILD set, and the fields agree with each other", async () => {
    const { result, mainPlan, graph } = await promoted();
    expect(result.promoted.map((p) => p.unique_id)).toEqual([ORDERS]);
    const rest = mainPlan.entries
      .filter((e) => e.action === "BUILD" && e.unique_id !== ORDERS)
      .map((e) => e.unique_id)
      .sort();
    expect(rest.length).toBeGreaterThan(0);
    expect(nodesRun(graph, result.select, result.exclude)).toEqual(rest);
    expect(typeof result.exclude).toBe("string");
    expect(result.select_exact).toBe(true);
    expect(result.select_extra).toBeUndefined();
    expect(result.select_terms).toBe(
      selectorWords(result.select).length + selectorWords(result.exclude).length,
    );
    expect(result.build_command).toBe(buildCommand(result.select, result.exclude));
  });

  it("nothing promoted: dbt runs exactly the plan's selection, the reused node's changed check included", async () => {
    const { result, mainPlan } = await promoted({ promoteNothing: true });
    expect(result.promoted).toEqual([]);
    expect(mainPlan.select).not.toBe("");
    expect({
      select: result.select,
      exclude: result.exclude,
      terms: result.select_terms,
      exact: result.select_exact,
      command: result.build_command,
    }).toEqual({
      select: mainPlan.select,
      exclude: mainPlan.exclude,
      terms: mainPlan.select_terms,
      exact: mainPlan.select_exact,
      command: mainPlan.build_command,
    });
  });
});
