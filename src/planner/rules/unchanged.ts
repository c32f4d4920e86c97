import type { Rule } from "./context.js";

const POINTER_NOTE = " The environment reads that build through a pointer view.";

/** Rule 14, the last: nothing moved. REUSE unchanged, or formatting_only when only the raw text differs. */
export const unchanged: Rule = {
  code: "unchanged",
  also: ["formatting_only"],
  decide(c) {
    const recorded = c.recorded!;
    const note = c.facts.pointers ? POINTER_NOTE : "";
    const formattingOnly =
      c.fp.rawDigest !== null && recorded.raw_digest !== undefined && recorded.raw_digest !== c.fp.rawDigest;
    return {
      action: "REUSE",
      reason: formattingOnly
        ? {
            code: "formatting_only",
            message: `Only formatting changed since run ${recorded.run_id}; code and inputs unchanged.${note}`,
          }
        : { code: "unchanged", message: `Code and inputs unchanged since run ${recorded.run_id}.${note}` },
      evidence: [c.codeEvidence, ...c.dataEvidence().evidence],
    };
  },
};
