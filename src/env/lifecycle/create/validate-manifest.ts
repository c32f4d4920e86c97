/**
 * Step 1 of creating an environment, before anything is read from the
 * warehouse: the scope may create one, the manifest is of the scope's
 * project, every relation name can be used, none is a relation prod's state
 * records (the CI target would write over prod), and no two nodes name the
 * same relation.
 */
import { UserError } from "../../../errors/user-error.js";
import type { Plan } from "../../../state/plan.js";
import type { StateSnapshot } from "../../../state/snapshot.js";
import { describeScope } from "../../environment-identity.js";
import {
  checkIdentifier,
  type IdentifierRules,
  type QualifiedName,
  qualifiedKey,
  showName,
} from "../../names.js";
import { refuseRegistryInProd } from "../../registry/registry-schema.js";
import { describe, type EnvContext, qualifiedOf } from "../common.js";

interface Placed {
  node: string;
  relation: QualifiedName;
}

/** Refuses a manifest the environment can't be made of; else the schemas of prod's relations. */
export function validateManifest(
  ctx: EnvContext,
  input: { name: string; project: string; plan: Plan; prod: StateSnapshot | null },
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
  const { relations: prodRelations, schemas: prodSchemas } = prodPlaces(input.prod, rules);
  // The registry in one of prod's schemas: a prod model named like a registry table would replace it.
  refuseRegistryInProd(
    ctx.registry.schema,
    Object.values(input.prod?.nodes ?? {}).flatMap((node) => (node.relation ? [node.relation.schema] : [])),
    rules,
  );
  const overlaps: string[] = [];
  const seen = new Map<string, Placed>();
  const collisions: string[] = [];
  for (const entry of input.plan.entries) {
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
      `Two nodes of the manifest name the same relation in ${ctx.warehouse.capabilities.engine}${rules.case_sensitive ? "" : " (names differing only in case are one object there)"}: ${collisions.slice(0, 5).join("; ")}.`,
    );
  }
  return prodSchemas;
}

/** The relations prod's state records (keyed by name under the rules) and their schemas. */
function prodPlaces(
  prod: StateSnapshot | null,
  rules: IdentifierRules,
): { relations: Map<string, Placed>; schemas: Set<string> } {
  const relations = new Map<string, Placed>();
  const schemas = new Set<string>();
  for (const [id, state] of Object.entries(prod?.nodes ?? {})) {
    if (!state.relation) continue;
    relations.set(qualifiedKey(state.relation, rules), { node: id, relation: qualifiedOf(state.relation) });
    schemas.add(state.relation.schema);
  }
  return { relations, schemas };
}
