import type { Rule } from "./context.js";

/** Issue 36: not implemented yet (decides nothing). */
export const relationOverwritten: Rule = {
  code: "relation_overwritten",
  decide: () => undefined,
};
