/**
 * An environment's identity (docs/environments.md, Isolation): the
 * repository (`owner/name`), the dbt project (the manifest's project name)
 * and the pull request. Two repositories, or two dbt projects of one
 * repository, sharing a warehouse and its registry never share an
 * environment, a promotion or a janitor: every lifecycle operation runs in
 * one scope (repository + project) and acts only on the registry rows of
 * that scope.
 *
 * The registry keeps `environments.name` as its key, derived from the
 * identity: `owner/name:project:pr-7` (neither a repository nor a dbt project
 * name can hold a `:`, so two identities never derive one name). Rows of a
 * registry written before 1.1 have no repository (legacy, named `pr-7`): they
 * belong to no scope, and are acted on only in the legacy scope
 * (`--legacy`), which cleans them up and never creates.
 */
import { UserError } from "../errors/user-error.js";

export interface EnvScope {
  /** `owner/name`; null: the legacy scope (rows written before registry 1.1, which name no repository). */
  repository: string | null;
  /** The dbt project's name (the manifest's `metadata.project_name`). */
  project: string;
}

const REPOSITORY = /^[A-Za-z0-9_.-]{1,100}\/[A-Za-z0-9_.-]{1,100}$/;
const LABEL = /^[A-Za-z0-9_.-]{1,64}$/;

/** `owner/name` as GitHub spells it, or a UserError naming where it came from. */
export function checkRepository(text: string, from: string): string {
  const value = text.trim();
  if (!REPOSITORY.test(value)) {
    throw new UserError(
      "usage",
      `${from} is \`${text}\`, not a repository (\`owner/name\`): an environment's identity is its repository, dbt project and pull request.`,
      { input: from, hint: "Give the repository as `owner/name` (GITHUB_REPOSITORY in GitHub Actions)." },
    );
  }
  return value;
}

/** The registry name of the environment labelled `label` (`pr-7`) in `scope`. */
export function scopedName(scope: EnvScope, label: string): string {
  if (!LABEL.test(label)) {
    throw new UserError(
      "usage",
      `\`${label}\` can't name an environment: letters, digits, \`_\`, \`.\` and \`-\` only, at most 64.`,
      { input: "--name" },
    );
  }
  return scope.repository === null ? label : `${scope.repository}:${scope.project}:${label}`;
}

/** The registry name of pull request `prNumber`'s environment in `scope`. */
export function environmentName(scope: EnvScope, prNumber: number): string {
  return scopedName(scope, `pr-${prNumber}`);
}

/** Whether a registry row (environment or promotion) belongs to `scope`. */
export function inScope(row: { repository: string | null; project: string }, scope: EnvScope): boolean {
  return (row.repository ?? null) === scope.repository && row.project === scope.project;
}

/** How a row's owner reads in a message. */
export function describeOwner(row: { repository: string | null; project: string; name?: string }): string {
  const who =
    row.repository === null
      ? `a registry row written before isolation (no repository; dbt project ${row.project || "unknown"})`
      : `repository ${row.repository}, dbt project ${row.project}`;
  return row.name !== undefined ? `${row.name} (${who})` : who;
}

export function describeScope(scope: EnvScope): string {
  return scope.repository === null
    ? `the legacy environments of dbt project ${scope.project}`
    : `repository ${scope.repository}, dbt project ${scope.project}`;
}
