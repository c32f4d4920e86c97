/**
 * The nodes rebuilt regardless of the pull request, grouped by cause (new
 * upstream data, no declared inputs, reads the environment, a clock
 * function, missing evidence, no state, …): each cause with one plain
 * sentence of its consequence and what would let the node be reused, its
 * nodes under it (folded past FOLD_OVER), the largest cause first. Pure.
 */
import type { PlanEntry, ReasonCode } from "../../state/plan.js";
import { changeClassOf } from "../change-groups.js";
import { mdText } from "../markdown-escape.js";
import { primaryCode, REASON_TABLE_URL, REASON_TITLES, REGARDLESS_CAUSES } from "../reason-phrases.js";
import { formatCount, messageWords, naturalCompare, plural, wordsToMarkdown } from "../words.js";
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
    const byCause = new Map<ReasonCode | "", PlanEntry[]>();
    for (const entry of input.groups.regardless) {
      const cause = causeOf(entry);
      const list = byCause.get(cause);
      if (list) list.push(entry);
      else byCause.set(cause, [entry]);
    }
    const causes: Cause[] = [...byCause.entries()]
      .map(([code, entries]) => ({ code, entries, title: titleOf(code) }))
      .sort((a, b) => b.entries.length - a.entries.length || naturalCompare(a.title, b.title))
      .map(({ code, entries, title }) => {
        const why = code ? REGARDLESS_CAUSES[code]?.why : undefined;
        return {
          intro: `**${mdText(title)}** (${formatCount(entries.length)})${why ? `: ${wordsToMarkdown(messageWords(why))}` : ""}`,
          summary: `${plural(entries.length, "node")}: ${mdText(title.toLowerCase())}`,
          entries,
          omitReason: code !== "" && SAID_BY_CAUSE.has(code),
        };
      });
    const lead = onPullRequest(input)
      ? "Built whether or not this pull request changes anything"
      : "Built whatever the code changes";
    return {
      heading: regardlessHeading(input),
      lead: `${lead} ([what each reason means](${REASON_TABLE_URL})).`,
      causes,
    };
  });
}

/** The cause a node is listed under: new upstream data when it has it (its class), else its first reason. */
function causeOf(entry: PlanEntry): ReasonCode | "" {
  if (changeClassOf(entry) === "new_data") return "new_upstream_data";
  return primaryCode(entry) ?? "";
}

function titleOf(code: ReasonCode | ""): string {
  if (code === "") return "No reason given";
  const title = REGARDLESS_CAUSES[code]?.title ?? REASON_TITLES[code];
  return title.charAt(0).toUpperCase() + title.slice(1);
}
