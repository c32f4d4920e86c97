/**
 * An environment owns only what it created, and only while it still is what
 * it created (docs/environments.md, Isolation): a name is not enough. A PR
 * environment's schema may be prod's too (a custom schema dbt names the same
 * on both targets), so after the merge prod's dbt build can put its own
 * table under the very name the environment's build had; someone may
 * replace a table by hand. So each relation the environment takes (a
 * pointer view it made, a clone or copy it made, a relation its dbt build
 * wrote, when the build is recorded) gets an identity, recorded with its
 * registry row (`OwnedObject.identity`), and cleanup drops a relation only
 * while the warehouse still shows that identity at its name:
 * PostgreSQL's OID (new for every relation, kept through renames), elsewhere
 * a fresh mark `[ods:env:…]` ODS appends to its comment (a relation made
 * again by anyone has no such mark).
 */
import { randomUUID } from "node:crypto";
import type { Warehouse, WarehouseObject } from "../../warehouse/warehouse.js";
import type { OwnedObject } from "../registry/records.js";

/** A mark no other relation has: `env:` and 32 hex digits. */
export function ownershipMark(): string {
  return `env:${randomUUID().replaceAll("-", "")}`;
}

/** Takes the relation as the environment's: marks it where the engine needs a mark, and returns its identity. */
export async function claimOwned(warehouse: Warehouse, object: WarehouseObject): Promise<string> {
  return warehouse.claimRelation(object, ownershipMark());
}

/**
 * The identity to record for the relation `found` the environment takes at a row's name: the row's own when
 * the relation still has it (recording the same build twice marks nothing again), else a new claim.
 */
export async function identityToRecord(
  warehouse: Warehouse,
  row: OwnedObject | undefined,
  found: WarehouseObject,
): Promise<string> {
  if (row?.identity && row.kind === found.kind && (await warehouse.relationIdentity(found)) === row.identity)
    return row.identity;
  return claimOwned(warehouse, found);
}

/**
 * Why the relation `found` at the row's name is not the one the environment
 * recorded, or null when it is (same kind, same identity). A row without an
 * identity (an intent never finished, or written before registry 1.2) proves
 * nothing: never the environment's to drop.
 */
export async function notTheOwned(
  warehouse: Warehouse,
  row: OwnedObject,
  found: WarehouseObject,
): Promise<string | null> {
  if (row.kind !== found.kind)
    return `the environment created a ${row.kind} there, and a ${found.kind} is there now`;
  if (row.identity === null) {
    return row.state === "creating"
      ? `the environment recorded its intent to create it, but not what it created`
      : "the registry recorded no identity for it (written before registry 1.2), so nothing shows it is the one the environment created";
  }
  const now = await warehouse.relationIdentity(found);
  if (now === null) return null;
  if (now !== row.identity)
    return `it is not the ${found.kind} the environment created (another build or someone else replaced it since)`;
  return null;
}
