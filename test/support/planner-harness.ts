/**
 * Drives plan() and record() the way the CLI does, from documents built by
 * the test builders: a base project, a recorded run, then a plan.
 */
import { loadRunResults } from "../../src/dbt/artifacts/run-results.js";
import { loadSources } from "../../src/dbt/artifacts/sources.js";
import { type LoadedProject, loadProject } from "../../src/dbt/load-project.js";
import { plan } from "../../src/planner/plan.js";
import { type RecordOutcome, record } from "../../src/planner/record.js";
import type { Plan, PlanEntry } from "../../src/state/plan.js";
import type { StateSnapshot, TargetIdentity } from "../../src/state/snapshot.js";
import { buildManifest, type MacroSpec, type ModelSpec, type TestSpec } from "./manifest-builder.js";
import { buildRunResults, buildSources, type RunSpec } from "./run-builders.js";

export const SCOPE = { project: "shop", environment: "prod" };
export const TARGET: TargetIdentity = { name: "prod", adapter_type: "duckdb" };

export function projectOf(
  models: ModelSpec[],
  options: { macros?: MacroSpec[]; sources?: string[]; invocationId?: string; tests?: TestSpec[] } = {},
): LoadedProject {
  const manifest = buildManifest(models, options) as { metadata: Record<string, unknown> };
  if (options.invocationId) manifest.metadata.invocation_id = options.invocationId;
  return loadProject(JSON.stringify(manifest), "manifest.json");
}

export function sourcesOf(takenAt: string, versions: Record<string, string | null>) {
  return loadSources(JSON.stringify(buildSources(takenAt, versions)), "sources.json");
}

export function recordRun(
  project: LoadedProject,
  run: RunSpec,
  options: {
    previous?: StateSnapshot | null;
    sources?: ReturnType<typeof sourcesOf> | null;
    recorded?: string[];
    target?: TargetIdentity;
    now?: string;
  } = {},
): RecordOutcome {
  const runResults = loadRunResults(
    JSON.stringify(
      buildRunResults({ invocationId: project.manifest.metadata.invocationId ?? undefined, ...run }),
    ),
    "run_results.json",
  );
  return record({
    project,
    runResults,
    sources: options.sources ?? null,
    scope: SCOPE,
    previous: options.previous ?? null,
    recordedRunIds: new Set(options.recorded ?? []),
    target: options.target ?? TARGET,
    now: options.now ?? defaultNow(runResults.metadata.generatedAt),
  });
}

/** The clock of a record without one: 09:30 on the test day, or a minute after a later run was written (record refuses times after now). */
function defaultNow(generatedAt: string | null): string {
  const base = "2026-11-01T09:30:00Z";
  const written = Date.parse(generatedAt ?? "");
  return Number.isNaN(written) || written < Date.parse(base)
    ? base
    : new Date(written + 60_000).toISOString();
}

export function planOf(
  project: LoadedProject,
  snapshot: StateSnapshot | null,
  options: {
    sources?: ReturnType<typeof sourcesOf> | null;
    select?: string[];
    exclude?: string[];
    now?: string;
    target?: TargetIdentity;
  } = {},
): Plan {
  return plan({
    project,
    scope: SCOPE,
    state: snapshot ? { id: "snapshot-1", snapshot } : null,
    sources: options.sources ?? null,
    select: options.select ?? [],
    ...(options.exclude ? { exclude: options.exclude } : {}),
    now: options.now ?? "2026-11-01T12:00:00Z",
    target: options.target ?? TARGET,
  });
}

export function entryOf(p: Plan, id: string): PlanEntry {
  const entry = p.entries.find((e) => e.unique_id === id);
  if (!entry)
    throw new Error(`no plan entry for ${id}; entries: ${p.entries.map((e) => e.unique_id).join(", ")}`);
  return entry;
}

export function decisions(p: Plan): Record<string, string> {
  return Object.fromEntries(p.entries.map((e) => [e.unique_id, `${e.action} ${e.reasons[0]!.code}`]));
}
