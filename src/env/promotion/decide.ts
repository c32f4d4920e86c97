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
import { atLeastSemantic, observedSourceVersions, sameVersion } from "../../planner/source-evidence.js";
import type { Plan } from "../../state/plan.js";
import type { NodeState, StateSnapshot } from "../../state/snapshot.js";
import { type IdentifierRules, type QualifiedName, qualifiedKey } from "../names.js";
import type { BuildRecord } from "../registry/records.js";
import type { ReplaceBlocker, WarehouseObject } from "../warehouse.js";
import type { PromotionCandidate, PromotionDecision, PromotionPlan, PromotionReasonCode } from "./types.js";

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
}

export function decidePromotion(input: DecideInput): PromotionPlan {
  const { plan, project, prod, rules } = input;
  const graph = project.graph;
  const macros = macroIndexFor(graph);
  const builds = new Map(input.builds.map((build) => [build.node_id, build]));
  const objects = new Map(input.objects.map((object) => [qualifiedKey(object, rules), object]));
  const blockers = new Map((input.blockers ?? []).map((b) => [qualifiedKey(b.target, rules), b]));
  const observed = observedSourceVersions(input.sources);
  const actions = new Map(plan.entries.map((entry) => [entry.unique_id, entry.action]));
  const decisions: PromotionDecision[] = [];
  const candidates: PromotionCandidate[] = [];
  const promoted = new Map<string, string>(); // node → PR run promoted
  /** BUILD nodes of main the environment built: null when main's build will hold the data the environment's build held, else why not. */
  const sameAfterRun = new Map<string, string | null>();

  const name = (id: string) => {
    const node = graph.nodes.get(id)?.node;
    return node ? (node.version === null ? node.name : `${node.name}.v${node.version}`) : id;
  };

  /** Why the sources and parents a build read are not what prod has (after this promotion), or null when they are. */
  const dataProblem = (
    id: string,
    build: BuildRecord,
  ): { code: PromotionReasonCode; message: string } | null => {
    const node = graph.nodes.get(id)!;
    for (const sourceId of node.sources) {
      const seen = build.sources[sourceId];
      const now = observed.get(sourceId);
      const shown = `\`${graph.sources.get(sourceId)?.source.sourceName ?? ""}.${graph.sources.get(sourceId)?.source.name ?? sourceId}\``;
      if (!seen || !atLeastSemantic(seen.exactness)) {
        return {
          code: "source_evidence_missing",
          message: `No version of source ${shown} was recorded when the pull request built it.`,
        };
      }
      if (!now?.value || !atLeastSemantic(now.exactness)) {
        return {
          code: "source_evidence_missing",
          message: `Source ${shown} has no version now (no sources.json, or no max_loaded_at).`,
        };
      }
      if (!sameVersion(seen.value, now.value)) {
        return {
          code: "source_changed",
          message: `Source ${shown} has new data since the pull request built it (${seen.value} → ${now.value}).`,
        };
      }
    }
    for (const parent of node.parents) {
      const read = build.parents[parent];
      const shown = `\`${name(parent)}\``;
      if (!read) {
        return {
          code: "parent_evidence_missing",
          message: `No record of which build of parent ${shown} the pull request's build read.`,
        };
      }
      if (read.via === "pointer") {
        const prodRun = prod?.nodes[parent]?.run_id;
        if (actions.get(parent) !== "REUSE" || prodRun !== read.run_id) {
          return {
            code: "parent_changed",
            message:
              actions.get(parent) === "BUILD"
                ? `Parent ${shown} is built by this run, so prod's data differs from the build of it the pull request read.`
                : `Parent ${shown} was rebuilt in prod (run ${prodRun ?? "none"}) after the pull request read run ${read.run_id}.`,
          };
        }
        continue;
      }
      if (promoted.get(parent) === read.run_id) continue;
      const rebuilt = sameAfterRun.get(parent);
      if (rebuilt === null && builds.get(parent)?.run_id === read.run_id) continue;
      return {
        code: "parent_changed",
        message: `Parent ${shown} as the pull request built it (run ${read.run_id}) is not what prod will have: it is neither promoted nor rebuilt from the same code over the same data${rebuilt ? ` (${rebuilt})` : ""}.`,
      };
    }
    return null;
  };

  for (const entry of plan.entries) {
    const id = entry.unique_id;
    const node = graph.nodes.get(id);
    const fp = project.fingerprints.get(id);
    if (!node || !fp) continue;
    const build = builds.get(id);
    const to: QualifiedName = { schema: entry.relation.schema, identifier: entry.relation.identifier };
    const from: QualifiedName | null = build ? { schema: build.schema, identifier: build.identifier } : null;
    // Views main rebuilds from the code the environment built, over the same data, hold the same rows.
    if (
      entry.action === "BUILD" &&
      build &&
      build.status === "success" &&
      build.version_key === fp.versionKey
    ) {
      if (node.node.materialized !== "view") {
        sameAfterRun.set(id, `it is ${aOrAn(node.node.materialized ?? "model")} main builds again`);
      } else if (fp.environmentReads.length > 0) {
        sameAfterRun.set(id, "its hooks read the environment");
      } else {
        const problem = dataProblem(id, build);
        sameAfterRun.set(
          id,
          problem ? problem.message.replace(/\.$/, "").replace(/^./, (c) => c.toLowerCase()) : null,
        );
      }
    }
    if (entry.action !== "BUILD") continue;
    const decide = (code: PromotionReasonCode, message: string): PromotionDecision => ({
      unique_id: id,
      name: entry.name,
      promotable: code === "promoted",
      reason: { code, message },
      from,
      to,
      version_key: fp.versionKey,
      pr_run_id: build?.run_id ?? null,
    });
    const n = node.node;
    let decision: PromotionDecision | null = null;
    if (n.resourceType !== "model" || n.materialized !== "table") {
      const what =
        n.resourceType === "model"
          ? aOrAn(n.materialized ?? "model without a materialization")
          : aOrAn(n.resourceType);
      decision = decide("not_a_table", `It is ${what}: only tables are promoted; dbt builds it.`);
    } else if (n.preHooks.length > 0 || n.postHooks.length > 0) {
      decision = decide(
        "has_hooks",
        "It has hooks, which ran against the pull request's relation: dbt builds it so that they run in prod.",
      );
    } else if (hasGrants(n.config)) {
      decision = decide("has_grants", "It has grants, which dbt applies when it builds the table in prod.");
    } else if (node.parents.length === 0 && node.sources.length === 0) {
      decision = decide(
        "no_declared_inputs",
        "It declares no inputs (no `ref` or `source`), so ODS can't tell that the data its build read is what prod has: dbt builds it.",
      );
    } else if (!build) {
      decision = decide(
        "not_built_by_pr",
        `The merged pull request's environment ${input.environment} has no build of it.`,
      );
    } else if (build.status !== "success") {
      decision = decide(
        "pr_build_failed",
        `Its last build in the pull request (run ${build.run_id}) ended with status ${build.status}.`,
      );
    } else if (build.version_key !== fp.versionKey) {
      decision = decide(
        "version_differs",
        `The pull request built another version of it (its code, or a parent's, differs from main's): version ${build.version_key.slice(0, 12)} ≠ ${fp.versionKey.slice(0, 12)}.`,
      );
    } else {
      const checks = node.checks
        .map((check) => graph.checks.get(check))
        .filter((c): c is Check => Boolean(c));
      const digest = checksDigest(checks, macros);
      if (digest !== null && build.tested !== "passed") {
        decision = decide(
          "checks_not_passed",
          build.tested === "failed"
            ? `Its checks failed in the pull request's run ${build.run_id}.`
            : `Not all of its checks ran in the pull request's run ${build.run_id}.`,
        );
      } else if (digest !== null && build.checks_digest !== digest) {
        decision = decide(
          "checks_changed",
          "Its checks on main differ from the ones that passed in the pull request.",
        );
      } else {
        const problem = dataProblem(id, build);
        if (problem) decision = decide(problem.code, problem.message);
      }
    }
    if (!decision && build) {
      const source = objects.get(qualifiedKey(build, rules));
      const target = objects.get(qualifiedKey(to, rules));
      if (source?.kind !== "table") {
        decision = decide(
          "relation_missing",
          `The pull request's table ${build.schema}.${build.identifier} is not in the warehouse.`,
        );
      } else if (target && target.kind !== "table") {
        decision = decide(
          "prod_not_table",
          `Prod's ${to.schema}.${to.identifier} is a ${target.kind}, not a table: dbt builds it.`,
        );
      } else if (blockers.has(qualifiedKey(to, rules))) {
        const blocker = blockers.get(qualifiedKey(to, rules))!;
        decision = decide(blocker.code, blocker.message);
      } else {
        decision = decide(
          "promoted",
          `Built by the pull request (run ${build.run_id}) with main's code over the data prod has: moved into prod instead of built.`,
        );
        const previous = prod?.nodes[id] ?? null;
        const promotedState = promotedNodeState(project, id, build, entry.relation);
        candidates.push({
          unique_id: id,
          from: { schema: build.schema, identifier: build.identifier },
          to,
          replaces: target !== undefined,
          pr_run_id: build.run_id,
          version_key: fp.versionKey,
          promoted_state: promotedState,
          previous_state: previous,
        });
        promoted.set(id, build.run_id);
      }
    }
    decisions.push(decision!);
  }
  return { environment: input.environment, project: plan.project, decisions, candidates };
}

function aOrAn(word: string): string {
  return `${/^[aeiou]/i.test(word) ? "an" : "a"} ${word}`;
}

function hasGrants(config: Readonly<Record<string, unknown>> | null): boolean {
  const grants = config?.grants;
  return typeof grants === "object" && grants !== null && Object.keys(grants).length > 0;
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
  if (digest !== null && build.tested === "passed") {
    state.tested = { run_id: build.run_id, at: build.built_at, checks_digest: digest };
  }
  return state;
}
