import { VALUE_COMPONENT } from "../../dbt/fingerprint/fingerprint.js";
import { code, listWords } from "../reason-words.js";
import { codeDiff, diffWhere } from "./code-diff.js";
import type { Rule } from "./context.js";

/**
 * Issue 36: a value the node's build reads at run time (an `env_var`, a
 * `var`, a `target` field, read by its materialization, its strategy, a
 * macro they run, a hook or an on-run-start hook) is not what the recorded
 * build saw: the keyed digests of the two differ. The reason names the
 * reads, never a value (ODS has only digests). Reads whose value was not
 * visible on one side are `run_time_value_unknown`, next.
 */
export const runTimeValueChanged: Rule = {
  code: "run_time_value_changed",
  decide(c) {
    const whole = codeDiff(c);
    if (whole === "incomparable") return undefined;
    const diff = diffWhere(whole, (name) => name.startsWith(VALUE_COMPONENT));
    if (diff.changed.length === 0) return undefined;
    const reads = diff.changed.map((name) => name.slice(VALUE_COMPONENT.length));
    const vars = reads.some((read) => read.startsWith("var("))
      ? " A var's value is the run's `--vars`, else the project's `vars:`; a plan assumes no `--vars` unless given the same (`--vars`)."
      : "";
    return c.build(
      "run_time_value_changed",
      `${reads.length === 1 ? "A value" : "Values"} its build reads at run time changed since run ${c.recorded!.run_id}: ${listWords(reads.map(code), 5)}. ODS compares keyed digests of the values, never the values.${vars}`,
      { components: { changed: diff.changed, added: [], removed: [] }, subjects: reads },
    );
  },
};
