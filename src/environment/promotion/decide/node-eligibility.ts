/**
 * Rules 1 to 4 of promotion, in order: what the node is (a model
 * materialized as a table, without hooks or grants, that declares inputs),
 * the environment's build of it (successful, of main's version, its checks
 * passed and main's), and the data that build read.
 */
import { checksDigest } from "../../../dbt/checks-digest.js";
import type { Check, GraphNode } from "../../../dbt/graph.js";
import type { BuildRecord } from "../../registry/records.js";
import { dataProblem } from "./data-problem.js";
import { aOrAn, type Deciding, type PromotionReason } from "./deciding.js";

/** Why the node can't be promoted from the environment's build, or null when nothing of it or its build stands in the way. */
export function whyNotEligible(
  deciding: Deciding,
  id: string,
  node: GraphNode,
  versionKey: string,
  build: BuildRecord | undefined,
): PromotionReason | null {
  const n = node.node;
  if (n.resourceType !== "model" || n.materialized !== "table") {
    const what =
      n.resourceType === "model"
        ? aOrAn(n.materialized ?? "model without a materialization")
        : aOrAn(n.resourceType);
    return { code: "not_a_table", message: `It is ${what}: only tables are promoted; dbt builds it.` };
  }
  if (n.preHooks.length > 0 || n.postHooks.length > 0) {
    return {
      code: "has_hooks",
      message:
        "It has hooks, which ran against the pull request's relation: dbt builds it so that they run in prod.",
    };
  }
  if (hasGrants(n.config)) {
    return {
      code: "has_grants",
      message: "It has grants, which dbt applies when it builds the table in prod.",
    };
  }
  if (node.parents.length === 0 && node.sources.length === 0) {
    return {
      code: "no_declared_inputs",
      message:
        "It declares no inputs (no `ref` or `source`), so ODS can't tell that the data its build read is what prod has: dbt builds it.",
    };
  }
  if (!build) {
    return {
      code: "not_built_by_pr",
      message: `The merged pull request's environment ${deciding.environment} has no build of it.`,
    };
  }
  return whyBuildNotEligible(deciding, id, node, versionKey, build);
}

/** Rules 2 to 4: the environment's build of the node. */
function whyBuildNotEligible(
  deciding: Deciding,
  id: string,
  node: GraphNode,
  versionKey: string,
  build: BuildRecord,
): PromotionReason | null {
  if (build.status !== "success") {
    return {
      code: "pr_build_failed",
      message: `Its last build in the pull request (run ${build.run_id}) ended with status ${build.status}.`,
    };
  }
  if (build.version_key !== versionKey) {
    return {
      code: "version_differs",
      message: `The pull request built another version of it (its code, or a parent's, differs from main's): version ${build.version_key.slice(0, 12)} ≠ ${versionKey.slice(0, 12)}.`,
    };
  }
  const checks = node.checks
    .map((check) => deciding.graph.checks.get(check))
    .filter((c): c is Check => Boolean(c));
  const digest = checksDigest(checks, deciding.macros);
  if (digest !== null && build.tested !== "passed") {
    return {
      code: "checks_not_passed",
      message:
        build.tested === "failed"
          ? `Its checks failed in the pull request's run ${build.run_id}.`
          : `Not all of its checks ran in the pull request's run ${build.run_id}.`,
    };
  }
  if (digest !== null && build.checks_digest !== digest) {
    return {
      code: "checks_changed",
      message: "Its checks on main differ from the ones that passed in the pull request.",
    };
  }
  return dataProblem(deciding, id, build);
}

function hasGrants(config: Readonly<Record<string, unknown>> | null): boolean {
  const grants = config?.grants;
  return typeof grants === "object" && grants !== null && Object.keys(grants).length > 0;
}
