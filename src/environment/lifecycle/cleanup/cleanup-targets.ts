/**
 * What a cleanup drops and what it keeps: the registered relations in the
 * environment's own schemas (never prod's) that are still the relations it
 * created (their identity: owned-identity.ts), views first; the schemas it
 * created once they hold nothing it didn't create. Each kept one is
 * reported with why.
 */
import { type IdentifierRules, nameKey, qualifiedKey } from "../../../warehouse/names.js";
import type { Warehouse, WarehouseObject } from "../../../warehouse/warehouse.js";
import type { OwnedObject } from "../../registry/records.js";
import { describe } from "../common.js";
import { notTheOwned } from "../owned-identity.js";
import type { CleanupObject, CleanupReport } from "./cleanup-report.js";
import type { CleanupScope } from "./cleanup-scope.js";

/** What the warehouse holds in the environment's schemas (`observe`). */
export interface SeenObjects {
  schemas: Set<string>;
  objects: Map<string, WarehouseObject>;
}

/** A relation to drop: the warehouse's object (null when it is gone) and its registry row. */
export interface CleanupTarget {
  object: WarehouseObject | null;
  row: OwnedObject | null;
  why: CleanupObject["why"];
}

/**
 * The registered relations to drop, by key, and those kept (reported in `report.kept`). `replaced`: the
 * registered relations whose name holds another relation than the one the environment created, with why
 * (ownedRelationsReplaced).
 */
export function relationTargets(
  scope: CleanupScope,
  seen: SeenObjects,
  replaced: ReadonlyMap<string, string>,
  rules: IdentifierRules,
  report: CleanupReport,
): { targets: Map<string, CleanupTarget>; keptRelations: OwnedObject[] } {
  const { prodRelations, ownSchemas } = scope;
  const targets = new Map<string, CleanupTarget>();
  const keptRelations: OwnedObject[] = [];
  for (const row of scope.relations) {
    const key = qualifiedKey(row, rules);
    // Never a prod relation, nor anything outside its own schemas, whatever the registry says.
    if (prodRelations.has(key) || !ownSchemas.has(nameKey(row.schema, rules))) {
      keptRelations.push(row);
      report.kept.push({
        schema: describe(row),
        reason: prodRelations.has(key)
          ? "prod's state records this relation"
          : "it is in a schema that holds prod relations or that the environment doesn't own",
      });
      continue;
    }
    // Not what it created any more (prod's build in a schema named the same on both targets, a table replaced
    // by hand): kept, and the schema that holds it with it.
    const why = replaced.get(key);
    if (why !== undefined) {
      keptRelations.push(row);
      report.kept.push({ schema: describe(row), reason: why });
      continue;
    }
    targets.set(key, {
      object: seen.objects.get(key) ?? null,
      row,
      why: row.role === "pointer" ? "pointer" : "build",
    });
  }
  return { targets, keptRelations };
}

/** The schemas it created to drop, and those that hold relations it did not create (reported in `report.kept`). */
export function schemaTargets(
  scope: CleanupScope,
  seen: SeenObjects,
  targets: ReadonlyMap<string, CleanupTarget>,
  rules: IdentifierRules,
  report: CleanupReport,
): { droppableSchemas: OwnedObject[]; foreignSchemas: OwnedObject[] } {
  const droppableSchemas: OwnedObject[] = [];
  const foreignSchemas: OwnedObject[] = [];
  for (const schema of scope.ownedSchemas) {
    const key = nameKey(schema.schema, rules);
    if (scope.protectedSchemas.has(key)) {
      report.kept.push({ schema: schema.schema, reason: "it holds prod relations" });
      continue;
    }
    const foreign = [...seen.objects.values()].filter(
      (object) => nameKey(object.schema, rules) === key && !targets.has(qualifiedKey(object, rules)),
    );
    if (foreign.length > 0) {
      report.kept.push({
        schema: schema.schema,
        reason: `it holds ${foreign.length} relation${foreign.length === 1 ? "" : "s"} the environment did not create (${foreign
          .slice(0, 5)
          .map((object) => object.identifier)
          .join(
            ", ",
          )}${foreign.length > 5 ? ", …" : ""}): drop ${foreign.length === 1 ? "it" : "them"} and the schema by hand if they are not needed`,
      });
      foreignSchemas.push(schema);
      continue;
    }
    droppableSchemas.push(schema);
  }
  return { droppableSchemas, foreignSchemas };
}

/**
 * The registered relations present in the warehouse that are not the ones the environment created (another
 * kind, another identity, or no identity recorded), by key, with why (owned-identity.ts).
 */
export async function ownedRelationsReplaced(
  warehouse: Warehouse,
  relations: readonly OwnedObject[],
  seen: SeenObjects,
): Promise<Map<string, string>> {
  const rules = warehouse.capabilities.identifiers;
  const replaced = new Map<string, string>();
  for (const row of relations) {
    const key = qualifiedKey(row, rules);
    const found = seen.objects.get(key);
    if (!found) continue;
    const why = await notTheOwned(warehouse, row, found);
    if (why !== null) replaced.set(key, why);
  }
  return replaced;
}

/** The targets in dropping order: views first (stable, so otherwise as registered). */
export function inDroppingOrder(targets: ReadonlyMap<string, CleanupTarget>): CleanupTarget[] {
  return [...targets.values()].sort((a, b) => {
    const rank = (t: CleanupTarget) => ((t.object?.kind ?? t.row?.kind) === "view" ? 0 : 1);
    return rank(a) - rank(b);
  });
}

/** A target as the report shows it. */
export function shownTarget(target: CleanupTarget): CleanupObject {
  const name = target.object ?? target.row!;
  return {
    kind: target.object?.kind ?? (target.row!.kind as "table" | "view"),
    object: describe(name),
    why: target.why,
  };
}
