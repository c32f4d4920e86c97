/**
 * A group of nodes listed by cause (downstream, rebuilt regardless): per
 * cause an optional paragraph saying what it means, then its nodes (one
 * line per distinct reason, folded past FOLD_OVER nodes). Level 0 lists
 * every node; level 1 as many as fit in the budget, cause by cause; level 2
 * the counts only. Lists are always separated by a paragraph or a fold, so
 * GitHub never merges two of them into one. Pure.
 */
import type { PlanEntry } from "../../state/plan.js";
import { fitLines } from "../fit/fit-lines.js";
import { SEPARATOR } from "../fit/fit-sections.js";
import { plural } from "../words.js";
import type { CommentInput } from "./comment-input.js";
import { seeFullPlan } from "./full-plan-links.js";
import { FOLD_OVER, foldedList, nodeLines } from "./node-lines.js";

export interface Cause {
  /** The paragraph above its nodes (what the cause means), if any. */
  intro?: string;
  /** The fold's summary when its nodes are folded. */
  summary: string;
  entries: PlanEntry[];
  /** The cause's paragraph says all there is: the lines only name the nodes. */
  omitReason?: boolean;
}

export interface CauseGroup {
  heading: string;
  /** A paragraph under the heading, if any. */
  lead?: string;
  causes: Cause[];
}

/** The group at a level (each cause's lines are phrased once per render). */
export function causeBlocks(
  input: CommentInput,
  group: () => CauseGroup,
): (level: number, budget: number) => string {
  let made: { group: CauseGroup; lines: string[][] } | undefined;
  return (level, budget) => {
    made ??= (() => {
      const g = group();
      return {
        group: g,
        lines: g.causes.map((c) => nodeLines(input, c.entries, { omitReason: c.omitReason })),
      };
    })();
    const { group: g, lines } = made;
    if (g.causes.length === 0) return "";
    const head = [g.heading, ...(g.lead ? [g.lead] : [])];
    if (level === 0) {
      const blocks = g.causes.flatMap((c, i) => [
        ...(c.intro ? [c.intro] : []),
        foldedList(lines[i]!.join("\n"), c.entries.length, c.summary),
      ]);
      return [...head, ...blocks].join(SEPARATOR);
    }
    const counted = (c: Cause) => `${plural(c.entries.length, "node")}${seeFullPlan(input)}.`;
    if (level >= 2)
      return [...head, ...g.causes.flatMap((c) => [...(c.intro ? [c.intro] : []), counted(c)])].join(
        SEPARATOR,
      );
    // Level 1: the headings and the causes' paragraphs, then as many lines as fit, cause by cause.
    let room = budget - input.size(head.join(SEPARATOR));
    for (const c of g.causes) if (c.intro) room -= input.size(c.intro) + SEPARATOR.length;
    const blocks: string[] = [];
    g.causes.forEach((c, i) => {
      if (c.intro) blocks.push(c.intro);
      const fold = c.entries.length > FOLD_OVER ? input.size(c.summary) + 60 : 0;
      const list = fitLines(
        lines[i]!,
        room - SEPARATOR.length - fold,
        (rest) => `- … and ${plural(rest, "more node")}${seeFullPlan(input)}`,
        input.size,
      );
      const block = list === undefined ? counted(c) : foldedList(list, c.entries.length, c.summary);
      blocks.push(block);
      room -= input.size(block) + SEPARATOR.length;
    });
    return [...head, ...blocks].join(SEPARATOR);
  };
}
