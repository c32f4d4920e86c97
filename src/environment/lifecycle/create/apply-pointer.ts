/**
 * Making one pointer view what it should be: a view already reading the
 * right relation only has its registry rows brought up to date; else the
 * view is created (or replaced, or dropped and created when PostgreSQL
 * refuses to replace it), a table there from an earlier push is dropped,
 * and the registry rows follow, in one transaction.
 */
import { qualifiedKey, sameQualified } from "../../../warehouse/names.js";
import type { OwnedObject, PointerRecord } from "../../registry/records.js";
import { describe, type EnvContext, step } from "../common.js";
import { claimOwned } from "../owned-identity.js";
import type { DesiredPointer } from "./desired-pointers.js";
import type { ObservedEnvironment } from "./observed-environment.js";

export async function applyPointer(
  ctx: EnvContext,
  name: string,
  pointer: DesiredPointer,
  observed: ObservedEnvironment,
  recorded: PointerRecord | undefined,
): Promise<void> {
  const { warehouse, registry, now } = ctx;
  const rules = warehouse.capabilities.identifiers;
  const found = observed.seenNow.objects.get(qualifiedKey(pointer.at, rules));
  const record: PointerRecord = {
    environment: name,
    node_id: pointer.node_id,
    schema: pointer.at.schema,
    identifier: pointer.at.identifier,
    reads: pointer.reads,
    reads_run_id: pointer.run_id,
    version_key: pointer.version_key,
    updated_at: now,
  };
  const object: OwnedObject = {
    environment: name,
    schema: pointer.at.schema,
    identifier: pointer.at.identifier,
    kind: "view",
    role: "pointer",
    node_id: pointer.node_id,
    state: "creating",
    created_at: now,
    identity: null,
  };
  const ownedRow = observed.ownedByKey.get(qualifiedKey(pointer.at, rules));
  // A view reading with its owner's rights where the warehouse makes pointers read with their reader's is
  // made again (an older ods-state's), even when it reads the right relation.
  const unchanged =
    found?.kind === "view" &&
    !observed.ownerRights.has(qualifiedKey(pointer.at, rules)) &&
    recorded !== undefined &&
    sameQualified(recorded, pointer.at, rules) &&
    sameQualified(recorded.reads, pointer.reads, rules);
  if (unchanged) {
    if (
      recorded.reads_run_id !== pointer.run_id ||
      recorded.version_key !== pointer.version_key ||
      ownedRow?.state !== "present" ||
      ownedRow.identity === null
    ) {
      await step(warehouse, `Recording the pointer view ${describe(pointer.at)}`, async () => {
        await registry.putPointer(record);
        // A row without an identity (an interrupted create, or written before registry 1.2) gets the view's now.
        const identity = ownedRow?.identity ?? (await claimOwned(warehouse, found!));
        await registry.putObject({
          ...object,
          created_at: ownedRow?.created_at ?? now,
          state: "present",
          identity,
        });
      });
    }
    return;
  }
  const apply = async (dropFirst: boolean) =>
    step(
      warehouse,
      `Making the pointer view ${describe(pointer.at)} read ${describe(pointer.reads)}`,
      async () => {
        if (found?.kind === "table") {
          // An earlier push built it here; prod's build is reused now. Dropped before its row becomes the
          // view's: where each statement commits on its own, the table is never there recorded as a view.
          await warehouse.dropObject(found);
          await registry.deleteBuild(name, pointer.node_id);
        }
        await registry.putObject(object);
        const sameView = found?.kind === "view" && found.identifier === pointer.at.identifier;
        if (found?.kind === "view" && (!sameView || dropFirst)) await warehouse.dropObject(found);
        await warehouse.createView(pointer.at, pointer.reads, { replace: sameView && !dropFirst });
        const identity = await claimOwned(warehouse, { ...pointer.at, kind: "view" });
        await registry.putPointer(record);
        await registry.putObject({ ...object, state: "present", identity });
        await registry.deleteBuild(name, pointer.node_id);
      },
    );
  try {
    await apply(false);
  } catch (error) {
    // CREATE OR REPLACE VIEW fails on PostgreSQL when the columns it reads changed: drop and create instead.
    if (found?.kind !== "view") throw error;
    await apply(true);
  }
}
