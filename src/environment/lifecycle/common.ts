/** What every lifecycle operation runs with, and helpers they share. */
import { isUserError, UserError } from "../../errors/user-error.js";
import type { Relation } from "../../state/snapshot.js";
import { type QualifiedName, qualifiedKey, showQualified } from "../../warehouse/names.js";
import type { Warehouse, WarehouseObject } from "../../warehouse/warehouse.js";
import { describeOwner, describeScope, type EnvScope, inScope } from "../environment-identity.js";
import type { EnvironmentRecord } from "../registry/records.js";
import type { EnvironmentRegistry } from "../registry/registry.js";

export interface EnvContext {
  warehouse: Warehouse;
  registry: EnvironmentRegistry;
  /** The clock, passed in (ISO 8601). */
  now: string;
  /** The repository and dbt project every operation acts for: it acts on their environments and promotions only. */
  scope: EnvScope;
  /**
   * Whether this run may overlap another job's promotion (a pull request's
   * run beside the default branch's; a CLI command other than promote and
   * rollback). Every run that changes the warehouse first recovers the
   * promotions an interrupted job left unfinished (promotion/recover.ts):
   * such a run takes one as interrupted only once PROMOTION_LEASE_MS passed
   * since its journal last changed (its job can't be running any more); a
   * run that can't overlap one (the default branch's, serialized by its
   * concurrency group) recovers it at once. Default false.
   */
  overlapsPromotions?: boolean;
  /** Hears what that recovery did or left (the action's log, the CLI's stderr). */
  log?: { info(message: string): void; warning(message: string): void };
}

/**
 * The environment `name` when it belongs to the context's scope; null when the registry has none; a refusal
 * (`environment_foreign`) when it is another repository's or project's (or a legacy row).
 */
export async function ownEnvironment(ctx: EnvContext, name: string): Promise<EnvironmentRecord | null> {
  const record = await ctx.registry.environment(name);
  if (!record) return null;
  if (!inScope(record, ctx.scope)) {
    throw new UserError(
      "environment_foreign",
      `The environment ${describeOwner(record)} in ${ctx.warehouse.label} is not one of ${describeScope(ctx.scope)}: it is left alone.`,
    );
  }
  return record;
}

export function qualifiedOf(relation: Pick<Relation, "schema" | "identifier">): QualifiedName {
  return { schema: relation.schema, identifier: relation.identifier };
}

/** Runs one step of a change in a transaction; a warehouse failure becomes `warehouse_error` naming what was being done. */
export async function step<T>(warehouse: Warehouse, doing: string, work: () => Promise<T>): Promise<T> {
  try {
    return await warehouse.transaction(work);
  } catch (error) {
    if (isUserError(error)) throw error;
    const detail = error instanceof Error ? error.message : String(error);
    throw new UserError("warehouse_error", `${doing} failed in ${warehouse.label}: ${detail}`);
  }
}

/** The warehouse's objects in these schemas, keyed by name under its rules. */
export async function observe(
  warehouse: Warehouse,
  schemas: readonly string[],
): Promise<{ schemas: Set<string>; objects: Map<string, WarehouseObject> }> {
  const rules = warehouse.capabilities.identifiers;
  const present = await warehouse.listSchemas();
  const fold = (name: string) => (rules.case_sensitive ? name : name.toLowerCase());
  const objects = new Map<string, WarehouseObject>();
  for (const object of await warehouse.listObjects(schemas)) objects.set(qualifiedKey(object, rules), object);
  return { schemas: new Set(present.map(fold)), objects };
}

export function describe(name: QualifiedName): string {
  return showQualified(name);
}
