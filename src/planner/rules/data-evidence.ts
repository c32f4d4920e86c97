/**
 * Evidence of a node's input data (ADR-0013 rule 9): for every source, its
 * max_loaded_at now and at the last build; for every parent, which of its
 * builds the last build read and whether it is built again. Shared by the
 * rules that read it (missing_data_evidence, clock_dependent,
 * new_upstream_data); computed once per node. Pure.
 */

import type { GraphNode } from "../../dbt/graph.js";
import { own } from "../../state/own.js";
import type { Evidence } from "../../state/plan.js";
import type { NodeState } from "../../state/snapshot.js";
import { code } from "../reason-words.js";
import {
  atLeastSemantic,
  compareInstants,
  type ObservedSourceVersion,
  sameVersion,
} from "../source-evidence.js";
import type { DataEvidence, Decision, PlanFacts } from "./context.js";
import { displayName } from "./display-name.js";
import { changesCode } from "./parent-code-changed.js";

export function dataEvidence(
  node: GraphNode,
  recorded: NodeState,
  decisions: ReadonlyMap<string, Decision>,
  facts: PlanFacts,
  /** Whether inputs observed before the last build count for the plan's warning (false when asked for column impact). */
  counting = true,
): DataEvidence {
  const { graph, observed, input } = facts;
  const snapshot = facts.snapshot!;
  const evidence: Evidence[] = [];
  const missing: string[] = [];
  const moved: string[] = [];
  const movedIds: string[] = [];
  const unread: DataEvidence["unread"] = [];
  for (const sourceId of node.sources) {
    const current: ObservedSourceVersion | undefined = observed.get(sourceId);
    const version = own(recorded.sources, sourceId);
    // Written only into a message (most inputs have none: built once per message, not per input).
    const name = () => code(displayName(graph, sourceId));
    const sourceEvidence: Evidence = {
      kind: "source_version",
      subject: sourceId,
      value: current?.value ?? null,
      recorded: version?.value ?? null,
      exactness: current?.exactness ?? "none",
    };
    evidence.push(sourceEvidence);
    // A source whose relation a parent of this node writes (graph.ts, relation-writers.ts): that
    // parent's build is the evidence of its data (a parent_build below) when sources.json measured none.
    const writers = node.writtenInputs.filter((link) => link.source === sourceId).map((link) => link.parent);
    if (writers.length > 0 && !current?.value) {
      sourceEvidence.note = `its relation is written by ${writers.map((w) => displayName(graph, w)).join(", ")}: that build is the evidence of its data`;
      continue;
    }
    if (!current) {
      missing.push(
        `${name()} has no freshness result${input.sources ? " in sources.json" : " (no sources.json)"}`,
      );
    } else if (!current.value) {
      missing.push(`${name()} has no max_loaded_at (freshness status ${current.status})`);
    } else if (!atLeastSemantic(current.exactness)) {
      missing.push(`${name()} has a max_loaded_at that is not an instant ODS can compare (${current.value})`);
    } else if (!current.observedAt || (compareInstants(current.observedAt, recorded.built_at) ?? 0) <= 0) {
      if (counting) facts.staleSources.count++;
      missing.push(
        `${name()} was last observed ${current.observedAt ?? "at an unknown time"}, not after its last build (${recorded.built_at})`,
      );
    } else if (!version) {
      missing.push(`no version of ${name()} was recorded when it was last built`);
    } else if (!atLeastSemantic(version.exactness)) {
      missing.push(`the version of ${name()} recorded at its last build is only ${version.exactness}`);
    } else if (!sameVersion(current.value, version.value)) {
      moved.push(`source ${name()} (${version.value} → ${current.value})`);
      movedIds.push(sourceId);
    }
  }
  for (const parent of node.parents) {
    const read = own(recorded.parents, parent);
    const parentState: NodeState | undefined = own(snapshot.nodes, parent);
    const parentDecision = decisions.get(parent);
    evidence.push({
      kind: "parent_build",
      subject: parent,
      value: parentState?.run_id ?? null,
      recorded: read ?? null,
      exactness: read && parentState ? "exact" : "none",
    });
    const name = () => code(displayName(graph, parent));
    const reach =
      read !== undefined && parentDecision?.action === "BUILD"
        ? facts.impact.edge(parent, node.id, changesCode(parentDecision))
        : null;
    if (read === undefined) {
      missing.push(`no record of which build of parent ${name()} it read`);
    } else if (reach?.kind === "does_not_read") {
      // Rebuilt for a change in columns this node's build does not read: the same rows and values for it.
      unread.push({ parent, columns: reach.columns });
      evidence[evidence.length - 1]!.note = reach.columns.length
        ? `rebuilt for a change in ${reach.columns.join(", ")}, which this node does not read`
        : "rebuilt for a change that leaves its columns and rows as they were";
    } else if (parentDecision?.action === "BUILD") {
      const why = parentDecision.reason.code.replaceAll("_", " ");
      moved.push(
        facts.selected && !facts.selected.has(parent)
          ? `parent ${name()} would be built (${why}) but is not selected here, so this plan doesn't build it`
          : `parent ${name()} is built (${why})`,
      );
      movedIds.push(parent);
    } else if (parentState && parentState.run_id !== read) {
      moved.push(
        `parent ${name()} was rebuilt by run ${parentState.run_id} after the build it read (run ${read})`,
      );
      movedIds.push(parent);
    }
  }
  return { evidence, missing, moved, movedIds, unread };
}
