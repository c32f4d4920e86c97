import { code, listWords } from "../reason-words.js";
import type { Rule } from "./context.js";
import { dueAt } from "./lag.js";

/**
 * Rules 10-13: new data in some input, then the policy: with
 * `require_fresh_data_from: all` and some inputs unchanged, REUSE
 * quorum_not_met; within the lag tolerance of the last build, REUSE
 * within_lag_tolerance; otherwise BUILD new_upstream_data.
 */
export const newUpstreamData: Rule = {
  code: "new_upstream_data",
  also: ["quorum_not_met", "within_lag_tolerance"],
  decide(c) {
    const data = c.dataEvidence();
    const { moved } = data;
    if (moved.length === 0) return undefined;
    const evidence = [c.codeEvidence, ...data.evidence];
    const inputs = c.node.parents.length + c.node.sources.length;
    const policy = c.policy.ok ? c.policy.policy : null;
    if (policy?.requireAll && moved.length < inputs) {
      return {
        action: "REUSE",
        reason: {
          code: "quorum_not_met",
          message: `New data in ${moved.length} of ${inputs} inputs (${listWords(moved)}); its policy (require_fresh_data_from: all) waits for every input.`,
          quorum: { changed: moved.length, total: inputs },
        },
        evidence,
      };
    }
    const due = dueAt(policy, c.recorded!.built_at);
    if (due !== null && Date.parse(c.now) < due.getTime()) {
      const dueText = due.toISOString();
      const clock =
        c.fp.clockCalls.length > 0
          ? ` Its SQL also calls ${listWords(c.fp.clockCalls.map(code), 4)}, within the same tolerance.`
          : "";
      return {
        action: "REUSE",
        reason: {
          code: "within_lag_tolerance",
          message: `New upstream data (${listWords(moved)}), but it was built ${c.recorded!.built_at}, within its lag tolerance of ${policy!.lagText}: due at ${dueText}.${clock}`,
          due_at: dueText,
        },
        evidence,
      };
    }
    return c.build(
      "new_upstream_data",
      `New upstream data: ${listWords(moved)}.`,
      { subjects: data.movedIds },
      data.evidence,
    );
  },
};
