/**
 * Refusals once the warehouse is observed (docs/environments.md,
 * Isolation): an environment only ever owns what it created. Refused when
 * another environment (of any repository or project) created one of its
 * schemas, when an object it doesn't own is where a pointer must go, or when
 * its schemas hold relations it doesn't own.
 */
import { UserError } from "../../../errors/user-error.js";
import { nameKey, qualifiedKey, showName } from "../../../warehouse/names.js";
import { describeOwner } from "../../environment-identity.js";
import { describe, type EnvContext } from "../common.js";
import type { DesiredPointer } from "./desired-pointers.js";
import type { ObservedEnvironment } from "./observed-environment.js";

export async function refuseWhatIsNotOwned(
  ctx: EnvContext,
  input: { name: string; schemas: readonly string[]; desired: readonly DesiredPointer[]; prodKnown: boolean },
  observed: ObservedEnvironment,
): Promise<void> {
  const { name } = input;
  const { registry } = ctx;
  const rules = ctx.warehouse.capabilities.identifiers;
  const { seenNow, isOwned } = observed;

  // A schema another environment created is that environment's, whoever else would write there: two
  // repositories' (or projects') PR 7 never share a CI schema.
  const planSchemas = new Set(input.schemas.map((schema) => nameKey(schema, rules)));
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
  for (const pointer of input.desired) {
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
        )}${occupied.length > 5 ? ", …" : ""}.${input.prodKnown ? "" : " Prod's state is missing, so ODS can't tell prod's relations from anything else there."}`,
    );
  }
}
