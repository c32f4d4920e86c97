/**
 * Prod's state against the registry's rollbacks (pure): which nodes count
 * as their previous build again, and which are left alone.
 */
import { describe, expect, it } from "vitest";
import { applyRecordedRollbacks, type RecordedRollback } from "../../src/environment/promotion/reconcile.js";
import type { NodeState, StateSnapshot } from "../../src/state/snapshot.js";

const node = (run: string, extra: Partial<NodeState> = {}): NodeState => ({
  fingerprint: { scheme: "dbt/3", digest: `fp-${run}`, components: {} },
  version_key: `vk-${run}`,
  run_id: run,
  built_at: "2026-11-30T10:00:00Z",
  relation: { database: "shop", schema: "analytics", identifier: "orders" },
  parents: {},
  sources: {},
  ...extra,
});
const snapshot = (nodes: Record<string, NodeState>): StateSnapshot => ({
  schema_version: "1",
  project: "shop",
  environment: "prod",
  run_id: "main-2",
  created_at: "2026-11-30T12:00:00Z",
  nodes,
});
const previous = node("prod-1");
const rollback: RecordedRollback = {
  promotion_id: "p1",
  project: "shop",
  promoted_by: "main-2",
  nodes: [{ unique_id: "model.shop.orders", pr_run_id: "pr7-run-1", previous_state: previous }],
};

describe("applyRecordedRollbacks", () => {
  it.each([
    {
      case: "the promoted build is still recorded: the previous build is back",
      orders: node("pr7-run-1", { promoted_by: "main-2" }),
      rollbacks: [rollback],
      expected: previous,
      reverted: ["model.shop.orders"],
    },
    {
      case: "built again since the promotion: left alone",
      orders: node("main-3"),
      rollbacks: [rollback],
      expected: node("main-3"),
      reverted: [],
    },
    {
      case: "promoted by another run (a later promotion of the same PR run): left alone",
      orders: node("pr7-run-1", { promoted_by: "main-9" }),
      rollbacks: [rollback],
      expected: node("pr7-run-1", { promoted_by: "main-9" }),
      reverted: [],
    },
    {
      case: "prod had none before: the node leaves the state",
      orders: node("pr7-run-1", { promoted_by: "main-2" }),
      rollbacks: [{ ...rollback, nodes: [{ ...rollback.nodes[0]!, previous_state: null }] }],
      expected: undefined,
      reverted: ["model.shop.orders"],
    },
    {
      case: "no rollbacks",
      orders: node("pr7-run-1", { promoted_by: "main-2" }),
      rollbacks: [],
      expected: node("pr7-run-1", { promoted_by: "main-2" }),
      reverted: [],
    },
  ])("$case", ({ orders, rollbacks, expected, reverted }) => {
    const customers = node("prod-1", {
      relation: { database: "shop", schema: "analytics", identifier: "customers" },
    });
    const before = snapshot({ "model.shop.orders": orders, "model.shop.customers": customers });
    const result = applyRecordedRollbacks(before, rollbacks);
    expect(result.reverted).toEqual(reverted);
    expect(result.snapshot.nodes["model.shop.orders"]).toEqual(expected);
    expect(result.snapshot.nodes["model.shop.customers"]).toEqual(customers);
    // Applying them again changes nothing.
    const again = applyRecordedRollbacks(result.snapshot, rollbacks);
    expect(again.reverted).toEqual([]);
    expect(again.snapshot).toEqual(result.snapshot);
  });
});
