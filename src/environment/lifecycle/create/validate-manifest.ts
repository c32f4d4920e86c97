/**
 * Step 1 of creating an environment, before anything is read from the
 * warehouse: the scope may create one, the manifest is of the scope's
 * project, every relation name can be used, none is a relation prod's state
 * records (the CI target would write over prod), and no two nodes name the
 * same relation.
 *
 * Relations are compared as the warehouse resolves them (stored-names.ts):
 * on Snowflake dbt's unquoted `analytics.orders` and `ANALYTICS.orders` are
 * one table, `ANALYTICS.ORDERS`. A prod relation whose quoting the manifest
 * doesn't say (its node is gone) counts under every form it may have. On
 * BigQuery, names differing only in case count as one against prod's: a
 * dataset made case-insensitive (`is_case_insensitive`) makes them one, and
 * the cost of refusing is a rename where the cost of writing over prod is
 * prod's data.
 */
import { UserError } from "../../../errors/user-error.js";
import type { Plan } from "../../../state/plan.js";
import type { StateSnapshot } from "../../../state/snapshot.js";
import {
  checkIdentifier,
  type IdentifierRules,
  type QualifiedName,
  qualifiedKey,
  showName,
} from "../../../warehouse/names.js";
import type { StoredNames } from "../../../warehouse/stored-names.js";
import { describeScope } from "../../environment-identity.js";
import { refuseRegistryInProd } from "../../registry/registry-schema.js";
import { describe, type EnvContext } from "../common.js";

interface Placed {
  node: string;
  relation: QualifiedName;
}

/**
 * Refuses a manifest the environment can't be made of; else the schemas of
 * prod's relations (as stored). `input` holds dbt's names; `names` says how
 * the warehouse stores them.
 */
export function validateManifest(
  ctx: EnvContext,
  input: { name: string; project: string; plan: Plan; prod: StateSnapshot | null },
  names: StoredNames,
): Set<string> {
  const { name } = input;
  const rules = ctx.warehouse.capabilities.identifiers;
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
  const overlapRules = prodOverlapRules(names.engine, rules);
  const { relations: prodRelations, schemas: prodSchemas } = prodPlaces(input.prod, names, overlapRules);
  // The registry in one of prod's schemas: a prod model named like a registry table would replace it.
  refuseRegistryInProd(
    ctx.registry.schema,
    Object.values(input.prod?.nodes ?? {}).flatMap((node) => (node.relation ? [node.relation.schema] : [])),
    rules,
  );
  const overlaps: string[] = [];
  const seen = new Map<string, Placed>();
  const collisions: string[] = [];
  // Whether dbt's names differ from prod's and the warehouse resolves them to prod's all the same.
  let byCase = false;
  for (const entry of input.plan.entries) {
    const relation = names.qualified(entry.relation, entry.unique_id);
    checkIdentifier(relation.schema, rules, `schema of ${entry.unique_id}`);
    checkIdentifier(relation.identifier, rules, `relation name of ${entry.unique_id}`);
    const key = qualifiedKey(relation, rules);
    const prod = prodRelations.get(qualifiedKey(relation, overlapRules));
    if (prod) {
      overlaps.push(
        `${entry.unique_id} at ${describe(relation)} (prod's ${prod.node} is ${describe(prod.relation)})`,
      );
      const written = input.prod?.nodes[prod.node]?.relation;
      if (written && describe(written) !== describe(entry.relation)) byCase = true;
    }
    const other = seen.get(key);
    if (other) {
      collisions.push(
        `${other.node} (${showName(describe(other.relation))}) and ${entry.unique_id} (${showName(describe(relation))})`,
      );
    }
    seen.set(key, { node: entry.unique_id, relation });
  }
  if (overlaps.length > 0) {
    throw new UserError(
      "environment_overlaps_prod",
      `The environment ${name} would write over prod: ${overlaps.length} relation${overlaps.length === 1 ? "" : "s"} of the pull request's manifest ${overlaps.length === 1 ? "is" : "are"} prod's (${overlaps.slice(0, 5).join("; ")}${overlaps.length > 5 ? "; …" : ""}). The CI target's schema is not set${byCase ? `, or differs from prod's only in a way ${CASE_NOTE[names.engine] ?? "the warehouse does not tell apart"}` : ""}.`,
    );
  }
  if (collisions.length > 0) {
    throw new UserError(
      "identifier_refused",
      `Two nodes of the manifest name the same relation in ${ctx.warehouse.capabilities.engine}${rules.case_sensitive ? (names.engine === "snowflake" ? " (an unquoted name is stored in upper case there)" : "") : " (names differing only in case are one object there)"}: ${collisions.slice(0, 5).join("; ")}.`,
    );
  }
  return prodSchemas;
}

/** Why names dbt writes differently are one object, per engine. */
const CASE_NOTE: Readonly<Record<string, string>> = {
  snowflake: "Snowflake does not tell apart (an unquoted name is stored in upper case)",
  databricks: "Databricks does not tell apart (names are stored in lower case)",
  bigquery:
    "ODS does not tell apart on BigQuery (case: a dataset created case-insensitive holds both names as one)",
  postgres: "PostgreSQL does not tell apart (an unquoted name is stored in lower case)",
};

/**
 * How a relation of the pull request is compared with prod's: as the
 * warehouse compares names, but on BigQuery ignoring case (a dataset made
 * case-insensitive holds `Orders` and `orders` as one table).
 */
function prodOverlapRules(engine: string, rules: IdentifierRules): IdentifierRules {
  return engine === "bigquery" ? { ...rules, case_sensitive: false } : rules;
}

/**
 * The relations prod's state records, as stored (each form it may have when
 * the manifest doesn't say how its node is quoted), keyed by name under the
 * rules, and their schemas.
 */
function prodPlaces(
  prod: StateSnapshot | null,
  names: StoredNames,
  rules: IdentifierRules,
): { relations: Map<string, Placed>; schemas: Set<string> } {
  const relations = new Map<string, Placed>();
  const schemas = new Set<string>();
  for (const [id, state] of Object.entries(prod?.nodes ?? {})) {
    if (!state.relation) continue;
    for (const relation of names.possible(state.relation, id)) {
      relations.set(qualifiedKey(relation, rules), { node: id, relation });
      schemas.add(relation.schema);
    }
  }
  return { relations, schemas };
}
