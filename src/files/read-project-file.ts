/**
 * The file edge of src/dbt/project-file.ts: dbt_project.yml in the project
 * directory, vars.yml next to it (dbt 1.12+), and the dbt_project.yml of
 * every installed package under its `packages-install-path` (default
 * `dbt_packages`, core/dbt/config/project.py `PartialProject.create_project`;
 * dbt loads every package found there: core/dbt/config/runtime.py
 * `RuntimeConfig.load_dependencies`).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { type ProjectFile, parseProjectFile } from "../dbt/project-file.js";
import { UserError } from "../errors/user-error.js";

/**
 * The parsed project file, or null when the directory has no dbt_project.yml
 * (nothing is then added to the fingerprints). A file that can't be read or
 * isn't YAML is an error naming it.
 */
export function readProjectFile(projectDir: string): ProjectFile | null {
  const file = path.join(projectDir, "dbt_project.yml");
  if (!existsSync(file)) return null;
  const text = read(file);
  const varsPath = path.join(projectDir, "vars.yml");
  const varsFile = existsSync(varsPath) ? { text: read(varsPath), file: varsPath } : undefined;
  // The install path as written; Jinja in it (rare) can't be followed here: no packages' vars then.
  const head = parseProjectFile(text, file);
  const installKey = head.keys["packages-install-path"] ?? head.keys.packages_install_path;
  const install = typeof installKey === "string" && !installKey.includes("{") ? installKey : "dbt_packages";
  const packageProjects = readPackageProjects(path.resolve(projectDir, install));
  return parseProjectFile(text, file, {
    ...(varsFile ? { varsFile } : {}),
    packageProjects,
  });
}

function readPackageProjects(dir: string): { text: string; file: string }[] {
  let names: string[];
  try {
    names = readdirSync(dir).sort();
  } catch {
    return [];
  }
  const out: { text: string; file: string }[] = [];
  for (const name of names) {
    const file = path.join(dir, name, "dbt_project.yml");
    if (existsSync(file)) out.push({ text: read(file), file });
  }
  return out;
}

function read(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    throw new UserError("file_unreadable", `${file} can't be read: ${(error as Error).message}`, { file });
  }
}
