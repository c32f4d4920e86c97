/**
 * The rest of the fuzz cases: `npm test` runs the first twentieth of each kind
 * (fuzz-manifest.adv.test.ts, fuzz-results-sources.adv.test.ts), this the other
 * nineteen twentieths, with the same seed, engine and checks; .ci/run runs both, so CI
 * tries every case once. ODS_FUZZ_REPLAY replays a case in the fast files.
 */
import { afterAll, describe, expect, it } from "vitest";
import type { ArtifactKind } from "../support/adversarial/fuzz-engine.js";
import { fuzzRange, SEED, slowest, tallyResults } from "../support/adversarial/fuzz-suite.js";
import { runFuzz } from "../support/adversarial/run-fuzz.js";
import { Tally } from "../support/adversarial/tally.js";

const tally = new Tally("fuzz-slow");
afterAll(() => tally.report());

describe.each(["manifest", "run_results", "sources"] as const)("%s", (kind: ArtifactKind) => {
  it(`the rest of the mutated ${kind} cases: planned, recorded or refused naming the file; what lost its evidence is not reused`, {
    timeout: 900_000,
  }, async () => {
    const [from, to] = fuzzRange(kind, "rest");
    const run = await runFuzz(kind, SEED, from, to);
    console.log(
      `fuzz seed ${SEED}: ${run.results.length} ${kind} cases ${from}-${to - 1} (${run.results.filter((r) => r.armed).length} with evidence checked); slowest: ${slowest(run.results)}`,
    );
    const failures = tallyResults(tally, kind, run.results);
    expect(run.results.length).toBe(to - from);
    expect(failures.slice(0, 20)).toEqual([]);
  });
});
