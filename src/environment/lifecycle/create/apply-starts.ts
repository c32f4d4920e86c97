/**
 * Incremental models starting from prod's table (incremental-starts.ts
 * decides which): the reads before anything changes (prod's objects, what
 * limits reading the tables to clone or copy, the sizes of tables to copy),
 * then each clone or copy as one step that
 * records its intent (`creating`) before the table is made and `present`
 * after, so that a failure between the two on a warehouse whose statements
 * each commit on their own leaves a row for whatever exists, and a rerun
 * finds the table and records it as present. The table is the environment's
 * as a build (role `build`): dbt runs the model on it, and cleanup drops it.
 */

import type { Plan } from "../../../state/plan.js";
import type { StateSnapshot } from "../../../state/snapshot.js";
import { type QualifiedName, qualifiedKey, sameQualified } from "../../../warehouse/names.js";
import type { WarehouseObject } from "../../../warehouse/warehouse.js";
import { DEFAULT_INCREMENTAL_START, type IncrementalStart } from "../../incremental-start-settings.js";
import type { OwnedObject } from "../../registry/records.js";
import { describe, type EnvContext, step } from "../common.js";
import { claimOwned } from "../owned-identity.js";
import {
  accessNotKept,
  checkCopySize,
  decideStarts,
  type PendingStart,
  prodSchemasToObserve,
  type StartDecision,
} from "./incremental-starts.js";
import type { ObservedEnvironment } from "./observed-environment.js";

export interface PlannedStarts {
  decisions: StartDecision[];
  /** The clones and copies to make, sizes checked. */
  pending: PendingStart[];
  /** The environment's tables of incremental nodes already there. */
  built: QualifiedName[];
}

/** The decisions, with the sizes of tables to copy checked against the limit (reads only). */
export async function planStarts(
  ctx: EnvContext,
  input: {
    plan: Plan;
    prod: StateSnapshot | null;
    incrementalStart?: IncrementalStart;
    fullRefreshConfig?: ReadonlyMap<string, boolean>;
  },
  observed: ObservedEnvironment,
  droppedPointers: ReadonlySet<string>,
): Promise<PlannedStarts> {
  const { warehouse } = ctx;
  const setting = input.incrementalStart ?? DEFAULT_INCREMENTAL_START;
  const prodSchemas = prodSchemasToObserve(input.plan, input.prod);
  const rules = warehouse.capabilities.identifiers;
  const prodObjects = new Map<string, WarehouseObject>();
  if (prodSchemas.length > 0 && setting.mode !== "none") {
    for (const object of await warehouse.listObjects(prodSchemas))
      prodObjects.set(qualifiedKey(object, rules), object);
  }
  const { decisions, pending, built } = decideStarts({
    plan: input.plan,
    prod: input.prod,
    setting,
    fullRefreshConfig: input.fullRefreshConfig ?? new Map(),
    canClone: warehouse.capabilities.clone,
    rules,
    environmentObjects: observed.seenNow.objects,
    prodObjects,
    droppedPointers,
  });
  // A clone or copy that would let its readers read more than prod's table lets them is never made.
  const refused =
    warehouse.startRefusals && pending.length > 0
      ? await warehouse.startRefusals(pending.map((start) => ({ at: start.at, reads: start.from })))
      : [];
  const kept: PendingStart[] = [];
  for (const start of pending) {
    const reasons = refused
      .filter((refusal) => sameQualified(refusal.at, start.at, rules))
      .map((refusal) => refusal.reason);
    if (reasons.length > 0) {
      const index = decisions.findIndex((decision) => decision.node_id === start.node_id);
      decisions[index] = accessNotKept(decisions[index]!, reasons);
      continue;
    }
    if (start.how === "copy") {
      const index = decisions.findIndex((decision) => decision.node_id === start.node_id);
      const size = warehouse.tableSize ? await warehouse.tableSize(start.from) : { rows: null, bytes: null };
      decisions[index] = checkCopySize(decisions[index]!, size, setting, warehouse.capabilities.engine);
      if (decisions[index]!.outcome !== "copied") continue;
    }
    kept.push(start);
  }
  return { decisions, pending: kept, built };
}

/** Makes each clone or copy, one step each; records as present a start an earlier run made but did not record so. */
export async function applyStarts(
  ctx: EnvContext,
  name: string,
  planned: PlannedStarts,
  observed: ObservedEnvironment,
): Promise<void> {
  const { warehouse, registry, now } = ctx;
  const rules = warehouse.capabilities.identifiers;
  for (const at of planned.built) {
    const row = observed.ownedByKey.get(qualifiedKey(at, rules));
    if (row?.state === "creating" && row.kind === "table") {
      await step(warehouse, `Recording the table ${describe(at)}`, async () =>
        registry.putObject({
          ...row,
          state: "present",
          identity: await claimOwned(warehouse, { ...at, kind: "table" }),
        }),
      );
    }
  }
  for (const start of planned.pending) {
    const object: OwnedObject = {
      environment: name,
      schema: start.at.schema,
      identifier: start.at.identifier,
      kind: "table",
      role: "build",
      node_id: start.node_id,
      state: "creating",
      created_at: now,
      identity: null,
    };
    const doing = `${start.how === "clone" ? "Cloning" : "Copying"} prod's ${describe(start.from)} to ${describe(start.at)}`;
    await step(warehouse, doing, async () => {
      await registry.putObject(object);
      await warehouse.cloneTable(start.from, start.at);
      const identity = await claimOwned(warehouse, { ...start.at, kind: "table" });
      await registry.putObject({ ...object, state: "present", identity });
    });
  }
}
