/**
 * The planning rules, in order: for each node, the first that returns a
 * decision decides (ADR-0013, "Planning rules"; README, "How it decides").
 * Each module is named after the reason code it gives. A guard over REUSE
 * (`overReuse`: unit_tests_changed) is asked only when a rule after it
 * returns a REUSE, and its decision replaces that REUSE: the REUSE outcomes
 * come from four rules (clock_dependent, new_upstream_data,
 * parent_change_not_read, unchanged), and
 * the guard must not hide the data rules' BUILD reasons before them.
 */
import { clockDependent } from "./clock-dependent.js";
import { codeChanged } from "./code-changed.js";
import { codeIncomplete } from "./code-incomplete.js";
import type { Decision, Rule, RuleContext } from "./context.js";
import { hookReadsEnvironment } from "./hook-reads-environment.js";
import { lastBuildPartial } from "./last-build-partial.js";
import { missingDataEvidence } from "./missing-data-evidence.js";
import { neverBuilt } from "./never-built.js";
import { newUpstreamData } from "./new-upstream-data.js";
import { noDeclaredInputs } from "./no-declared-inputs.js";
import { noState } from "./no-state.js";
import { parentChangeNotRead } from "./parent-change-not-read.js";
import { parentCodeChanged } from "./parent-code-changed.js";
import { policyUnmet } from "./policy-unmet.js";
import { relationOverwritten } from "./relation-overwritten.js";
import { runTimeValueChanged } from "./run-time-value-changed.js";
import { runTimeValueUnknown } from "./run-time-value-unknown.js";
import { schemeChanged } from "./scheme-changed.js";
import { targetChanged } from "./target-changed.js";
import { testsNotPassed } from "./tests-not-passed.js";
import { unchanged } from "./unchanged.js";
import { unclassifiedInputChanged } from "./unclassified-input-changed.js";
import { undeclaredRelationRead } from "./undeclared-relation-read.js";
import { unitTestsChanged } from "./unit-tests-changed.js";
import { unknownParent } from "./unknown-parent.js";

export const RULES: readonly Rule[] = [
  noState, //                no state at all                                  BUILD no_state
  targetChanged, //          state recorded for another target (ADR-0017)     BUILD target_changed
  neverBuilt, //             no snapshot entry                                BUILD never_built
  lastBuildPartial, //       the last build didn't build the whole node       BUILD last_build_partial
  relationOverwritten, //    its relation was written since by another run    BUILD relation_overwritten
  codeIncomplete, //         code evidence incomplete                         BUILD code_incomplete
  schemeChanged, //          fingerprint scheme differs                       BUILD scheme_changed
  codeChanged, //            fingerprint differs                              BUILD code_changed
  unclassifiedInputChanged, // an input the inventory doesn't classify moved  BUILD unclassified_input_changed
  runTimeValueChanged, //    a value read at run time changed                 BUILD run_time_value_changed
  runTimeValueUnknown, //    a value read at run time can't be compared       BUILD run_time_value_unknown
  hookReadsEnvironment, //   a hook reads the environment (#218)              BUILD hook_reads_environment
  parentCodeChanged, //      a parent changes code                            BUILD parent_code_changed
  unknownParent, //          a parent ODS doesn't know                        BUILD unknown_parent
  noDeclaredInputs, //       no declared inputs (seeds excepted)              BUILD no_declared_inputs
  undeclaredRelationRead, // SQL reads a relation by name, not ref/source     BUILD undeclared_relation_read
  policyUnmet, //            the freshness policy can't be honoured           BUILD policy_unmet
  testsNotPassed, //         checks, and no passing test record               BUILD tests_not_passed
  unitTestsChanged, //       over any REUSE below: checks changed since they  BUILD unit_tests_changed
  //                         passed, a unit test among them (dbt build runs it only with its model)
  missingDataEvidence, //    missing data evidence                            BUILD missing_data_evidence
  clockDependent, //         calls a clock function: lag tolerance, or build  REUSE within_lag_tolerance / BUILD clock_dependent
  newUpstreamData, //        new data: quorum, lag tolerance, or build        REUSE quorum_not_met / within_lag_tolerance / BUILD new_upstream_data
  parentChangeNotRead, //    a rebuilt parent's change is not read (issue 24)  REUSE parent_change_not_read
  unchanged, //              otherwise                                        REUSE unchanged / formatting_only
];

/**
 * The decision for one node: the first rule that returns one decides; a
 * REUSE is then put to the guards over REUSE listed before that rule, in
 * order, and the first decision one returns replaces it.
 */
export function decide(context: RuleContext): Decision {
  const guards: Rule[] = [];
  for (const rule of RULES) {
    if (rule.overReuse) {
      guards.push(rule);
      continue;
    }
    const decision = rule.decide(context);
    if (!decision) continue;
    if (decision.action === "REUSE") {
      for (const guard of guards) {
        const over = guard.decide(context);
        if (over) return over;
      }
    }
    return decision;
  }
  // `unchanged`, the last rule, always decides.
  return RULES[RULES.length - 1]!.decide(context)!;
}
