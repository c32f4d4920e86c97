/**
 * Whether a run built a node whole, from what run_results.json says the
 * invocation did (issue 18, class 10). A node dbt reports as built can hold
 * less than a full build:
 *
 * - `--empty` (dbt 1.8+): every `ref` and `source` renders as a zero-row
 *   query, so every node built holds no rows (or, for a seed, is not a
 *   build ODS can vouch for).
 * - `--sample` (dbt 1.10+): `ref`s and `source`s of inputs with an
 *   `event_time` are filtered to the sample window
 *   (core/dbt/context/providers.py `resolve_event_time_filter`), and a
 *   microbatch model builds only the window's batches
 *   (core/dbt/task/run.py `MicrobatchModelRunner.get_microbatch_builder`).
 *   Which inputs are filtered depends on configs of other nodes, and a
 *   filtered parent makes its readers partial too: every node built by a
 *   sampled run counts as partial.
 * - `--event-time-start` / `--event-time-end` (dbt 1.9+): a microbatch model
 *   (`incremental_strategy: microbatch`) builds only the batches between
 *   them, not the batches a plain run would (from `begin`, or from the last
 *   batches per `lookback`, up to now: core/dbt/materializations/incremental/
 *   microbatch.py `MicrobatchBuilder.build_start_time/build_end_time`).
 *   Whether the table is then complete depends on what earlier runs built,
 *   which the run does not say: partial. Other models ignore these flags.
 * - A microbatch model whose batches did not all succeed: dbt writes
 *   `partial success` with `batch_results.failed` (`merge_batch_results`),
 *   also when the run was stopped before every batch ran
 *   (`_update_result_with_unfinished_batches`): partial. A `success` that
 *   lists failed batches is treated the same way.
 *
 * Pure: data in, the reason out.
 */

import type { ManifestNode } from "../dbt/artifacts/manifest.js";
import type { RunArgs, RunResult } from "../dbt/artifacts/run-results.js";

/** dbt's status of a microbatch model some of whose batches failed. */
export const PARTIAL_SUCCESS = "partial success";

/** True for a model dbt runs in batches (`incremental_strategy: microbatch`). */
export function isMicrobatch(node: ManifestNode): boolean {
  return node.config?.incremental_strategy === "microbatch";
}

/**
 * Why this result is not a whole build of the node, or null when it is.
 * Only asked for results dbt reports as built (`success`, `partial success`).
 */
export function partialBuildReason(args: RunArgs, node: ManifestNode, result: RunResult): string | null {
  if (args.empty) {
    return "it was built by a `dbt --empty` run, which reads zero rows from every ref and source";
  }
  if (args.sample !== null) {
    return `it was built by a \`dbt --sample\` run (${args.sample}), which reads only a sample of its inputs`;
  }
  if (isMicrobatch(node) && (args.eventTimeStart !== null || args.eventTimeEnd !== null)) {
    return `it is a microbatch model run with \`--event-time-start\`/\`--event-time-end\` (${args.eventTimeStart ?? "begin"} to ${args.eventTimeEnd ?? "now"}), which rebuilt only those batches`;
  }
  const batches = result.batchResults;
  if (result.status === PARTIAL_SUCCESS || (batches !== null && batches.failed.length > 0)) {
    const ok = batches?.successful.length ?? 0;
    const failed = batches?.failed.length ?? 0;
    return batches === null
      ? "dbt reported it as a partial success: some of its batches failed"
      : `only ${ok} of its ${ok + failed} microbatch batches succeeded (first failed: ${batches.failed[0]?.[0] ?? "unknown"})`;
  }
  return null;
}
