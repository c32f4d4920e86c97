/**
 * Real dbt artifacts live in ../shared/fixtures/dbt (beside the checkout) and
 * are never copied into the project. Tests that need them use these helpers
 * and skip with a message when the folder is absent.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

export const SHARED_DBT_FIXTURES = path.resolve(projectRoot, "..", "shared", "fixtures", "dbt");

export const sharedFixturesPresent = existsSync(SHARED_DBT_FIXTURES);

if (!sharedFixturesPresent) {
  console.warn(
    `[skip] ${SHARED_DBT_FIXTURES} is absent: tests over real dbt artifacts are skipped (they run where ../shared exists).`,
  );
}

/** Absolute path of a file under ../shared/fixtures/dbt. */
export function sharedFixture(...parts: string[]): string {
  return path.join(SHARED_DBT_FIXTURES, ...parts);
}

export const PROJECT_ROOT = projectRoot;
