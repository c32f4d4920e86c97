/**
 * Reading what the plan and record commands need from files named by flags:
 * the manifest (parsed once), run_results.json, sources.json, and the state
 * database. The pure core gets text and data; this is the file edge.
 */
import { statSync } from "node:fs";
import path from "node:path";
import type { StateFile, StateStore } from "../app/ports.js";
import { targetIdentity } from "../app/scope.js";
import { loadRunResults, type RunResults } from "../dbt/artifacts/run-results.js";
import { loadSources, type SourcesFreshness } from "../dbt/artifacts/sources.js";
import { type LoadedProject, projectOf } from "../dbt/load-project.js";
import { runTimeValueSources } from "../dbt/run-time-values/run-time-value-sources.js";
import { readManifestFile } from "../files/read-manifest-file.js";
import { readProjectFile } from "../files/read-project-file.js";
import { readSeedFiles } from "../files/read-seed-files.js";
import { readTextFile } from "../files/read-text-file.js";
import type { Scope } from "../state/scope.js";
import type { TargetIdentity } from "../state/snapshot.js";
import type { CliContext } from "./command.js";
import { formatBytes, type Progress } from "./progress.js";

export function resolveFlagPath(context: CliContext, value: string | undefined, fallback: string): string {
  return path.resolve(context.cwd, value ?? fallback);
}

/** `--project-dir`: where the dbt project is (dbt's own flag), for reading large seeds' CSV files. */
export const PROJECT_DIR_OPTION = {
  "project-dir": { type: "string" },
  "build-env": { type: "boolean" },
} as const;
export const PROJECT_DIR_HELP = {
  "project-dir":
    "the dbt project's directory, where large seeds' CSV files (dbt records no content checksum for a seed over 1 MiB) and dbt_project.yml (its dispatch order, flags and vars) are read from; default: the current directory",
  "build-env":
    "this shell's environment is the one the dbt build runs (or ran) with: the `env_var()` reads of nodes' materializations and hooks are compared by keyed digests of its values (never kept). Without it they are not visible, and nodes that read one are built (run_time_value_unknown)",
} as const;

/**
 * Reads and fingerprints the manifest; with `progress`, says so (the longest
 * part of a large plan). Seeds dbt recorded only a path checksum for are
 * hashed from their CSV under `projectDir` (`--project-dir`, default the
 * current directory, as dbt's), and dbt_project.yml (dispatch, flags, vars) is read there.
 */
export function readProject(
  context: CliContext,
  manifest: string | undefined,
  progress?: Progress,
  projectDir?: string,
  buildEnv = false,
): LoadedProject {
  const file = resolveFlagPath(context, manifest, "target/manifest.json");
  const shown = path.relative(context.cwd, file) || file;
  progress?.phase(`reading and parsing ${shown}${sizeOf(file)}`);
  const loaded = readManifestFile(file, "--manifest");
  progress?.phase(`fingerprinting ${shown}`);
  const dir = resolveFlagPath(context, projectDir, ".");
  const projectFile = readProjectFile(dir);
  return projectOf(loaded, {
    seedFiles: readSeedFiles(loaded, dir),
    projectFile,
    runTimeValues: runTimeValueSources(
      projectFile,
      loaded.metadata.projectName,
      buildEnv ? (context.env ?? null) : null,
      "ods-state was not given the build's environment (pass --build-env in a shell with the environment dbt builds with)",
    ),
  });
}

/** ` (74.4 MB)`, or nothing when the file can't be examined (reading it then says why). */
function sizeOf(file: string): string {
  try {
    return ` (${formatBytes(statSync(file).size)})`;
  } catch {
    return "";
  }
}

export function readRunResults(context: CliContext, value: string | undefined): RunResults {
  const file = resolveFlagPath(context, value, "target/run_results.json");
  return loadRunResults(readTextFile(file, "--run-results"), file);
}

export function readSourcesIfGiven(context: CliContext, value: string | undefined): SourcesFreshness | null {
  if (value === undefined) return null;
  const file = resolveFlagPath(context, value, value);
  return loadSources(readTextFile(file, "--sources"), file);
}

/** `--target`: the dbt target a plan or a run is for; by default the environment's name. */
export function targetName(scope: Scope, target: string | undefined): string {
  return target ?? scope.environment;
}

export function targetOf(project: LoadedProject, scope: Scope, target: string | undefined): TargetIdentity {
  return targetIdentity(project, targetName(scope, target));
}

/** The state database `file`, opened through the context's adapter; what opening did goes to stderr. */
export function stateFileAt(context: CliContext, file: string): StateFile {
  return context.stateFiles.at(file, (line) => context.stderr(`${line}\n`));
}

/** Opens the state database for reading; undefined when the file doesn't exist (plan never creates it). */
export async function openExistingState(context: CliContext, file: string): Promise<StateStore | undefined> {
  return stateFileAt(context, file).openExisting();
}

export async function openStateForWriting(context: CliContext, file: string): Promise<StateStore> {
  return stateFileAt(context, file).openForWriting();
}
