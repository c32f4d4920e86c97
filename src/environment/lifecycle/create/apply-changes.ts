/**
 * Step 4 of creating an environment: apply the changes, one transaction per
 * change holding both the object and its registry rows, so a failure
 * anywhere leaves the registry equal to what the warehouse holds, and a
 * rerun finishes.
 */
import { qualifiedKey } from "../../../warehouse/names.js";
import type { EnvironmentRecord, OwnedObject, PointerRecord } from "../../registry/records.js";
import { describe, type EnvContext, step } from "../common.js";
import { claimOwned } from "../owned-identity.js";
import type { ObservedEnvironment } from "./observed-environment.js";

/** Registers (or updates) the environment's record: open, its schemas and prod's added to what it had. */
export async function registerEnvironment(
  ctx: EnvContext,
  input: { name: string; project: string; prNumber: number | null; headSha: string | null },
  existing: EnvironmentRecord | null,
  schemas: readonly string[],
  prodSchemas: ReadonlySet<string>,
): Promise<void> {
  const { name } = input;
  const { now } = ctx;
  const record: EnvironmentRecord = {
    name,
    repository: ctx.scope.repository,
    repository_id: ctx.scope.repositoryId ?? null,
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
  await step(ctx.warehouse, `Registering the environment ${name}`, () => ctx.registry.putEnvironment(record));
}

/** Creates a schema the environment owns: registered as creating, created, registered as present. */
export async function createOwnedSchema(ctx: EnvContext, name: string, schema: string): Promise<void> {
  const { warehouse, registry, now } = ctx;
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
      identity: null,
    };
    await registry.putObject(object);
    await warehouse.createSchema(schema);
    await registry.putObject({ ...object, state: "present" });
  });
}

/**
 * A pointer view no longer wanted (dbt builds the node now): the view is
 * dropped (a table already there is dbt's build, left alone, and the
 * environment owns it as a build).
 */
export async function dropPointer(
  ctx: EnvContext,
  name: string,
  pointer: PointerRecord,
  observed: ObservedEnvironment,
): Promise<void> {
  const { warehouse, registry, now } = ctx;
  const found = observed.seenNow.objects.get(qualifiedKey(pointer, warehouse.capabilities.identifiers));
  await step(warehouse, `Dropping the pointer view ${describe(pointer)}`, async () => {
    // The pointer's row goes first: where each statement commits on its own, a pointer the registry records
    // is never a view that is gone (repair would make it again); the owned row keeps the view recorded.
    await registry.deletePointer(name, pointer.node_id);
    if (found?.kind === "view") await warehouse.dropObject(found);
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
        identity: await claimOwned(warehouse, found),
      });
    } else {
      await registry.deleteObject(name, pointer.schema, pointer.identifier);
    }
  });
}
