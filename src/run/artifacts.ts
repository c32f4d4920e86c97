/**
 * The dbt artifacts a step reads, from the paths its inputs name: the
 * use cases' artifact port (src/app/events/event-ports.ts, `artifactFiles`).
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { ArtifactFiles } from "../app/events/event-ports.js";
import { loadRunResults, type RunResults } from "../dbt/artifacts/run-results.js";
import { loadSources, type SourcesFreshness } from "../dbt/artifacts/sources.js";
import { type LoadedProject, projectOf } from "../dbt/load-project.js";
import { runTimeValueSources } from "../dbt/run-time-values/run-time-value-sources.js";
import { UserError } from "../errors/user-error.js";
import { readManifestFile } from "../files/read-manifest-file.js";
import { readProjectFile } from "../files/read-project-file.js";
import { readSeedFiles } from "../files/read-seed-files.js";
import { readTextFile } from "../files/read-text-file.js";

/**
 * The manifest at `file`, fingerprinted; seeds dbt recorded only a path
 * checksum for are hashed from their CSV under `projectDir` (input
 * `project-dir`), and dbt_project.yml (dispatch, flags, vars) is read there, so the main
 * step's plan and the post step's record agree.
 */
export function readProjectAt(
  file: string,
  projectDir: string,
  buildEnv?: Readonly<Record<string, string | undefined>>,
): LoadedProject {
  if (!existsSync(file)) {
    throw new UserError("file_missing", `${file} (input \`manifest\`) does not exist.`, {
      file,
      input: "manifest",
      hint: "Run `dbt compile` (or `dbt build`) before this step, or point `manifest` at the manifest.json it writes.",
    });
  }
  const manifest = readManifestFile(file, "input `manifest`");
  // dbt_project.yml read once: its dispatch, flags and vars for the fingerprint, and the vars a build reads.
  const projectFile = readProjectFile(projectDir);
  return projectOf(manifest, {
    seedFiles: readSeedFiles(manifest, projectDir),
    projectFile,
    // What the job's dbt build reads at run time (issue 36): the job's environment, the projects' vars.
    runTimeValues: runTimeValueSources(
      projectFile,
      manifest.metadata.projectName,
      buildEnv ?? null,
      "the action step was not given the job's environment",
    ),
  });
}

/** sources.json when present; null (and the planner says so) when not. */
export function readSourcesAt(file: string): SourcesFreshness | null {
  return existsSync(file) ? loadSources(readTextFile(file, "input `sources`"), file) : null;
}

export function readRunResultsAt(file: string): RunResults | null {
  return existsSync(file) ? loadRunResults(readTextFile(file, "input `run-results`"), file) : null;
}

/**
 * The dbt project's name when there is no manifest (a closed pull request's or the janitor's job may not
 * parse the project): the top-level `name:` of dbt_project.yml in project-dir; null when it can't be read.
 */
export function projectNameFromDbtProject(projectDir: string): string | null {
  const file = path.join(projectDir, "dbt_project.yml");
  if (!existsSync(file)) return null;
  const match = /^name:[ \t]*["']?([A-Za-z_][A-Za-z0-9_]*)["']?[ \t]*(#.*)?$/m.exec(
    readFileSync(file, "utf8"),
  );
  return match ? match[1]! : null;
}

/** The use cases' artifact port over the files on disk. */
export const artifactFiles: ArtifactFiles = {
  exists: existsSync,
  project: readProjectAt,
  sources: readSourcesAt,
  runResults: readRunResultsAt,
  projectName: projectNameFromDbtProject,
};
