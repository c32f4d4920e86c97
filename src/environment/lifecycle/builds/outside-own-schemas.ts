/**
 * An environment owns only what it created: relations in the schemas it was
 * created over (checked then to hold nothing it doesn't own), never in a
 * schema that held prod's relations.
 */
import { type IdentifierRules, nameKey } from "../../../warehouse/names.js";
import type { EnvironmentRecord } from "../../registry/records.js";

/** Why a schema is not one of the environment's own, or null when it is. */
export type OutsideOwnSchemas = (schema: string) => string | null;

export function outsideOwnSchemas(environment: EnvironmentRecord, rules: IdentifierRules): OutsideOwnSchemas {
  const ownSchemas = new Set(environment.schemas.map((schema) => nameKey(schema, rules)));
  const prodSchemas = new Set(environment.prod_schemas.map((schema) => nameKey(schema, rules)));
  return (schema: string): string | null => {
    const key = nameKey(schema, rules);
    if (prodSchemas.has(key)) return "a schema that holds prod's relations";
    if (!ownSchemas.has(key))
      return `not one of the schemas the environment was created over (${environment.schemas.join(", ") || "none"}): create or refresh it with this manifest first`;
    return null;
  };
}
