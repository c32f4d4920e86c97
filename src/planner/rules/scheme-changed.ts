import { SCHEME } from "../../dbt/fingerprint/fingerprint.js";
import type { Rule } from "./context.js";

/** Rule 4: the fingerprint scheme of the record differs: every node is built once. */
export const schemeChanged: Rule = {
  code: "scheme_changed",
  decide(c) {
    const scheme = c.recorded!.fingerprint.scheme;
    return scheme === SCHEME
      ? undefined
      : c.build(
          "scheme_changed",
          `The fingerprint scheme changed (${scheme} → ${SCHEME}): every node is built once.`,
        );
  },
};
