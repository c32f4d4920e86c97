/**
 * Cleanup of an environment (PR closed without merge, after promotion on
 * merge, the janitor). Drops only what the registry says the environment
 * created, in its own schemas (those it created or was created over): its
 * pointer views, the relations its builds wrote, then the schemas it created
 * once empty. Nothing else, with or without prod's state: not a relation it
 * didn't create (a schema that holds one is kept and reported), not a
 * relation prod's state records, nothing in a schema that held prod's
 * relations (prod state's, or any the environment saw when it was created).
 *
 * Views go first (each view that reads another is retried after it), then
 * tables, then schemas, each drop in one transaction with its registry row.
 * A drop the warehouse refuses (another object depends on it) is reported,
 * and the rest goes on. Safe to run twice: the second run finds nothing.
 */
import type { StateSnapshot } from "../../state/snapshot.js";
import { recoverInterrupted } from "../promotion/recover.js";
import type { CleanupReport } from "./cleanup/cleanup-report.js";
import { cleanupScope } from "./cleanup/cleanup-scope.js";
import { inDroppingOrder, relationTargets, schemaTargets } from "./cleanup/cleanup-targets.js";
import { closeAfterCleanup } from "./cleanup/close-after-cleanup.js";
import { dropRelations, dropSchemas, reportDryRun } from "./cleanup/drop-targets.js";
import { type EnvContext, observe, ownEnvironment, step } from "./common.js";

export interface CleanupInput {
  name: string;
  /** Prod's state: its relations' schemas are protected too. */
  prod?: StateSnapshot | null;
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
  const scope = cleanupScope(environment, owned, input.prod, rules);
  const schemas = [...new Set([...owned.map((object) => object.schema)])];
  const seen = await observe(warehouse, schemas);
  const { targets, keptRelations } = relationTargets(scope, seen, rules, report);
  const { droppableSchemas, foreignSchemas } = schemaTargets(scope, seen, targets, rules, report);
  const ordered = inDroppingOrder(targets);

  if (input.dryRun) {
    reportDryRun(ordered, droppableSchemas, seen, rules, report);
    return report;
  }
  await dropRelations(ctx, name, ordered, report);
  await dropSchemas(ctx, name, droppableSchemas, seen, report);
  await closeAfterCleanup(
    ctx,
    name,
    environment,
    scope.protectedSchemas,
    { relations: keptRelations, foreignSchemas },
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
