import { code, listWords } from "../reason-words.js";
import type { Rule } from "./context.js";

/** A hook (or a macro the node uses) reads the environment (#218): built every run. */
export const hookReadsEnvironment: Rule = {
  code: "hook_reads_environment",
  decide(c) {
    const reads = c.fp.environmentReads;
    if (reads.length === 0) return undefined;
    const where = reads.map((read) => `${read.where} reads ${read.names.map(code).join(", ")}`);
    return c.build(
      "hook_reads_environment",
      `It has hooks, and ${listWords(where)}: what the hook does depends on the run, so the node is built every run.`,
      {
        subjects: [...reads.map((read) => read.where), ...new Set(reads.flatMap((read) => read.names))],
      },
    );
  },
};
