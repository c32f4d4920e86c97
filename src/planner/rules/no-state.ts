import type { Rule } from "./context.js";

/** Rule 0: no state at all: every node is built once so the run can be recorded. */
export const noState: Rule = {
  code: "no_state",
  decide: (c) =>
    c.facts.snapshot
      ? undefined
      : c.build("no_state", "No state found: built once so the run can be recorded."),
};
