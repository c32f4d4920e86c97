/**
 * Prod's head as the warehouse has it (src/app/promotion/prod-rollbacks.ts),
 * which the action's events and the CLI's env create/promote plan over: an
 * interrupted rollback is finished first, so every node it rolls back counts
 * as its previous build. Read before the recovery, a node whose switch back
 * the recovery then finishes still counted as the promoted build: the plan
 * reused (pointed at) a prod table that the same command then switched back
 * to the older one.
 */
import { describe, expect, it } from "vitest";
import { prodHeadAfterRollbacks } from "../../src/app/promotion/prod-rollbacks.js";
import { environmentContext, rollbackPromotion } from "../../src/environment/index.js";
import type { StateSnapshot } from "../../src/state/snapshot.js";
import {
  later,
  openCase,
  PROMOTED_AT,
  prodState,
  referenceLog,
  SIMULATED_PROVIDERS,
} from "../env/promotion-kill-suite.js";
import { ENV_SCOPE } from "../support/warehouse/shop.js";

const quiet = { log: { info: () => {}, warning: () => {}, debug: () => {} } };

describe.each(SIMULATED_PROVIDERS)(
  "prod's head after a rollback killed half way on $name (simulated)",
  (provider) => {
    it("finishes the rollback before reading the rollbacks: both promoted nodes count as their previous builds", async () => {
      const c = await openCase(provider);
      try {
        await c.promotion(await c.ctx(await c.warehouse(), PROMOTED_AT));
        expect((await prodState(c)).state).toBe("all-new");
        // Where the rollback's first switch back ends (the journal's `rolled_back` follows its drop).
        const log = await referenceLogOfRollback(provider);
        const warehouse = await c.warehouse();
        warehouse.arm({ step: log.indexOf("dropTable") + 3, when: "before", until: true });
        await (async () =>
          rollbackPromotion(await c.ctx(warehouse, later(1)), { allowNonAtomic: true }))().catch(() => null);
        const real = (await environmentContext(c.session.warehouse, { scope: ENV_SCOPE, now: later(2) }))!;
        const promotion = (await real.registry.promotions())[0]!;
        const steps = (await real.registry.steps(promotion.id)).sort((a, b) => a.seq - b.seq);
        expect(promotion.status).toBe("rolling_back");
        expect(steps.map((s) => s.state)).toEqual(["switched", "rolled_back"]);

        // Prod's state as the promotion left it: both nodes are the promoted builds.
        const promoted: StateSnapshot = { ...c.S0, nodes: { ...c.S0.nodes } };
        for (const step of steps)
          promoted.nodes[step.node_id] = {
            ...c.S0.nodes[step.node_id]!,
            run_id: step.pr_run_id,
            promoted_by: promotion.promoted_by,
          };
        const head = await prodHeadAfterRollbacks(
          await c.ctx(await c.warehouse(), later(2)),
          { id: "head-1", snapshot: promoted },
          quiet,
          { recover: true },
        );
        expect(head!.id).toBe("head-1");
        for (const step of steps)
          expect(head!.snapshot.nodes[step.node_id], `${step.node_id}: still the promoted build`).toEqual(
            c.S0.nodes[step.node_id],
          );
        expect((await prodState(c)).state).toBe("all-old");
      } finally {
        await c.close();
      }
    }, 120_000);
  },
);

/** The statements of a whole rollback after the promotion, on a case of its own. */
async function referenceLogOfRollback(provider: (typeof SIMULATED_PROVIDERS)[number]): Promise<string[]> {
  expect((await referenceLog(provider)).length).toBeGreaterThan(0);
  const reference = await openCase(provider);
  try {
    await reference.promotion(await reference.ctx(await reference.warehouse(), PROMOTED_AT));
    const warehouse = await reference.warehouse();
    warehouse.arm(null);
    await rollbackPromotion(await reference.ctx(warehouse, later(1)), { allowNonAtomic: true });
    return warehouse.log;
  } finally {
    await reference.close();
  }
}
