/**
 * How each class of node looks on the page, in the lineage and the lists:
 * a text marker and a stroke (width and dash, in styles.ts) besides the
 * colour, so that no class is told by colour alone. Pure.
 */
import type { PageNodeClass } from "./page-graph.js";

export const NODE_LOOK: Readonly<Record<PageNodeClass, { marker: string; name: string }>> = {
  changed: { marker: "Δ", name: "changed by this pull request (thick stroke)" },
  downstream: { marker: "↓", name: "downstream of a change (dashed)" },
  new_data: { marker: "+", name: "new upstream data (dotted)" },
  no_evidence: { marker: "?", name: "rebuilt without evidence, or every run (dash-dot)" },
  reused: { marker: "=", name: "reused (thin)" },
  outside: { marker: "·", name: "outside the plan: a source (rounded) or a node not selected" },
};

export const CLASS_ORDER: readonly PageNodeClass[] = [
  "changed",
  "downstream",
  "new_data",
  "no_evidence",
  "reused",
  "outside",
];
