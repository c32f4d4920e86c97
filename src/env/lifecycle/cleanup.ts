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
import { nameKey, qualifiedKey, showName } from "../names.js";
import type { OwnedObject } from "../registry/records.js";
import type { WarehouseObject } from "../warehouse.js";
import { describe, type EnvContext, observe, ownEnvironment, step } from "./common.js";

export interface CleanupInput {
  name: string;
  /** Prod's state: its relations' schemas are protected too. */
  prod?: StateSnapshot | null;
  dryRun?: boolean;
  /** The environment's status once everything is gone (default: removed). */
}

export interface CleanupObject {
  kind: "schema" | "table" | "view";
  /** `schema` or `schema.relation`. */
  object: string;
  why: "pointer" | "build" | "owned_schema";
}

export interface CleanupReport {
  environment: string;
  dry_run: boolean;
  found: boolean;
  /** Dropped, or in a dry run, what would be dropped. */
  dropped: CleanupObject[];
  failed: (CleanupObject & { error: string })[];
  /** Owned schemas (and registered relations) kept: they hold or are prod relations, or objects the environment didn't create. */
  kept: { schema: string; reason: string }[];
  /** True when nothing of the environment is left. */
  complete: boolean;
}

export async function cleanupEnvironment(ctx: EnvContext, input: CleanupInput): Promise<CleanupReport> {
  const { warehouse, registry, now } = ctx;
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
  const protectedSchemas = new Set(
    [
      ...environment.prod_schemas,
      ...Object.values(input.prod?.nodes ?? {}).flatMap((state) =>
        state.relation ? [state.relation.schema] : [],
      ),
    ].map((schema) => nameKey(schema, rules)),
  );
  const foreignSchemas: OwnedObject[] = [];
  const prodRelations = new Set(
    Object.values(input.prod?.nodes ?? {}).flatMap((state) =>
      state.relation ? [qualifiedKey(state.relation, rules)] : [],
    ),
  );
  const ownedSchemas = owned.filter((object) => object.kind === "schema");
  const relations = owned.filter((object) => object.kind !== "schema");
  // Its own schemas: those it created and those it was created over (a legacy row recorded neither list:
  // the schemas of its registered relations). Never one that held prod's relations.
  const ownSchemas = new Set(
    [
      ...ownedSchemas.map((object) => object.schema),
      ...environment.schemas,
      ...(environment.repository === null ? relations.map((object) => object.schema) : []),
    ]
      .map((schema) => nameKey(schema, rules))
      .filter((key) => !protectedSchemas.has(key)),
  );
  const schemas = [...new Set([...owned.map((object) => object.schema)])];
  const seen = await observe(warehouse, schemas);

  interface Target {
    object: WarehouseObject | null;
    row: OwnedObject | null;
    why: CleanupObject["why"];
  }
  const targets = new Map<string, Target>();
  const keptRelations: OwnedObject[] = [];
  for (const row of relations) {
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
    targets.set(key, {
      object: seen.objects.get(key) ?? null,
      row,
      why: row.role === "pointer" ? "pointer" : "build",
    });
  }
  const droppableSchemas: OwnedObject[] = [];
  for (const schema of ownedSchemas) {
    const key = nameKey(schema.schema, rules);
    if (protectedSchemas.has(key)) {
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

  const shown = (target: Target): CleanupObject => {
    const name = target.object ?? target.row!;
    return {
      kind: target.object?.kind ?? (target.row!.kind as "table" | "view"),
      object: describe(name),
      why: target.why,
    };
  };
  const ordered = [...targets.values()].sort((a, b) => {
    const rank = (t: Target) => ((t.object?.kind ?? t.row?.kind) === "view" ? 0 : 1);
    return rank(a) - rank(b);
  });

  if (input.dryRun) {
    for (const target of ordered) if (target.object) report.dropped.push(shown(target));
    for (const schema of droppableSchemas) {
      if (seen.schemas.has(nameKey(schema.schema, rules)))
        report.dropped.push({ kind: "schema", object: schema.schema, why: "owned_schema" });
    }
    return report;
  }

  // Views that read other views of the environment may need another pass.
  let pending = ordered;
  const errors = new Map<Target, string>();
  for (let pass = 0; pending.length > 0; pass += 1) {
    const next: Target[] = [];
    for (const target of pending) {
      try {
        await step(warehouse, `Dropping ${describe(target.object ?? target.row!)}`, async () => {
          if (target.object) await warehouse.dropObject(target.object);
          if (target.row) {
            await registry.deleteObject(name, target.row.schema, target.row.identifier);
            if (target.row.role === "pointer" && target.row.node_id)
              await registry.deletePointer(name, target.row.node_id);
          }
        });
        if (target.object) report.dropped.push(shown(target));
        errors.delete(target);
      } catch (error) {
        errors.set(target, error instanceof Error ? error.message : String(error));
        next.push(target);
      }
    }
    if (next.length === pending.length || pass > 20) {
      for (const target of next) report.failed.push({ ...shown(target), error: errors.get(target) ?? "" });
      break;
    }
    pending = next;
  }

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

  // What it created is gone once nothing fails; rows of what it must not drop (prod's, others') are forgotten.
  const keptKeys = new Set([
    ...keptRelations.map((row) => qualifiedKey(row, rules)),
    ...foreignSchemas.map((row) => `schema:${nameKey(row.schema, rules)}`),
  ]);
  const left = await registry.objects(name);
  report.complete =
    report.failed.length === 0 &&
    left.every(
      (object) =>
        (object.kind === "schema" &&
          (protectedSchemas.has(nameKey(object.schema, rules)) ||
            keptKeys.has(`schema:${nameKey(object.schema, rules)}`))) ||
        (object.kind !== "schema" && keptKeys.has(qualifiedKey(object, rules))),
    );
  await step(warehouse, `Updating the environment ${name}`, async () => {
    if (report.complete) {
      for (const object of left) await registry.deleteObject(name, object.schema, object.identifier);
      await registry.deletePointers(name);
      await registry.deleteBuilds(name);
    }
    await registry.putEnvironment({
      ...environment,
      status: report.complete ? "removed" : environment.status === "open" ? "closed" : environment.status,
      closed_at: environment.closed_at ?? now,
      updated_at: now,
    });
  });
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
