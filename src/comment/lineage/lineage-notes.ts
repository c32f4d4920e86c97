/** The lineage picture's legend (each class drawn, its marker and shape in words) and, when grouped or cut, how. Pure. */
import { formatCount, plural } from "../words.js";
import { CLASS_STYLES, type LineageShape } from "./lineage-classes.js";
import { type Lineage, MAX_BOXES } from "./mermaid-picture.js";

const SHAPE_WORDS: Record<LineageShape, string> = {
  rectangle: "thick box",
  rounded: "rounded",
  parallelogram: "slanted",
  hexagon: "hexagon, dashed",
  trapezoid: "trapezoid",
  inverted_trapezoid: "upside-down trapezoid, dotted",
  cylinder: "cylinder",
  stadium: "pill",
  asymmetric: "flag, dashed",
};

/** The legend (one entry per class drawn: marker, words, shape) and a note on grouping and cut arrows. */
export function lineageNotes(lineage: Lineage): { legend: string; note: string | undefined } {
  const legend = lineage.classes
    .map((c) => `${CLASS_STYLES[c].marker} ${CLASS_STYLES[c].words} (${SHAPE_WORDS[CLASS_STYLES[c].shape]})`)
    .join(" · ");
  const notes: string[] = [];
  if (lineage.mode !== "full") {
    const by =
      lineage.groupedBy === "package" ? "package" : lineage.groupedBy === "class" ? "kind" : "folder";
    notes.push(
      `What this plan builds and its inputs are ${plural(lineage.impacted, "node")}, more than the ${MAX_BOXES} boxes a readable picture can show` +
        (lineage.first === "regardless"
          ? lineage.mode === "changed_and_groups"
            ? `: no node is changed by this pull request; the nodes rebuilt first and their first children are drawn one by one, the rest grouped per ${by} with counts.`
            : `: no node is changed by this pull request, and nodes are grouped per ${by} with counts.`
          : lineage.mode === "changed_and_groups"
            ? `: the changed nodes and their first children are drawn one by one, the rest grouped per ${by} with counts.`
            : `: the changed nodes are too many to draw one by one, so nodes are grouped per ${by} with counts.`),
    );
  }
  if (lineage.edgesLeftOut > 0)
    notes.push(
      `${formatCount(lineage.edgesLeftOut)} of the arrows are left out to stay under mermaid's limits.`,
    );
  return { legend, note: notes.length ? notes.join(" ") : undefined };
}
