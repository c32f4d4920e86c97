/**
 * What a cleanup may touch: the environment's own schemas (those it created
 * and those it was created over; a legacy row recorded neither list: the
 * schemas of its registered relations), never one that held prod's
 * relations, and never a relation prod's state records.
 *
 * Prod's state holds dbt's names; the registry and the catalog the stored
 * ones (stored-names.ts). Without the manifest, how dbt quotes a prod
 * relation is not known, so every form the warehouse may store it under is
 * protected (Snowflake: `ANALYTICS.ORDERS` for dbt's default, and
 * `analytics.orders` as written).
 */
import type { StateSnapshot } from "../../../state/snapshot.js";
import { type IdentifierRules, nameKey, qualifiedKey } from "../../../warehouse/names.js";
import type { StoredNames } from "../../../warehouse/stored-names.js";
import type { EnvironmentRecord, OwnedObject } from "../../registry/records.js";

export interface CleanupScope {
  /** Keys of schemas that hold prod relations (prod state's, or any the environment saw when it was created). */
  protectedSchemas: Set<string>;
  /** Keys of the relations prod's state records. */
  prodRelations: Set<string>;
  /** The schemas the registry says the environment created. */
  ownedSchemas: OwnedObject[];
  /** The relations the registry says the environment created. */
  relations: OwnedObject[];
  /** Keys of its own schemas: never a protected one. */
  ownSchemas: Set<string>;
}

export function cleanupScope(
  environment: EnvironmentRecord,
  owned: readonly OwnedObject[],
  prod: StateSnapshot | null | undefined,
  rules: IdentifierRules,
  names: StoredNames,
): CleanupScope {
  const prodStored = Object.entries(prod?.nodes ?? {}).flatMap(([id, state]) =>
    state.relation ? names.possible(state.relation, id) : [],
  );
  const protectedSchemas = new Set(
    [...environment.prod_schemas, ...prodStored.map((relation) => relation.schema)].map((schema) =>
      nameKey(schema, rules),
    ),
  );
  const prodRelations = new Set(prodStored.map((relation) => qualifiedKey(relation, rules)));
  const ownedSchemas = owned.filter((object) => object.kind === "schema");
  const relations = owned.filter((object) => object.kind !== "schema");
  const ownSchemas = new Set(
    [
      ...ownedSchemas.map((object) => object.schema),
      ...environment.schemas,
      ...(environment.repository === null ? relations.map((object) => object.schema) : []),
    ]
      .map((schema) => nameKey(schema, rules))
      .filter((key) => !protectedSchemas.has(key)),
  );
  return { protectedSchemas, prodRelations, ownedSchemas, relations, ownSchemas };
}
