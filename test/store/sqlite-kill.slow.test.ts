/**
 * The store under SIGKILL at full length: 100 rounds per driver (see
 * killWhileCommitting). `npm test` runs the same rounds 6 times per driver
 * (test/store/sqlite-faults.adv.test.ts); this is the long run, in `npm run
 * test:slow`, which .ci/run runs too.
 */
import { rmSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, it } from "vitest";
import { killWhileCommitting } from "./commit-workers.js";
import { SQLITE_DRIVERS, tempDir } from "./harness.js";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe.concurrent("SQLite store under SIGKILL", () => {
  it.each(SQLITE_DRIVERS)(
    "%s: survives SIGKILL at random points while committing, 100 times, losing nothing",
    { timeout: 600_000 },
    async (driver) => {
      const dir = tempDir("ods-kill-");
      dirs.push(dir);
      await killWhileCommitting(path.join(dir, "state.db"), driver, 100);
    },
  );
});
