/**
 * What a closed pull request's job and the janitor's job clean up with: the
 * dbt project (the manifest's name, else the `name:` of dbt_project.yml in
 * `project-dir`) and prod's state of that project, restored as every run
 * restores it. Without a manifest (such jobs often don't compile the
 * project) prod's state is still restored, by the project's name: cleanup
 * never drops a relation it records (docs/environments.md, Isolation).
 */
import type { ActionInputs } from "../../github/action-inputs.js";
import { describeSource } from "../../github/state-transport/restore-source.js";
import type { Scope } from "../../state/scope.js";
import type { StateSnapshot } from "../../state/snapshot.js";
import { DEFAULT_ENVIRONMENT, scopeOf } from "../scope.js";
import { openRestoredState } from "./restored-state.js";
import type { CountedPorts } from "./step-counts.js";

/** The project and prod's state; both null when neither a manifest nor dbt_project.yml names the project. */
export async function prodIfKnown(
  inputs: ActionInputs,
  ports: CountedPorts,
): Promise<{ project: string | null; prod: StateSnapshot | null }> {
  let scope: Scope;
  if (ports.artifacts.exists(inputs.manifest)) {
    const project = ports.artifacts.project(inputs.manifest, inputs.projectDir, inputs.buildEnv);
    scope = scopeOf(project, inputs.environment, "manifest");
  } else {
    const project = ports.artifacts.projectName(inputs.projectDir);
    if (project === null) return { project: null, prod: null };
    ports.log.info(
      `No ${inputs.manifest}: the dbt project is ${project} (dbt_project.yml); prod's state is restored by that name.`,
    );
    scope = { project, environment: inputs.environment ?? DEFAULT_ENVIRONMENT };
  }
  const restored = await ports.restore(inputs.statePath, scope);
  for (const warning of restored.warnings) ports.log.warning(warning.message);
  const prod =
    (await openRestoredState(ports.stateFiles, inputs.statePath, scope, describeSource(restored.source)))
      .latest?.snapshot ?? null;
  return { project: scope.project, prod };
}
