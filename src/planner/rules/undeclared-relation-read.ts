import type { Rule } from "./context.js";

/** Issue 36: not implemented yet (decides nothing). */
export const undeclaredRelationRead: Rule = {
  code: "undeclared_relation_read",
  decide: () => undefined,
};
