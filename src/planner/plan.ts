/**
 * plan(): for every planned node, BUILD or REUSE, and why (ADR-0013,
 * "Planning rules"). Pure and synchronous: the clock is a value passed in.
 *
 * Rules, first match wins, in DAG order:
 *  0. no state at all                                    BUILD no_state
 *  0. state recorded for another target (ADR-0017)       BUILD target_changed
 *  2. no snapshot entry                                  BUILD never_built
 *  2b. the last build was partial (record.ts)            BUILD last_build_partial
 *  3. code evidence incomplete                           BUILD code_incomplete
 *  4. fingerprint scheme differs / fingerprint differs   BUILD scheme_changed / code_changed
 *     a hook reads the environment (#218)                BUILD hook_reads_environment
 *  5. a parent is built because its code changed        BUILD parent_code_changed
 *  6. a parent ODS doesn't know                          BUILD unknown_parent
 *  7. no declared inputs (seeds excepted)                BUILD no_declared_inputs
 *  8. the freshness policy can't be honoured             BUILD policy_unmet
 *  9. missing data evidence                              BUILD missing_data_evidence
 * 10. new upstream data, then the policy:
 * 11.   require_fresh_data_from: all, some inputs unchanged  REUSE quorum_not_met
 * 12.   within lag_tolerance of the last build               REUSE within_lag_tolerance
 * 13.   otherwise                                            BUILD new_upstream_data
 * 14. otherwise                                          REUSE unchanged / formatting_only
 * 15. entries ordered by DAG depth, then id; 16. a cycle is an error (the graph refuses it).
 * 17. every REUSE says whether the relation's existence was checked.
 * 18. the dbt command for the BUILD set.
 * 1. nodes not selected are left out of the plan (their decisions still
 *    count for their children).
 */

import type { SourcesFreshness } from "../dbt/artifacts/sources.js";
import { diffFingerprints, isEmptyDiff, SCHEME } from "../dbt/fingerprint/fingerprint.js";
import { MacroIndex } from "../dbt/fingerprint/macro-index.js";
import type { NodeFingerprint } from "../dbt/fingerprint/project-fingerprints.js";
import type { GraphNode, ProjectGraph } from "../dbt/graph.js";
import type { LoadedProject } from "../dbt/load-project.js";
import { own } from "../state/own.js";
import {
  BUILD_REASONS,
  type BuildReasonCode,
  type Evidence,
  PLAN_SCHEMA_VERSION,
  type Plan,
  type PlanEntry,
  type PlanWarning,
  type Reason,
  type RelationCheck,
} from "../state/plan.js";
import { type Scope, scopeKey } from "../state/scope.js";
import type { NodeState, Relation, StateSnapshot, TargetIdentity } from "../state/snapshot.js";
import { buildCommand, selectorFor, shellQuote } from "./build-command.js";
import { readFreshnessPolicy } from "./freshness-policy.js";
import { code, componentWords, listWords } from "./reason-words.js";
import { selectNodes } from "./selection.js";
import { planSourceChecks } from "./source-checks.js";
import {
  atLeastSemantic,
  compareInstants,
  type ObservedSourceVersion,
  observedSourceVersions,
  sameVersion,
} from "./source-evidence.js";

export interface PlanInput {
  project: LoadedProject;
  scope: Scope;
  /** The scope's latest snapshot, or null when there is none. */
  state: { id: string; snapshot: StateSnapshot } | null;
  /** sources.json, when one was given. */
  sources: SourcesFreshness | null;
  /** dbt selectors; empty plans every node. */
  select: readonly string[];
  /** The clock, passed in (ISO 8601). */
  now: string;
  /** The target this plan builds into; compared with the state's (ADR-0017). */
  target?: TargetIdentity;
  /** Whether REUSE relations were checked in the warehouse (none without a connection). */
  relationCheck?: RelationCheck;
  /**
   * Plan for a pull request's environment over the scope's (prod's) state
   * (ADR-0028): a REUSE is served by a pointer view at the manifest's relation
   * reading the recorded build, so the relation and the target's name may
   * differ; the adapter may not.
   */
  pointers?: boolean;
}

const POINTER_NOTE = " The environment reads that build through a pointer view.";

const UNCHECKED: RelationCheck = {
  checked: false,
  exactness: "none",
  message: "not checked: no warehouse connection, so the relation is trusted to still exist",
};

interface Decision {
  action: "BUILD" | "REUSE";
  reason: Reason;
  evidence: Evidence[];
}

export function displayName(graph: ProjectGraph, id: string): string {
  const node = graph.nodes.get(id)?.node;
  if (node) return node.version === null ? node.name : `${node.name}.v${node.version}`;
  const source = graph.sources.get(id)?.source;
  if (source) return `${source.sourceName}.${source.name}`;
  return id;
}

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
  const snapshot = state?.snapshot ?? null;
  const observed = observedSourceVersions(input.sources);
  const decisions = new Map<string, Decision>();
  const warnings: PlanWarning[] = [];
  const pointers = input.pointers === true;
  const pointerNote = pointers ? POINTER_NOTE : "";
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
  let staleSources = 0;

  for (const id of graph.order) {
    const node = graph.nodes.get(id)!;
    const decision = decide(node);
    decisions.set(id, decision);
  }

  function decide(node: GraphNode): Decision {
    const id = node.id;
    const fp = project.fingerprints.get(id)!;
    const entry = own(snapshot?.nodes, id);
    const codeEvidence: Evidence = {
      kind: "code",
      subject: id,
      value: fp.fingerprint.digest,
      recorded: entry?.fingerprint.digest ?? null,
      exactness: fp.complete ? "exact" : "none",
    };
    const build = (
      code: BuildReasonCode,
      message: string,
      extra: Partial<Reason> = {},
      evidence: Evidence[] = [],
    ) => ({
      action: "BUILD" as const,
      reason: { code, message, ...extra },
      evidence: [codeEvidence, ...evidence],
    });

    if (!snapshot) return build("no_state", "No state found: built once so the run can be recorded.");
    if (targetChanged) {
      return build(
        "target_changed",
        `Its last build went to target ${describeTarget(snapshot.target)}; this plan builds into ${describeTarget(input.target)}.`,
      );
    }
    if (!entry) return build("never_built", `Never built by ODS in ${scopeKey(scope)}.`);
    if (entry.partial) {
      return build(
        "last_build_partial",
        `Its last build (run ${entry.run_id}) did not build all of it: ${entry.partial.why}.`,
      );
    }
    if (!fp.complete) {
      return build(
        "code_incomplete",
        `Its code can't be fingerprinted completely: ${fp.incomplete.join("; ")}.`,
      );
    }
    if (entry.fingerprint.scheme !== SCHEME) {
      return build(
        "scheme_changed",
        `The fingerprint scheme changed (${entry.fingerprint.scheme} → ${SCHEME}): every node is built once.`,
      );
    }
    const diff = pointers ? portableDiff(entry, fp) : diffFingerprints(entry.fingerprint, fp.fingerprint);
    if (!isEmptyDiff(diff)) {
      const names = [...diff.changed, ...diff.added, ...diff.removed];
      return build("code_changed", `Its ${componentWords(names)} changed since run ${entry.run_id}.`, {
        components: diff,
      });
    }
    if (fp.environmentReads.length > 0) {
      const where = fp.environmentReads.map(
        (read) => `${read.where} reads ${read.names.map(code).join(", ")}`,
      );
      return build(
        "hook_reads_environment",
        `It has hooks, and ${listWords(where)}: what the hook does depends on the run, so the node is built every run.`,
        {
          subjects: [
            ...fp.environmentReads.map((read) => read.where),
            ...new Set(fp.environmentReads.flatMap((read) => read.names)),
          ],
        },
      );
    }

    const codeParents = node.parents.filter((parent) => {
      const d = decisions.get(parent);
      return d?.action === "BUILD" && BUILD_REASONS[d.reason.code as BuildReasonCode] === "code";
    });
    if (codeParents.length > 0) {
      return build(
        "parent_code_changed",
        `Parent ${listWords(codeParents.map((p) => code(displayName(graph, p))))} ${codeParents.length === 1 ? "is" : "are"} built for a code change, so its input may change shape.`,
        { subjects: codeParents },
      );
    }
    if (node.unknownParents.length > 0) {
      const ids = node.unknownParents.map((parent) => parent.id);
      return build(
        "unknown_parent",
        `It reads ${listWords(ids.map(code))}, which ODS doesn't know (neither a node nor a source in the manifest).`,
        { subjects: ids },
      );
    }
    const isSeed = node.node.resourceType === "seed";
    if (!isSeed && node.parents.length === 0 && node.sources.length === 0) {
      return build(
        "no_declared_inputs",
        "It declares no inputs (no `ref` or `source`), so ODS can't tell when the data it reads changes.",
      );
    }
    const policy = readFreshnessPolicy(node.node.config);
    if (!policy.ok)
      return build("policy_unmet", `Its freshness policy can't be honoured: ${policy.problem}.`);

    // Rule 9: evidence of every input's data, now and at the last build.
    const evidence: Evidence[] = [];
    const missing: string[] = [];
    const moved: string[] = [];
    const movedIds: string[] = [];
    for (const sourceId of node.sources) {
      const current: ObservedSourceVersion | undefined = observed.get(sourceId);
      const recorded = own(entry.sources, sourceId);
      const name = code(displayName(graph, sourceId));
      const sourceEvidence: Evidence = {
        kind: "source_version",
        subject: sourceId,
        value: current?.value ?? null,
        recorded: recorded?.value ?? null,
        exactness: current?.exactness ?? "none",
      };
      evidence.push(sourceEvidence);
      // A source whose relation a parent of this node writes (graph.ts, relation-writers.ts): that
      // parent's build is the evidence of its data (a parent_build below) when sources.json measured none.
      const writers = node.writtenInputs
        .filter((input) => input.source === sourceId)
        .map((input) => input.parent);
      if (writers.length > 0 && !current?.value) {
        sourceEvidence.note = `its relation is written by ${writers.map((w) => displayName(graph, w)).join(", ")}: that build is the evidence of its data`;
        continue;
      }
      if (!current) {
        missing.push(
          `${name} has no freshness result${input.sources ? " in sources.json" : " (no sources.json)"}`,
        );
      } else if (!current.value) {
        missing.push(`${name} has no max_loaded_at (freshness status ${current.status})`);
      } else if (!atLeastSemantic(current.exactness)) {
        missing.push(`${name} has a max_loaded_at that is not an instant ODS can compare (${current.value})`);
      } else if (!current.observedAt || (compareInstants(current.observedAt, entry.built_at) ?? 0) <= 0) {
        staleSources++;
        missing.push(
          `${name} was last observed ${current.observedAt ?? "at an unknown time"}, not after its last build (${entry.built_at})`,
        );
      } else if (!recorded) {
        missing.push(`no version of ${name} was recorded when it was last built`);
      } else if (!atLeastSemantic(recorded.exactness)) {
        missing.push(`the version of ${name} recorded at its last build is only ${recorded.exactness}`);
      } else if (!sameVersion(current.value, recorded.value)) {
        moved.push(`source ${name} (${recorded.value} → ${current.value})`);
        movedIds.push(sourceId);
      }
    }
    for (const parent of node.parents) {
      const read = own(entry.parents, parent);
      const parentState: NodeState | undefined = own(snapshot.nodes, parent);
      const parentDecision = decisions.get(parent);
      evidence.push({
        kind: "parent_build",
        subject: parent,
        value: parentState?.run_id ?? null,
        recorded: read ?? null,
        exactness: read && parentState ? "exact" : "none",
      });
      const name = code(displayName(graph, parent));
      if (read === undefined) {
        missing.push(`no record of which build of parent ${name} it read`);
      } else if (parentDecision?.action === "BUILD") {
        moved.push(`parent ${name} is built (${parentDecision.reason.code.replaceAll("_", " ")})`);
        movedIds.push(parent);
      } else if (parentState && parentState.run_id !== read) {
        moved.push(
          `parent ${name} was rebuilt by run ${parentState.run_id} after the build it read (run ${read})`,
        );
        movedIds.push(parent);
      }
    }
    if (missing.length > 0) {
      return build(
        "missing_data_evidence",
        `No evidence of its input data since its last build: ${listWords(missing)}.`,
        {},
        evidence,
      );
    }
    if (moved.length > 0) {
      const inputs = node.parents.length + node.sources.length;
      const p = policy.policy;
      if (p?.requireAll && moved.length < inputs) {
        return {
          action: "REUSE",
          reason: {
            code: "quorum_not_met",
            message: `New data in ${moved.length} of ${inputs} inputs (${listWords(moved)}); its policy (require_fresh_data_from: all) waits for every input.`,
            quorum: { changed: moved.length, total: inputs },
          },
          evidence: [codeEvidence, ...evidence],
        };
      }
      if (p && p.lagSeconds > 0) {
        const builtAt = Date.parse(entry.built_at);
        const due = new Date(builtAt + p.lagSeconds * 1000);
        if (!Number.isNaN(builtAt) && Date.parse(now) < due.getTime()) {
          const dueAt = due.toISOString();
          return {
            action: "REUSE",
            reason: {
              code: "within_lag_tolerance",
              message: `New upstream data (${listWords(moved)}), but it was built ${entry.built_at}, within its lag tolerance of ${p.lagText}: due at ${dueAt}.`,
              due_at: dueAt,
            },
            evidence: [codeEvidence, ...evidence],
          };
        }
      }
      return build(
        "new_upstream_data",
        `New upstream data: ${listWords(moved)}.`,
        { subjects: movedIds },
        evidence,
      );
    }
    const formattingOnly =
      fp.rawDigest !== null && entry.raw_digest !== undefined && entry.raw_digest !== fp.rawDigest;
    return {
      action: "REUSE",
      reason: formattingOnly
        ? {
            code: "formatting_only",
            message: `Only formatting changed since run ${entry.run_id}; code and inputs unchanged.${pointerNote}`,
          }
        : {
            code: "unchanged",
            message: `Code and inputs unchanged since run ${entry.run_id}.${pointerNote}`,
          },
      evidence: [codeEvidence, ...evidence],
    };
  }

  if (staleSources > 0) {
    warnings.push({
      code: "stale_source_freshness",
      message: `sources.json was observed before the last build of ${staleSources} input${staleSources === 1 ? "" : "s"}: it says nothing about data since then, so the nodes that read them are built. Run \`dbt source freshness\` right before planning.`,
    });
  }

  const selection = input.select.length > 0 ? selectNodes(graph, input.select) : null;
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
    if (decision.action === "REUSE") entry.relation_check = input.relationCheck ?? UNCHECKED;
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
    new MacroIndex(graph.macros, graph.metadata.adapterType),
    targetChanged ? null : snapshot,
    observed,
    selection?.sources ?? null,
  );
  const nodeSelect = selectorFor(built.map((entry) => graph.nodes.get(entry.unique_id)!.node.fqn));
  const sourceSelect = sourceChecks
    .filter((check) => check.action === "RUN")
    .map((check) => shellQuote(`source:${check.name}`))
    .join(" ");
  const select = [nodeSelect, sourceSelect].filter((part) => part !== "").join(" ");
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
    ...(pointers ? { pointers: true } : {}),
    summary: { build: built.length, reuse: entries.length - built.length },
    entries,
    source_checks: sourceChecks,
    build_command: buildCommand(select),
    select,
    warnings,
  };
}

/**
 * For a pull request's environment: where the node is built, and the names of
 * the relations it reads, are not code changes (the environment points at the
 * recorded build). Compares the portable sql when both sides have it.
 */
function portableDiff(entry: NodeState, fp: NodeFingerprint): ReturnType<typeof diffFingerprints> {
  const portable = (components: Record<string, string>, sql: string | null | undefined) => {
    const { relation: _relation, ...rest } = components;
    if (sql && rest.sql !== undefined) rest.sql = sql;
    return { scheme: SCHEME, digest: "", components: rest };
  };
  const bothPortable = Boolean(entry.portable_sql && fp.portableSql);
  return diffFingerprints(
    portable(entry.fingerprint.components, bothPortable ? entry.portable_sql : null),
    portable(fp.fingerprint.components, bothPortable ? fp.portableSql : null),
  );
}

function describeTarget(target: TargetIdentity | undefined): string {
  if (!target) return "(unknown)";
  return target.name ? `${target.name} (${target.adapter_type})` : target.adapter_type;
}
