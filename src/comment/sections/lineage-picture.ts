/** The lineage picture (mermaid) with its legend: level 0 per node, level 1 grouped, level 2 left out. Pure. */
import { SEPARATOR } from "../fit/fit-sections.js";
import { buildLineage, type LineageLevel } from "../lineage/build-lineage.js";
import { lineageNotes } from "../lineage/lineage-notes.js";
import type { CommentInput } from "./comment-input.js";

export function lineageSection(input: CommentInput, level: number): string {
  if (level >= 2) return "";
  const lineage = buildLineage(input.plan, input.context.outcome, level as LineageLevel);
  if (!lineage) return "";
  const { legend, note } = lineageNotes(lineage);
  const parts = ["### Lineage", "```mermaid\n" + lineage.mermaid + "\n```", `<sub>${legend}</sub>`];
  if (note) parts.push(note);
  return parts.join(SEPARATOR);
}
