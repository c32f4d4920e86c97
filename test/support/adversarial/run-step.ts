/**
 * Runs one step of the action as the runner does (see test/support/run-dist.ts):
 * the committed bundle (`dist`) or the TypeScript sources (`src`, through
 * test/support/ts-hooks.mjs, for behaviour fixed in src/ before dist/ is
 * rebuilt). Also returns the files the step wrote (GITHUB_OUTPUT, the
 * summary) as raw text, for scanning.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { NODE24, parseOutputFile, type StepOptions } from "../run-dist.js";
import { PROJECT_ROOT } from "../shared-fixtures.js";

export interface StepRun {
  status: number | null;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  state: Record<string, string>;
  summary: string;
  /** The raw GITHUB_OUTPUT and GITHUB_STATE files. */
  outputFile: string;
  stateFile: string;
  /** RUNNER_TEMP of the step (the plan file is there). */
  tempDir: string;
}

const HOOKS = path.join(PROJECT_ROOT, "test", "support", "ts-hooks.mjs");

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

export async function runStep(
  args: string[],
  workspace: string,
  options: StepOptions & { timeoutMs?: number; noRunnerTemp?: boolean } = {},
): Promise<StepRun> {
  mkdirSync(workspace, { recursive: true });
  const files = mkdtempSync(path.join(path.dirname(workspace), "runner-"));
  const outputFile = path.join(files, "output");
  const stateFile = path.join(files, "state");
  const summaryFile = path.join(files, "summary.md");
  for (const file of [outputFile, stateFile, summaryFile]) writeFileSync(file, "");
  // RUNNER_TEMP exists on a runner (run-dist.ts leaves it to the step; the artifact fallback needs it).
  const tempDir = path.join(files, "temp");
  if (!options.noRunnerTemp) mkdirSync(tempDir, { recursive: true });
  const env: Record<string, string> = {
    PATH: "/usr/bin:/bin",
    GITHUB_OUTPUT: outputFile,
    GITHUB_STATE: stateFile,
    GITHUB_STEP_SUMMARY: summaryFile,
    GITHUB_WORKSPACE: workspace,
    RUNNER_TEMP: tempDir,
  };
  for (const [name, value] of Object.entries(options.inputs ?? {}))
    env[`INPUT_${name.toUpperCase()}`] = value;
  for (const [name, value] of Object.entries(options.state ?? {})) env[`STATE_${name}`] = value;
  Object.assign(env, options.env ?? {});
  const result = await new Promise<{ status: number | null; stdout: string; stderr: string }>(
    (resolve, reject) => {
      const child = spawn(NODE24, args, { cwd: workspace, env, stdio: ["ignore", "pipe", "pipe"] });
      let stdout = "";
      let stderr = "";
      child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
        stdout += chunk;
      });
      child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
        stderr += chunk;
      });
      const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 120_000);
      child.on("error", reject);
      child.on("close", (status) => {
        clearTimeout(timer);
        resolve({ status, stdout, stderr });
      });
    },
  );
  const read = (file: string) => (existsSync(file) ? readFileSync(file, "utf8") : "");
  return {
    ...result,
    outputs: parseOutputFile(read(outputFile)),
    state: parseOutputFile(read(stateFile)),
    summary: read(summaryFile),
    outputFile: read(outputFile),
    stateFile: read(stateFile),
    tempDir,
  };
}
