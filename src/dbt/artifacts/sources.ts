/**
 * dbt's sources.json (schema v3, written by `dbt source freshness`): the
 * measured `max_loaded_at` of each checked source, ODS's semantic data
 * version for it (ADR-0013, change evidence).
 */
import { z } from "zod";
import { type InvocationMetadata, readInvocationMetadata } from "./invocation-metadata.js";
import type { FreshnessPeriod, FreshnessThreshold, SourceFreshness } from "./manifest.js";
import { describeValue, Problems, readHeader, requireTopObject, validateAt } from "./parse-artifact.js";
import { parseArtifactJson } from "./parse-artifact-json.js";

export const SOURCES_VERSIONS = ["v3"] as const;
export type SourcesVersion = (typeof SOURCES_VERSIONS)[number];

/** `pass`, `warn`, `error` (stale beyond error_after) or `runtime error` (the check itself failed). */
export type FreshnessStatus = "pass" | "warn" | "error" | "runtime error" | (string & {});

export type SourcesMetadata = InvocationMetadata<SourcesVersion>;

export interface SourceFreshnessResult {
  uniqueId: string;
  status: FreshnessStatus;
  /** The newest load time dbt measured; null when the check failed (`runtime error`). */
  maxLoadedAt: string | null;
  /** When dbt measured it. */
  snapshottedAt: string | null;
  maxLoadedAtTimeAgoInS: number | null;
  /** The thresholds the source was checked against. */
  criteria: SourceFreshness | null;
  /** The error of a `runtime error` result. */
  error: string | null;
  executionTime: number | null;
}

export interface SourcesFreshness {
  file: string;
  metadata: SourcesMetadata;
  elapsedTime: number | null;
  /** In the order dbt wrote them. */
  results: readonly SourceFreshnessResult[];
}

const optStr = z.string().nullish();

const timeSchema = z
  .object({
    count: z.number().nullish(),
    period: z.enum(["minute", "hour", "day"]).nullish(),
  })
  .nullish();

const resultSchema = z.compile(
  z.object({
    unique_id: z.string(),
    status: z.string(),
    max_loaded_at: optStr,
    snapshotted_at: optStr,
    max_loaded_at_time_ago_in_s: z.number().nullish(),
    criteria: z
      .object({
        warn_after: timeSchema,
        error_after: timeSchema,
        filter: optStr,
      })
      .nullish(),
    // dbt writes a message; its schema also allows a number.
    error: z.union([z.string(), z.number()]).nullish(),
    execution_time: z.number().nullish(),
  }),
);

type RawTime = z.output<typeof timeSchema>;

function threshold(raw: RawTime): FreshnessThreshold | null {
  if (raw === null || raw === undefined) return null;
  if (raw.count === null || raw.count === undefined || raw.period === null || raw.period === undefined)
    return null;
  return { count: raw.count, period: raw.period satisfies FreshnessPeriod };
}

/**
 * Reads sources.json from its text (`file` is for messages only).
 * Errors: `artifact_not_json`, `artifact_version_unsupported`,
 * `artifact_invalid` (every problem with its JSON path).
 */
export function loadSources(text: string, file: string): SourcesFreshness {
  const root = requireTopObject(parseArtifactJson(text, file), file, "sources");
  const problems = new Problems();
  const header = readHeader(root, file, "sources", SOURCES_VERSIONS, problems);
  const metadata = readInvocationMetadata(header, problems);

  const elapsed = root.elapsed_time;
  if (elapsed !== undefined && elapsed !== null && typeof elapsed !== "number") {
    problems.add(["elapsed_time"], `expected a number, found ${describeValue(elapsed)}`);
  }

  const results: SourceFreshnessResult[] = [];
  const list = root.results;
  if (list === undefined) {
    problems.add(["results"], "missing (expected an array of results)");
  } else if (!Array.isArray(list)) {
    problems.add(["results"], `expected an array of results, found ${describeValue(list)}`);
  } else {
    for (let i = 0; i < list.length; i += 1) {
      const raw = validateAt(resultSchema, list[i], ["results", i], problems);
      if (raw === undefined) continue;
      const c = raw.criteria;
      results.push({
        uniqueId: raw.unique_id,
        status: raw.status,
        maxLoadedAt: raw.max_loaded_at ?? null,
        snapshottedAt: raw.snapshotted_at ?? null,
        maxLoadedAtTimeAgoInS: raw.max_loaded_at_time_ago_in_s ?? null,
        criteria:
          c === null || c === undefined
            ? null
            : {
                warnAfter: threshold(c.warn_after),
                errorAfter: threshold(c.error_after),
                filter: c.filter ?? null,
              },
        error: raw.error === null || raw.error === undefined ? null : String(raw.error),
        executionTime: raw.execution_time ?? null,
      });
    }
  }

  problems.throwIfAny(file, "sources", header.version);
  if (metadata === null) throw new Error("unreachable: sources metadata without a recorded problem");
  return { file, metadata, elapsedTime: typeof elapsed === "number" ? elapsed : null, results };
}
