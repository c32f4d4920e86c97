/**
 * The nodes this pull request changed, first and whole: never shortened by
 * the fitting, never folded, every one named (one line per distinct reason).
 * Level 0 links each to its file in the pull request's diff; level 1 leaves
 * the links out (they are long), never a node. Pure.
 */
import { SEPARATOR } from "../fit/fit-sections.js";
import type { CommentInput } from "./comment-input.js";
import { changedHeading } from "./group-titles.js";
import { nodeLines } from "./node-lines.js";

export function changedSection(input: CommentInput, level: number): string {
  const entries = input.groups.changed;
  if (entries.length === 0) return "";
  const lines = nodeLines(input, entries, { link: level === 0 });
  return [changedHeading(input), lines.join("\n")].join(SEPARATOR);
}
