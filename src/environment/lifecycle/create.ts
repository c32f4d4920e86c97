/**
 * Create or refresh a pull request's environment (PR opened, pushed to):
 * from the plan of the PR's manifest (compiled with the CI target, planned
 * with `pointers: true` over prod's state, or over `environmentBaseline`),
 *
 * - creates the schemas of the manifest's relations that don't exist (the
 *   environment owns those);
 * - makes a pointer view at the manifest's relation of every REUSE node,
 *   reading the relation prod's state records for it (`schema.table`: never
 *   the database), unless the node's last build is the environment's own
 *   (it is already in place);
 * - drops the pointer views of nodes that are now built (dbt builds them);
 * - repairs pointers that went missing (a prod rebuild on PostgreSQL drops
 *   the views that read a table with CASCADE) and points moved ones again;
 *   makes again those an older ods-state made reading with the CI role's
 *   rights (`secure_pointer`);
 * - starts each incremental model it builds from a clone of prod's table
 *   (or a copy within a limit, where enabled), so that dbt runs it
 *   incrementally as in prod (create/incremental-starts.ts: every BUILD
 *   node's decision and its reason are in the result's `starts`).
 *
 * Idempotent: a second run with the same plan changes nothing. Each change
 * is one transaction holding both the object and its registry rows, so a
 * failure anywhere leaves the registry equal to what the warehouse holds,
 * and a rerun finishes. Refused, before anything changes, when a relation of
 * the manifest is a relation prod's state records (the CI target writes over
 * prod), when a name can't be used, when an object the environment doesn't
 * own is where a pointer must go, when another environment (of any
 * repository or project) created one of its schemas, or when one of its
 * schemas holds relations it doesn't own (prod's, when the CI target is
 * prod's schema and prod's state is missing): an environment only ever owns
 * what it created (docs/environments.md, Isolation); and when a pointer view
 * would let its readers read more of prod than prod lets them
 * (`pointer_view_refused`; docs/environments.md, "Access is never widened").
 *
 * Names: the plan's and prod's relations are dbt's; the warehouse stores
 * them as its rules say (Snowflake upper-cases what dbt writes unquoted), and
 * the environment creates, records and compares them in that stored form
 * (stored-names.ts), so its schemas and pointer views are the ones dbt's CI
 * target writes to and reads.
 *
 * The steps, in order, are modules of lifecycle/create/: validate the
 * manifest, work out the desired pointers and schemas, observe the
 * warehouse and the registry, refuse what the environment doesn't own; then
 * the changes (planned here) are applied.
 */
import type { Plan } from "../../state/plan.js";
import type { StateSnapshot } from "../../state/snapshot.js";
import { nameKey, qualifiedKey, sameQualified } from "../../warehouse/names.js";
import { StoredNames } from "../../warehouse/stored-names.js";
import type { IncrementalStart } from "../incremental-start-settings.js";
import { recoverInterrupted } from "../promotion/recover.js";
import type { PointerRecord } from "../registry/records.js";
import { describe, type EnvContext } from "./common.js";
import { refuseWideningPointers } from "./create/access-refusals.js";
import { createOwnedSchema, dropPointer, registerEnvironment } from "./create/apply-changes.js";
import { applyPointer } from "./create/apply-pointer.js";
import { applyStarts, type PlannedStarts, planStarts } from "./create/apply-starts.js";
import { type DesiredPointer, desiredPointers, environmentSchemas } from "./create/desired-pointers.js";
import type { StartDecision } from "./create/incremental-starts.js";
import { type ObservedEnvironment, observeEnvironment } from "./create/observed-environment.js";
import { refuseWhatIsNotOwned } from "./create/ownership-refusals.js";
import { validateManifest } from "./create/validate-manifest.js";

export interface CreateEnvironmentInput {
  /** The environment's registry name: environmentName(ctx.scope, prNumber). */
  name: string;
  /** The dbt project: the context's scope's. */
  project: string;
  prNumber: number | null;
  headSha: string | null;
  /** The PR manifest's plan, made with `pointers: true`. */
  plan: Plan;
  /** Prod's latest state: its relations are never written, and their schemas never dropped. */
  prod: StateSnapshot | null;
  /** How incremental models it builds start (default: a zero-copy clone where the warehouse has one). */
  incrementalStart?: IncrementalStart;
  /** Nodes whose config sets `full_refresh` (true: never started from prod's table; false: even with --full-refresh). */
  fullRefreshConfig?: ReadonlyMap<string, boolean>;
  dryRun?: boolean;
}

export type EnvActionKind =
  | "create_schema"
  | "create_pointer"
  | "repoint"
  | "secure_pointer"
  | "replace_with_pointer"
  | "drop_pointer"
  | "forget_pointer"
  | "clone_table"
  | "copy_table";

export interface EnvAction {
  action: EnvActionKind;
  /** `schema` or `schema.relation`. */
  object: string;
  node_id?: string;
  /** What a pointer reads, or a clone or copy is made of, `schema.relation`. */
  reads?: string;
}

export interface EnvironmentChange {
  environment: string;
  dry_run: boolean;
  /** Every change made (or, in a dry run, that would be made), in order. */
  actions: EnvAction[];
  /** REUSE nodes served by a pointer view once done. */
  pointers: number;
  /** REUSE nodes whose last build is the environment's own, in place. */
  in_place: number;
  /** The schemas of the environment's relations. */
  schemas: string[];
  /** Every BUILD node: whether it starts from prod's table, and why (reason codes: incremental-starts.ts). */
  starts: StartDecision[];
}

export async function createEnvironment(
  ctx: EnvContext,
  given: CreateEnvironmentInput,
): Promise<EnvironmentChange> {
  const rules = ctx.warehouse.capabilities.identifiers;
  const name = given.name;

  // 1. Validate everything before changing anything. From here on, names are as the warehouse stores them:
  // what the environment creates is what dbt writes and reads (stored-names.ts).
  const names = StoredNames.fromPlan(ctx.warehouse.capabilities.engine, given.plan).withProd(given.prod);
  const prodSchemas = validateManifest(ctx, given, names);
  const input: CreateEnvironmentInput = {
    ...given,
    plan: names.plan(given.plan, given.prod),
    prod: names.prod(given.prod),
  };
  const { desired, inPlace } = desiredPointers(input.plan, input.prod, rules);
  const schemas = environmentSchemas(input.plan, rules);

  // 2. Interrupted promotions and rollbacks of the scope are recovered (promotion/recover.ts: a pointer view
  // reads prod's tables, and a promotion may have moved this environment's own into prod's schemas).
  await recoverInterrupted(ctx, { prod: input.prod, dryRun: input.dryRun === true });

  // 3. Observe the warehouse and the registry.
  const observed = await observeEnvironment(ctx, name, schemas, prodSchemas);
  await refuseWhatIsNotOwned(ctx, { name, schemas, desired, prodKnown: Boolean(input.prod) }, observed);
  await refuseWideningPointers(ctx, name, desired);

  // 4. Work out the changes.
  const actions = plannedActions(ctx, schemas, desired, observed);
  const droppedPointers = new Set(
    actions
      .filter((a) => a.action === "drop_pointer" || a.action === "forget_pointer")
      .map((a) => a.node_id!),
  );
  const starts = await planStarts(ctx, input, observed, droppedPointers);
  actions.push(...startActions(starts));
  const result: EnvironmentChange = {
    environment: name,
    dry_run: input.dryRun === true,
    actions,
    pointers: desired.length,
    in_place: inPlace,
    schemas,
    starts: starts.decisions,
  };
  if (input.dryRun) return result;

  // 5. Apply, one transaction per change.
  await registerEnvironment(ctx, input, observed.existing, schemas, prodSchemas);
  for (const action of actions)
    if (action.action === "create_schema") await createOwnedSchema(ctx, name, action.object);
  const desiredByNode = new Map(desired.map((pointer) => [pointer.node_id, pointer]));
  for (const pointer of observed.pointers)
    if (!desiredByNode.has(pointer.node_id)) await dropPointer(ctx, name, pointer, observed);
  const recordedByNode = recordedPointers(observed);
  for (const pointer of desired)
    await applyPointer(ctx, name, pointer, observed, recordedByNode.get(pointer.node_id));
  await applyStarts(ctx, name, starts, observed);
  return result;
}

/** The clones and copies, as actions. */
function startActions(starts: PlannedStarts): EnvAction[] {
  return starts.pending.map((start) => ({
    action: start.how === "clone" ? "clone_table" : "copy_table",
    object: describe(start.at),
    node_id: start.node_id,
    reads: describe(start.from),
  }));
}

/** The changes, in order: schemas to create, pointers no longer wanted, pointers to create, replace or repoint. */
function plannedActions(
  ctx: EnvContext,
  schemas: readonly string[],
  desired: readonly DesiredPointer[],
  observed: ObservedEnvironment,
): EnvAction[] {
  const rules = ctx.warehouse.capabilities.identifiers;
  const { seenNow, pointers } = observed;
  const actions: EnvAction[] = [];
  const desiredByNode = new Map(desired.map((pointer) => [pointer.node_id, pointer]));
  const recordedByNode = recordedPointers(observed);
  for (const schema of schemas) {
    const key = nameKey(schema, rules);
    if (!seenNow.schemas.has(key) || observed.schemasBeingCreated.has(key))
      actions.push({ action: "create_schema", object: schema });
  }
  for (const pointer of pointers) {
    if (desiredByNode.has(pointer.node_id)) continue;
    const found = seenNow.objects.get(qualifiedKey(pointer, rules));
    actions.push({
      action: found?.kind === "view" ? "drop_pointer" : "forget_pointer",
      object: describe(pointer),
      node_id: pointer.node_id,
    });
  }
  for (const pointer of desired) {
    const found = seenNow.objects.get(qualifiedKey(pointer.at, rules));
    const recorded = recordedByNode.get(pointer.node_id);
    const base = { object: describe(pointer.at), node_id: pointer.node_id, reads: describe(pointer.reads) };
    if (!found) actions.push({ action: "create_pointer", ...base });
    else if (found.kind === "table") actions.push({ action: "replace_with_pointer", ...base });
    else if (
      !recorded ||
      !sameQualified(recorded, pointer.at, rules) ||
      !sameQualified(recorded.reads, pointer.reads, rules)
    ) {
      actions.push({ action: "repoint", ...base });
    } else if (observed.ownerRights.has(qualifiedKey(pointer.at, rules))) {
      // Made by an older ods-state, reading with its owner's (the CI role's) rights: made again.
      actions.push({ action: "secure_pointer", ...base });
    }
  }
  return actions;
}

function recordedPointers(observed: ObservedEnvironment): Map<string, PointerRecord> {
  return new Map(observed.pointers.map((pointer) => [pointer.node_id, pointer]));
}
