/**
 * Step 2 of creating an environment: what the registry says it owns (when it
 * exists) and what the warehouse holds in its schemas and its pointers'
 * schemas, with the rule for what it owns: an object it registered, or
 * anything in a schema it created that isn't one of prod's.
 */
import { nameKey, qualifiedKey } from "../../../warehouse/names.js";
import type { WarehouseObject } from "../../../warehouse/warehouse.js";
import type { EnvironmentRecord, OwnedObject, PointerRecord } from "../../registry/records.js";
import { type EnvContext, observe, ownEnvironment } from "../common.js";

export interface ObservedEnvironment {
  existing: EnvironmentRecord | null;
  /** Its registered objects other than schemas, keyed by name under the rules. */
  ownedByKey: Map<string, OwnedObject>;
  /**
   * Schemas it registered as being created and never as present: on a
   * warehouse where each statement commits on its own, the schema may exist
   * though its creation was cut short. Created again (IF NOT EXISTS), they
   * are then registered as present.
   */
  schemasBeingCreated: Set<string>;
  /** Its registered pointer views. */
  pointers: PointerRecord[];
  /** The warehouse's schemas and the objects in the observed ones. */
  seenNow: { schemas: Set<string>; objects: Map<string, WarehouseObject> };
  isOwned: (object: WarehouseObject) => boolean;
  /**
   * Its registered pointer views that read with their owner's rights where
   * the warehouse makes them read with their reader's (`ownerRightsViews`:
   * made by an older ods-state on PostgreSQL), keyed by name: made again.
   */
  ownerRights: Set<string>;
}

export async function observeEnvironment(
  ctx: EnvContext,
  name: string,
  schemas: readonly string[],
  prodSchemas: ReadonlySet<string>,
): Promise<ObservedEnvironment> {
  const { warehouse, registry } = ctx;
  const rules = warehouse.capabilities.identifiers;
  const existing = await ownEnvironment(ctx, name);
  const owned = existing ? await registry.objects(name) : [];
  const pointers = existing ? await registry.pointers(name) : [];
  const pointerSchemas = pointers.map((pointer) => pointer.schema);
  const seenNow = await observe(warehouse, [...new Set([...schemas, ...pointerSchemas])]);
  const ownedByKey = new Map<string, OwnedObject>();
  for (const object of owned) {
    if (object.kind !== "schema") ownedByKey.set(qualifiedKey(object, rules), object);
  }
  const ownedSchemas = new Set(
    owned.filter((object) => object.kind === "schema").map((object) => nameKey(object.schema, rules)),
  );
  const protectedSchemas = new Set(
    [...prodSchemas, ...(existing?.prod_schemas ?? [])].map((s) => nameKey(s, rules)),
  );
  const isOwned = (object: WarehouseObject) =>
    ownedByKey.has(qualifiedKey(object, rules)) ||
    (ownedSchemas.has(nameKey(object.schema, rules)) && !protectedSchemas.has(nameKey(object.schema, rules)));
  const schemasBeingCreated = new Set(
    owned
      .filter((object) => object.kind === "schema" && object.state === "creating")
      .map((object) => nameKey(object.schema, rules)),
  );
  const pointerViews = pointers.filter(
    (pointer) => seenNow.objects.get(qualifiedKey(pointer, rules))?.kind === "view",
  );
  const ownerRights =
    warehouse.ownerRightsViews && pointerViews.length > 0
      ? await warehouse.ownerRightsViews(pointerViews)
      : new Set<string>();
  return { existing, ownedByKey, schemasBeingCreated, pointers, seenNow, isOwned, ownerRights };
}
