/**
 * Which tables a pull request's data diff compares (issue 23), and with what:
 * every node the pull request builds for a code change, planned over prod
 * alone (so a node changed by an earlier push and already in the
 * environment still counts: the diff is the pull request against prod, not
 * one push against the last), changed nodes first, then those downstream.
 * Nodes rebuilt regardless of the pull request (new upstream data, no
 * evidence) are left out: their difference from prod is the data's, not the
 * change's.
 *
 * - The PR's table is the environment's recorded build of the node's current
 *   version (registry); without one (dbt failed or skipped it, or a newer push
 *   is not built yet) the node is `not_built`: its table would be an older one.
 * - Prod's table is where prod's state says prod's build is; a node prod never
 *   built is new (only in the PR), and one whose record has no relation is
 *   `no_prod_relation`.
 * - The key is the one the project declares (src/dbt/diff-keys.ts).
 */
import { groupEntries } from "../../comment/change-groups.js";
import type { LoadedProject } from "../../dbt/load-project.js";
import { NODE_SUCCESS } from "../../env/lifecycle/builds/node-build.js";
import type { BuildRecord } from "../../env/registry/records.js";
import type { DiffKey, DiffRelation, NodeDataDiff } from "../../state/data-diff.js";
import type { Plan, PlanEntry } from "../../state/plan.js";
import type { StateSnapshot } from "../../state/snapshot.js";
import type { DiffTarget } from "./diff-environment.js";

export interface DataDiffTargets {
  targets: DiffTarget[];
  /** Nodes that can't be compared, known before reading the warehouse. */
  skipped: NodeDataDiff[];
  /** Every node's unique id, targets and skipped, in the order the report lists them. */
  order: string[];
}

function relationOf(relation: { schema: string; identifier: string }): DiffRelation {
  return { schema: relation.schema, identifier: relation.identifier };
}

/** The diff's targets from the plan over prod, the environment's builds and prod's state. */
export function dataDiffTargets(input: {
  /** The pull request's plan over prod's state alone. */
  overProd: Plan;
  project: LoadedProject;
  prod: StateSnapshot | null;
  /** The environment's recorded builds (registry). */
  builds: readonly BuildRecord[];
  keys: ReadonlyMap<string, DiffKey>;
}): DataDiffTargets {
  const groups = groupEntries(input.overProd.entries);
  const builds = new Map(input.builds.map((b) => [b.node_id, b]));
  const targets: DiffTarget[] = [];
  const skipped: NodeDataDiff[] = [];
  const order: string[] = [];
  const add = (entry: PlanEntry, group: "changed" | "downstream") => {
    if (entry.action !== "BUILD") return;
    order.push(entry.unique_id);
    const base = {
      unique_id: entry.unique_id,
      name: entry.name,
      group,
      ...(entry.materialized ? { materialized: entry.materialized } : {}),
    };
    if (entry.materialized === "ephemeral") {
      targets.push({ ...base, pr: null, prod: null, built: false, key: null });
      return;
    }
    const build = builds.get(entry.unique_id);
    const version = input.project.fingerprints.get(entry.unique_id)?.versionKey;
    const built = build !== undefined && build.status === NODE_SUCCESS && build.version_key === version;
    const prodNode = input.prod?.nodes[entry.unique_id];
    if (prodNode && !prodNode.relation) {
      skipped.push({
        ...base,
        prod: null,
        pr: relationOf(build ?? entry.relation),
        status: "not_compared",
        reason: "no_prod_relation",
        message:
          "prod's state records a build of it but not its table (a state written by an older ods-state): the next default-branch run records it",
        duration_ms: 0,
      });
      return;
    }
    targets.push({
      ...base,
      pr: relationOf(built ? build : entry.relation),
      prod: prodNode?.relation ? relationOf(prodNode.relation) : null,
      built,
      key: input.keys.get(entry.unique_id) ?? null,
    });
  };
  for (const entry of groups.changed) add(entry, "changed");
  for (const entry of groups.downstream) add(entry, "downstream");
  return { targets, skipped, order };
}
