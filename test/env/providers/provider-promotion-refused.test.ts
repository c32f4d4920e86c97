/**
 * Promotion on the cloud providers is refused for now
 * (ProviderWarehouse.replaceTable): each one's own statements, on the
 * simulation of its semantics on DuckDB, stage the promoted tables, fail
 * at the first switch with promotion_refused naming the warehouse, and
 * leave prod's tables as they were and nothing staged behind.
 */
import { describe, expect, it } from "vitest";
import { environmentContext, planPromotion, promote } from "../../../src/env/index.js";
import { isUserError } from "../../../src/errors/user-error.js";
import { loadPolyglotSdk } from "../../../src/runtime/polyglot-sdk.js";
import { prepared } from "../../support/warehouse/engines.js";
import { SIMULATED_PROVIDERS } from "../../support/warehouse/providers.js";
import {
  MAIN_SOURCES,
  mainPlanOf,
  PR7,
  prBuilt,
  prodBuilt,
  rowsOf,
  shop,
} from "../../support/warehouse/scenario.js";
import { ENV_SCOPE } from "../../support/warehouse/shop.js";
import { SimulatedWarehouse } from "../../support/warehouse/simulated-provider.js";

const NOW = "2026-11-30T12:02:00.000Z";
const s = shop({ customersChange: true });
const built = prepared("duckdb", async (session) => {
  const S0 = await prodBuilt(session, s);
  await prBuilt(session, s, S0);
  return S0;
});

describe.each(SIMULATED_PROVIDERS)("promotion on $name (simulated)", (provider) => {
  it("is refused at the first switch, naming the warehouse; prod is as it was and nothing staged is left", async () => {
    const loaded = await loadPolyglotSdk();
    if (!loaded.ok) throw new Error(loaded.error);
    const { session, value: S0 } = await built();
    try {
      const warehouse = new SimulatedWarehouse(session, provider, loaded.sdk);
      const real = (await environmentContext(session.warehouse, { scope: ENV_SCOPE, now: NOW }))!;
      const ctx = (await environmentContext(warehouse, { scope: ENV_SCOPE, now: NOW }))!;
      const mainPlan = mainPlanOf(s, S0);
      const decided = await planPromotion(real, {
        environment: PR7,
        plan: mainPlan,
        project: s.mainProject,
        prod: S0,
        sources: MAIN_SOURCES,
      });
      const before = {
        orders: await rowsOf(session, "analytics", "orders"),
        customers: await rowsOf(session, "analytics", "customers"),
      };
      const error = await promote(ctx, {
        plan: decided,
        mainPlan,
        mainProject: s.mainProject,
        promotedBy: "main-run",
        allowNonAtomic: true,
      }).catch((e: unknown) => e);
      expect(isUserError(error) && error.code).toBe("promotion_refused");
      expect(String((error as Error).message)).toContain(
        `Promotion isn't available on ${provider.statements.capabilities.engine} yet`,
      );
      expect({
        orders: await rowsOf(session, "analytics", "orders"),
        customers: await rowsOf(session, "analytics", "customers"),
      }).toEqual(before);
      const leftovers = (await session.warehouse.listObjects(["analytics"])).filter((o) =>
        o.identifier.includes("__ods_"),
      );
      expect(leftovers).toEqual([]);
      expect((await real.registry.promotions())[0]?.status).toBe("aborted");
    } finally {
      await session.close();
    }
  }, 120_000);
});
