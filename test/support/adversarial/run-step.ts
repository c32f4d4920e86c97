/**
 * Runs one step of the action as the runner does (see test/support/run-dist.ts):
 * the committed bundle (`dist`) or the TypeScript sources (`src`, through
 * tools/ts-hooks.mjs, for behaviour fixed in src/ before dist/ is
 * rebuilt). Also returns the files the step wrote (GITHUB_OUTPUT, the
 * summary) as raw text, for scanning.
 */
import path from "node:path";

export { runNodeStep as runStep, type StepRun } from "../run-dist.js";

import { PROJECT_ROOT } from "../shared-fixtures.js";

const HOOKS = path.join(PROJECT_ROOT, "tools", "ts-hooks.mjs");

export function srcEntry(step: "main" | "post"): string[] {
  return ["--import", HOOKS, path.join(PROJECT_ROOT, "src", `${step}.ts`)];
}

/**
 * The entry a test of the action runs: the copy of dist/ it was given, or the
 * sources when ODS_ADVERSARIAL_ENTRY=src (to try a change before dist/ is
 * rebuilt).
 */
export function actionEntry(dist: string, step: "main" | "post"): string[] {
  return process.env.ODS_ADVERSARIAL_ENTRY === "src" ? srcEntry(step) : [path.join(dist, step, "index.js")];
}
