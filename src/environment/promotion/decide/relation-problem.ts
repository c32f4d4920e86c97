/**
 * Rules 5 and 6 of promotion: the environment's table is in the warehouse,
 * at another relation than prod's, prod's relation is a table or absent, and
 * the promoted table can take what the replaced one has
 * (`Warehouse.replaceBlockers`).
 */
import { type QualifiedName, qualifiedKey } from "../../../warehouse/names.js";
import type { WarehouseObject } from "../../../warehouse/warehouse.js";
import type { BuildRecord } from "../../registry/records.js";
import type { Deciding, PromotionReason } from "./deciding.js";

/** Why the warehouse stands in the way of moving the build's table to `to`, or null, with prod's relation there now. */
export function relationProblem(
  deciding: Deciding,
  build: BuildRecord,
  to: QualifiedName,
): { problem: PromotionReason | null; target: WarehouseObject | undefined } {
  const { objects, blockers, rules } = deciding;
  const source = objects.get(qualifiedKey(build, rules));
  const target = objects.get(qualifiedKey(to, rules));
  if (qualifiedKey(build, rules) === qualifiedKey(to, rules)) {
    // The CI target names this relation as prod does (a custom schema kept as written on both targets): the
    // environment's table is already under prod's name, so there is nothing to move, no prod table to keep for
    // a rollback, and it is the environment's to drop. dbt builds it in prod, which makes it prod's.
    return {
      problem: {
        code: "shared_relation",
        message: `The pull request built ${build.schema}.${build.identifier} at prod's own relation (its CI target names the schema as prod's does): it can't be moved onto itself, so dbt builds it in prod. Give the CI target a schema of its own (for example a custom schema prefixed with the target's schema) to have it promoted.`,
      },
      target,
    };
  }
  if (source?.kind !== "table") {
    return {
      problem: {
        code: "relation_missing",
        message: `The pull request's table ${build.schema}.${build.identifier} is not in the warehouse.`,
      },
      target,
    };
  }
  if (target && target.kind !== "table") {
    return {
      problem: {
        code: "prod_not_table",
        message: `Prod's ${to.schema}.${to.identifier} is a ${target.kind}, not a table: dbt builds it.`,
      },
      target,
    };
  }
  if (blockers.has(qualifiedKey(to, rules))) {
    const blocker = blockers.get(qualifiedKey(to, rules))!;
    return { problem: { code: blocker.code, message: blocker.message }, target };
  }
  return { problem: null, target };
}
