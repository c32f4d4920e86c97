import type { Rule } from "./context.js";

/** Rule 8: the freshness policy can't be read, so it can't be honoured. */
export const policyUnmet: Rule = {
  code: "policy_unmet",
  decide: (c) =>
    c.policy.ok
      ? undefined
      : c.build("policy_unmet", `Its freshness policy can't be honoured: ${c.policy.problem}.`),
};
