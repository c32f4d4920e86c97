import { scopeKey } from "../../state/scope.js";
import type { Rule } from "./context.js";

/** Rule 2: no snapshot entry for the node. */
export const neverBuilt: Rule = {
  code: "never_built",
  decide: (c) =>
    c.recorded ? undefined : c.build("never_built", `Never built by ODS in ${scopeKey(c.input.scope)}.`),
};
