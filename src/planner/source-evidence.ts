/**
 * Change evidence for sources (ADR-0013, "Change evidence"): dbt's
 * sources.json gives each checked source's max_loaded_at, a semantic data
 * version, observed at snapshotted_at. A source without it has none.
 */
import type { SourceFreshnessResult, SourcesFreshness } from "../dbt/artifacts/sources.js";
import type { DataVersion, Exactness } from "../state/snapshot.js";
import { compareInstants, parseInstant } from "./exact-instant.js";

export { compareInstants } from "./exact-instant.js";

export interface ObservedSourceVersion {
  /** max_loaded_at, or null when dbt could not measure it. */
  value: string | null;
  exactness: Exactness;
  /** When it was observed (snapshotted_at, else the file's generated_at). */
  observedAt: string | null;
  status: string;
}

/**
 * One result per source. dbt writes one; several that disagree (one without
 * max_loaded_at, or different values) are uncertain evidence, so the source
 * counts as unmeasured, whatever their order. Agreeing ones count as the
 * earliest observation.
 */
export function resultPerSource(sources: SourcesFreshness): Map<string, SourceFreshnessResult> {
  const out = new Map<string, SourceFreshnessResult>();
  for (const result of sources.results) {
    const seen = out.get(result.uniqueId);
    if (!seen) out.set(result.uniqueId, result);
    else if (!seen.maxLoadedAt) continue;
    else if (!result.maxLoadedAt || !sameVersion(seen.maxLoadedAt, result.maxLoadedAt)) {
      out.set(result.uniqueId, {
        ...result,
        maxLoadedAt: null,
        status: result.maxLoadedAt ? "results disagree" : result.status,
      });
    } else if ((compareInstants(result.snapshottedAt ?? "", seen.snapshottedAt ?? "") ?? 0) < 0) {
      out.set(result.uniqueId, result);
    }
  }
  return out;
}

/**
 * The source versions a run read: sources.json counts only when taken
 * strictly before the run started (a later one could include data that
 * arrived after the build). `ignored` says why it was not used, when it wasn't.
 */
export function sourceVersionsReadBy(
  sources: SourcesFreshness | null,
  startedAt: string,
): { versions: Map<string, DataVersion>; ignored: string | null } {
  const versions = new Map<string, DataVersion>();
  if (!sources) return { versions, ignored: null };
  const taken = sources.metadata.generatedAt;
  if (!taken || (compareInstants(taken, startedAt) ?? 0) >= 0) {
    return {
      versions,
      ignored: `${sources.file} was taken ${taken ?? "at an unknown time"}, not before the run started (${startedAt}): its versions could include data that arrived after the build.`,
    };
  }
  for (const result of resultPerSource(sources).values()) {
    if (result.maxLoadedAt && isInstant(result.maxLoadedAt)) {
      versions.set(result.uniqueId, {
        value: result.maxLoadedAt,
        exactness: "semantic",
        observed_at: result.snapshottedAt ?? taken,
      });
    }
  }
  return { versions, ignored: null };
}

export function observedSourceVersions(sources: SourcesFreshness | null): Map<string, ObservedSourceVersion> {
  const out = new Map<string, ObservedSourceVersion>();
  if (!sources) return out;
  for (const result of resultPerSource(sources).values()) {
    out.set(result.uniqueId, {
      value: result.maxLoadedAt,
      exactness: result.maxLoadedAt && isInstant(result.maxLoadedAt) ? "semantic" : "none",
      observedAt: result.snapshottedAt ?? sources.metadata.generatedAt,
      status: result.status,
    });
  }
  return out;
}

const RANK: Record<Exactness, number> = { exact: 4, semantic: 3, proxy: 2, inferred: 1, none: 0 };

export function atLeastSemantic(exactness: Exactness): boolean {
  return RANK[exactness] >= RANK.semantic;
}

/** Whether a max_loaded_at is an instant ODS can compare exactly (see exact-instant.ts); one that isn't is no evidence. */
export function isInstant(text: string): boolean {
  return parseInstant(text) !== undefined;
}

/**
 * Two max_loaded_at values are the same version when they denote the same
 * instant, compared at the precision written (microseconds and beyond, any
 * offset); unparsable values are never the same version, even as equal text.
 */
export function sameVersion(a: string, b: string): boolean {
  return compareInstants(a, b) === 0;
}
