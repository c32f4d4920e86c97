/** The file edge of src/dbt/project-flags.ts: dbt_project.yml in the project directory. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { latestVersionPointerDefault } from "../dbt/project-flags.js";

/** `latest_version_pointer_enabled_by_default`, or null when dbt_project.yml can't be read or doesn't say plainly. */
export function readLatestVersionPointerDefault(projectDir: string): boolean | null {
  let text: string;
  try {
    text = readFileSync(path.join(projectDir, "dbt_project.yml"), "utf8");
  } catch {
    return null;
  }
  return latestVersionPointerDefault(text);
}
