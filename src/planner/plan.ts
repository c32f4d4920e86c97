/**
 * plan(): for every planned node, BUILD or REUSE, and why (ADR-0013,
 * "Planning rules"). Pure and synchronous: the clock is a value passed in.
 *
 * The rules are an ordered list of named modules, one per reason code
 * (src/planner/rules/index.ts); for each node, in DAG order, the first that
 * returns a decision decides:
 *  0. no state at all                                    BUILD no_state
 *  0. state recorded for another target (ADR-0017)       BUILD target_changed
 *  2. no snapshot entry                                  BUILD never_built
 *     the last build didn't build the whole node         BUILD last_build_partial
 *  3. code evidence incomplete                           BUILD code_incomplete
 *  4. fingerprint scheme differs / fingerprint differs   BUILD scheme_changed / code_changed
 *     a hook reads the environment (#218)                BUILD hook_reads_environment
 *  5. a parent changes code                              BUILD parent_code_changed
 *  6. a parent ODS doesn't know                          BUILD unknown_parent
 *  7. no declared inputs (seeds excepted)                BUILD no_declared_inputs
 *  8. the freshness policy can't be honoured             BUILD policy_unmet
 *     checks, and no passing test record                 BUILD tests_not_passed
 *     over any REUSE below: its checks changed since     BUILD unit_tests_changed
 *       they passed, a unit test among them
 *  9. missing data evidence                              BUILD missing_data_evidence
 *     it calls a clock function: within lag_tolerance    REUSE within_lag_tolerance
 *       otherwise                                        BUILD clock_dependent
 * 10. new upstream data, then the policy:
 * 11.   require_fresh_data_from: all, some inputs unchanged  REUSE quorum_not_met
 * 12.   within lag_tolerance of the last build               REUSE within_lag_tolerance
 * 13.   otherwise                                            BUILD new_upstream_data
 * 14. otherwise                                          REUSE unchanged / formatting_only
 *     a REUSE whose checks (data tests only) changed since they passed runs them (entry.checks)
 * 15. entries ordered by DAG depth, then id; 16. a cycle is an error (the graph refuses it).
 * 17. every REUSE says whether the relation's existence was checked.
 * 18. the dbt command for the BUILD set (and the checks to run).
 * 1. nodes not selected are left out of the plan (their decisions still
 *    count for their children).
 */

import { macroIndexFor } from "../dbt/fingerprint/shared-macro-index.js";
import { own } from "../state/own.js";
import {
  type Evidence,
  PLAN_SCHEMA_VERSION,
  type Plan,
  type PlanEntry,
  type PlanWarning,
  type RelationCheck,
} from "../state/plan.js";
import { scopeKey } from "../state/scope.js";
import type { Relation, TargetIdentity } from "../state/snapshot.js";
import { buildCommand } from "./build-command.js";
import { checksToRun } from "./checks-to-run.js";
import { ColumnImpact } from "./column-impact.js";
import { readFreshnessPolicy } from "./freshness-policy.js";
import { listWords } from "./reason-words.js";
import { carryRenamedBuilds } from "./renamed-builds.js";
import type {
  DataEvidence,
  Decision,
  EdgeImpact,
  PlanFacts,
  PlanInput,
  RuleContext,
} from "./rules/context.js";
import { dataEvidence } from "./rules/data-evidence.js";
import { displayName } from "./rules/display-name.js";
import { decide } from "./rules/index.js";
import { describeTarget } from "./rules/target-changed.js";
import { valuesOfRun, withValueComponents } from "./run-time-value-components.js";
import { type Selection, selectNodes } from "./selection.js";
import {
  COMMENT_COMMAND_BOUNDS,
  type CompactSelection,
  prepareSelection,
  SELECT_BOUNDS,
  type SelectionBounds,
  type SelectionTarget,
} from "./selection-output/compact-selection.js";
import { planSourceChecks } from "./source-checks.js";
import { observedSourceVersions } from "./source-evidence.js";

export type { PlanInput } from "./rules/context.js";
export { displayName } from "./rules/display-name.js";

const UNCHECKED: RelationCheck = {
  checked: false,
  exactness: "none",
  message: "not checked: no warehouse connection, so the relation is trusted to still exist",
};

function sameTarget(
  a: TargetIdentity | undefined,
  b: TargetIdentity | undefined,
  pointers: boolean,
): boolean {
  if (!a || !b) return true;
  if (a.adapter_type !== b.adapter_type) return false;
  return pointers || (a.name ?? null) === (b.name ?? null);
}

export function plan(input: PlanInput): Plan {
  const { project, scope, state, now } = input;
  const graph = project.graph;
  // Renames that keep the relation and the code: their recorded builds under the new ids.
  const carried = state ? carryRenamedBuilds(state.snapshot, graph, project.fingerprints) : null;
  const snapshot = carried?.snapshot ?? null;
  const observed = observedSourceVersions(input.sources);
  const decisions = new Map<string, Decision>();
  const warnings: PlanWarning[] = [];
  const pointers = input.pointers === true;
  const targetChanged = snapshot !== null && !sameTarget(snapshot.target, input.target, pointers);

  if (!snapshot) {
    warnings.push({
      code: "no_state",
      message: `No state was found for ${scopeKey(scope)}: every node is built, and the run is recorded so the next plan can reuse.`,
    });
  } else if (targetChanged) {
    warnings.push({
      code: "target_changed",
      message: `The state of ${scopeKey(scope)} was recorded for target ${describeTarget(snapshot.target)}, not ${describeTarget(input.target)}: a build is reused only in the target it went to.`,
    });
  }

  const readsSources = [...graph.nodes.values()].some((node) => node.sources.length > 0);
  if (snapshot && !targetChanged && readsSources && !input.sources) {
    warnings.push({
      code: "no_sources_json",
      message:
        "No sources.json was given: nodes that read sources have no evidence of their data and are built. Run `dbt source freshness` before planning.",
    });
  }

  if (snapshot && project.projectFileRead === false) {
    warnings.push({
      code: "no_project_file",
      message:
        "No dbt_project.yml in the project directory (action input `project-dir`, CLI `--project-dir`): its `dispatch` order and behaviour flags, which the manifest doesn't record, were not compared with the recorded build's.",
    });
  }

  if (project.indirectSelection !== undefined && project.indirectSelection.toLowerCase() !== "eager") {
    warnings.push({
      code: "indirect_selection_not_eager",
      message: `dbt_project.yml sets \`flags: indirect_selection: ${project.indirectSelection}\`, but this plan's selection is made for dbt's default (eager): run \`dbt build\` with \`--indirect-selection eager\`, or a test of a built node that also reads a reused one does not run, and the node is built again for it at every plan.`,
    });
  }

  if (carried && carried.renamed.size > 0 && !targetChanged) {
    const pairs = [...carried.renamed].map(([now, old]) => `\`${now}\` (built as \`${old}\`)`);
    warnings.push({
      code: "renamed_builds",
      message: `${pairs.length === 1 ? "A node was" : `${pairs.length} nodes were`} renamed with the same relation and code, so ${pairs.length === 1 ? "its" : "their"} recorded build counts: ${listWords(pairs, 5)}.`,
    });
  }

  const exclude = input.exclude ?? [];
  const selection =
    input.select.length > 0 || exclude.length > 0 ? selectNodes(graph, input.select, exclude) : null;
  if (selection) selectionWarnings(selection, graph.nodes.size, warnings);
  const macros = macroIndexFor(graph);
  const facts: PlanFacts = {
    input,
    graph,
    snapshot,
    targetChanged,
    pointers,
    observed,
    macros,
    selected: selection?.nodes ?? null,
    staleSources: { count: 0 },
    impact: undefined as unknown as EdgeImpact,
  };
  const impactData = new Map<string, DataEvidence>();
  facts.impact = new ColumnImpact(facts, decisions, (id) => {
    let data = impactData.get(id);
    if (data === undefined) {
      data = dataEvidence(graph.nodes.get(id)!, own(snapshot?.nodes, id)!, decisions, facts, false);
      impactData.set(id, data);
    }
    return data;
  });

  // Keyed digests of what each node's run-time path reads, under the state's key (issue 36).
  const runValues = valuesOfRun(
    project,
    project.runTimeValues,
    snapshot?.value_key ?? null,
    input.target,
    pointers,
  );
  for (const id of graph.order) {
    const node = graph.nodes.get(id)!;
    const { fp, values } = withValueComponents(
      project.fingerprints.get(id)!,
      node.node.packageName,
      runValues,
    );
    const recorded = targetChanged ? undefined : own(snapshot?.nodes, id);
    const codeEvidence: Evidence = {
      kind: "code",
      subject: id,
      value: fp.fingerprint.digest,
      recorded: own(snapshot?.nodes, id)?.fingerprint.digest ?? null,
      exactness: fp.complete ? "exact" : "none",
    };
    let data: DataEvidence | undefined;
    const context: RuleContext = {
      node,
      fp,
      recorded,
      decisions,
      policy: readFreshnessPolicy(node.node.config),
      values,
      now,
      input,
      facts,
      codeEvidence,
      build: (code, message, extra = {}, evidence = []) => ({
        action: "BUILD",
        reason: { code, message, ...extra },
        evidence: [codeEvidence, ...evidence],
      }),
      dataEvidence: () => {
        data ??= dataEvidence(node, recorded!, decisions, facts);
        return data;
      },
    };
    decisions.set(id, decide(context));
  }

  const staleSources = facts.staleSources.count;
  if (staleSources > 0) {
    warnings.push({
      code: "stale_source_freshness",
      message: `sources.json was observed before the last build of ${staleSources} input${staleSources === 1 ? "" : "s"}: it says nothing about data since then, so the nodes that read them are built. Run \`dbt source freshness\` right before planning.`,
    });
  }

  const entries: PlanEntry[] = [];
  for (const id of graph.order) {
    if (selection && !selection.nodes.has(id)) continue;
    const node = graph.nodes.get(id)!;
    const decision = decisions.get(id)!;
    const recorded = snapshot && !targetChanged ? own(snapshot.nodes, id) : undefined;
    const n = node.node;
    const relation: Relation = {
      database: n.relation.database,
      schema: n.relation.schema,
      identifier: n.relation.identifier,
    };
    const entry: PlanEntry = {
      unique_id: id,
      name: displayName(graph, id),
      resource_type: n.resourceType,
      package_name: n.packageName,
      materialized: n.materialized,
      depth: node.depth,
      action: decision.action,
      reasons: [decision.reason],
      evidence: decision.evidence,
      relation,
      parents: [...node.parents, ...node.sources],
    };
    if (n.relation.relationName) entry.relation_name = n.relation.relationName;
    if (n.originalFilePath) entry.file = n.originalFilePath;
    const change = decision.action === "BUILD" ? facts.impact.computed().get(id) : undefined;
    if (change?.kind === "classified") {
      entry.column_change = {
        added: [...change.columns_added],
        removed: [...change.columns_removed],
        changed: [...change.expressions_changed],
        row_set_changed: change.row_set_changed,
      };
    } else if (change?.kind === "unknown" && decision.reason.code === "code_changed") {
      entry.column_change_unknown = change.reason;
    }
    if (decision.action === "REUSE") {
      entry.relation_check = input.relationCheck ?? UNCHECKED;
      const checks = checksToRun(graph, node, recorded, macros);
      if (checks) entry.checks = checks;
    }
    if (recorded) {
      entry.last_build = {
        run_id: recorded.run_id,
        built_at: recorded.built_at,
        relation: recorded.relation ?? null,
      };
      if (recorded.duration_s !== undefined) entry.last_duration_s = recorded.duration_s;
    }
    entries.push(entry);
  }

  const built = entries.filter((entry) => entry.action === "BUILD");
  const sourceChecks = planSourceChecks(
    graph,
    macros,
    targetChanged ? null : snapshot,
    observed,
    selection?.sources ?? null,
  );
  const target: SelectionTarget = {
    build: built.map((entry) => entry.unique_id),
    checks: entries.flatMap((entry) => entry.checks?.run ?? []),
    sources: sourceChecks.filter((check) => check.action === "RUN").map((check) => check.source_id),
  };
  const choose = prepareSelection(graph, target);
  const chosen = choose(SELECT_BOUNDS);
  if (!chosen.exact) warnings.push(supersetWarning(chosen));
  const command = buildCommand(chosen.select, chosen.exclude);
  return {
    schema_version: PLAN_SCHEMA_VERSION,
    scope: scopeKey(scope),
    project: scope.project,
    environment: scope.environment,
    planned_at: now,
    state: {
      found: snapshot !== null,
      snapshot_id: state?.id ?? null,
      run_id: snapshot?.run_id ?? null,
      created_at: snapshot?.created_at ?? null,
    },
    selection: [...input.select],
    ...(exclude.length > 0 ? { exclusion: [...exclude] } : {}),
    ...(pointers ? { pointers: true } : {}),
    summary: { build: built.length, reuse: entries.length - built.length },
    entries,
    source_checks: sourceChecks,
    build_command: command,
    select: chosen.select,
    exclude: chosen.exclude,
    select_terms: chosen.terms,
    select_exact: chosen.exact,
    ...(chosen.exact ? {} : { select_extra: chosen.extra }),
    ...shortCommand(choose, command),
    warnings,
  };
}

/** Issue 20: a superset selection is never silent. */
function supersetWarning(chosen: CompactSelection): PlanWarning {
  const n = chosen.extra.length;
  return {
    code: "selection_superset",
    message: `No exact dbt selection fits ${SELECT_BOUNDS.maxTerms} terms and ${SELECT_BOUNDS.maxChars.toLocaleString("en-US")} characters: \`select\` runs ${n.toLocaleString("en-US")} node${n === 1 ? "" : "s"} and test${n === 1 ? "" : "s"} beyond the plan (more, never fewer; listed in the plan's \`select_extra\`).`,
  };
}

/** A command short enough for a pull-request comment, when the full one is not (issue 20). */
function shortCommand(
  choose: (bounds: SelectionBounds) => CompactSelection,
  command: string | null,
): Pick<Plan, "short_command"> {
  if (command === null || command.length <= COMMENT_COMMAND_BOUNDS.maxChars) return {};
  const short = choose(COMMENT_COMMAND_BOUNDS);
  return {
    short_command: {
      command: buildCommand(short.select, short.exclude)!,
      terms: short.terms,
      exact: short.exact,
      extra: short.extra.length,
    },
  };
}

/**
 * dbt warns when a selector matches nothing and then builds nothing for it;
 * ODS says so in the plan's warnings (docs/decisions/selectors.md), and says
 * too when the whole selection plans no node and no source.
 */
function selectionWarnings(selection: Selection, nodeCount: number, warnings: PlanWarning[]): void {
  for (const raw of selection.unmatched) {
    warnings.push({
      code: "selector_matches_nothing",
      message: `The selector \`${raw}\` matches nothing in the manifest (dbt warns too): check its spelling.`,
    });
  }
  if (selection.nodes.size === 0 && selection.sources.size === 0 && nodeCount > 0) {
    warnings.push({
      code: "selection_plans_nothing",
      message:
        "The selection plans nothing: it selects no model, seed, snapshot or source (only tests, ephemeral models or other resources ODS does not plan, or nothing at all).",
    });
  }
}
