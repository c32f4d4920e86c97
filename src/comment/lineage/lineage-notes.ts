/** What the lineage picture's colours mean and, when grouped or cut, how. Pure. */
import { formatCount, plural } from "../words.js";
import { type Lineage, NODE_BUDGET, type NodeClass } from "./mermaid-picture.js";

const LEGEND_WORDS: Record<NodeClass, string> = {
  build_code: "red: built for a code change",
  build_data: "yellow: built for new data",
  reuse: "green: reused",
  outside: "grey, dashed: sources and nodes outside the plan",
  failed: "solid red: failed",
  skipped: "grey, dotted: skipped",
};

/** One line saying what the colours mean and, when grouped or cut, how. */
export function lineageNotes(lineage: Lineage): { legend: string; note: string | undefined } {
  const legend = lineage.classes.map((c) => LEGEND_WORDS[c]).join(" · ");
  const notes: string[] = [];
  if (lineage.mode !== "full") {
    const by = lineage.groupedBy === "package" ? "package" : "folder";
    notes.push(
      `The impacted subgraph has ${plural(lineage.impacted, "node")}, more than the ${NODE_BUDGET} a picture can show` +
        (lineage.mode === "changed_and_groups"
          ? `: the changed nodes are drawn one by one, the rest grouped per ${by} with counts.`
          : `: nodes are grouped per ${by} with counts.`),
    );
  }
  if (lineage.edgesLeftOut > 0)
    notes.push(
      `${formatCount(lineage.edgesLeftOut)} of the arrows are left out to stay under mermaid's limits.`,
    );
  return { legend, note: notes.length ? notes.join(" ") : undefined };
}
