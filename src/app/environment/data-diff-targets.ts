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
 * - The key is the one the pull request's manifest declares (src/dbt/diff-keys.ts),
 *   for the counts. Its values (when the workflow asks for them) only when prod's
 *   recorded manifest declares the same key (`StateSnapshot.diff_keys`, issue
 *   37): a key the pull request adds (a `unique` test on an e-mail column, a
 *   `meta` key) or changes would let its manifest choose which prod column the
 *   comment prints, so it is used for counts alone, and the report says why.
 */
import { groupEntries } from "../../comment/change-groups.js";
import type { LoadedProject } from "../../dbt/load-project.js";
import { NODE_SUCCESS } from "../../environment/lifecycle/builds/node-build.js";
import type { BuildRecord } from "../../environment/registry/records.js";
import type { DiffKey, DiffRelation, NodeDataDiff } from "../../state/data-diff.js";
import type { Plan, PlanEntry } from "../../state/plan.js";
import type { StateSnapshot } from "../../state/snapshot.js";
import type { DiffTarget, KeyValues } from "./diff-environment.js";

export interface DataDiffTargets {
  targets: DiffTarget[];
  /** Nodes that can't be compared, known before reading the warehouse. */
  skipped: NodeDataDiff[];
  /** Every node's unique id, targets and skipped, in the order the report lists them. */
  order: string[];
}

const keyList = (columns: readonly string[]) => columns.map((name) => `\`${name}\``).join(", ");

/** Whether the values of `key` (the pull request's) may be shown: only for the key prod's record declares. */
export function keyValuesOf(key: DiffKey | null, nodeId: string, prod: StateSnapshot | null): KeyValues {
  if (key === null) return { shown: false, why: "No key is declared for this model." };
  const recorded = prod?.diff_keys;
  if (!recorded) {
    return {
      shown: false,
      why: "Key values are shown only for a key prod's recorded manifest declares, and prod's state records none (no state yet, or one written by an older ods-state): the default branch's next run records them.",
    };
  }
  const prodKey = Object.hasOwn(recorded, nodeId) ? recorded[nodeId] : undefined;
  if (prodKey === undefined) {
    return {
      shown: false,
      why: `The key ${keyList(key.columns)} is declared by this pull request, not by prod's recorded manifest: its values are not shown (a pull request can't choose which column's values the comment prints).`,
    };
  }
  const same =
    prodKey.columns.length === key.columns.length &&
    prodKey.columns.every((name, i) => name === key.columns[i]);
  if (!same) {
    return {
      shown: false,
      why: `This pull request changes the key from ${keyList(prodKey.columns)} (prod's recorded manifest) to ${keyList(key.columns)}: the counts use the new key, its values are not shown (a pull request can't choose which column's values the comment prints).`,
    };
  }
  return { shown: true };
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
  /** The keys the pull request's manifest declares (counts); values only for those prod's state records. */
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
      targets.push({
        ...base,
        pr: null,
        prod: null,
        built: false,
        key: null,
        values: keyValuesOf(null, entry.unique_id, input.prod),
      });
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
    const key = input.keys.get(entry.unique_id) ?? null;
    targets.push({
      ...base,
      pr: relationOf(built ? build : entry.relation),
      prod: prodNode?.relation ? relationOf(prodNode.relation) : null,
      built,
      key,
      values: keyValuesOf(key, entry.unique_id, input.prod),
    });
  };
  for (const entry of groups.changed) add(entry, "changed");
  for (const entry of groups.downstream) add(entry, "downstream");
  return { targets, skipped, order };
}
