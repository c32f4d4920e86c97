import { code, listWords } from "../reason-words.js";
import type { Rule } from "./context.js";
import { dueAt } from "./lag.js";

/**
 * Class 8: its compiled SQL (inlined ephemeral models included) calls a clock
 * function, so the same code on the same inputs gives another result later: a
 * build can't be reused forever. Without a lag tolerance it is built every
 * run; with one (`config.state.lag_tolerance`, `freshness.build_after`), it is
 * reused until due, then built. After missing_data_evidence (which builds
 * anyway); before new_upstream_data, so `require_fresh_data_from: all`
 * (which says nothing about the clock) doesn't keep it. Within the tolerance
 * with new upstream data, new_upstream_data decides (also a REUSE within it).
 */
export const clockDependent: Rule = {
  code: "clock_dependent",
  also: ["within_lag_tolerance"],
  decide(c) {
    const calls = c.fp.clockCalls;
    if (calls.length === 0) return undefined;
    const names = listWords(calls.map(code), 4);
    const policy = c.policy.ok ? c.policy.policy : null;
    const recorded = c.recorded!;
    const due = dueAt(policy, recorded.built_at);
    const subjects = [...calls];
    if (due === null) {
      return c.build(
        "clock_dependent",
        `Its SQL calls ${names}, and no freshness policy (\`config.state.lag_tolerance\`, \`freshness.build_after\`) says how long a build stays good, so it is built every run.`,
        { subjects },
        c.dataEvidence().evidence,
      );
    }
    const dueText = due.toISOString();
    if (Date.parse(c.now) >= due.getTime()) {
      return c.build(
        "clock_dependent",
        `Its SQL calls ${names}; it was built ${recorded.built_at}, and its lag tolerance of ${policy!.lagText} ran out at ${dueText}.`,
        { subjects, due_at: dueText },
        c.dataEvidence().evidence,
      );
    }
    if (c.dataEvidence().moved.length > 0) return undefined; // new_upstream_data: within the same tolerance
    return {
      action: "REUSE",
      reason: {
        code: "within_lag_tolerance",
        message: `Its SQL calls ${names}, but it was built ${recorded.built_at}, within its lag tolerance of ${policy!.lagText}: due at ${dueText}.`,
        due_at: dueText,
        subjects,
      },
      evidence: [c.codeEvidence, ...c.dataEvidence().evidence],
    };
  },
};
