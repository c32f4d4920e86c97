/**
 * The nodes rebuilt regardless of the pull request, grouped by cause (new
 * upstream data, no declared inputs, reads the environment, a clock
 * function, missing evidence, no state, …): each cause with one plain
 * sentence of its consequence and what would let the node be reused, its
 * nodes under it (folded past FOLD_OVER), the largest cause first. Pure.
 */
import type { ReasonCode } from "../../state/plan.js";
import { groupByCause } from "../change-groups.js";
import { mdText } from "../markdown-escape.js";
import { causeTitle, REASON_TABLE_URL, REGARDLESS_CAUSES } from "../reason-phrases.js";
import { formatCount, messageWords, plural, wordsToMarkdown } from "../words.js";
import { type Cause, causeBlocks } from "./cause-blocks.js";
import type { CommentInput } from "./comment-input.js";
import { onPullRequest, regardlessHeading } from "./group-titles.js";

/** Causes whose sentence says all a node's reason would: their nodes are only named. */
const SAID_BY_CAUSE: ReadonlySet<ReasonCode> = new Set<ReasonCode>([
  "no_state",
  "scheme_changed",
  "no_declared_inputs",
  "tests_not_passed",
]);

export function regardlessSection(input: CommentInput): (level: number, budget: number) => string {
  return causeBlocks(input, () => {
    const causes: Cause[] = groupByCause(input.groups.regardless).map(({ code, entries }) => {
      const title = causeTitle(code);
      const why = code ? REGARDLESS_CAUSES[code]?.why : undefined;
      return {
        intro: `**${mdText(title)}** (${formatCount(entries.length)})${why ? `: ${wordsToMarkdown(messageWords(why))}` : ""}`,
        summary: `${plural(entries.length, "node")}: ${mdText(title.toLowerCase())}`,
        entries,
        omitReason: code !== undefined && SAID_BY_CAUSE.has(code),
      };
    });
    const lead = onPullRequest(input)
      ? "Built whether or not this pull request changes anything"
      : "Built for reasons other than a change in the code";
    return {
      heading: regardlessHeading(input),
      lead: `${lead} ([what each reason means](${REASON_TABLE_URL})).`,
      causes,
    };
  });
}
