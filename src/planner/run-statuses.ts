/**
 * The run results as record() reads them: one result per node (of several
 * that disagree, the one that did not pass counts, whatever the order), and
 * whether a set of checks passed, failed or didn't all run. Pure.
 */
import type { RunResults } from "../dbt/artifacts/run-results.js";
import { PARTIAL_SUCCESS } from "./partial-builds.js";

export type RunResult = RunResults["results"][number];
export type ChecksOutcome = "passed" | "failed" | "not_run";

const NODE_SUCCESS = new Set(["success"]);
const CHECK_PASSED = new Set(["pass", "warn", "success"]);
const CHECK_FAILED = new Set(["fail", "error", "runtime error"]);
const passed = (status: string) => NODE_SUCCESS.has(status) || CHECK_PASSED.has(status);

export interface RunStatuses {
  /** The result that counts for a node, when the run has one. */
  resultOf: (id: string) => RunResult | undefined;
  /** Whether these checks all ran and passed, any failed, or not all ran (none given: not_run). */
  checksOutcome: (ids: readonly string[]) => ChecksOutcome;
}

export function runStatuses(runResults: RunResults): RunStatuses {
  const statusOf = new Map<string, RunResult>();
  for (const result of runResults.results) {
    const seen = statusOf.get(result.uniqueId);
    if (!seen || (passed(seen.status) && !passed(result.status))) statusOf.set(result.uniqueId, result);
  }
  return {
    resultOf: (id) => statusOf.get(id),
    checksOutcome: (ids) => {
      if (ids.length === 0) return "not_run";
      let allPassed = true;
      for (const id of ids) {
        const status = statusOf.get(id)?.status;
        if (status !== undefined && CHECK_FAILED.has(status)) return "failed";
        if (status === undefined || !CHECK_PASSED.has(status)) allPassed = false;
      }
      return allPassed ? "passed" : "not_run";
    },
  };
}

/** Whether dbt built the node (whole, or partly: partial-builds.ts). */
export function builtByRun(result: RunResult): boolean {
  return NODE_SUCCESS.has(result.status) || result.status === PARTIAL_SUCCESS;
}
