/** The note under the headline when the plan was shortened to fit, saying where the full plan is. Pure. */
import type { CommentInput } from "./comment-input.js";
import { selfName } from "./comment-input.js";
import { fullPlanLinks, planFile } from "./full-plan-links.js";

export function shortenedNote(input: CommentInput): string {
  const links = fullPlanLinks(input);
  const file = planFile(input);
  const where = links
    ? `The full plan: ${links}${file ? `; the plan file ${file}` : ""}.`
    : file
      ? `The full plan is in the plan file ${file}.`
      : input.target === "comment"
        ? "The full plan is in this run's job summary."
        : "The full plan is in `ods-state plan --format json`.";
  return `> [!NOTE]\n> This plan is too long for one ${selfName(input)}, so parts of it are shortened. ${where}`;
}
