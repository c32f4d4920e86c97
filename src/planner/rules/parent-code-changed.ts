import { BUILD_REASONS, type BuildReasonCode } from "../../state/plan.js";
import { code, listWords } from "../reason-words.js";
import type { Decision, Rule } from "./context.js";
import { displayName } from "./display-name.js";

/** Whether a decision changes the shape of what its readers read. */
export function changesCode(decision: Decision | undefined): boolean {
  if (decision?.action !== "BUILD") return false;
  return BUILD_REASONS[decision.reason.code as BuildReasonCode] === "code" || decision.codeMoved === true;
}

/**
 * Rule 5: a parent changes code, so the node's input may change shape. A
 * parent the selection leaves out is not built by this plan: the message says
 * so rather than "is built". A parent whose change the node's recorded build
 * provably does not read (column-impact.ts) is left to the data rules, and
 * then parent_change_not_read.
 */
export const parentCodeChanged: Rule = {
  code: "parent_code_changed",
  decide(c) {
    const parents = c.node.parents.filter(
      (parent) =>
        changesCode(c.decisions.get(parent)) &&
        c.facts.impact.edge(parent, c.node.id, true)?.kind !== "does_not_read",
    );
    if (parents.length === 0) return undefined;
    const graph = c.facts.graph;
    const selected = c.facts.selected;
    const name = (ids: readonly string[]) => listWords(ids.map((p) => code(displayName(graph, p))));
    const built = selected ? parents.filter((p) => selected.has(p)) : parents;
    const left = selected ? parents.filter((p) => !selected.has(p)) : [];
    const parts: string[] = [];
    if (built.length > 0)
      parts.push(`Parent ${name(built)} ${built.length === 1 ? "is" : "are"} built for a code change`);
    if (left.length > 0)
      parts.push(
        `${built.length > 0 ? "parent" : "Parent"} ${name(left)} ${left.length === 1 ? "changes" : "change"} code (not selected here, so this plan doesn't build ${left.length === 1 ? "it" : "them"})`,
      );
    return c.build("parent_code_changed", `${parts.join(", and ")}, so its input may change shape.`, {
      subjects: parents,
    });
  },
};
