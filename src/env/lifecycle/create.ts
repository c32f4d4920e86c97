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
 *   the views that read a table with CASCADE) and points moved ones again.
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
 * what it created (docs/environments.md, Isolation).
 */
import { UserError } from "../../errors/user-error.js";
import type { Plan } from "../../state/plan.js";
import type { StateSnapshot } from "../../state/snapshot.js";
import { describeOwner, describeScope } from "../environment-identity.js";
import {
  checkIdentifier,
  nameKey,
  type QualifiedName,
  qualifiedKey,
  sameQualified,
  showName,
} from "../names.js";
import type { EnvironmentRecord, OwnedObject, PointerRecord } from "../registry/records.js";
import type { WarehouseObject } from "../warehouse.js";
import { describe, type EnvContext, observe, ownEnvironment, qualifiedOf, step } from "./common.js";

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
  dryRun?: boolean;
}

export type EnvActionKind =
  | "create_schema"
  | "create_pointer"
  | "repoint"
  | "replace_with_pointer"
  | "drop_pointer"
  | "forget_pointer";

export interface EnvAction {
  action: EnvActionKind;
  /** `schema` or `schema.relation`. */
  object: string;
  node_id?: string;
  /** What a pointer reads, `schema.relation`. */
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
}

interface DesiredPointer {
  node_id: string;
  at: QualifiedName;
  reads: QualifiedName;
  run_id: string;
  version_key: string | null;
}

export async function createEnvironment(
  ctx: EnvContext,
  input: CreateEnvironmentInput,
): Promise<EnvironmentChange> {
  const { warehouse, registry, now } = ctx;
  const rules = warehouse.capabilities.identifiers;
  const name = input.name;
  const plan = input.plan;

  // 1. Validate everything before changing anything.
  if (ctx.scope.repository === null) {
    throw new UserError(
      "usage",
      `The legacy scope (--legacy) only cleans up environments written before isolation; it never creates one.`,
      { input: "--legacy" },
    );
  }
  if (input.project !== ctx.scope.project) {
    throw new UserError(
      "environment_foreign",
      `The manifest's dbt project is ${input.project}, but the environment ${name} is of ${describeScope(ctx.scope)}.`,
    );
  }
  const prodRelations = new Map<string, { node: string; relation: QualifiedName }>();
  const prodSchemas = new Set<string>();
  for (const [id, state] of Object.entries(input.prod?.nodes ?? {})) {
    if (!state.relation) continue;
    prodRelations.set(qualifiedKey(state.relation, rules), {
      node: id,
      relation: qualifiedOf(state.relation),
    });
    prodSchemas.add(state.relation.schema);
  }
  const overlaps: string[] = [];
  const seen = new Map<string, { node: string; relation: QualifiedName }>();
  const collisions: string[] = [];
  for (const entry of plan.entries) {
    checkIdentifier(entry.relation.schema, rules, `schema of ${entry.unique_id}`);
    checkIdentifier(entry.relation.identifier, rules, `relation name of ${entry.unique_id}`);
    const key = qualifiedKey(entry.relation, rules);
    const prod = prodRelations.get(key);
    if (prod)
      overlaps.push(
        `${entry.unique_id} at ${describe(entry.relation)} (prod's ${prod.node} is ${describe(prod.relation)})`,
      );
    const other = seen.get(key);
    if (other) {
      collisions.push(
        `${other.node} (${showName(describe(other.relation))}) and ${entry.unique_id} (${showName(describe(entry.relation))})`,
      );
    }
    seen.set(key, { node: entry.unique_id, relation: qualifiedOf(entry.relation) });
  }
  if (overlaps.length > 0) {
    throw new UserError(
      "environment_overlaps_prod",
      `The environment ${name} would write over prod: ${overlaps.length} relation${overlaps.length === 1 ? "" : "s"} of the pull request's manifest ${overlaps.length === 1 ? "is" : "are"} prod's (${overlaps.slice(0, 5).join("; ")}${overlaps.length > 5 ? "; …" : ""}). The CI target's schema is not set.`,
    );
  }
  if (collisions.length > 0) {
    throw new UserError(
      "identifier_refused",
      `Two nodes of the manifest name the same relation in ${warehouse.capabilities.engine}${rules.case_sensitive ? "" : " (names differing only in case are one object there)"}: ${collisions.slice(0, 5).join("; ")}.`,
    );
  }

  const desired: DesiredPointer[] = [];
  let inPlace = 0;
  for (const entry of plan.entries) {
    if (entry.action !== "REUSE") continue;
    const recorded = entry.last_build?.relation ?? null;
    if (!entry.last_build || !recorded) {
      throw new UserError(
        "environment_refused",
        `${entry.unique_id} is reused, but prod's state records no relation for its build, so no pointer view can read it.`,
        {
          hint: "Record a build of it with this version of ods-state (the next default-branch run does), then refresh the environment.",
        },
      );
    }
    if (sameQualified(entry.relation, recorded, rules)) {
      inPlace += 1;
      continue;
    }
    checkIdentifier(recorded.schema, rules, `schema of prod's ${entry.unique_id}`);
    checkIdentifier(recorded.identifier, rules, `relation name of prod's ${entry.unique_id}`);
    if (
      entry.relation.database !== null &&
      recorded.database !== null &&
      nameKey(entry.relation.database, rules) !== nameKey(recorded.database, rules)
    ) {
      throw new UserError(
        "environment_refused",
        `${entry.unique_id} is built into database ${showName(entry.relation.database)} by the pull request's target but into ${showName(recorded.database)} by prod's: a pointer view can't read across databases.`,
        { hint: "Give the CI target the same database as prod and its own schema." },
      );
    }
    desired.push({
      node_id: entry.unique_id,
      at: qualifiedOf(entry.relation),
      reads: qualifiedOf(recorded),
      run_id: entry.last_build.run_id,
      version_key: input.prod?.nodes[entry.unique_id]?.version_key ?? null,
    });
  }

  const schemas: string[] = [];
  const schemaKeys = new Set<string>();
  for (const entry of plan.entries) {
    const key = nameKey(entry.relation.schema, rules);
    if (!schemaKeys.has(key)) {
      schemaKeys.add(key);
      schemas.push(entry.relation.schema);
    }
  }
  schemas.sort();

  // 2. Observe the warehouse and the registry.
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

  // A schema another environment created is that environment's, whoever else would write there: two
  // repositories' (or projects') PR 7 never share a CI schema.
  const planSchemas = new Set(schemas.map((schema) => nameKey(schema, rules)));
  const taken: string[] = [];
  for (const other of await registry.ownedSchemas()) {
    if (other.environment === name || !planSchemas.has(nameKey(other.schema, rules))) continue;
    const owner = await registry.environment(other.environment);
    taken.push(
      `${showName(other.schema)} was created by ${owner ? describeOwner(owner) : other.environment}`,
    );
  }
  if (taken.length > 0) {
    throw new UserError(
      "environment_schema_taken",
      `The environment ${name} can't use its schemas: ${taken.join("; ")}. Schemas are never shared between environments.`,
    );
  }
  const blocked: string[] = [];
  for (const pointer of desired) {
    const found = seenNow.objects.get(qualifiedKey(pointer.at, rules));
    if (found && !isOwned(found)) {
      blocked.push(
        `${describe(found)} (a ${found.kind} the environment doesn't own, where ${pointer.node_id}'s pointer view goes)`,
      );
    }
  }
  if (blocked.length > 0) {
    throw new UserError(
      "environment_refused",
      `The environment ${name} can't be completed: ${blocked.slice(0, 5).join("; ")}${blocked.length > 5 ? "; …" : ""}.`,
      {
        hint: "Drop or rename those objects (they were not made by ODS for this environment), or give the CI target another schema.",
      },
    );
  }

  // Its schemas hold only what it owns: never prod's relations (a CI target writing to prod's schema when
  // prod's state is missing) nor anyone else's.
  const occupied = [...seenNow.objects.values()].filter(
    (object) => planSchemas.has(nameKey(object.schema, rules)) && !isOwned(object),
  );
  if (occupied.length > 0) {
    throw new UserError(
      "environment_schema_occupied",
      `The environment ${name} would be created in schema${occupied.length === 1 ? "" : "s"} holding ${occupied.length} relation${occupied.length === 1 ? "" : "s"} it did not create: ${occupied
        .slice(0, 5)
        .map((object) => `${describe(object)} (${object.kind})`)
        .join(
          ", ",
        )}${occupied.length > 5 ? ", …" : ""}.${input.prod ? "" : " Prod's state is missing, so ODS can't tell prod's relations from anything else there."}`,
    );
  }

  // 3. Work out the changes.
  const actions: EnvAction[] = [];
  const desiredByNode = new Map(desired.map((pointer) => [pointer.node_id, pointer]));
  const recordedByNode = new Map(pointers.map((pointer) => [pointer.node_id, pointer]));
  for (const schema of schemas) {
    if (!seenNow.schemas.has(nameKey(schema, rules)))
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
    }
  }

  const result: EnvironmentChange = {
    environment: name,
    dry_run: input.dryRun === true,
    actions,
    pointers: desired.length,
    in_place: inPlace,
    schemas,
  };
  if (input.dryRun) return result;

  // 4. Apply, one transaction per change.
  const record: EnvironmentRecord = {
    name,
    repository: ctx.scope.repository,
    project: input.project,
    pr_number: input.prNumber ?? existing?.pr_number ?? null,
    head_sha: input.headSha ?? existing?.head_sha ?? null,
    status: "open",
    prod_schemas: [...new Set([...(existing?.prod_schemas ?? []), ...prodSchemas])].sort(),
    schemas: [...new Set([...(existing?.schemas ?? []), ...schemas])].sort(),
    created_at: existing?.created_at ?? now,
    updated_at: now,
    closed_at: null,
  };
  await step(warehouse, `Registering the environment ${name}`, () => registry.putEnvironment(record));

  for (const action of actions) {
    if (action.action !== "create_schema") continue;
    const schema = action.object;
    await step(warehouse, `Creating the schema ${schema}`, async () => {
      const object: OwnedObject = {
        environment: name,
        schema,
        identifier: "",
        kind: "schema",
        role: "schema",
        node_id: null,
        state: "creating",
        created_at: now,
      };
      await registry.putObject(object);
      await warehouse.createSchema(schema);
      await registry.putObject({ ...object, state: "present" });
    });
  }

  for (const pointer of pointers) {
    if (desiredByNode.has(pointer.node_id)) continue;
    const found = seenNow.objects.get(qualifiedKey(pointer, rules));
    await step(warehouse, `Dropping the pointer view ${describe(pointer)}`, async () => {
      // dbt builds the node now: drop the view (a table already there is dbt's build, left alone).
      if (found?.kind === "view") await warehouse.dropObject(found);
      await registry.deletePointer(name, pointer.node_id);
      if (found?.kind === "table") {
        // dbt's build replaced the view: the environment owns it as a build.
        await registry.putObject({
          environment: name,
          schema: pointer.schema,
          identifier: pointer.identifier,
          kind: "table",
          role: "build",
          node_id: pointer.node_id,
          state: "present",
          created_at: now,
        });
      } else {
        await registry.deleteObject(name, pointer.schema, pointer.identifier);
      }
    });
  }

  for (const pointer of desired) {
    const found = seenNow.objects.get(qualifiedKey(pointer.at, rules));
    const recorded = recordedByNode.get(pointer.node_id);
    const record: PointerRecord = {
      environment: name,
      node_id: pointer.node_id,
      schema: pointer.at.schema,
      identifier: pointer.at.identifier,
      reads: pointer.reads,
      reads_run_id: pointer.run_id,
      version_key: pointer.version_key,
      updated_at: now,
    };
    const object: OwnedObject = {
      environment: name,
      schema: pointer.at.schema,
      identifier: pointer.at.identifier,
      kind: "view",
      role: "pointer",
      node_id: pointer.node_id,
      state: "creating",
      created_at: now,
    };
    const ownedRow = ownedByKey.get(qualifiedKey(pointer.at, rules));
    const unchanged =
      found?.kind === "view" &&
      recorded !== undefined &&
      sameQualified(recorded, pointer.at, rules) &&
      sameQualified(recorded.reads, pointer.reads, rules);
    if (unchanged) {
      if (
        recorded.reads_run_id !== pointer.run_id ||
        recorded.version_key !== pointer.version_key ||
        ownedRow?.state !== "present"
      ) {
        await step(warehouse, `Recording the pointer view ${describe(pointer.at)}`, async () => {
          await registry.putPointer(record);
          await registry.putObject({ ...object, created_at: ownedRow?.created_at ?? now, state: "present" });
        });
      }
      continue;
    }
    const apply = async (dropFirst: boolean) =>
      step(
        warehouse,
        `Making the pointer view ${describe(pointer.at)} read ${describe(pointer.reads)}`,
        async () => {
          await registry.putObject(object);
          if (found?.kind === "table") {
            // An earlier push built it here; prod's build is reused now.
            await warehouse.dropObject(found);
            await registry.deleteBuild(name, pointer.node_id);
          }
          const sameView = found?.kind === "view" && found.identifier === pointer.at.identifier;
          if (found?.kind === "view" && (!sameView || dropFirst)) await warehouse.dropObject(found);
          await warehouse.createView(pointer.at, pointer.reads, { replace: sameView && !dropFirst });
          await registry.putPointer(record);
          await registry.putObject({ ...object, state: "present" });
          await registry.deleteBuild(name, pointer.node_id);
        },
      );
    try {
      await apply(false);
    } catch (error) {
      // CREATE OR REPLACE VIEW fails on PostgreSQL when the columns it reads changed: drop and create instead.
      if (found?.kind !== "view") throw error;
      await apply(true);
    }
  }
  return result;
}
