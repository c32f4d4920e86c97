/**
 * The times a dbt run's results state: when the run started, when each node
 * finished, the latest of them. Times are kept as written (microseconds and
 * beyond), so they compare exactly (exact-instant.ts). Pure.
 */
import type { RunResults } from "../dbt/artifacts/run-results.js";
import { earliestInstant, latestInstant, parseInstant } from "./exact-instant.js";

/**
 * When the run started: dbt's invocation_started_at, else the earliest timing, else generated_at minus elapsed.
 * Times are kept as written (microseconds and beyond), so they compare exactly (exact-instant.ts).
 */
export function runStartedAt(results: RunResults): string | null {
  const declared = results.metadata.invocationStartedAt;
  if (declared && parseInstant(declared) !== undefined) return declared;
  const earliest = earliestInstant(
    results.results.flatMap((result) => result.timing.map((t) => t.startedAt)),
  );
  if (earliest !== null) return earliest;
  if (results.metadata.generatedAt && results.elapsedTime !== null) {
    const end = Date.parse(results.metadata.generatedAt);
    if (!Number.isNaN(end)) return new Date(end - results.elapsedTime * 1000).toISOString();
  }
  return null;
}

/** When a node's build finished: its latest timing, as written (exactly the latest). */
export function completedAt(timing: RunResults["results"][number]["timing"]): string | null {
  return latestInstant(timing.map((t) => t.completedAt));
}

/** The text when it is an instant, else null. */
export function instant(text: string | null): string | null {
  return text !== null && parseInstant(text) !== undefined ? text : null;
}

/** The latest time the run results state: the start, any node's completion, the file's generation. */
export function latestStatedTime(results: RunResults, startedAt: string): { at: number; what: string } {
  let latest = { at: Date.parse(startedAt), what: "the run started" };
  for (const result of results.results) {
    const done = completedAt(result.timing);
    if (done !== null && Date.parse(done) > latest.at)
      latest = { at: Date.parse(done), what: "a node finished" };
  }
  const generated = Date.parse(results.metadata.generatedAt ?? "");
  if (!Number.isNaN(generated) && generated > latest.at) latest = { at: generated, what: "it was written" };
  return latest;
}
