import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Fault and concurrency tests spawn processes; the machine has 2 cores.
    pool: "forks",
    maxWorkers: 2,
    // Generous: CI machines have 2 cores, and the bundling and warehouse fault tests are heavy.
    testTimeout: 300_000,
    hookTimeout: 120_000,
    reporters: ["default", "./test/support/summary-reporter.ts"],
  },
});
