/**
 * Runs the committed dist/ bundles as the GitHub runner does: a fresh Node 24
 * process per step, with INPUT_* variables, GITHUB_OUTPUT, GITHUB_STATE
 * (handed from main to post as STATE_* variables, as the runner does),
 * GITHUB_STEP_SUMMARY, RUNNER_TEMP and a workspace, and only the environment
 * it is given (nothing inherited but PATH).
 */
import { spawn } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { PROJECT_ROOT } from "./shared-fixtures.js";

export const NODE24 = process.execPath;

export interface DistRun {
  status: number | null;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  /** What the step saved for the post step (GITHUB_STATE). */
  state: Record<string, string>;
  summary: string;
}

/**
 * Node's compile cache for the steps too (vitest.config.ts sets
 * NODE_COMPILE_CACHE for the test processes; a step gets only the
 * environment it is given): the bundles are 7 MB of JavaScript, and
 * compiling them again is about a quarter of a step's time. V8 checks each
 * entry against the source it was made from, so a step runs the same code.
 * A copy of dist/ is at a new path each time and Node keys its entries by
 * path: a copy's steps use a portable cache (keyed by the path relative to
 * the cache folder) through a link beside the copy, `COPY_CACHE`, to the
 * shared folder, so that every copy reuses the entries.
 */
const SHARED_COMPILE_CACHE = process.env.NODE_COMPILE_CACHE;
const COPY_CACHE = ".node-compile-cache";

/** The compile cache's variables for `node ARGS` (none when the tests run without one). */
export function compileCacheEnv(args: readonly string[]): Record<string, string> {
  if (!SHARED_COMPILE_CACHE) return {};
  const marker = `${path.sep}action${path.sep}dist${path.sep}`;
  const entry = args.find((arg) => arg.includes(marker));
  const link = entry ? path.join(entry.slice(0, entry.lastIndexOf(marker)), COPY_CACHE) : null;
  if (link && existsSync(link)) return { NODE_COMPILE_CACHE: link, NODE_COMPILE_CACHE_PORTABLE: "1" };
  return { NODE_COMPILE_CACHE: SHARED_COMPILE_CACHE };
}

/** Copies dist/ into a fresh folder under the OS temp dir, away from any node_modules. */
export function copyDistToTemp(): { root: string; dist: string } {
  const root = mkdtempSync(path.join(os.tmpdir(), "ods-dist-"));
  const dist = path.join(root, "action", "dist");
  cpSync(path.join(PROJECT_ROOT, "dist"), dist, { recursive: true });
  if (SHARED_COMPILE_CACHE) {
    const shared = path.join(SHARED_COMPILE_CACHE, "dist-copies");
    mkdirSync(shared, { recursive: true });
    symlinkSync(shared, path.join(root, COPY_CACHE));
  }
  return { root, dist };
}

/** Parses the runner's key-value file format (`name<<delimiter … delimiter` and `name=value`). */
export function parseOutputFile(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line);
    if (heredoc) {
      const [, name, delimiter] = heredoc;
      const value: string[] = [];
      for (i++; i < lines.length && lines[i] !== delimiter; i++) value.push(lines[i]!);
      outputs[name!] = value.join("\n");
    } else if (line.includes("=")) {
      const at = line.indexOf("=");
      outputs[line.slice(0, at)] = line.slice(at + 1);
    }
  }
  return outputs;
}

export interface StepOptions {
  inputs?: Record<string, string>;
  env?: Record<string, string>;
  /** GITHUB_STATE of the main step, for the post step. */
  state?: Record<string, string>;
}

/** A step's run with the files it left, raw, for scanning. */
export interface StepRun extends DistRun {
  /** The raw GITHUB_OUTPUT and GITHUB_STATE files. */
  outputFile: string;
  stateFile: string;
  /** RUNNER_TEMP of the step (the plan file is there). */
  tempDir: string;
}

/** One process of the Node 24 binary (with the compile cache): its exit status and what it wrote; killed after `timeoutMs`. */
export function runNode24(
  args: readonly string[],
  options: { cwd: string; env: Record<string, string>; timeoutMs: number },
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(NODE24, [...args], {
      cwd: options.cwd,
      env: { ...compileCacheEnv(args), ...options.env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs);
    child.on("error", reject);
    child.on("close", (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}

/**
 * Runs one step: `node ARGS` with the runner's variables. Asynchronous on
 * purpose: the local GitHub services a test starts live in the test's own
 * process, and a synchronous spawn would stop them from answering the step.
 * RUNNER_TEMP exists on a runner; `noRunnerTemp` leaves it to the step.
 */
export async function runNodeStep(
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
  const result = await runNode24(args, { cwd: workspace, env, timeoutMs: options.timeoutMs ?? 120_000 });
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

/** Runs one bundled entry point (dist/main or dist/post) as the runner does. */
export async function runDistEntry(
  entry: string,
  workspace: string,
  options: StepOptions = {},
): Promise<DistRun> {
  const { status, stdout, stderr, outputs, state, summary } = await runNodeStep([entry], workspace, {
    ...options,
    noRunnerTemp: true,
  });
  return { status, stdout, stderr, outputs, state, summary };
}

/** A job's two steps as the runner runs them: main at once, post when the test has done dbt's part. */
export interface RunnerJob {
  main: StepRun;
  post(): Promise<StepRun>;
}

/**
 * One job of the action as the runner runs it: the event's payload in
 * event.json beside the workspace (GITHUB_EVENT_PATH), the run's variables
 * (the local services' `envFor(run)`), the same inputs for both steps, and
 * the post step given what the main step saved (GITHUB_STATE). `entry` is
 * the command of a step: a copy of dist/ or the sources.
 */
export async function runnerJob(options: {
  entry: (step: "main" | "post") => string[];
  workspace: string;
  variables: Record<string, string>;
  payload: unknown;
  inputs?: Record<string, string>;
  env?: Record<string, string>;
  /** Leaves RUNNER_TEMP to the step (run as dist/ runs on a runner without one). */
  noRunnerTemp?: boolean;
  timeoutMs?: number;
}): Promise<RunnerJob> {
  const eventFile = path.join(path.dirname(options.workspace), "event.json");
  mkdirSync(path.dirname(eventFile), { recursive: true });
  writeFileSync(eventFile, JSON.stringify(options.payload));
  const step: StepOptions & { noRunnerTemp?: boolean; timeoutMs?: number } = {
    env: { ...options.variables, GITHUB_EVENT_PATH: eventFile, ...options.env },
    inputs: options.inputs ?? {},
    ...(options.noRunnerTemp ? { noRunnerTemp: true } : {}),
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
  };
  const main = await runNodeStep(options.entry("main"), options.workspace, step);
  return {
    main,
    post: () => runNodeStep(options.entry("post"), options.workspace, { ...step, state: main.state }),
  };
}

/** The command of a step of a copy of dist/ (`<dist>/main/index.js`). */
export function distEntry(dist: string): (step: "main" | "post") => string[] {
  return (step) => [path.join(dist, step, "index.js")];
}
