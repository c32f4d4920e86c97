/**
 * Repair the pointer views of open environments (`ods-state env repair`, and
 * the default branch's post step after main's dbt run): on PostgreSQL, dbt's
 * table materialization renames the relation it replaces to a backup and,
 * after the commit, drops it with CASCADE, which drops every view that reads
 * it, the pointer views of open pull requests included (dbt-labs/dbt-adapters:
 * dbt-adapters/src/dbt/include/global_project/macros/materializations/models/table.sql
 * calls `drop_relation_if_exists(backup_relation)`;
 * dbt-postgres/src/dbt/include/postgres/macros/relations/table/drop.sql is
 * `drop table if exists … cascade`; views likewise). tools/dbt-standin.ts
 * does the same. Until the pull request's next push its environment would
 * have a hole where prod's relation was.
 *
 * For each open environment of the context's scope (repository + dbt
 * project; or the one named, which must be of that scope) and each pointer view the
 * registry records (env_pointers), the relation it must read is prod's
 * current one for that node (prod's state, when given; else the relation the
 * registry records). A pointer view is broken when it is gone, when it reads
 * another relation than that one (engines binding views by object: the
 * catalog says what it reads; binding by name: the relation its definition
 * names), or when that relation is gone:
 *
 * - gone or reading another relation, prod's relation present → recreated
 *   reading prod's relation, and the registry records what it reads now
 *   (prod's run and version key, when prod's state is given);
 * - prod's relation gone → reported, never invented or pointed elsewhere;
 * - reading prod's relation with its owner's (the CI role's) rights where
 *   the warehouse makes pointer views read with their reader's (PostgreSQL:
 *   a view an older ods-state made without `security_invoker`) → made again
 *   (`owner_rights`).
 *
 * Idempotent (a second run finds nothing broken). One transaction per
 * environment: its views and its registry rows change together; an
 * environment that fails is reported and the others are still repaired.
 */
import { UserError } from "../../errors/user-error.js";
import type { StateSnapshot } from "../../state/snapshot.js";
import { type QualifiedName, qualifiedKey, sameQualified } from "../../warehouse/names.js";
import { StoredNames } from "../../warehouse/stored-names.js";
import { inScope } from "../environment-identity.js";
import { recoverInterrupted } from "../promotion/recover.js";
import type { EnvironmentRecord, PointerRecord } from "../registry/records.js";
import { describe, type EnvContext, observe, ownEnvironment, qualifiedOf, step } from "./common.js";
import { claimOwned } from "./owned-identity.js";

export interface RepairInput {
  /** Only this environment (it must exist); default every open one. */
  name?: string;
  /** Prod's state as of now: the relation (and run) of each pointer's node. */
  prod?: StateSnapshot | null;
  /**
   * How the warehouse stores prod's relations (from a manifest:
   * stored-names.ts). Default: the form a pointer already reads when prod's
   * relation is still the one it was made for, else the adapter's default.
   */
  names?: StoredNames;
  dryRun?: boolean;
}

export interface RepairedPointer {
  node_id: string;
  /** The pointer view, `schema.relation`. */
  pointer: string;
  /** What it reads now, `schema.relation`. */
  reads: string;
  /**
   * `missing`: the view was gone; `stale`: it read another relation than
   * prod's; `owner_rights`: it read prod's relation with its owner's (the CI
   * role's) rights, where the warehouse makes pointer views read with their
   * reader's (made by an older ods-state).
   */
  was: "missing" | "stale" | "owner_rights";
}

export interface UnrepairablePointer {
  node_id: string;
  pointer: string;
  /** Prod's relation for the node, which is gone. */
  reads: string;
  reason: string;
}

export interface EnvironmentRepair {
  environment: string;
  /** Pointer views the registry records for it. */
  checked: number;
  /** Recreated (or, in a dry run, that would be). */
  repaired: RepairedPointer[];
  /** Broken, and left: prod's relation for the node is gone. */
  unrepairable: UnrepairablePointer[];
  /** Set when the environment's repair failed (nothing of it changed). */
  error: string | null;
}

export interface RepairReport {
  dry_run: boolean;
  environments: EnvironmentRepair[];
  /** Pointer views recreated in all environments. */
  repaired: number;
  /** Broken pointers left (their prod relation is gone). */
  unrepairable: number;
  /** Environments whose repair failed. */
  failed: number;
}

interface Fix {
  pointer: PointerRecord;
  reads: QualifiedName;
  run_id: string | null;
  version_key: string | null;
  was: RepairedPointer["was"];
}

export async function repairEnvironments(ctx: EnvContext, input: RepairInput = {}): Promise<RepairReport> {
  const { registry } = ctx;
  // A pointer reads prod's table: an interrupted promotion is recovered first (promotion/recover.ts).
  await recoverInterrupted(ctx, { prod: input.prod ?? null, dryRun: input.dryRun === true });
  let environments: EnvironmentRecord[];
  if (input.name !== undefined) {
    const found = await ownEnvironment(ctx, input.name);
    if (!found) {
      throw new UserError(
        "environment_unknown",
        `There is no environment ${input.name} in ${ctx.warehouse.label}.`,
      );
    }
    environments = [found];
  } else {
    environments = (await registry.environments()).filter(
      (environment) => environment.status === "open" && inScope(environment, ctx.scope),
    );
  }
  const report: RepairReport = {
    dry_run: input.dryRun === true,
    environments: [],
    repaired: 0,
    unrepairable: 0,
    failed: 0,
  };
  for (const environment of environments) {
    const repaired = await repairOne(ctx, environment, input);
    report.environments.push(repaired);
    report.repaired += repaired.error === null ? repaired.repaired.length : 0;
    report.unrepairable += repaired.unrepairable.length;
    if (repaired.error !== null) report.failed += 1;
  }
  return report;
}

async function repairOne(
  ctx: EnvContext,
  environment: EnvironmentRecord,
  input: RepairInput,
): Promise<EnvironmentRepair> {
  const { warehouse, registry, now } = ctx;
  const rules = warehouse.capabilities.identifiers;
  const name = environment.name;
  const pointers = await registry.pointers(name);
  const result: EnvironmentRepair = {
    environment: name,
    checked: pointers.length,
    repaired: [],
    unrepairable: [],
    error: null,
  };
  if (pointers.length === 0) return result;

  // What each pointer must read: prod's relation for its node now, as the warehouse stores it.
  const names = (input.names ?? new StoredNames(warehouse.capabilities.engine)).withProd(input.prod);
  const stored = (relation: QualifiedName, pointer: PointerRecord): QualifiedName => {
    const forms = names.possible(relation, pointer.node_id);
    return (
      forms.find((form) => sameQualified(form, pointer.reads, rules)) ?? forms[0] ?? qualifiedOf(relation)
    );
  };
  const wanted = pointers.map((pointer) => {
    const prod = input.prod?.nodes[pointer.node_id];
    return prod?.relation
      ? {
          pointer,
          reads: stored(prod.relation, pointer),
          run_id: prod.run_id,
          version_key: prod.version_key ?? null,
        }
      : { pointer, reads: pointer.reads, run_id: pointer.reads_run_id, version_key: pointer.version_key };
  });
  const schemas = new Set<string>();
  for (const want of wanted) {
    schemas.add(want.pointer.schema);
    schemas.add(want.reads.schema);
  }
  const seen = await observe(warehouse, [...schemas]);
  const views = pointers.filter((pointer) => seen.objects.get(qualifiedKey(pointer, rules))?.kind === "view");
  const bound = await warehouse.boundRelations(views);
  const ownerRights =
    warehouse.ownerRightsViews && views.length > 0 ? await warehouse.ownerRightsViews(views) : new Set();

  const fixes: Fix[] = [];
  for (const want of wanted) {
    const { pointer } = want;
    const view = seen.objects.get(qualifiedKey(pointer, rules));
    // A table where the pointer was is the environment's own build now: the next push records it.
    if (view && view.kind !== "view") continue;
    const readsNow = bound ? (bound.get(qualifiedKey(pointer, rules)) ?? []) : view ? [pointer.reads] : [];
    const current = !!view && readsNow.length === 1 && sameQualified(readsNow[0]!, want.reads, rules);
    const target = seen.objects.get(qualifiedKey(want.reads, rules));
    const asOwner = ownerRights.has(qualifiedKey(pointer, rules));
    if (current && target && !asOwner) continue;
    if (!target) {
      result.unrepairable.push({
        node_id: pointer.node_id,
        pointer: describe(pointer),
        reads: describe(want.reads),
        reason: `prod's relation ${describe(want.reads)} for ${pointer.node_id} is gone, so the pointer view ${describe(pointer)} can't read it; the pull request's next push plans the node again.`,
      });
      continue;
    }
    fixes.push({ ...want, was: !view ? "missing" : current ? "owner_rights" : "stale" });
  }
  result.repaired = fixes.map((fix) => ({
    node_id: fix.pointer.node_id,
    pointer: describe(fix.pointer),
    reads: describe(fix.reads),
    was: fix.was,
  }));
  if (fixes.length === 0 || input.dryRun) return result;

  const objects = new Map(
    (await registry.objects(name)).map((object) => [qualifiedKey(object, rules), object] as const),
  );
  const apply = (dropFirst: boolean) =>
    step(
      warehouse,
      `Repairing ${fixes.length} pointer view${fixes.length === 1 ? "" : "s"} of ${name}`,
      async () => {
        for (const fix of fixes) {
          const at = qualifiedOf(fix.pointer);
          const there = fix.was !== "missing";
          if (there && dropFirst) await warehouse.dropObject({ ...at, kind: "view" });
          await warehouse.createView(at, fix.reads, { replace: there && !dropFirst });
          const identity = await claimOwned(warehouse, { ...at, kind: "view" });
          await registry.putPointer({
            ...fix.pointer,
            reads: { schema: fix.reads.schema, identifier: fix.reads.identifier },
            reads_run_id: fix.run_id,
            version_key: fix.version_key,
            updated_at: now,
          });
          const owned = objects.get(qualifiedKey(at, rules));
          await registry.putObject({
            environment: name,
            schema: at.schema,
            identifier: at.identifier,
            kind: "view",
            role: "pointer",
            node_id: fix.pointer.node_id,
            state: "present",
            created_at: owned?.created_at ?? now,
            identity,
          });
        }
      },
    );
  try {
    try {
      await apply(false);
    } catch (error) {
      // CREATE OR REPLACE VIEW fails on PostgreSQL when the columns read changed: drop and create instead.
      if (!fixes.some((fix) => fix.was !== "missing")) throw error;
      await apply(true);
    }
  } catch (error) {
    result.error = error instanceof Error ? error.message : String(error);
  }
  return result;
}
