/**
 * Which BUILD nodes of the default branch's plan can be promoted from the
 * merged pull request's environment instead of built (DESIGN.md,
 * "Environments and promotion"). A node is promoted when:
 *
 * 1. it is a model materialized as a table, without hooks or grants (they
 *    ran, or would run, against the pull request's relation), that declares
 *    inputs (otherwise nothing tells what data it read);
 * 2. the environment recorded a successful build of it, with the version key
 *    main's manifest gives it (same code, same parents' code);
 * 3. its checks passed in that build, and they are main's checks, when it
 *    has any;
 * 4. the data it read is the data prod has now: every source version it saw
 *    is the one observed now, and every parent it read is, after this
 *    promotion, what prod holds: prod's build it read through a pointer
 *    (which main reuses, same run), or the environment's own build of the
 *    parent, promoted with it, or a view main rebuilds from the same code
 *    over the same data;
 * 5. the table is in the warehouse, and prod's relation is a table or absent;
 * 6. where relations have owners and privileges (PostgreSQL), the promoted
 *    table can take the replaced table's owner and privileges, and the
 *    materialized views over the replaced table can be recreated over it; a
 *    table new to prod is not in a schema whose default privileges would
 *    give it more (`Warehouse.replaceBlockers`): one that would lose them is
 *    built.
 *
 * Everything else is built by dbt, and each BUILD node says why. Pure: the
 * warehouse's objects are passed in.
 */
import type { SourcesFreshness } from "../../dbt/artifacts/sources.js";
import { checksDigest } from "../../dbt/checks-digest.js";
import { macroIndexFor } from "../../dbt/fingerprint/shared-macro-index.js";
import type { Check } from "../../dbt/graph.js";
import type { LoadedProject } from "../../dbt/load-project.js";
import { observedSourceVersions } from "../../planner/source-evidence.js";
import type { Plan, PlanEntry } from "../../state/plan.js";
import type { NodeState, StateSnapshot } from "../../state/snapshot.js";
import { type IdentifierRules, type QualifiedName, qualifiedKey } from "../../warehouse/names.js";
import { StoredNames } from "../../warehouse/stored-names.js";
import type { ReplaceBlocker, WarehouseObject } from "../../warehouse/warehouse.js";
import type { BuildRecord } from "../registry/records.js";
import type { Deciding, PromotionReason } from "./decide/deciding.js";
import { whyNotEligible } from "./decide/node-eligibility.js";
import { relationProblem } from "./decide/relation-problem.js";
import { noteSameAfterRun } from "./decide/same-after-run.js";
import type { PromotionCandidate, PromotionDecision, PromotionPlan } from "./types.js";

export interface DecideInput {
  environment: string;
  /** Main's plan over prod's state (not `pointers`). */
  plan: Plan;
  /** Main's manifest (the plan's). */
  project: LoadedProject;
  prod: StateSnapshot | null;
  /** Main's sources.json: what prod's sources hold now. */
  sources: SourcesFreshness | null;
  builds: readonly BuildRecord[];
  /** The warehouse's tables and views in the environment's and prod's schemas. */
  objects: readonly WarehouseObject[];
  /** Prod tables that can't be replaced keeping their owner, privileges and materialized views. */
  blockers?: readonly ReplaceBlocker[];
  rules: IdentifierRules;
  /** How the warehouse stores main's relations (stored-names.ts); absent: as dbt names them. */
  names?: StoredNames;
}

/**
 * The steps, per entry of main's plan in order, are modules of
 * promotion/decide/: note whether main's build of a node the environment
 * built holds the same data (same-after-run), then, for a BUILD node, the
 * node and its build (node-eligibility, data-problem), then the warehouse's
 * relations (relation-problem); a node that passes them all is a candidate.
 */
export function decidePromotion(input: DecideInput): PromotionPlan {
  const { plan, project, rules } = input;
  const deciding: Deciding = {
    environment: input.environment,
    project,
    graph: project.graph,
    macros: macroIndexFor(project.graph),
    prod: input.prod,
    rules,
    builds: new Map(input.builds.map((build) => [build.node_id, build])),
    objects: new Map(input.objects.map((object) => [qualifiedKey(object, rules), object])),
    blockers: new Map((input.blockers ?? []).map((b) => [qualifiedKey(b.target, rules), b])),
    observed: observedSourceVersions(input.sources),
    actions: new Map(plan.entries.map((entry) => [entry.unique_id, entry.action])),
    promoted: new Map<string, string>(),
    sameAfterRun: new Map<string, string | null>(),
  };
  const names = input.names ?? new StoredNames("");
  const decisions: PromotionDecision[] = [];
  const candidates: PromotionCandidate[] = [];
  for (const entry of plan.entries) {
    const decided = decideEntry(deciding, entry, names);
    if (!decided) continue;
    decisions.push(decided.decision);
    if (decided.candidate) candidates.push(decided.candidate);
  }
  return { environment: input.environment, project: plan.project, decisions, candidates };
}

/** The decision on one entry of main's plan (null for a node not to decide on), and its candidate when promoted. */
function decideEntry(
  deciding: Deciding,
  entry: PlanEntry,
  names: StoredNames,
): { decision: PromotionDecision; candidate: PromotionCandidate | null } | null {
  const { project } = deciding;
  const id = entry.unique_id;
  const node = deciding.graph.nodes.get(id);
  const fp = project.fingerprints.get(id);
  if (!node || !fp) return null;
  const build = deciding.builds.get(id);
  // Prod's table as the warehouse stores it; prod's state keeps dbt's names (promotedNodeState).
  const to: QualifiedName = names.qualified(entry.relation, id);
  const from: QualifiedName | null = build ? { schema: build.schema, identifier: build.identifier } : null;
  noteSameAfterRun(deciding, entry, node, fp.versionKey, build);
  if (entry.action !== "BUILD") return null;
  const decide = ({ code, message }: PromotionReason): PromotionDecision => ({
    unique_id: id,
    name: entry.name,
    promotable: code === "promoted",
    reason: { code, message },
    from,
    to,
    version_key: fp.versionKey,
    pr_run_id: build?.run_id ?? null,
  });
  const notEligible = whyNotEligible(deciding, id, node, fp.versionKey, build);
  if (notEligible || !build) return { decision: decide(notEligible!), candidate: null };
  const { problem, target } = relationProblem(deciding, build, to);
  if (problem) return { decision: decide(problem), candidate: null };
  const decision = decide({
    code: "promoted",
    message: `Built by the pull request (run ${build.run_id}) with main's code over the data prod has: moved into prod instead of built.`,
  });
  const previous = deciding.prod?.nodes[id] ?? null;
  const promotedState = promotedNodeState(project, id, build, entry.relation);
  deciding.promoted.set(id, build.run_id);
  return {
    decision,
    candidate: {
      unique_id: id,
      from: { schema: build.schema, identifier: build.identifier },
      to,
      replaces: target !== undefined,
      pr_run_id: build.run_id,
      version_key: fp.versionKey,
      promoted_state: promotedState,
      previous_state: previous,
    },
  };
}

/** The node as prod's state will record it: main's code and relation, the pull request's build. */
function promotedNodeState(
  project: LoadedProject,
  id: string,
  build: BuildRecord,
  relation: { database: string | null; schema: string; identifier: string },
): NodeState {
  const fp = project.fingerprints.get(id)!;
  const node = project.graph.nodes.get(id)!;
  const macros = macroIndexFor(project.graph);
  const checks = node.checks
    .map((check) => project.graph.checks.get(check))
    .filter((c): c is Check => Boolean(c));
  const digest = checksDigest(checks, macros);
  const state: NodeState = {
    fingerprint: fp.fingerprint,
    version_key: fp.versionKey,
    run_id: build.run_id,
    built_at: build.built_at,
    relation: { database: relation.database, schema: relation.schema, identifier: relation.identifier },
    parents: Object.fromEntries(Object.entries(build.parents).map(([parent, read]) => [parent, read.run_id])),
    sources: { ...build.sources },
  };
  if (node.node.materialized) state.materialized = node.node.materialized;
  if (fp.rawDigest !== null) state.raw_digest = fp.rawDigest;
  if (fp.portableSql !== null) state.portable_sql = fp.portableSql;
  if (build.node_state?.duration_s !== undefined) state.duration_s = build.node_state.duration_s;
  // Its column facts (issue 24): the code promoted is the code built, so the build's facts are prod's.
  if (build.node_state?.facts !== undefined) state.facts = build.node_state.facts;
  if (digest !== null && build.tested === "passed") {
    state.tested = { run_id: build.run_id, at: build.built_at, checks_digest: digest };
  }
  return state;
}
