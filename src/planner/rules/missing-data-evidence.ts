import { listWords } from "../reason-words.js";
import type { Rule } from "./context.js";

/** Rule 9: no evidence of some input's data since the last build. */
export const missingDataEvidence: Rule = {
  code: "missing_data_evidence",
  decide(c) {
    const data = c.dataEvidence();
    if (data.missing.length === 0) return undefined;
    return c.build(
      "missing_data_evidence",
      `No evidence of its input data since its last build: ${listWords(data.missing)}.`,
      {},
      data.evidence,
    );
  },
};
