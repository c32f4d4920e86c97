/**
 * Real dbt artifacts live in ../shared/fixtures/dbt (beside the checkout) and
 * are never copied into the project. Tests that need them use these helpers
 * and skip with a message when the folder is absent, unless ODS_REQUIRE_SHARED=1
 * (as .ci/run sets it): then the test files fail instead, at import.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

export const SHARED_DBT_FIXTURES = path.resolve(projectRoot, "..", "shared", "fixtures", "dbt");

/**
 * Whether the real fixtures are there. Absent, the tests over them skip with
 * a message; but where they are required (`ODS_REQUIRE_SHARED=1`, as
 * .ci/run sets it), their absence is an error, never a silent skip.
 */
export function sharedFixturesAt(dir: string, required: boolean): boolean {
  if (existsSync(path.join(dir, "README.md"))) return true;
  if (required) {
    throw new Error(
      `${dir} is absent or incomplete, and ODS_REQUIRE_SHARED=1 requires it: the tests over real dbt artifacts would be skipped. Check out ../shared beside the project.`,
    );
  }
  console.warn(
    `[skip] ${dir} is absent: tests over real dbt artifacts are skipped (they run where ../shared exists).`,
  );
  return false;
}

export const sharedFixturesPresent = sharedFixturesAt(
  SHARED_DBT_FIXTURES,
  process.env.ODS_REQUIRE_SHARED === "1",
);

/**
 * Whether a fixture file is there, for code that goes on without an absent
 * one (the fuzz corpus). A file under ../shared/fixtures/dbt that is absent
 * where the fixtures are required (`ODS_REQUIRE_SHARED=1`) is an error.
 */
export function fixturePresent(file: string, required = process.env.ODS_REQUIRE_SHARED === "1"): boolean {
  if (existsSync(file)) return true;
  if (required && path.resolve(file).startsWith(`${SHARED_DBT_FIXTURES}${path.sep}`)) {
    throw new Error(
      `${file} is absent, and ODS_REQUIRE_SHARED=1 requires the fixtures under ${SHARED_DBT_FIXTURES}: the tests over it would be weakened silently.`,
    );
  }
  return false;
}

/** Absolute path of a file under ../shared/fixtures/dbt. */
export function sharedFixture(...parts: string[]): string {
  return path.join(SHARED_DBT_FIXTURES, ...parts);
}

export const PROJECT_ROOT = projectRoot;
