/**
 * The environment registry's schema (issue 37): its own, never one of the
 * engine's system schemas (the catalog's, where the CI role can't or must
 * not create tables, or DuckDB's `main`, where dbt-duckdb builds prod by
 * default) and never a schema prod's models are built in (a model named
 * like a registry table, `environments` or `promotions`, would replace it
 * when dbt builds it, and ODS would read dbt's table as its registry).
 * Refused before anything is created (`registry_schema_invalid`).
 */
import { UserError } from "../../errors/user-error.js";
import { type IdentifierRules, nameKey } from "../../warehouse/names.js";

/** Where the registry's schema is configured, for messages. */
const WHERE = "set by the `meta-schema` input or --meta-schema";

/** Why `schema` can't hold the registry on `engine` (compared without case), or null. */
export function systemSchemaReason(schema: string, engine: string): string | null {
  const folded = schema.toLowerCase();
  if (folded === "information_schema") return "the SQL standard's catalog views";
  if (engine === "postgres") {
    if (folded === "pg_catalog") return "PostgreSQL's system catalog";
    if (folded.startsWith("pg_")) return "a PostgreSQL system schema (the `pg_` prefix is reserved for them)";
  }
  if (engine === "duckdb") {
    if (folded === "main")
      return "DuckDB's default schema, where dbt-duckdb builds prod's models unless told otherwise";
    if (folded === "pg_catalog") return "DuckDB's PostgreSQL-compatible catalog";
  }
  return null;
}

/** Refuses a system schema as the registry's (registry.ts opens nothing there). */
export function checkRegistrySchema(schema: string, engine: string): void {
  const reason = systemSchemaReason(schema, engine);
  if (reason !== null) {
    throw new UserError(
      "registry_schema_invalid",
      `The environment registry's schema is \`${schema}\` (${WHERE}), which is ${reason}: the registry needs a schema of its own.`,
      { input: "meta-schema" },
    );
  }
}

/** Refuses to create the registry in a schema that holds other relations (prod's tables, someone else's). */
export function refuseOccupiedRegistrySchema(schema: string, relations: readonly string[]): never {
  const listed = relations
    .slice(0, 5)
    .map((name) => `\`${name}\``)
    .join(", ");
  throw new UserError(
    "registry_schema_invalid",
    `The environment registry's schema is \`${schema}\` (${WHERE}), which holds ${relations.length} relation${relations.length === 1 ? "" : "s"} that ${relations.length === 1 ? "is" : "are"} not the registry's (${listed}${relations.length > 5 ? ", …" : ""}): the registry is created only in a schema of its own, new or empty.`,
    { input: "meta-schema" },
  );
}

/**
 * Refuses a registry schema that is one of prod's schemas (those of the
 * relations prod's state records, or of the default branch's manifest).
 */
export function refuseRegistryInProd(
  registrySchema: string,
  prodSchemas: Iterable<string>,
  rules: Pick<IdentifierRules, "case_sensitive">,
): void {
  const key = nameKey(registrySchema, rules);
  for (const schema of prodSchemas) {
    if (nameKey(schema, rules) === key) {
      throw new UserError(
        "registry_schema_invalid",
        `The environment registry's schema is \`${registrySchema}\` (${WHERE}), a schema prod's models are built in (\`${schema}\`): a model named like a registry table would replace it when dbt builds prod.`,
        { input: "meta-schema" },
      );
    }
  }
}
