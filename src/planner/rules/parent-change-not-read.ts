import { code, listWords } from "../reason-words.js";
import type { Rule } from "./context.js";
import { displayName } from "./display-name.js";

const POINTER_NOTE = " The environment reads that build through a pointer view.";

/**
 * Issue 24, before the last rule: a parent is rebuilt for a code change in
 * columns this node's recorded build does not read, its rows unchanged
 * (column-impact.ts), and nothing else moved: REUSE, naming the parents and
 * the columns.
 */
export const parentChangeNotRead: Rule = {
  code: "parent_change_not_read",
  decide(c) {
    const data = c.dataEvidence();
    if (data.unread.length === 0) return undefined;
    const graph = c.facts.graph;
    const parts = data.unread.map(({ parent, columns }) => {
      const name = code(displayName(graph, parent));
      return columns.length === 0
        ? `${name} changes neither its columns nor its rows`
        : `${name} changes ${listWords(columns.map(code), 6)}`;
    });
    const note = c.facts.pointers ? POINTER_NOTE : "";
    return {
      action: "REUSE",
      reason: {
        code: "parent_change_not_read",
        message: `Rebuilt ${data.unread.length === 1 ? "parent" : "parents"} ${listWords(parts)}, which its build of run ${c.recorded!.run_id} does not read; its rows and the columns it reads are the same.${note}`,
        subjects: data.unread.map(({ parent }) => parent),
        unread: data.unread.map(({ parent, columns }) => ({ parent, columns: [...columns] })),
      },
      evidence: [c.codeEvidence, ...data.evidence],
    };
  },
};
