import { configDefaults, defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Fault and concurrency tests spawn processes; the machine has 2 cores.
    pool: "forks",
    maxWorkers: 2,
    // Generous: CI machines have 2 cores, and the bundling and warehouse fault tests are heavy.
    testTimeout: 300_000,
    hookTimeout: 120_000,
    reporters: ["default", "./test/support/summary-reporter.ts"],
    // `npm test` runs the default project; `npm run test:slow` the tests over
    // generated 50,000-node projects (`*.slow.test.ts`, a minute or more each).
    // .ci/run runs both.
    projects: [
      {
        extends: true,
        test: {
          name: "default",
          include: ["test/**/*.test.ts"],
          exclude: [...configDefaults.exclude, "test/**/*.slow.test.ts"],
        },
      },
      { extends: true, test: { name: "slow", include: ["test/**/*.slow.test.ts"] } },
    ],
  },
});
