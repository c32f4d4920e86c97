/**
 * Issue 37, class 3 (fast sample of promotion-kills.slow.test.ts, which
 * kills at every statement): a promotion on each simulated provider killed
 * while staging, right after a name's replace (before its mark: the
 * promotion's table unmarked in prod), and between two names, then the
 * next run of another kind; and that run's recovery killed too, then the
 * run after. Prod ends all old or all new (promotion-kill-suite.ts).
 */
import { describe, expect, it } from "vitest";
import {
  killAndRecover,
  NEXT_RUNS,
  referenceLog,
  SIMULATED_PROVIDERS,
  tally,
} from "./promotion-kill-suite.js";

describe.each(SIMULATED_PROVIDERS)("a promotion on $name (simulated) killed", (provider) => {
  it("while staging, right after a name's replace, and between two names: the next run of another kind leaves prod all old or all new", async () => {
    const log = await referenceLog(provider);
    const staging = log.findIndex((op) => op === "cloneTable" || op === "moveTable") + 1;
    const replaced = log.indexOf("replaceFrom") + 1;
    const between = log.indexOf("setTableComment") + 2;
    expect([staging, replaced, between].every((k) => k > 0)).toBe(true);
    const figures = tally(provider.name);
    const ends = [];
    ends.push((await killAndRecover(provider, staging, NEXT_RUNS[0]!, figures)).state);
    ends.push((await killAndRecover(provider, replaced, NEXT_RUNS[1]!, figures)).state);
    ends.push((await killAndRecover(provider, between, NEXT_RUNS[2]!, figures)).state);
    expect(ends).toEqual(["all-old", "all-old", "all-old"]);
  }, 120_000);

  it("and the recovery killed in its turn: the run after finishes it", async () => {
    const log = await referenceLog(provider);
    const replaced = log.indexOf("replaceFrom") + 1;
    const figures = tally(provider.name);
    // The janitor killed after its 11th statement, in its recovery, then pull request 8's push once the lease
    // passed.
    const { state, recoveryKilled } = await killAndRecover(provider, replaced, NEXT_RUNS[1]!, figures, 12);
    expect(recoveryKilled).toBe(true);
    expect(state).toBe("all-old");
  }, 120_000);
});
