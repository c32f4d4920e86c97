import { isCodeComponent } from "../../dbt/fingerprint/fingerprint.js";
import { componentWords } from "../reason-words.js";
import { codeDiff, diffNames, diffWhere } from "./code-diff.js";
import type { Rule } from "./context.js";

/**
 * Rule 4: the fingerprint differs; the reason names the components. When the
 * sql component moved and the SQL normaliser gave up on the current SQL, it
 * says the SQL was compared as raw text, and why: a formatting edit then
 * counts as a change.
 */
export const codeChanged: Rule = {
  code: "code_changed",
  decide(c) {
    const whole = codeDiff(c);
    if (whole === "incomparable") return undefined; // code_incomplete and scheme_changed decide first
    // Unclassified inputs and run-time values have rules of their own, next.
    const diff = diffWhere(whole, isCodeComponent);
    const names = diffNames(diff);
    if (names.length === 0) return undefined;
    const gaveUp = c.fp.normaliserGaveUp;
    const raw =
      gaveUp !== null && names.includes("sql")
        ? ` Its SQL was compared as raw text because the SQL normaliser gave up (${gaveUp}), so a comment or whitespace edit counts as a change.`
        : "";
    return c.build(
      "code_changed",
      `Its ${componentWords(names)} changed since run ${c.recorded!.run_id}.${raw}`,
      { components: diff },
    );
  },
};
