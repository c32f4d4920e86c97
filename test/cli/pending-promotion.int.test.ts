/**
 * The promotion `env promote --state` writes waits for the record of the rest
 * of the run: only the promotion at the head (no run recorded after it) has
 * its nodes' parents resolved again against that run; a node promoted by an
 * earlier promotion keeps the parents it was recorded with.
 */
import { describe, expect, it } from "vitest";
import {
  handedOffPromotion,
  pendingPromotions,
  promotionSnapshot,
  settlePromotions,
} from "../../src/app/promotion/promotion-state.js";
import { loadRunResults } from "../../src/dbt/artifacts/run-results.js";
import { applyPromotion, type PromotedNode } from "../../src/environment/index.js";
import { record } from "../../src/planner/record.js";
import type { StateSnapshot } from "../../src/state/snapshot.js";
import { MemoryStateStore } from "../../src/store/memory-store.js";
import { projectOf, SCOPE, shopJson, sourcesOf } from "../support/warehouse/shop.js";

const ORDERS = "model.shop.orders";
const CUSTOMERS = "model.shop.customers";
const STG_ORDERS = "model.shop.stg_orders";

function prodRecorded() {
  return record({
    project: projectOf(shopJson("prod/manifest.json")),
    runResults: loadRunResults(JSON.stringify(shopJson("prod/run_results.json")), "run_results.json"),
    sources: sourcesOf("prod/sources.json"),
    scope: SCOPE,
    previous: null,
    recordedRunIds: new Set(),
    target: { name: "prod", adapter_type: "duckdb" },
    now: "2026-11-30T08:06:00Z",
  });
}

function promoted(snapshot: StateSnapshot, id: string, prRun: string, by: string): StateSnapshot {
  return {
    ...snapshot,
    nodes: { ...snapshot.nodes, [id]: { ...snapshot.nodes[id]!, run_id: prRun, promoted_by: by } },
  };
}

describe("a promotion waiting for the record of the rest of the run", () => {
  it("is found at the head only until a run is recorded; an earlier promotion is not settled again", async () => {
    const store = new MemoryStateStore();
    const prod = prodRecorded();
    const s0 = await store.commit(SCOPE, null, prod.snapshot, prod.run);
    expect(await pendingPromotions(store, await store.latest(SCOPE))).toEqual([]);

    const s1 = await store.commit(SCOPE, s0.id, promoted(prod.snapshot, ORDERS, "pr7-run", "main-1"));
    expect(await pendingPromotions(store, await store.latest(SCOPE))).toEqual([
      { promotedBy: "main-1", nodes: [{ unique_id: ORDERS, pr_run_id: "pr7-run" }] },
    ]);

    // The rest of main's run is recorded: stg_orders rebuilt by it. The promoted orders now reads that build.
    const head1 = (await store.latest(SCOPE))!.snapshot;
    const rebuilt: StateSnapshot = {
      ...head1,
      run_id: "main-run-1",
      nodes: { ...head1.nodes, [STG_ORDERS]: { ...head1.nodes[STG_ORDERS]!, run_id: "main-run-1" } },
    };
    const settled = settlePromotions(
      rebuilt,
      await pendingPromotions(store, await store.latest(SCOPE)),
      "main-run-1",
    );
    expect(settled.nodes[ORDERS]!.parents[STG_ORDERS]).toBe("main-run-1");
    expect(settled.nodes[ORDERS]).toMatchObject({ run_id: "pr7-run", promoted_by: "main-1" });
    const s2 = await store.commit(SCOPE, s1.id, settled, {
      ...prod.run,
      run_id: "main-run-1",
      scope: `${SCOPE.project}/${SCOPE.environment}`,
    });
    expect(await pendingPromotions(store, await store.latest(SCOPE))).toEqual([]);

    // A later promotion (customers): orders, promoted earlier, is not pending and keeps its parents.
    await store.commit(SCOPE, s2.id, promoted(settled, CUSTOMERS, "pr8-run", "main-2"));
    const pending = await pendingPromotions(store, await store.latest(SCOPE));
    expect(pending).toEqual([
      { promotedBy: "main-2", nodes: [{ unique_id: CUSTOMERS, pr_run_id: "pr8-run" }] },
    ]);
    const head3 = (await store.latest(SCOPE))!.snapshot;
    const later: StateSnapshot = {
      ...head3,
      run_id: "main-run-2",
      nodes: { ...head3.nodes, [STG_ORDERS]: { ...head3.nodes[STG_ORDERS]!, run_id: "main-run-2" } },
    };
    const settledLater = settlePromotions(later, pending, "main-run-2");
    expect(settledLater.nodes[ORDERS]!.parents[STG_ORDERS]).toBe("main-run-1");
  });

  it("a promotion that left nothing to build is complete (committed under the promoting run), not pending", async () => {
    const store = new MemoryStateStore();
    const prod = prodRecorded();
    const s0 = await store.commit(SCOPE, null, prod.snapshot, prod.run);
    await store.commit(SCOPE, s0.id, {
      ...promoted(prod.snapshot, ORDERS, "pr7-run", "main-1"),
      run_id: "main-1",
    });
    expect(await pendingPromotions(store, await store.latest(SCOPE))).toEqual([]);
  });

  it("leaves a promoted node the run tried to build and failed or skipped as the run recorded it", () => {
    const prod = prodRecorded().snapshot;
    const head = promoted(prod, ORDERS, "pr7-run", "main-1");
    const rebuilt: StateSnapshot = {
      ...head,
      nodes: { ...head.nodes, [STG_ORDERS]: { ...head.nodes[STG_ORDERS]!, run_id: "main-run" } },
    };
    const pending = [{ promotedBy: "main-1", nodes: [{ unique_id: ORDERS, pr_run_id: "pr7-run" }] }];
    const settled = settlePromotions(rebuilt, pending, "main-run", new Set([ORDERS]));
    expect(settled.nodes[ORDERS]).toEqual(head.nodes[ORDERS]);
    expect(settled.nodes[ORDERS]!.parents[STG_ORDERS]).not.toBe("main-run");
  });

  it("leaves a promoted node the run built itself as the run recorded it", () => {
    const prod = prodRecorded().snapshot;
    const builtAgain = {
      ...prod,
      nodes: { ...prod.nodes, [ORDERS]: { ...prod.nodes[ORDERS]!, run_id: "main-run" } },
    };
    const settled = settlePromotions(
      builtAgain,
      [{ promotedBy: "main-1", nodes: [{ unique_id: ORDERS, pr_run_id: "pr7-run" }] }],
      "main-run",
    );
    expect(settled.nodes[ORDERS]).toEqual(builtAgain.nodes[ORDERS]);
  });

  it("a promotion the action's main step hands off is recorded with the run as applyPromotion records it", () => {
    const prod = prodRecorded().snapshot;
    const node = {
      unique_id: ORDERS,
      pr_run_id: "pr7-run",
      state: { ...prod.nodes[ORDERS]!, run_id: "pr7-run" },
    } as PromotedNode;
    const recorded: StateSnapshot = {
      ...prod,
      run_id: "main-run",
      nodes: { ...prod.nodes, [STG_ORDERS]: { ...prod.nodes[STG_ORDERS]!, run_id: "main-run" } },
    };
    const pending = handedOffPromotion({ promotedBy: "main-1", promoted: [node] });
    const settled = settlePromotions(recorded, [pending], "main-run");
    expect(settled).toEqual(applyPromotion(recorded, [node], { promotedBy: "main-1", builtBy: "main-run" }));
    expect(settled.nodes[ORDERS]).toMatchObject({ run_id: "pr7-run", promoted_by: "main-1" });
    expect(settled.nodes[ORDERS]!.parents[STG_ORDERS]).toBe("main-run");
    // The promotion alone (nothing left to build) is recorded complete, under the promoting run.
    const complete = promotionSnapshot(prod, [node], {
      promotedBy: "main-1",
      complete: { now: "2026-12-01T00:00:00Z" },
    });
    expect(complete).toMatchObject({ run_id: "main-1", created_at: "2026-12-01T00:00:00Z" });
    expect(complete.nodes[ORDERS]).toMatchObject({ run_id: "pr7-run", promoted_by: "main-1" });
  });
});
