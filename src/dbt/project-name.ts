/**
 * The dbt project a manifest belongs to: state is kept per project, so a
 * manifest without `metadata.project_name` can't be planned or recorded.
 */
import { UserError } from "../errors/user-error.js";
import type { LoadedProject } from "./load-project.js";

/** The project's name; a UserError naming the file (and the action input or flag, when given) otherwise. */
export function projectNameOf(project: LoadedProject, input?: string): string {
  const name = project.manifest.metadata.projectName;
  if (name) return name;
  const file = project.manifest.file;
  throw new UserError("artifact_invalid", `${file} has no project name (metadata.project_name).`, {
    file,
    ...(input ? { input } : {}),
    hint: "Regenerate the manifest with `dbt compile`; ODS keeps state per project and can't share it between unrelated projects.",
  });
}
