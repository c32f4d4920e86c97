/**
 * What a build would see of `env_var`, `var` and `target` (issue 36), from
 * what the edge already read: the environment it is given (the action's job
 * environment; the CLI's only with `--build-env`), and the project files
 * parsed once by src/files/read-project-file.ts (dbt_project.yml or
 * vars.yml for the root project, each installed package's own
 * dbt_project.yml: project-file.ts `ProjectVars`). The run's `--vars` are
 * taken as none (a record replaces them with the run's own); the target's
 * fields are filled in by the plan and the record. Pure.
 */
import type { ProjectFile } from "../project-file.js";
import type { RunTimeValueSources } from "./run-time-values.js";

export function runTimeValueSources(
  projectFile: ProjectFile | null,
  rootProject: string | null,
  env: Readonly<Record<string, string | undefined>> | null,
  envUnseen: string,
): RunTimeValueSources {
  const root = rootProject ?? "";
  const vars = new Map<string, Readonly<Record<string, unknown>> | null>();
  if (projectFile) {
    vars.set(root, projectFile.vars.values);
    for (const [name, own] of Object.entries(projectFile.vars.packages))
      if (name !== root) vars.set(name, own);
  }
  return {
    env,
    ...(env === null ? { envUnseen } : {}),
    projectVars: projectFile ? { root, vars } : null,
    ...(projectFile
      ? {}
      : {
          projectVarsUnseen:
            "no dbt_project.yml was read from the project directory (action input `project-dir`, CLI `--project-dir`)",
        }),
    cliVars: {},
    target: null,
  };
}
