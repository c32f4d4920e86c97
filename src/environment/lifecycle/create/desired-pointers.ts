/**
 * What the environment should hold, from the plan alone: a pointer view at
 * the manifest's relation of every REUSE node, reading the relation prod's
 * state records for it (unless the node's last build is already in place),
 * and the schemas of the manifest's relations.
 */
import { UserError } from "../../../errors/user-error.js";
import type { Plan } from "../../../state/plan.js";
import type { StateSnapshot } from "../../../state/snapshot.js";
import {
  checkIdentifier,
  type IdentifierRules,
  nameKey,
  type QualifiedName,
  sameQualified,
  showName,
} from "../../../warehouse/names.js";
import { qualifiedOf } from "../common.js";

export interface DesiredPointer {
  node_id: string;
  at: QualifiedName;
  reads: QualifiedName;
  run_id: string;
  version_key: string | null;
}

/** The pointer views the REUSE nodes need, and how many are in place already (the environment's own build). */
export function desiredPointers(
  plan: Plan,
  prod: StateSnapshot | null,
  rules: IdentifierRules,
): { desired: DesiredPointer[]; inPlace: number } {
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
      version_key: prod?.nodes[entry.unique_id]?.version_key ?? null,
    });
  }
  return { desired, inPlace };
}

/** The schemas of the manifest's relations, one per name under the rules, sorted. */
export function environmentSchemas(plan: Plan, rules: IdentifierRules): string[] {
  const schemas: string[] = [];
  const schemaKeys = new Set<string>();
  for (const entry of plan.entries) {
    const key = nameKey(entry.relation.schema, rules);
    if (!schemaKeys.has(key)) {
      schemaKeys.add(key);
      schemas.push(entry.relation.schema);
    }
  }
  return schemas.sort();
}
