/**
 * How each class of node looks on the page, in the lineage and the lists:
 * the comment's text marker and words (lineage/lineage-classes.ts, one
 * definition for the comment's picture and the page) and a stroke per class
 * (width and dash, in styles.ts) besides the colour, so that no class is
 * told by colour alone. Pure.
 */
import { CLASS_STYLES } from "../lineage/lineage-classes.js";
import type { PageNodeClass } from "./page-graph.js";

/** The page's stroke for each class, named in the legend. */
const STROKES: Readonly<Record<PageNodeClass, string>> = {
  changed: "thick stroke",
  downstream: "dashed",
  new_data: "dotted",
  no_evidence: "dash-dot",
  reused: "thin",
  outside: "thin grey; a source rounded",
};

export const NODE_LOOK: Readonly<Record<PageNodeClass, { marker: string; name: string }>> =
  Object.fromEntries(
    (Object.keys(STROKES) as PageNodeClass[]).map((cls) => [
      cls,
      { marker: CLASS_STYLES[cls].marker, name: `${CLASS_STYLES[cls].words} (${STROKES[cls]})` },
    ]),
  ) as Record<PageNodeClass, { marker: string; name: string }>;

/** A source's marker (drawn rounded, outside the plan). */
export const SOURCE_MARKER = CLASS_STYLES.source.marker;

export const CLASS_ORDER: readonly PageNodeClass[] = [
  "changed",
  "downstream",
  "new_data",
  "no_evidence",
  "reused",
  "outside",
];
