/**
 * Whether a node's checks (data tests, unit tests) changed since their
 * recorded pass (class 12 a): the one comparison both consumers make, so
 * they can't disagree on a node.
 * - unitTestsChanged (src/planner/rules/unit-tests-changed.ts): a node that
 *   would be reused and has a unit test among such checks is built, since
 *   `dbt build` runs a unit test only with its model.
 * - checksToRun (checks-to-run.ts): a reused node whose checks are data
 *   tests only keeps REUSE and its checks run.
 * Pure.
 */
import { checksDigest, checksKey } from "../dbt/checks-digest.js";
import type { MacroIndex } from "../dbt/fingerprint/macro-index.js";
import type { Check, GraphNode, ProjectGraph } from "../dbt/graph.js";
import type { NodeState, TestRecord } from "../state/snapshot.js";

export interface ChangedChecks {
  /** All of the node's checks: the record holds one digest over them, so which changed can't be told. */
  checks: Check[];
  /** The passing record they differ from. */
  tested: TestRecord;
}

/**
 * The node's checks when it has a passing record (`recorded.tested`) and
 * they are not provably the ones that passed: the checks key (snapshot 1.4)
 * or, failing that, the checks digest differs, or the record has no digest.
 * Undefined without checks, without a passing record, or when they are the same.
 */
export function changedChecks(
  graph: ProjectGraph,
  node: GraphNode,
  recorded: NodeState | undefined,
  macros: MacroIndex,
): ChangedChecks | undefined {
  const tested = recorded?.tested;
  if (node.checks.length === 0 || !tested) return undefined;
  const checks = node.checks.map((id) => graph.checks.get(id)).filter((c): c is Check => c !== undefined);
  if (unchangedByKey(tested, checks, macros)) return undefined;
  const digest = checksDigest(checks, macros);
  if (digest === null || tested.checks_digest === digest) return undefined;
  return { checks, tested };
}

/**
 * The recorded checks key (snapshot 1.4) proves the checks the same, and so
 * their digest equal to the recorded one, without computing it: what it
 * writes costs about half of the canonical JSON, for every reused node.
 * Without a key, or with another one, the digests are compared.
 */
export function unchangedByKey(tested: TestRecord, checks: readonly Check[], macros: MacroIndex): boolean {
  return (
    tested.checks_key !== undefined &&
    tested.checks_digest !== undefined &&
    checks.length > 0 &&
    checksKey(checks, macros) === tested.checks_key
  );
}
