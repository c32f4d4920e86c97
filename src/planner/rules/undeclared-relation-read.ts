import { code, listWords } from "../reason-words.js";
import type { Rule } from "./context.js";

/**
 * Issue 36, the warehouse surface: its compiled SQL reads a relation by name
 * (a qualified name after FROM or JOIN that is not its own relation, a
 * parent's or a source's: src/dbt/undeclared-reads.ts). ODS has no evidence
 * of when that data changes, so the node is built; the reason names the
 * relations.
 */
export const undeclaredRelationRead: Rule = {
  code: "undeclared_relation_read",
  decide(c) {
    const reads = c.fp.undeclaredReads;
    if (!reads || reads.length === 0) return undefined;
    const names = [...new Set(reads)];
    return c.build(
      "undeclared_relation_read",
      `Its SQL reads ${listWords(names.map(code), 5)} by name, not through \`ref\` or \`source\`: ODS has no evidence of when that data changes. Declare it as a source.`,
      { subjects: names },
    );
  },
};
