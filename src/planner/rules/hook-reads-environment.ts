import { code, listWords } from "../reason-words.js";
import type { Rule } from "./context.js";

/**
 * A hook (or a macro the node uses) depends on the run (#218): it mentions
 * `flags`, `builtins`, `context`, `graph`, `run_query` or `statement`, so
 * the node is built every run. Since issue 36, `env_var`, `var` and `target` reads are
 * compared by value (run_time_value_changed / run_time_value_unknown) and
 * no longer build a node with hooks every run.
 */
export const hookReadsEnvironment: Rule = {
  code: "hook_reads_environment",
  decide(c) {
    const reads = c.fp.environmentReads;
    if (reads.length === 0) return undefined;
    const where = reads.map((read) => `${read.where} reads ${read.names.map(code).join(", ")}`);
    return c.build(
      "hook_reads_environment",
      `It has hooks, and ${listWords(where)}: what the hook does depends on the run in ways ODS can't compare, so the node is built every run.`,
      {
        subjects: [...reads.map((read) => read.where), ...new Set(reads.flatMap((read) => read.names))],
      },
    );
  },
};
