/**
 * The file edge of the run-time values (issue 36): what a build would see
 * of `env_var`, `var` and `target`, as far as the step running ODS can tell.
 * The environment is the caller's to give (the action passes its job's
 * environment; the CLI only with `--build-env`); the projects' `vars:` are
 * read from dbt_project.yml in the project directory and from each installed
 * package's (`dbt_packages/*`, the packages-install-path default); the run's
 * `--vars` are taken as none (a record replaces them with the run's own,
 * from run_results.json); the target's fields are filled in by the plan and
 * the record from the target they are made for. Nothing read here is kept:
 * the core keeps keyed digests.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { projectNameIn, projectVarsOf } from "../dbt/project-vars.js";
import type { RunTimeValueSources } from "../dbt/run-time-values/run-time-values.js";

function readOrNull(file: string): string | null {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return null;
  }
}

export function readRunTimeValues(
  projectDir: string,
  rootProject: string | null,
  env: Readonly<Record<string, string | undefined>> | null,
  envUnseen: string,
): RunTimeValueSources {
  const vars = new Map<string, Readonly<Record<string, unknown>> | null>();
  const rootText = readOrNull(path.join(projectDir, "dbt_project.yml"));
  const root = rootProject ?? (rootText === null ? null : projectNameIn(rootText)) ?? "";
  vars.set(root, rootText === null ? null : projectVarsOf(rootText));
  let packages: string[] = [];
  try {
    packages = readdirSync(path.join(projectDir, "dbt_packages"));
  } catch {
    // No packages installed: only the root project's vars count.
  }
  for (const dir of packages.sort()) {
    const text = readOrNull(path.join(projectDir, "dbt_packages", dir, "dbt_project.yml"));
    const name = text === null ? null : projectNameIn(text);
    if (name !== null && name !== root) vars.set(name, projectVarsOf(text!));
  }
  return {
    env,
    ...(env === null ? { envUnseen } : {}),
    projectVars: { root, vars },
    ...(rootText === null
      ? {
          projectVarsUnseen: `${path.join(projectDir, "dbt_project.yml")} could not be read (action input \`project-dir\`, CLI \`--project-dir\`)`,
        }
      : {}),
    cliVars: {},
    target: null,
  };
}
