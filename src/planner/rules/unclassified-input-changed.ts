import { UNCLASSIFIED_COMPONENT } from "../../dbt/fingerprint/fingerprint.js";
import { isClassifiedNow } from "../../dbt/inventory/unclassified.js";
import { code, listWords } from "../reason-words.js";
import { codeDiff, diffNames, diffWhere } from "./code-diff.js";
import type { Rule } from "./context.js";

/**
 * Issue 36, the closed world: an input that no row of the inventory
 * classifies (or one it classifies as unknown) changed since the recorded
 * build, so ODS can't prove the change leaves what dbt writes alone: the
 * node is built, and the reason names the input, so that an over-build is
 * visible and can be fixed by classifying it. An input the recorded build
 * saw as unclassified that this version of ODS classifies (an upgrade) is
 * no change.
 */
export const unclassifiedInputChanged: Rule = {
  code: "unclassified_input_changed",
  decide(c) {
    const whole = codeDiff(c);
    if (whole === "incomparable") return undefined;
    const diff = diffWhere(
      whole,
      (name) =>
        name.startsWith(UNCLASSIFIED_COMPONENT) &&
        !(whole.removed.includes(name) && isClassifiedNow(name.slice(UNCLASSIFIED_COMPONENT.length))),
    );
    const names = diffNames(diff);
    if (names.length === 0) return undefined;
    const inputs = names.map((name) => name.slice(UNCLASSIFIED_COMPONENT.length));
    return c.build(
      "unclassified_input_changed",
      `${inputs.length === 1 ? "An input" : "Inputs"} ODS does not classify changed since run ${c.recorded!.run_id}: ${listWords(inputs.map(code), 5)}. ODS can't prove the change leaves what dbt writes alone, so it is built.`,
      { components: diff, subjects: inputs },
    );
  },
};
