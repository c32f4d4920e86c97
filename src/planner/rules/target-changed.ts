import type { TargetIdentity } from "../../state/snapshot.js";
import type { Rule } from "./context.js";

/** Rule 0 (ADR-0017): the state was recorded for another target; a build is reused only where it went. */
export const targetChanged: Rule = {
  code: "target_changed",
  decide: (c) =>
    c.facts.targetChanged
      ? c.build(
          "target_changed",
          `Its last build went to target ${describeTarget(c.facts.snapshot!.target)}; this plan builds into ${describeTarget(c.input.target)}.`,
        )
      : undefined,
};

export function describeTarget(target: TargetIdentity | undefined): string {
  if (!target) return "(unknown)";
  return target.name ? `${target.name} (${target.adapter_type})` : target.adapter_type;
}
