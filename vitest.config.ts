import { accessSync, constants, globSync, mkdirSync, readFileSync, statfsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { configDefaults, defineConfig } from "vitest/config";
import { DurationSequencer } from "./test/support/duration-sequencer.js";
import { mockingFiles, type TestProject, testFilesOf } from "./test/support/test-kinds.js";

/**
 * The suite in projects, each chosen by the kind in its files' names
 * (docs/decisions/architecture-fast-suite.md); a test file without a kind is
 * refused by test/architecture/test-kinds.unit.test.ts:
 * - unit `*.unit.test.ts`: the pure core (dbt, planner, comment, state) and the architecture check; no process, server or database.
 * - integration `*.int.test.ts`: the adapters (the store, the warehouses, GitHub's services, run/, cli/) and suites over real projects.
 * - e2e `*.e2e.test.ts`: the committed bundles, the demo and the action's whole lifecycle, run as the runner runs them.
 * - adversarial `*.adv.test.ts`: fuzzing, hostile input, faults injected into files, processes, services and warehouses.
 * - slow `*.slow.test.ts`: 10,000- and 50,000-node projects, the longest repetitions and waits.
 * `npm test` runs the first four; `npm run test:slow` the last; .ci/run runs both.
 */

/**
 * The tests start hundreds of Node processes (the committed bundles, the CLI,
 * the fault workers) and a worker per test file: with Node's compile cache
 * each compiles a module once per checkout instead of once per process
 * (https://nodejs.org/api/module.html#module-compile-cache). In
 * node_modules/.cache, so a fresh clone starts with none.
 */
process.env.NODE_COMPILE_CACHE ??= path.join(
  import.meta.dirname,
  "node_modules",
  ".cache",
  "node-compile-cache",
);

/**
 * The tests' temporary files (the workspaces, the SQLite state files, the
 * DuckDB warehouses, the copies of dist/, PostgreSQL's data folders) in
 * memory where the machine has a tmpfs with room: the same files, locks and
 * links, but an fsync costs nothing there, and DuckDB and SQLite sync at
 * each commit (a DuckDB CREATE TABLE took 7 ms on this machine's disk, 1 ms
 * on tmpfs; the environment and fault tests commit thousands of times). In
 * a folder of the run's own, removed at its end with whatever a test left
 * (test/support/tmpdir-global-setup.ts). A TMPDIR already set is kept;
 * without a roomy tmpfs, the OS default.
 */
const TMPFS = "/dev/shm";
const TMPFS_MAGIC = 0x01021994;
function roomyTmpfs(dir: string): boolean {
  try {
    const fs = statfsSync(dir);
    accessSync(dir, constants.W_OK);
    return fs.type === TMPFS_MAGIC && fs.bavail * fs.bsize >= 4 * 1024 ** 3;
  } catch {
    return false;
  }
}
if (process.env.TMPDIR === undefined && roomyTmpfs(TMPFS)) {
  const dir = path.join(TMPFS, `ods-tests-${process.pid}`);
  mkdirSync(dir, { recursive: true, mode: 0o755 });
  process.env.TMPDIR = dir;
  process.env.ODS_TEST_RUN_TMPDIR = dir;
}

/**
 * The PostgreSQL servers of a run: one per worker, shared by its test files
 * one after the other (test/support/warehouse/engines.ts), noted in this
 * folder and stopped at the end (postgres-global-setup.ts).
 */
process.env.ODS_TEST_POSTGRES_DIR ??= path.join(os.tmpdir(), `ods-pg-servers-${process.pid}`);

/** The files of the integration project that mock modules: a project of their own, isolated (test-kinds.ts). */
const integrationMocks = mockingFiles(
  globSync(testFilesOf("integration"), { cwd: import.meta.dirname }),
  (file) => readFileSync(path.join(import.meta.dirname, file), "utf8"),
);

const project = (name: TestProject, isolate: boolean, setupFiles: string[] = []) => ({
  extends: true as const,
  test: {
    name,
    include: [testFilesOf(name)],
    exclude: [...configDefaults.exclude, ...(name === "integration" ? integrationMocks : [])],
    isolate,
    setupFiles,
  },
});

export default defineConfig({
  test: {
    // Fault and concurrency tests spawn processes; the machine has 2 cores.
    pool: "forks",
    maxWorkers: 2,
    // Longest files first across projects, also on a fresh clone (test/durations.json).
    sequence: { sequencer: DurationSequencer },
    // Torn down in reverse: the PostgreSQL servers stop, then the run's temporary folder goes.
    globalSetup: [
      "./test/support/tmpdir-global-setup.ts",
      "./test/support/warehouse/postgres-global-setup.ts",
    ],
    // Generous: CI machines have 2 cores, and the warehouse fault tests are heavy.
    testTimeout: 300_000,
    hookTimeout: 120_000,
    reporters: ["default", "./test/support/summary-reporter.ts"],
    projects: [
      // Pure code with no mocks or global state: a worker keeps the modules it imported between files.
      project("unit", false),
      // A worker keeps its modules between files; @actions/github fixes its base URL from GITHUB_API_URL when
      // first imported, so every file names the worker's one API front there before it imports anything
      // (test/support/services/api-front.ts), and each file's local GitHub services stand behind it in turn.
      project("integration", false, ["./test/support/services/worker-api-front-setup.ts"]),
      // Only when there are such files: `--project 'integration*'` (package.json) takes it with the project above.
      ...(integrationMocks.length === 0
        ? []
        : [
            {
              extends: true as const,
              test: {
                name: "integration-mocks",
                include: integrationMocks,
                isolate: true,
                setupFiles: ["./test/support/services/worker-api-front-setup.ts"],
              },
            },
          ]),
      // Their files drive child processes and servers and restore what they change: a worker keeps its imports.
      project("e2e", false),
      project("adversarial", false),
      project("slow", true),
    ],
  },
});
