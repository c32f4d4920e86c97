/** The dbt artifacts a step reads, from the paths its inputs name. */
import { existsSync } from "node:fs";
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
