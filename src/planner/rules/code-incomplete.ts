import type { Rule } from "./context.js";

/** Rule 3: code evidence incomplete (no compiled SQL, no checksum, a missing macro, …). */
export const codeIncomplete: Rule = {
  code: "code_incomplete",
  decide: (c) =>
    c.fp.complete
      ? undefined
      : c.build(
          "code_incomplete",
          `Its code can't be fingerprinted completely: ${c.fp.incomplete.join("; ")}.`,
        ),
};
