/** The nodes downstream of the changes (a parent changes code), folded past FOLD_OVER. Pure. */
import { plural } from "../words.js";
import { causeBlocks } from "./cause-blocks.js";
import type { CommentInput } from "./comment-input.js";
import { downstreamHeading } from "./group-titles.js";

export function downstreamSection(input: CommentInput): (level: number, budget: number) => string {
  return causeBlocks(input, () => {
    const entries = input.groups.downstream;
    return {
      heading: downstreamHeading(input),
      causes: entries.length
        ? [{ summary: `${plural(entries.length, "node")} that read a changed node`, entries }]
        : [],
    };
  });
}
