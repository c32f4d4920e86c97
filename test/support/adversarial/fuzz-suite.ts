/**
 * What the fuzz test files share: the number of cases per kind (10,000 in
 * all by default; ODS_FUZZ_CASES=<n> scales them), the seed, a replay of one
 * case (ODS_FUZZ_REPLAY=manifest:123), and turning results into the tally.
 */
import type { ArtifactKind, CaseResult } from "./fuzz-engine.js";
import { fuzzSeed } from "./rng.js";
import type { Tally } from "./tally.js";

/** Default split of the 10,000 cases: manifests are where most of the evidence lives. */
const SHARE: Record<ArtifactKind, number> = { manifest: 0.6, run_results: 0.25, sources: 0.15 };
export const DEFAULT_TOTAL = 10_000;

export function fuzzCases(kind: ArtifactKind, env: Record<string, string | undefined> = process.env): number {
  const total = env.ODS_FUZZ_CASES ? Number(env.ODS_FUZZ_CASES) : DEFAULT_TOTAL;
  if (!Number.isSafeInteger(total) || total < 1)
    throw new Error(`ODS_FUZZ_CASES is \`${env.ODS_FUZZ_CASES}\`; give a positive integer.`);
  return Math.max(1, Math.round(total * SHARE[kind]));
}

/**
 * `npm test` runs the first twentieth of each kind's cases (fuzz-manifest,
 * fuzz-results-sources); `npm run test:slow` the rest (fuzz.slow.test.ts).
 * .ci/run runs both: all of them, each case once.
 */
export const FAST_SHARE = 0.05;

/** The cases [from, to) of `kind` that `npm test` runs (`fast`) or that the slow project runs (`rest`). */
export function fuzzRange(
  kind: ArtifactKind,
  part: "fast" | "rest",
  env: Record<string, string | undefined> = process.env,
): [number, number] {
  const total = fuzzCases(kind, env);
  const fast = Math.max(1, Math.round(total * FAST_SHARE));
  return part === "fast" ? [0, fast] : [fast, total];
}

/** `ODS_FUZZ_REPLAY=manifest:123` runs that one case (of any kind given). */
export function replayCase(
  kind: ArtifactKind,
  env: Record<string, string | undefined> = process.env,
): number | undefined {
  const match = /^([a-z_]+):(\d+)$/.exec(env.ODS_FUZZ_REPLAY ?? "");
  if (!match || match[1] !== kind) return undefined;
  return Number(match[2]);
}

export const SEED = fuzzSeed();

export function tallyResults(tally: Tally, label: string, results: readonly CaseResult[]): string[] {
  const failures: string[] = [];
  for (const r of results) {
    const kind = `${label}: ${r.op}`;
    const outcome = r.failure ? "failed" : r.armed ? `${r.outcome} (evidence checked)` : r.outcome;
    tally.count(kind, outcome);
    if (r.failure) {
      const detail = `${label}#${r.index} (ODS_FUZZ_SEED=${SEED} ODS_FUZZ_REPLAY=${r.kind}:${r.index}) ${r.detail.slice(0, 300)} → ${r.failure}`;
      tally.fail(kind, detail);
      failures.push(detail);
    }
  }
  return failures;
}

export function slowest(results: readonly CaseResult[], n = 3): string {
  return [...results]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, n)
    .map((r) => `${r.kind}#${r.index} ${Math.round(r.ms)} ms (${r.detail.slice(0, 80)})`)
    .join("; ");
}
