/**
 * How a node is drawn in the lineage (the comment's picture and the HTML
 * page's full graph): its class, read off change-groups.ts's changeClassesOf
 * (changed, downstream, new data, no evidence, reused), plus sources and
 * nodes outside the plan, and after the run the nodes that failed or were
 * skipped. Each class has its own shape and a text marker, so the picture
 * never says anything by colour alone; fills carry an explicit text colour
 * with a WCAG contrast ratio of at least 4.5 (test/comment/lineage-style.unit.test.ts),
 * so boxes read the same on GitHub's light and dark backgrounds. Pure.
 */
import type { PlanEntry } from "../../state/plan.js";
import type { ChangeClass } from "../change-groups.js";
import type { NodeRunStatus } from "../comment-context.js";

export type LineageClass = ChangeClass | "source" | "outside" | "failed" | "skipped";

/** Every class, in the order the legend names them. */
export const LINEAGE_CLASSES: readonly LineageClass[] = [
  "changed",
  "downstream",
  "new_data",
  "no_evidence",
  "failed",
  "skipped",
  "reused",
  "source",
  "outside",
];

/** Mermaid node shapes (flowchart syntax), one per class. */
export type LineageShape =
  | "rectangle"
  | "rounded"
  | "parallelogram"
  | "hexagon"
  | "trapezoid"
  | "inverted_trapezoid"
  | "cylinder"
  | "stadium"
  | "asymmetric";

export interface ClassStyle {
  /** Box fill, text and border colours (#rrggbb). */
  fill: string;
  text: string;
  stroke: string;
  /** Border width in px. */
  strokeWidth: number;
  /** Border dash pattern (SVG stroke-dasharray), when the border is not solid. */
  dash?: string;
  shape: LineageShape;
  /** The text marker put before every label of the class: what the colour says, in a character. */
  marker: string;
  /** The class in words, for the legend. */
  words: string;
}

export const CLASS_STYLES: Record<LineageClass, ClassStyle> = {
  changed: {
    fill: "#ffd8d3",
    text: "#1f2328",
    stroke: "#a40e26",
    strokeWidth: 4,
    shape: "rectangle",
    marker: "Δ",
    words: "changed by this pull request",
  },
  downstream: {
    fill: "#fff1e5",
    text: "#1f2328",
    stroke: "#bc4c00",
    strokeWidth: 2,
    shape: "rounded",
    marker: "↓",
    words: "built downstream of a change",
  },
  new_data: {
    fill: "#ddf4ff",
    text: "#1f2328",
    stroke: "#0969da",
    strokeWidth: 2,
    shape: "parallelogram",
    marker: "⟳",
    words: "built for new upstream data",
  },
  no_evidence: {
    fill: "#fff8c5",
    text: "#1f2328",
    stroke: "#9a6700",
    strokeWidth: 2,
    dash: "6 4",
    shape: "hexagon",
    marker: "?",
    words: "built because ODS can't tell (or every run)",
  },
  failed: {
    fill: "#a40e26",
    text: "#ffffff",
    stroke: "#ff8182",
    strokeWidth: 4,
    shape: "trapezoid",
    marker: "✗",
    words: "failed",
  },
  skipped: {
    fill: "#eaeef2",
    text: "#1f2328",
    stroke: "#57606a",
    strokeWidth: 2,
    dash: "2 3",
    shape: "inverted_trapezoid",
    marker: "⊘",
    words: "skipped",
  },
  reused: {
    fill: "#dafbe1",
    text: "#1f2328",
    stroke: "#1a7f37",
    strokeWidth: 1,
    shape: "stadium",
    marker: "✓",
    words: "reused",
  },
  source: {
    fill: "#f6f8fa",
    text: "#1f2328",
    stroke: "#6e7781",
    strokeWidth: 1,
    shape: "cylinder",
    marker: "◎",
    words: "source",
  },
  outside: {
    fill: "#f6f8fa",
    text: "#1f2328",
    stroke: "#6e7781",
    strokeWidth: 1,
    dash: "4 3",
    shape: "asymmetric",
    marker: "○",
    words: "outside the plan",
  },
};

/**
 * A node's class: a source, a node outside the plan, a node that failed or
 * was skipped in the run, else its class in the plan (changeClassesOf: a
 * node with several reasons takes the strongest, so changed wins over
 * downstream; a node only rebuilt regardless is never drawn as downstream).
 */
export function lineageClassOf(
  id: string,
  entry: PlanEntry | undefined,
  changeClass: ChangeClass | undefined,
  status: NodeRunStatus | undefined,
): LineageClass {
  if (!entry || !changeClass) return id.startsWith("source.") ? "source" : "outside";
  if (entry.action === "BUILD" && status === "failed") return "failed";
  if (entry.action === "BUILD" && status === "skipped") return "skipped";
  return changeClass;
}
