/**
 * The tested sources of the next snapshot (ADR-0013, "Tested sources"): all
 * checks passed records the source as tested (with the version measured
 * before they ran); any failed removes the record; sources no longer in the
 * project are dropped. In an --empty or --sample run the checks read no rows
 * or a sample: a pass vouches for nothing. Pure.
 */
import { checksDigest, checksKey } from "../dbt/checks-digest.js";
import { setOwn } from "../state/own.js";
import type { SourceState, StateSnapshot } from "../state/snapshot.js";
import { checksOf, type Recording } from "./recording.js";

export function recordSources(
  recording: Recording,
  previous: StateSnapshot | null,
): Record<string, SourceState> {
  const { runResults, run, statuses, macros, sourceVersions } = recording;
  const graph = recording.project.graph;
  const readsPartialData = runResults.args.empty === true || runResults.args.sample !== null;
  const sourceStates: Record<string, SourceState> = { ...(previous?.sources ?? {}) };
  for (const [sourceId, source] of graph.sources) {
    const outcome = statuses.checksOutcome(source.checks);
    if (outcome === "failed") delete sourceStates[sourceId];
    else if (outcome === "passed" && !readsPartialData) {
      const checks = checksOf(graph, source.checks);
      const digest = checksDigest(checks, macros);
      const key = digest ? checksKey(checks, macros) : null;
      const next: SourceState = {
        tested: {
          run_id: run.runId,
          at: run.startedAt,
          ...(digest ? { checks_digest: digest } : {}),
          ...(key ? { checks_key: key } : {}),
        },
      };
      const version = sourceVersions.get(sourceId);
      if (version) next.version = version;
      setOwn(sourceStates, sourceId, next);
    }
  }
  for (const sourceId of Object.keys(sourceStates))
    if (!graph.sources.has(sourceId)) delete sourceStates[sourceId];
  return sourceStates;
}
