/**
 * Change evidence for sources (ADR-0013, "Change evidence"): dbt's
 * sources.json gives each checked source's max_loaded_at, a semantic data
 * version, observed at snapshotted_at. A source without it has none.
 */
import type { SourcesFreshness } from "../dbt/artifacts/sources.js";
import type { Exactness } from "../state/snapshot.js";

export interface ObservedSourceVersion {
  /** max_loaded_at, or null when dbt could not measure it. */
  value: string | null;
  exactness: Exactness;
  /** When it was observed (snapshotted_at, else the file's generated_at). */
  observedAt: string | null;
  status: string;
}

export function observedSourceVersions(sources: SourcesFreshness | null): Map<string, ObservedSourceVersion> {
  const out = new Map<string, ObservedSourceVersion>();
  if (!sources) return out;
  for (const result of sources.results) {
    out.set(result.uniqueId, {
      value: result.maxLoadedAt,
      exactness: result.maxLoadedAt ? "semantic" : "none",
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

/** Compares two ISO 8601 instants; NaN-safe: unparsable instants compare as unknown (undefined). */
export function compareInstants(a: string, b: string): number | undefined {
  const x = Date.parse(a);
  const y = Date.parse(b);
  if (Number.isNaN(x) || Number.isNaN(y)) return undefined;
  return x - y;
}

/** Two max_loaded_at values are the same version when they denote the same instant (or are the same text). */
export function sameVersion(a: string, b: string): boolean {
  if (a === b) return true;
  const difference = compareInstants(a, b);
  return difference === 0;
}
