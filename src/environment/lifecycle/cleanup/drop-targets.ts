/**
 * The drops of a cleanup: relations (views first; each one the warehouse
 * refuses is retried after the others, since views that read other views of
 * the environment may need another pass), then the schemas it created. Each
 * drop is one transaction with its registry rows; a drop the warehouse
 * refuses is reported and the rest goes on. A dry run only reports.
 */
import { type IdentifierRules, nameKey, showName } from "../../../warehouse/names.js";
import type { OwnedObject } from "../../registry/records.js";
import { describe, type EnvContext, step } from "../common.js";
import { notTheOwned } from "../owned-identity.js";
import type { CleanupReport } from "./cleanup-report.js";
import { type CleanupTarget, type SeenObjects, shownTarget } from "./cleanup-targets.js";

/** What a dry run would drop: the targets the warehouse holds, then the droppable schemas it holds. */
export function reportDryRun(
  ordered: readonly CleanupTarget[],
  droppableSchemas: readonly OwnedObject[],
  seen: SeenObjects,
  rules: IdentifierRules,
  report: CleanupReport,
): void {
  for (const target of ordered) if (target.object) report.dropped.push(shownTarget(target));
  for (const schema of droppableSchemas) {
    if (seen.schemas.has(nameKey(schema.schema, rules)))
      report.dropped.push({ kind: "schema", object: schema.schema, why: "owned_schema" });
  }
}

/**
 * Drops the relations in order, in passes, until a pass drops nothing more (or after 21 passes). Each one's
 * identity is checked again in its drop's transaction: one replaced since the cleanup looked is kept (and
 * returned, reported in `report.kept`).
 */
export async function dropRelations(
  ctx: EnvContext,
  name: string,
  ordered: CleanupTarget[],
  report: CleanupReport,
): Promise<OwnedObject[]> {
  const { warehouse, registry } = ctx;
  let pending = ordered;
  const errors = new Map<CleanupTarget, string>();
  const replacedSince: OwnedObject[] = [];
  for (let pass = 0; pending.length > 0; pass += 1) {
    const next: CleanupTarget[] = [];
    for (const target of pending) {
      try {
        const replaced = await step(
          warehouse,
          `Dropping ${describe(target.object ?? target.row!)}`,
          async () => {
            const why =
              target.object && target.row ? await notTheOwned(warehouse, target.row, target.object) : null;
            if (why !== null) return why;
            // A pointer's row goes before its view (where each statement commits on its own, a pointer the
            // registry records is never a view that is gone); the owned row goes after it (what exists is recorded).
            if (target.row?.role === "pointer" && target.row.node_id)
              await registry.deletePointer(name, target.row.node_id);
            if (target.object) await warehouse.dropObject(target.object);
            if (target.row) await registry.deleteObject(name, target.row.schema, target.row.identifier);
            return null;
          },
        );
        if (replaced !== null) {
          replacedSince.push(target.row!);
          report.kept.push({ schema: describe(target.row!), reason: replaced });
        } else if (target.object) report.dropped.push(shownTarget(target));
        errors.delete(target);
      } catch (error) {
        errors.set(target, error instanceof Error ? error.message : String(error));
        next.push(target);
      }
    }
    if (next.length === pending.length || pass > 20) {
      for (const target of next)
        report.failed.push({ ...shownTarget(target), error: errors.get(target) ?? "" });
      break;
    }
    pending = next;
  }
  return replacedSince;
}

/** Drops the schemas the environment created (the registry row alone of one already gone). */
export async function dropSchemas(
  ctx: EnvContext,
  name: string,
  droppableSchemas: readonly OwnedObject[],
  seen: SeenObjects,
  report: CleanupReport,
): Promise<void> {
  const { warehouse, registry } = ctx;
  const rules = warehouse.capabilities.identifiers;
  for (const schema of droppableSchemas) {
    const exists = seen.schemas.has(nameKey(schema.schema, rules));
    try {
      await step(warehouse, `Dropping the schema ${showName(schema.schema)}`, async () => {
        if (exists) await warehouse.dropSchema(schema.schema);
        await registry.deleteObject(name, schema.schema, "");
      });
      if (exists) report.dropped.push({ kind: "schema", object: schema.schema, why: "owned_schema" });
    } catch (error) {
      report.failed.push({
        kind: "schema",
        object: schema.schema,
        why: "owned_schema",
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
}
