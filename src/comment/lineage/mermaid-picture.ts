/**
 * The lineage picture's model (boxes of a class, arrows) and its drawing as
 * mermaid `graph LR`, each class with its shape, text marker and colours
 * (lineage-classes.ts), within the budgets a reviewer can read and mermaid
 * renders: at most MAX_BOXES boxes, EDGE_BUDGET arrows and MAX_CHARS
 * characters. Pure.
 */
import type { PlanEntry } from "../../state/plan.js";
import { mermaidLabel } from "../markdown-escape.js";
import {
  CLASS_STYLES,
  type ClassStyle,
  LINEAGE_CLASSES,
  type LineageClass,
  type LineageShape,
} from "./lineage-classes.js";

/** Boxes a reviewer can still read in a comment (issue 22: "at most about 25"); never more. */
export const MAX_BOXES = 25;
/** Arrows drawn at most (mermaid refuses more than 500 by default). */
export const EDGE_BUDGET = 400;
/** Characters of mermaid source at most (mermaid's default limit is 50,000). */
export const MAX_CHARS = 40_000;

/**
 * Entries with what the lineage reads beyond PlanEntry's required fields:
 * `parents`, and the node's file (`file`, the manifest's original_file_path,
 * or `path`), all optional.
 */
export type LineageEntry = PlanEntry & { parents?: readonly string[]; file?: string; path?: string };

export interface Lineage {
  /** The mermaid source, without the fence. */
  mermaid: string;
  /**
   * `full`: every node of the impacted subgraph one by one; `changed_and_groups`:
   * the changed nodes (and as many of their first children as fit) one by one,
   * the rest grouped with counts; `groups`: the changed nodes grouped too.
   */
  mode: "full" | "changed_and_groups" | "groups";
  /** Nodes in the impacted subgraph and its ring. */
  impacted: number;
  /** Boxes drawn. */
  boxes: number;
  /**
   * What the grouped picture draws first: the nodes `changed` by the pull
   * request, or with none the nodes rebuilt regardless that no built parent
   * explains (`regardless`).
   */
  first?: "changed" | "regardless";
  /** How the nodes downstream were grouped, when they were. */
  groupedBy?: "folder" | "package" | "class";
  edgesLeftOut: number;
  /** The classes drawn, in legend order. */
  classes: LineageClass[];
}

export interface Box {
  id: string;
  /** The text after the class's marker. */
  label: string;
  cls: LineageClass;
  /** A group box: its label is longer. */
  group?: boolean;
}

const SHAPES: Record<LineageShape, [string, string]> = {
  rectangle: ["[", "]"],
  rounded: ["(", ")"],
  parallelogram: ["[/", "/]"],
  hexagon: ["{{", "}}"],
  trapezoid: ["[/", "\\]"],
  inverted_trapezoid: ["[\\", "/]"],
  cylinder: ["[(", ")]"],
  stadium: ["([", "])"],
  asymmetric: [">", "]"],
};

/** A mermaid classDef body: fill, border and an explicit text colour. */
export function classDef(style: ClassStyle): string {
  const parts = [
    `fill:${style.fill}`,
    `stroke:${style.stroke}`,
    `stroke-width:${style.strokeWidth}px`,
    `color:${style.text}`,
  ];
  if (style.dash) parts.push(`stroke-dasharray:${style.dash}`);
  return parts.join(",");
}

/** The mermaid source of these boxes and arrows (at most EDGE_BUDGET arrows). */
export function draw(
  boxes: readonly Box[],
  edges: ReadonlyArray<readonly [string, string]>,
  mode: Lineage["mode"],
  impacted: number,
): Lineage {
  const ids = new Map<string, string>();
  boxes.forEach((b, i) => {
    ids.set(b.id, `n${i + 1}`);
  });
  const lines = ["graph LR"];
  for (const b of boxes) {
    const style = CLASS_STYLES[b.cls];
    const text = mermaidLabel(`${style.marker} ${b.label}`, b.group ? 70 : 50);
    const [open, close] = SHAPES[style.shape];
    lines.push(`  ${ids.get(b.id)}${open}"${text}"${close}`);
  }
  const kept = edges.slice(0, EDGE_BUDGET);
  for (const [a, b] of kept) lines.push(`  ${ids.get(a)} --> ${ids.get(b)}`);
  const used = LINEAGE_CLASSES.filter((c) => boxes.some((b) => b.cls === c));
  for (const c of used) lines.push(`  classDef ${c} ${classDef(CLASS_STYLES[c])}`);
  for (const c of used)
    lines.push(
      `  class ${boxes
        .filter((b) => b.cls === c)
        .map((b) => ids.get(b.id))
        .join(",")} ${c}`,
    );
  return {
    mermaid: lines.join("\n"),
    mode,
    impacted,
    boxes: boxes.length,
    edgesLeftOut: edges.length - kept.length,
    classes: used,
  };
}
