import { componentWords } from "../reason-words.js";
import { codeDiff, diffNames } from "./code-diff.js";
import type { Rule } from "./context.js";

/**
 * Class 10: the last recorded build did not build the whole node (`--empty`,
 * `--sample`, a microbatch run bounded by `--event-time-start/end`, or only
 * some batches succeeded): what is in the warehouse is not what a full build
 * makes. Right after never_built: such a build is not one to reuse, whatever
 * else holds. A data-class reason decided before the code rules, so when the
 * code changed too, its readers are told (Decision.codeMoved).
 */
export const lastBuildPartial: Rule = {
  code: "last_build_partial",
  decide(c) {
    const partial = c.recorded?.partial;
    if (!partial) return undefined;
    const diff = codeDiff(c);
    const changed = diff === "incomparable" ? null : diffNames(diff);
    const codeMoved = diff === "incomparable" || (changed !== null && changed.length > 0);
    const also =
      changed && changed.length > 0
        ? ` Its ${componentWords(changed)} changed too.`
        : diff === "incomparable"
          ? " Its code can't be compared with that build's."
          : "";
    const decision = c.build(
      "last_build_partial",
      `Its last build (run ${c.recorded!.run_id}) did not build the whole node: ${partial.why}.${also}`,
    );
    if (codeMoved) decision.codeMoved = true;
    return decision;
  },
};
