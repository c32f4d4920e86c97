/**
 * Cleanup of an environment (PR closed without merge, after promotion on
 * merge, the janitor). Drops only what the registry says the environment
 * created, in its own schemas (those it created or was created over), and
 * only while it is still what the environment created (its identity,
 * owned-identity.ts): its pointer views, the relations its builds wrote,
 * then the schemas it created once empty. Nothing else, with or without
 * prod's state: not a relation it didn't create nor one that took the name
 * of one it did (prod's build in a schema named the same in CI and prod; a
 * schema that holds one is kept and reported), not a relation prod's state
 * records, nothing in a schema that held prod's relations (prod state's, or
 * any the environment saw when it was created).
 *
 * Views go first (each view that reads another is retried after it), then
 * tables, then schemas, each drop in one transaction with its registry row.
 * A drop the warehouse refuses (another object depends on it) is reported,
 * and the rest goes on. Safe to run twice: the second run finds nothing.
 */
import type { StateSnapshot } from "../../state/snapshot.js";
import { nameKey } from "../../warehouse/names.js";
import { StoredNames } from "../../warehouse/stored-names.js";
import { recoverInterrupted } from "../promotion/recover.js";
import type { CleanupReport } from "./cleanup/cleanup-report.js";
import { cleanupScope } from "./cleanup/cleanup-scope.js";
import {
  inDroppingOrder,
  ownedRelationsReplaced,
  relationTargets,
  schemaTargets,
} from "./cleanup/cleanup-targets.js";
import { closeAfterCleanup } from "./cleanup/close-after-cleanup.js";
import { dropRelations, dropSchemas, reportDryRun } from "./cleanup/drop-targets.js";
import { type EnvContext, observe, ownEnvironment, step } from "./common.js";

export interface CleanupInput {
  name: string;
  /** Prod's state: its relations' schemas are protected too. */
  prod?: StateSnapshot | null;
  /** How the warehouse stores prod's relations (from a manifest); default: every form it may (stored-names.ts). */
  names?: StoredNames;
  dryRun?: boolean;
  /** The environment's status once everything is gone (default: removed). */
}

/**
 * The steps, in order, are modules of lifecycle/cleanup/: what the cleanup
 * may touch (cleanup-scope), what it drops and keeps (cleanup-targets), the
 * drops (drop-targets), then the environment's rows (close-after-cleanup).
 */
export async function cleanupEnvironment(ctx: EnvContext, input: CleanupInput): Promise<CleanupReport> {
  // An interrupted promotion may have moved the environment's tables into prod's schemas: recovered first.
  await recoverInterrupted(ctx, { prod: input.prod ?? null, dryRun: input.dryRun === true });
  return cleanupUnrecovered(ctx, input);
}

/** cleanupEnvironment once the interrupted promotions were recovered (the janitor recovers once for all). */
export async function cleanupUnrecovered(ctx: EnvContext, input: CleanupInput): Promise<CleanupReport> {
  const { warehouse, registry } = ctx;
  const rules = warehouse.capabilities.identifiers;
  const name = input.name;
  const report: CleanupReport = {
    environment: name,
    dry_run: input.dryRun === true,
    found: false,
    dropped: [],
    failed: [],
    kept: [],
    complete: true,
  };
  const environment = await ownEnvironment(ctx, name);
  if (!environment) return report;
  report.found = true;

  const owned = await registry.objects(name);
  const names = (input.names ?? new StoredNames(warehouse.capabilities.engine)).withProd(input.prod);
  const scope = cleanupScope(environment, owned, input.prod, rules, names);
  const schemas = [...new Set([...owned.map((object) => object.schema)])];
  const seen = await observe(warehouse, schemas);
  const replaced = await ownedRelationsReplaced(warehouse, scope.relations, seen);
  const { targets, keptRelations } = relationTargets(scope, seen, replaced, rules, report);
  const { droppableSchemas, foreignSchemas } = schemaTargets(scope, seen, targets, rules, report);
  const ordered = inDroppingOrder(targets);

  if (input.dryRun) {
    reportDryRun(ordered, droppableSchemas, seen, rules, report);
    return report;
  }
  const replacedSince = await dropRelations(ctx, name, ordered, report);
  // A schema holding a relation replaced while the cleanup ran holds what the environment did not create.
  const holding = new Set(replacedSince.map((row) => nameKey(row.schema, rules)));
  const stillHeld = droppableSchemas.filter((schema) => holding.has(nameKey(schema.schema, rules)));
  for (const schema of stillHeld)
    report.kept.push({ schema: schema.schema, reason: "it holds a relation the environment did not create" });
  await dropSchemas(
    ctx,
    name,
    droppableSchemas.filter((schema) => !holding.has(nameKey(schema.schema, rules))),
    seen,
    report,
  );
  await closeAfterCleanup(
    ctx,
    name,
    environment,
    scope.protectedSchemas,
    { relations: [...keptRelations, ...replacedSince], foreignSchemas: [...foreignSchemas, ...stillHeld] },
    report,
  );
  return report;
}

/** Marks the environment closed (PR closed) or merged, without dropping anything. */
export async function closeEnvironment(
  ctx: EnvContext,
  input: { name: string; merged: boolean },
): Promise<boolean> {
  const environment = await ownEnvironment(ctx, input.name);
  if (!environment || environment.status === "removed") return false;
  await step(ctx.warehouse, `Closing the environment ${input.name}`, () =>
    ctx.registry.putEnvironment({
      ...environment,
      status: input.merged ? "merged" : "closed",
      closed_at: environment.closed_at ?? ctx.now,
      updated_at: ctx.now,
    }),
  );
  return true;
}
