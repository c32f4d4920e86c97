/**
 * Issue 37, class 3: the kill-at-every-statement suite per simulated
 * provider (promotion-kill-suite.ts). For every statement a promotion runs,
 * the job killed right after it took effect, then the next run of another
 * kind (the kinds in turn); then the same kill with that next run's own
 * recovery killed too (after a statement chosen in turn), and the run after.
 * Then, at three kill points (while staging, right after the first name's
 * replace before its mark, between the two names), the recovery killed at
 * each of its statements. Prod must end all old or all new every time; the
 * figures are printed per provider.
 */
import { afterAll, describe, expect, it } from "vitest";
import { runJanitor } from "../../src/environment/index.js";
import {
  type Figures,
  figuresTable,
  killAndRecover,
  killPromotion,
  later,
  NEXT_RUNS,
  openCase,
  referenceLog,
  SIMULATED_PROVIDERS,
  tally,
} from "./promotion-kill-suite.js";

const LOOP = 3_600_000;
const killed: Figures[] = [];
const twice: Figures[] = [];
const recoveryEverywhere: Figures[] = [];

afterAll(() => {
  console.log(
    [
      figuresTable("Promotion killed at each statement, then the next run of another kind:", killed),
      figuresTable("The same kills, with that run's recovery killed too, then the run after:", twice, true),
      figuresTable(
        "Recovery killed at each of its statements (3 promotion kill points per provider), then a janitor:",
        recoveryEverywhere,
        true,
      ),
    ].join("\n\n"),
  );
});

describe.each(SIMULATED_PROVIDERS)(
  "a promotion on $name (simulated), killed at every statement",
  (provider) => {
    it(
      "the next run of any kind recovers it: prod all old or all new",
      async () => {
        const log = await referenceLog(provider);
        const figures = tally(provider.name);
        killed.push(figures);
        for (let k = 0; k < log.length; k += 1) {
          await killAndRecover(provider, k, NEXT_RUNS[k % NEXT_RUNS.length]!, figures);
        }
        expect(figures.tried).toBe(log.length);
        expect(figures.mixed + figures.failed).toBe(0);
      },
      LOOP,
    );

    it(
      "and with the recovery killed too, the run after it recovers: prod all old or all new",
      async () => {
        const log = await referenceLog(provider);
        const figures = tally(provider.name);
        twice.push(figures);
        for (let k = 0; k < log.length; k += 1) {
          const recoveryKill = 1 + ((k * 7) % 40);
          await killAndRecover(provider, k, NEXT_RUNS[(k + 3) % NEXT_RUNS.length]!, figures, recoveryKill);
        }
        expect(figures.mixed + figures.failed).toBe(0);
      },
      LOOP,
    );

    it(
      "the recovery killed at each of its statements, then a janitor: prod all old or all new",
      async () => {
        const log = await referenceLog(provider);
        const points = [
          log.findIndex((op) => op === "cloneTable" || op === "moveTable") + 1,
          log.indexOf("replaceFrom") + 1,
          log.indexOf("setTableComment") + 2,
        ];
        const figures = tally(provider.name);
        recoveryEverywhere.push(figures);
        for (const k of points) {
          // The statements an uninterrupted recovery (a janitor) takes after this kill, on a copy.
          const c = await openCase(provider);
          let statements = 0;
          try {
            await killPromotion(c, k);
            const warehouse = await c.warehouse();
            warehouse.arm(null);
            await runJanitor(await c.ctx(warehouse, later(1)), { prod: c.S0 });
            statements = warehouse.steps;
          } finally {
            await c.close();
          }
          expect(statements).toBeGreaterThan(5);
          for (let j = 1; j <= statements; j += 1) {
            const { recoveryKilled } = await killAndRecover(provider, k, NEXT_RUNS[0]!, figures, j);
            expect(recoveryKilled).toBe(true);
          }
        }
        expect(figures.mixed + figures.failed).toBe(0);
      },
      LOOP,
    );
  },
);
