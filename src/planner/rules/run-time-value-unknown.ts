import { VALUE_COMPONENT } from "../../dbt/fingerprint/fingerprint.js";
import { code, listWords } from "../reason-words.js";
import { isPlacementRead } from "../run-time-value-components.js";
import { codeDiff, diffWhere } from "./code-diff.js";
import type { Rule } from "./context.js";

/**
 * Issue 36: the node's build reads a value at run time that ODS can't
 * compare with the recorded build's, so it can't prove the build would
 * write the same: a read whose name is not static (`env_var(name)`,
 * `var('a' ~ b)`, `{% set t = target %}`), or a static one whose value the
 * edge could not see now (the CLI given no environment, a dbt_project.yml
 * whose `vars:` could not be read, a target field ODS doesn't know), or that
 * was not seen when the build was recorded. The reason names each read and
 * what could not be seen; never a value. In a pull request's environment the
 * target's database and schema are left out, as the relation is.
 *
 * Its class is data, but what an unknown value changes is unknown, the
 * shape of the output included: its readers are told the code may have moved
 * (Decision.codeMoved), so they build for a code change
 * (parent_code_changed) rather than take a data policy's REUSE (a lag
 * tolerance, a quorum). It also comes before parent_code_changed, so a
 * parent's code change reaches them the same way.
 */
export const runTimeValueUnknown: Rule = {
  code: "run_time_value_unknown",
  decide(c) {
    const whole = codeDiff(c);
    if (whole === "incomparable") return undefined;
    const pointers = c.facts.pointers;
    const parts: string[] = [];
    const subjects: string[] = [];
    const dynamic = c.fp.runTimeReads.dynamic;
    if (dynamic.length > 0) {
      parts.push(
        `its build reads at run time ${listWords(
          dynamic.map((read) => `${code(read.what)} (${read.where})`),
          4,
        )}, whose name is not static`,
      );
      subjects.push(...new Set(dynamic.map((read) => read.what)));
    }
    const unseen = c.values.unseen.filter((u) => !(pointers && isPlacementRead(u.read)));
    if (unseen.length > 0) {
      const byWhy = new Map<string, string[]>();
      for (const u of unseen) byWhy.set(u.why, [...(byWhy.get(u.why) ?? []), u.read]);
      for (const [why, reads] of byWhy)
        parts.push(`ODS can't see ${listWords(reads.map(code), 5)} now: ${why}`);
      subjects.push(...unseen.map((u) => u.read));
    }
    // Seen now, not seen (so not recorded) when the build was recorded.
    const added = diffWhere(whole, (name) => name.startsWith(VALUE_COMPONENT)).added.map((name) =>
      name.slice(VALUE_COMPONENT.length),
    );
    if (added.length > 0) {
      parts.push(
        `${listWords(added.map(code), 5)} ${added.length === 1 ? "was" : "were"} not visible when run ${c.recorded!.run_id} was recorded`,
      );
      subjects.push(...added);
    }
    if (parts.length === 0) return undefined;
    const decision = c.build(
      "run_time_value_unknown",
      `It can't be compared with run ${c.recorded!.run_id}: ${parts.join("; ")}. ODS can't prove the build would write the same, so it is built.`,
      { subjects: [...new Set(subjects)] },
    );
    decision.codeMoved = true;
    return decision;
  },
};
