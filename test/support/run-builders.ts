/**
 * run_results.json (v6) and sources.json (v3) documents written by tests, as
 * dbt would write them after a run of a manifest from manifest-builder.ts.
 */
export interface RunSpec {
  invocationId?: string;
  which?: string;
  empty?: boolean;
  startedAt?: string;
  /** unique_id -> status; every node gets timing inside the run. */
  statuses: Record<string, string>;
  durationSeconds?: number;
}

export function buildRunResults(spec: RunSpec): Record<string, unknown> {
  const start = Date.parse(spec.startedAt ?? "2026-11-01T09:10:00Z");
  const ids = Object.keys(spec.statuses);
  const results = ids.map((id, index) => {
    const began = new Date(start + index * 1000).toISOString();
    const ended = new Date(start + index * 1000 + 500).toISOString();
    return {
      unique_id: id,
      status: spec.statuses[id],
      timing: [
        { name: "compile", started_at: began, completed_at: began },
        { name: "execute", started_at: began, completed_at: ended },
      ],
      thread_id: "Thread-1",
      execution_time: spec.durationSeconds ?? 0.5,
      adapter_response: {},
      message: spec.statuses[id] === "success" ? "OK" : null,
      failures: null,
      relation_name: null,
      compiled: true,
    };
  });
  const end = new Date(start + ids.length * 1000 + 1000).toISOString();
  return {
    metadata: {
      dbt_schema_version: "https://schemas.getdbt.com/dbt/run-results/v6.json",
      dbt_version: "1.10.4",
      generated_at: end,
      invocation_id: spec.invocationId ?? "00000000-0000-4000-8000-000000000001",
      invocation_started_at: new Date(start).toISOString(),
      env: {},
    },
    results,
    elapsed_time: ids.length + 1,
    args: { which: spec.which ?? "build", empty: spec.empty ?? false },
  };
}

export function buildSources(
  takenAt: string,
  versions: Record<string, string | null>,
): Record<string, unknown> {
  return {
    metadata: {
      dbt_schema_version: "https://schemas.getdbt.com/dbt/sources/v3.json",
      dbt_version: "1.10.4",
      generated_at: takenAt,
      invocation_id: "00000000-0000-4000-8000-0000000000ff",
      env: {},
    },
    results: Object.entries(versions).map(([id, maxLoadedAt]) =>
      maxLoadedAt === null
        ? {
            unique_id: id,
            status: "runtime error",
            error: "could not query",
            timing: [],
            thread_id: "T",
            execution_time: 0,
            adapter_response: {},
            message: null,
            failures: null,
          }
        : {
            unique_id: id,
            max_loaded_at: maxLoadedAt,
            snapshotted_at: takenAt,
            max_loaded_at_time_ago_in_s: 60,
            status: "pass",
            criteria: {
              warn_after: { count: 12, period: "hour" },
              error_after: { count: null, period: null },
              filter: null,
            },
            adapter_response: {},
            timing: [],
            thread_id: "T",
            execution_time: 0.1,
          },
    ),
    elapsed_time: 1,
  };
}
