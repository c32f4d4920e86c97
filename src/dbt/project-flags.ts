/**
 * The dbt_project.yml flag the `version` component needs and the manifest
 * doesn't record. dbt 1.12's `latest_version_pointer_enabled_by_default`
 * (dbt-core core/dbt/contracts/project.py `ProjectFlags`, read only from the
 * project file's `flags:`, unrendered: core/dbt/config/project.py
 * `read_project_flags`) decides whether the latest version of a versioned
 * model whose `latest_version_pointer.enabled` is unset makes the pointer
 * view (core/dbt/task/run.py `_should_create_latest_version_pointer`).
 *
 * Read from the parsed file (project-file.ts, YAML 1.1 as PyYAML reads it):
 * a boolean is the value; absent (or no `flags:`), false (dbt's default);
 * anything else (Jinja, a string, a number), null: unknown, which the
 * fingerprint treats as on (conservative).
 */
import { type ProjectFile, parseProjectFile } from "./project-file.js";

const FLAG = "latest_version_pointer_enabled_by_default";

export function latestVersionPointerDefaultOf(file: ProjectFile): boolean | null {
  if (!Object.hasOwn(file.flags, FLAG)) return false;
  const value = file.flags[FLAG];
  return typeof value === "boolean" ? value : null;
}

/** The same, from dbt_project.yml's text (a file that is not YAML is a `project_file_invalid` error). */
export function latestVersionPointerDefault(projectFile: string): boolean | null {
  return latestVersionPointerDefaultOf(parseProjectFile(projectFile));
}
