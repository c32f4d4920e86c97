import type { Rule } from "./context.js";

/** Issue 36: not implemented yet (decides nothing). */
export const runTimeValueUnknown: Rule = {
  code: "run_time_value_unknown",
  decide: () => undefined,
};
