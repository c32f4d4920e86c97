import type { Rule } from "./context.js";

/** Rule 7: no `ref` or `source` (seeds excepted): ODS can't tell when the data it reads changes. */
export const noDeclaredInputs: Rule = {
  code: "no_declared_inputs",
  decide(c) {
    const n = c.node;
    if (n.node.resourceType === "seed" || n.parents.length > 0 || n.sources.length > 0) return undefined;
    return c.build(
      "no_declared_inputs",
      "It declares no inputs (no `ref` or `source`), so ODS can't tell when the data it reads changes.",
    );
  },
};
