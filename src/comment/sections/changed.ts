/**
 * The nodes this pull request changed, first: never folded, one line per
 * distinct reason. Level 0 links each to its file in the pull request's
 * diff; level 1 leaves the links out (they are long) and names every node
 * that fits in the budget: every changed node unless they alone are over
 * the limit (about 1,000 long names), and then as many as fit and how many
 * more, never none. Pure.
 */
import { fitItems } from "../fit/fit-lines.js";
import { SEPARATOR } from "../fit/fit-sections.js";
import { plural } from "../words.js";
import type { CommentInput } from "./comment-input.js";
import { seeFullPlan } from "./full-plan-links.js";
import { changedHeading } from "./group-titles.js";
import { nodeGroups, nodeLine } from "./node-lines.js";

export function changedSection(
  input: CommentInput,
  level: number,
  budget = Number.POSITIVE_INFINITY,
): string {
  const entries = input.groups.changed;
  if (entries.length === 0) return "";
  const heading = changedHeading(input);
  const groups = nodeGroups(input, entries, { link: level === 0 });
  const whole = [heading, groups.map((g) => nodeLine(g.names, g.what)).join("\n")].join(SEPARATOR);
  if (level === 0 || input.size(whole) <= budget) return whole;
  // Over the budget on its own: as many names as fit, line by line, and how many more.
  const more = (n: number) => `… and ${plural(n, "more changed node")}${seeFullPlan(input)}.`;
  let room = budget - input.size(heading) - 2 * SEPARATOR.length - input.size(more(entries.length));
  const lines: string[] = [];
  let left = 0;
  for (const { names, what } of groups) {
    const tail = what ? ` — ${what}` : "";
    const fitted = fitItems(names, room - input.size(tail) - 40, input.size);
    if (fitted === undefined) {
      left += names.length;
      continue;
    }
    const line = `- ${fitted.text}${fitted.rest ? ` and ${plural(fitted.rest, "more")}` : ""}${tail}`;
    lines.push(line);
    room -= input.size(line) + 1;
    left += fitted.rest;
  }
  return [heading, ...(lines.length ? [lines.join("\n")] : []), ...(left ? [more(left)] : [])].join(
    SEPARATOR,
  );
}
