/**
 * dbt's run_results.json (schema v5, dbt 1.7; v6, dbt 1.8 and later),
 * reduced to what `record` reads: which command ran, whether it built
 * whole nodes (`--empty`, `--sample`, `--event-time-start/--event-time-end`),
 * and each result's status, timing and microbatch batches.
 *
 * Of `args` only `which` (dbt Fusion also writes `command`), `empty`,
 * `sample`, `event_time_start`, `event_time_end`, `full_refresh`, `defer`,
 * `favor_state` and `vars` are read (src/dbt/inventory/run-rows.ts says
 * why). `vars` (the run's `--vars`) is held in memory only, for the keyed
 * digests of the values the build read at run time (issue 36): it is never
 * stored or logged. dbt writes the args with
 * `dbt.utils.args_to_dict` (core/dbt/utils/utils.py), which leaves out flags
 * whose value is None, so an absent key is the flag's default.
 */
import { z } from "zod";
import { type InvocationMetadata, readInvocationMetadata } from "./invocation-metadata.js";
import { describeValue, Problems, readHeader, requireTopObject, validateAt } from "./parse-artifact.js";
import { parseArtifactJson } from "./parse-artifact-json.js";

export const RUN_RESULTS_VERSIONS = ["v5", "v6"] as const;
export type RunResultsVersion = (typeof RUN_RESULTS_VERSIONS)[number];

/** Statuses dbt writes (nodes: success/error/skipped/…; tests: pass/fail/warn/…); others are kept as written. */
export type RunStatus =
  | "success"
  | "error"
  | "skipped"
  | "partial success"
  | "no-op"
  | "reused"
  | "pass"
  | "fail"
  | "warn"
  | "runtime error"
  | (string & {});

export type RunResultsMetadata = InvocationMetadata<RunResultsVersion>;

export interface TimingInfo {
  /** `compile` or `execute`. */
  name: string;
  startedAt: string | null;
  completedAt: string | null;
}

/** A microbatch batch: its event-time window [start, end), as dbt wrote it. */
export type Batch = readonly [start: string, end: string];

/**
 * A microbatch model's batches in this run (dbt 1.9+,
 * core/dbt/artifacts/schemas/batch_results.py `BatchResults`; merged by
 * `MicrobatchModelRunner.merge_batch_results` in core/dbt/task/run.py).
 */
export interface BatchResults {
  successful: readonly Batch[];
  failed: readonly Batch[];
}

export interface RunResult {
  uniqueId: string;
  status: RunStatus;
  timing: readonly TimingInfo[];
  executionTime: number | null;
  threadId: string | null;
  message: string | null;
  failures: number | null;
  relationName: string | null;
  /** Microbatch models only (null for every other result, and before dbt 1.9). */
  batchResults: BatchResults | null;
}

export interface RunArgs {
  /** The dbt command: `build`, `run`, `seed`, `snapshot`, `test`, `compile`, `generate` (docs generate), … */
  which: string | null;
  /** `--empty` (dbt 1.8 and later). */
  empty: boolean | null;
  /**
   * `--sample` (dbt 1.10+): the window as dbt wrote it (text), or null when
   * the flag was not given. Any other value written counts as given.
   */
  sample: string | null;
  /** `--event-time-start` / `--event-time-end` (dbt 1.9+, microbatch models), as written; null when not given. */
  eventTimeStart: string | null;
  eventTimeEnd: string | null;
  fullRefresh: boolean | null;
  /**
   * `--defer` (with `--state`/`--defer-state`): a `ref` to a node this run
   * did not build may resolve to another environment's relation
   * (core/dbt/context/providers.py `RuntimeRefResolver.create_relation`).
   */
  defer: boolean | null;
  /** `--favor-state`: with `--defer`, unselected parents are always read from the other environment. */
  favorState: boolean | null;
  /**
   * `--vars` as dbt parsed them: {} when none were given (args_to_dict
   * leaves `vars: "{}"` out, and Fusion writes none); null when written as
   * something other than a mapping (not known). Values: never stored.
   */
  vars: Readonly<Record<string, unknown>> | null;
}

export interface RunResults {
  file: string;
  metadata: RunResultsMetadata;
  args: RunArgs;
  elapsedTime: number | null;
  /** In the order dbt wrote them. */
  results: readonly RunResult[];
}

const optStr = z.string().nullish();

const argsSchema = z
  .object({
    which: optStr,
    command: optStr,
    empty: z.boolean().nullish(),
    sample: z.unknown().optional(),
    event_time_start: z.unknown().optional(),
    event_time_end: z.unknown().optional(),
    full_refresh: z.boolean().nullish(),
    defer: z.boolean().nullish(),
    favor_state: z.boolean().nullish(),
    vars: z.unknown().optional(),
  })
  .nullish();

const batchSchema = z.tuple([z.string(), z.string()]);

/** `args.vars`: a mapping as is; absent, null or the text "{}" (none given): {}; anything else: null (not known). */
function varsOf(value: unknown): Readonly<Record<string, unknown>> | null {
  if (value === undefined || value === null || value === "{}" || value === "") return {};
  return typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/** A flag's value as text: null when absent, null or false (not given). */
function flagText(value: unknown): string | null {
  if (value === undefined || value === null || value === false) return null;
  return typeof value === "string" ? value : JSON.stringify(value);
}

const resultSchema = z.compile(
  z.object({
    unique_id: z.string(),
    status: z.string(),
    timing: z
      .array(
        z.object({
          name: z.string(),
          started_at: optStr,
          completed_at: optStr,
        }),
      )
      .nullish(),
    execution_time: z.number().nullish(),
    thread_id: optStr,
    message: optStr,
    failures: z.number().nullish(),
    relation_name: optStr,
    batch_results: z
      .object({
        successful: z.array(batchSchema).nullish(),
        failed: z.array(batchSchema).nullish(),
      })
      .nullish(),
  }),
);

/**
 * Reads run_results.json from its text (`file` is for messages only).
 * Errors: `artifact_not_json`, `artifact_version_unsupported` (v4 and
 * older), `artifact_invalid` (every problem with its JSON path).
 */
export function loadRunResults(text: string, file: string): RunResults {
  const root = requireTopObject(parseArtifactJson(text, file), file, "run-results");
  const problems = new Problems();
  const header = readHeader(root, file, "run-results", RUN_RESULTS_VERSIONS, problems);
  const metadata = readInvocationMetadata(header, problems);

  const args = validateAt(argsSchema, root.args, ["args"], problems);

  const elapsed = root.elapsed_time;
  if (elapsed !== undefined && elapsed !== null && typeof elapsed !== "number") {
    problems.add(["elapsed_time"], `expected a number, found ${describeValue(elapsed)}`);
  }

  const results: RunResult[] = [];
  const list = root.results;
  if (list === undefined) {
    problems.add(["results"], "missing (expected an array of results)");
  } else if (!Array.isArray(list)) {
    problems.add(["results"], `expected an array of results, found ${describeValue(list)}`);
  } else {
    for (let i = 0; i < list.length; i += 1) {
      const raw = validateAt(resultSchema, list[i], ["results", i], problems);
      if (raw === undefined) continue;
      results.push({
        uniqueId: raw.unique_id,
        status: raw.status,
        timing: (raw.timing ?? []).map((t) => ({
          name: t.name,
          startedAt: t.started_at ?? null,
          completedAt: t.completed_at ?? null,
        })),
        executionTime: raw.execution_time ?? null,
        threadId: raw.thread_id ?? null,
        message: raw.message ?? null,
        failures: raw.failures ?? null,
        relationName: raw.relation_name ?? null,
        batchResults:
          raw.batch_results === null || raw.batch_results === undefined
            ? null
            : { successful: raw.batch_results.successful ?? [], failed: raw.batch_results.failed ?? [] },
      });
    }
  }

  problems.throwIfAny(file, "run-results", header.version);
  if (metadata === null) throw new Error("unreachable: run results metadata without a recorded problem");
  return {
    file,
    metadata,
    args: {
      which: args?.which ?? args?.command ?? null,
      empty: args?.empty ?? null,
      sample: flagText(args?.sample),
      eventTimeStart: flagText(args?.event_time_start),
      eventTimeEnd: flagText(args?.event_time_end),
      fullRefresh: args?.full_refresh ?? null,
      defer: args?.defer ?? null,
      favorState: args?.favor_state ?? null,
      vars: varsOf(args?.vars),
    },
    elapsedTime: typeof elapsed === "number" ? elapsed : null,
    results,
  };
}
