/** sources.json (v3) of `dbt source freshness`. */

import type { JsonObject, JsonValue } from "./dbt-values.js";
import type { InvocationSpec } from "./manifest.js";
import type { FreshnessPeriod, ProjectSpec, TargetSpec } from "./project-spec.js";
import { resolveProject } from "./resolve-project.js";
import { durations } from "./run-results.js";
import { fromSeconds, isoOffset, isoZ, parseMicros } from "./time.js";

export interface SourceFreshnessOptions {
  target: TargetSpec;
  dbtVersion: string;
  invocation: Omit<InvocationSpec, "generatedAt">;
  /** What DuckDB's now() returned when the freshness queries ran. */
  snapshottedAt: string;
}

function parseCsv(csv: string): Record<string, string>[] {
  const lines = csv.split("\n").filter((line) => line !== "");
  const header = lines[0]!.split(",");
  return lines.slice(1).map((line) => {
    const cells = line.split(",");
    if (cells.length !== header.length) throw new Error(`CSV row has ${cells.length} cells: ${line}`);
    return Object.fromEntries(header.map((name, i) => [name, cells[i]!]));
  });
}

const PERIOD_SECONDS: Record<FreshnessPeriod, number> = { minute: 60, hour: 3600, day: 86400 };

/** sources.json of `dbt source freshness` over every source with a loaded_at_field and a CSV. */
export function buildSourceFreshness(project: ProjectSpec, options: SourceFreshnessOptions): JsonObject {
  const resolved = resolveProject(project, options);
  const start = parseMicros(options.invocation.startedAt);
  const snapshotted = parseMicros(options.snapshottedAt);
  let clock = snapshotted + fromSeconds(0.35);
  const results: JsonValue[] = [];
  for (const source of resolved.sources.values()) {
    const field = source.source.loadedAtField;
    const freshness = source.source.freshness;
    if (!field || !freshness || !source.table.csv) continue;
    const loaded = parseCsv(source.table.csv).map((row) => parseMicros(row[field]!));
    const maxLoaded = Math.max(...loaded);
    const age = (snapshotted - maxLoaded) / 1e6;
    const status =
      age > freshness.errorAfter.count * PERIOD_SECONDS[freshness.errorAfter.period]
        ? "error"
        : age > freshness.warnAfter.count * PERIOD_SECONDS[freshness.warnAfter.period]
          ? "warn"
          : "pass";
    const d = durations(`${source.uniqueId}:freshness`);
    const compileStart = clock;
    const compileEnd = compileStart + 6;
    const executeStart = compileEnd + 310;
    const executeEnd = executeStart + Math.round(d.execute / 40);
    clock = executeEnd + 2_100;
    results.push({
      unique_id: source.uniqueId,
      max_loaded_at: isoOffset(maxLoaded),
      snapshotted_at: isoOffset(snapshotted),
      max_loaded_at_time_ago_in_s: age,
      status,
      criteria: {
        warn_after: { ...freshness.warnAfter },
        error_after: { ...freshness.errorAfter },
        filter: freshness.filter ?? null,
      },
      adapter_response: {},
      timing: [
        { name: "compile", started_at: isoZ(compileStart), completed_at: isoZ(compileEnd) },
        { name: "execute", started_at: isoZ(executeStart), completed_at: isoZ(executeEnd) },
      ],
      thread_id: "Thread-1 (worker)",
      execution_time: (executeEnd - compileStart + 250) / 1e6,
    });
  }
  if (snapshotted <= start) throw new Error("sources.json: snapshottedAt must follow the invocation start");
  const elapsed = clock + fromSeconds(0.03) - start;
  return {
    metadata: {
      dbt_schema_version: "https://schemas.getdbt.com/dbt/sources/v3.json",
      dbt_version: options.dbtVersion,
      generated_at: isoZ(start + elapsed + fromSeconds(0.0112)),
      invocation_id: options.invocation.id,
      invocation_started_at: isoZ(start),
      env: {},
    },
    results,
    elapsed_time: elapsed / 1e6,
  };
}
