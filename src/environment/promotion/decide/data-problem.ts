/**
 * Rule 4 of promotion: the data a build read is the data prod has now (every
 * source version it saw is the one observed now, and every parent it read
 * is, after this promotion, what prod holds).
 */
import { atLeastSemantic, sameVersion } from "../../../planner/source-evidence.js";
import type { BuildRecord } from "../../registry/records.js";
import type { Deciding, PromotionReason } from "./deciding.js";

/** Why the sources and parents a build read are not what prod has (after this promotion), or null when they are. */
export function dataProblem(deciding: Deciding, id: string, build: BuildRecord): PromotionReason | null {
  const node = deciding.graph.nodes.get(id)!;
  for (const sourceId of node.sources) {
    const problem = sourceProblem(deciding, sourceId, build);
    if (problem) return problem;
  }
  for (const parent of node.parents) {
    const problem = parentProblem(deciding, parent, build);
    if (problem) return problem;
  }
  return null;
}

function sourceProblem(deciding: Deciding, sourceId: string, build: BuildRecord): PromotionReason | null {
  const { graph } = deciding;
  const seen = build.sources[sourceId];
  const now = deciding.observed.get(sourceId);
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
  return null;
}

function parentProblem(deciding: Deciding, parent: string, build: BuildRecord): PromotionReason | null {
  const { actions, prod } = deciding;
  const read = build.parents[parent];
  const shown = `\`${nodeName(deciding, parent)}\``;
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
    return null;
  }
  if (deciding.promoted.get(parent) === read.run_id) return null;
  const rebuilt = deciding.sameAfterRun.get(parent);
  if (rebuilt === null && deciding.builds.get(parent)?.run_id === read.run_id) return null;
  return {
    code: "parent_changed",
    message: `Parent ${shown} as the pull request built it (run ${read.run_id}) is not what prod will have: it is neither promoted nor rebuilt from the same code over the same data${rebuilt ? ` (${rebuilt})` : ""}.`,
  };
}

/** The node's name as the messages show it (`name` or `name.vN`), else its id. */
function nodeName(deciding: Deciding, id: string): string {
  const node = deciding.graph.nodes.get(id)?.node;
  return node ? (node.version === null ? node.name : `${node.name}.v${node.version}`) : id;
}
