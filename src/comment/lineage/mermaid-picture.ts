/**
 * The lineage picture's model (boxes styled by class, arrows) and its
 * drawing as mermaid `graph LR`, within the budgets mermaid renders. Pure.
 */
import type { PlanEntry } from "../../state/plan.js";
import { mermaidLabel } from "../markdown-escape.js";

export const NODE_BUDGET = 80;
export const EDGE_BUDGET = 400;
export const MAX_CHARS = 40_000;

/** Entries as the lead's planner will emit them: `parents` (and, if added, `path`) optional. */
export type LineageEntry = PlanEntry & { parents?: readonly string[]; path?: string };

export type NodeClass = "build_code" | "build_data" | "reuse" | "outside" | "failed" | "skipped";

const CLASS_DEFS: Record<NodeClass, string> = {
  build_code: "fill:#ffebe9,stroke:#cf222e,color:#1f2328",
  build_data: "fill:#fff8c5,stroke:#9a6700,color:#1f2328",
  reuse: "fill:#dafbe1,stroke:#1a7f37,color:#1f2328",
  outside: "fill:#f6f8fa,stroke:#8c959f,color:#1f2328,stroke-dasharray:4 3",
  failed: "fill:#cf222e,stroke:#82071e,color:#ffffff",
  skipped: "fill:#eaeef2,stroke:#6e7781,color:#1f2328,stroke-dasharray:2 2",
};

export interface Lineage {
  /** The mermaid source, without the fence. */
  mermaid: string;
  mode: "full" | "changed_and_groups" | "groups";
  /** Nodes in the impacted subgraph and its ring. */
  impacted: number;
  /** Boxes drawn. */
  boxes: number;
  /** How nodes were grouped, when they were: `folder` or `package`. */
  groupedBy?: "folder" | "package";
  edgesLeftOut: number;
  /** The classes used, for the legend. */
  classes: NodeClass[];
}

export interface Box {
  id: string;
  label: string;
  cls: NodeClass;
  shape: "box" | "source" | "group";
}

/** The mermaid source of these boxes and arrows (at most EDGE_BUDGET arrows). */
export function draw(
  boxes: Box[],
  edges: Array<[string, string]>,
  mode: Lineage["mode"],
  impacted: number,
): Lineage {
  const ids = new Map<string, string>();
  boxes.forEach((b, i) => {
    ids.set(b.id, `n${i + 1}`);
  });
  const lines = ["graph LR"];
  for (const b of boxes) {
    const text = mermaidLabel(b.label, b.shape === "group" ? 70 : 48);
    const [open, close] =
      b.shape === "source" ? ["([", "])"] : b.shape === "group" ? ["[[", "]]"] : ["[", "]"];
    lines.push(`  ${ids.get(b.id)}${open}"${text}"${close}`);
  }
  const kept = edges.slice(0, EDGE_BUDGET);
  for (const [a, b] of kept) lines.push(`  ${ids.get(a)} --> ${ids.get(b)}`);
  const used = (Object.keys(CLASS_DEFS) as NodeClass[]).filter((c) => boxes.some((b) => b.cls === c));
  for (const c of used) lines.push(`  classDef ${c} ${CLASS_DEFS[c]}`);
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
