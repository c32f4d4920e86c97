/**
 * The state scope a use case acts on: the dbt project (the manifest's name)
 * and the environment, `prod` unless the caller names another; and the
 * target a plan or a record is made for.
 */
import type { LoadedProject } from "../dbt/load-project.js";
import { projectNameOf } from "../dbt/project-name.js";
import type { Scope } from "../state/scope.js";
import type { TargetIdentity } from "../state/snapshot.js";

/** The environment of the state scope when none is named (`--environment`, the `environment` input). */
export const DEFAULT_ENVIRONMENT = "prod";

/** The scope of `project`'s state; `input` names the flag or input the manifest came from, for the error. */
export function scopeOf(
  project: LoadedProject,
  environment: string | null | undefined,
  input?: string,
): Scope {
  return { project: projectNameOf(project, input), environment: environment ?? DEFAULT_ENVIRONMENT };
}

/** The dbt target `name` of the manifest's adapter. */
export function targetIdentity(project: LoadedProject, name: string): TargetIdentity {
  return { name, adapter_type: project.manifest.metadata.adapterType ?? "unknown" };
}

/** The state database a caller names none of (defined once, with the SQLite store). */
export { DEFAULT_STATE_FILE } from "../store/sqlite-store.js";
