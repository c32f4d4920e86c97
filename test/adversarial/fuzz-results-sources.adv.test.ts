/**
 * Mutation fuzzing of run_results.json and sources.json (see
 * test/support/adversarial/), starting from real files written by dbt.
 *
 * run_results.json: results removed, statuses changed, ids changed or
 * duplicated, the invocation, the command and the times changed, keys
 * deleted, types changed, the text damaged. Each case is recorded (or
 * refused naming the file); a node whose success result is gone is not
 * recorded as built, the snapshot is one the store accepts, and the next
 * plan reuses neither it nor what reads it.
 *
 * sources.json: results removed, failed, duplicated, observed before the
 * build, max_loaded_at changed or gone. Each case is planned (or refused
 * naming the file); the readers of a source whose evidence is gone are not
 * reused.
 *
 * Seeded like fuzz-manifest.adv.test.ts (ODS_FUZZ_SEED, ODS_FUZZ_CASES,
 * ODS_FUZZ_REPLAY=run_results:<i> or sources:<i>).
 */
import { afterAll, describe, expect, it } from "vitest";
import type { ArtifactKind } from "../support/adversarial/fuzz-engine.js";
import { fuzzRange, replayCase, SEED, slowest, tallyResults } from "../support/adversarial/fuzz-suite.js";
import { runFuzz } from "../support/adversarial/run-fuzz.js";
import { Tally } from "../support/adversarial/tally.js";

const tally = new Tally("fuzz-results-sources");
afterAll(() => tally.report());

describe.each([
  [
    "run_results",
    "mutated run_results.json: recorded or refused naming the file; what lost its result is neither recorded nor reused",
  ],
  [
    "sources",
    "mutated sources.json: planned or refused naming the file; readers of a source that lost its evidence are not reused",
  ],
] as const)("%s", (kind: ArtifactKind, title) => {
  it(title, { timeout: 600_000 }, async () => {
    const replay = replayCase(kind);
    const [from, to] = replay === undefined ? fuzzRange(kind, "fast") : [replay, replay + 1];
    const run = await runFuzz(kind, SEED, from, to);
    console.log(
      `fuzz seed ${SEED}: ${run.results.length} ${kind} cases (${run.results.filter((r) => r.armed).length} with evidence checked); seeds: ${run.seeds[kind]?.join("; ")}; slowest: ${slowest(run.results)}`,
    );
    if (replay !== undefined) console.log(JSON.stringify(run.results[0], null, 2));
    const failures = tallyResults(tally, kind, run.results);
    expect(run.results.length).toBe(to - from);
    expect(failures.slice(0, 20)).toEqual([]);
  });
});
