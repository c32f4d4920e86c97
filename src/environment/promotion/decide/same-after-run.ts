/**
 * Views main rebuilds from the code the environment built, over the same
 * data, hold the same rows: a node that reads one may still be promoted.
 */
import type { GraphNode } from "../../../dbt/graph.js";
import type { PlanEntry } from "../../../state/plan.js";
import type { BuildRecord } from "../../registry/records.js";
import { dataProblem } from "./data-problem.js";
import { aOrAn, type Deciding } from "./deciding.js";

/** Records, for a BUILD node of main the environment built with main's code, whether main's build will hold the same data. */
export function noteSameAfterRun(
  deciding: Deciding,
  entry: PlanEntry,
  node: GraphNode,
  versionKey: string,
  build: BuildRecord | undefined,
): void {
  const id = entry.unique_id;
  if (!(entry.action === "BUILD" && build && build.status === "success" && build.version_key === versionKey))
    return;
  const fp = deciding.project.fingerprints.get(id)!;
  if (node.node.materialized !== "view") {
    deciding.sameAfterRun.set(id, `it is ${aOrAn(node.node.materialized ?? "model")} main builds again`);
  } else if (fp.environmentReads.length > 0) {
    deciding.sameAfterRun.set(id, "its hooks read the environment");
  } else {
    const problem = dataProblem(deciding, id, build);
    deciding.sameAfterRun.set(
      id,
      problem ? problem.message.replace(/\.$/, "").replace(/^./, (c) => c.toLowerCase()) : null,
    );
  }
}
