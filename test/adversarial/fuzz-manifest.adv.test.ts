/**
 * Mutation fuzzing of manifest.json (see test/support/adversarial/): real
 * manifests with keys deleted, types changed, evidence removed, nodes and
 * sources deleted, ids duplicated or hostile, cycles added, metadata changed,
 * the text truncated, emptied, flipped, made non-UTF-8, nested deep, grown
 * huge. Each case ends in a plan or a UserError naming the file, within its
 * time box, and never reuses what lost its evidence.
 *
 * Seeded: ODS_FUZZ_SEED=<n> for another run, ODS_FUZZ_CASES=<n> for another
 * total (all kinds), ODS_FUZZ_REPLAY=manifest:<index> for one case.
 */
import { afterAll, describe, expect, it } from "vitest";
import { fuzzRange, replayCase, SEED, slowest, tallyResults } from "../support/adversarial/fuzz-suite.js";
import { type FuzzRun, runFuzz } from "../support/adversarial/run-fuzz.js";
import { Tally } from "../support/adversarial/tally.js";

const tally = new Tally("fuzz-manifest");
afterAll(() => tally.report());

describe("mutated manifest.json", () => {
  it("plans or refuses naming the file; never crashes, hangs or reuses what lost its evidence", {
    timeout: 600_000,
  }, async () => {
    const replay = replayCase("manifest");
    const [from, to] = replay === undefined ? fuzzRange("manifest", "fast") : [replay, replay + 1];
    const run: FuzzRun = await runFuzz("manifest", SEED, from, to);
    console.log(
      `fuzz seed ${SEED}: ${run.results.length} manifest cases (${run.results.filter((r) => r.armed).length} with evidence checked); seeds: ${run.seeds.manifest?.join("; ")}${run.notes.length ? `; notes: ${run.notes.join("; ")}` : ""}; slowest: ${slowest(run.results)}`,
    );
    if (replay !== undefined) console.log(JSON.stringify(run.results[0], null, 2));
    const failures = tallyResults(tally, "manifest", run.results);
    expect(run.results.length).toBe(to - from);
    expect(failures.slice(0, 20)).toEqual([]);
  });
});
