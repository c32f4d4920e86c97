/**
 * An environment's identity (docs/environments.md, Isolation): the
 * repository, the dbt project (the manifest's project name) and the pull
 * request. Two repositories, or two dbt projects of one repository, sharing
 * a warehouse and its registry never share an environment, a promotion or a
 * janitor: every lifecycle operation runs in one scope (repository +
 * project) and acts only on the registry rows of that scope.
 *
 * The repository is GitHub's id of it (issue 37: `GITHUB_REPOSITORY_ID`, the
 * event payload's `repository.id`), which a rename, a transfer or a change
 * of case keeps, and which a new repository created under a reused name does
 * not get; its `owner/name` is kept for display only. The registry's key,
 * `environments.name`, is derived from the identity: `repo-123456:shop:pr-7`
 * (`repo-ID:project:pr-N`; neither a dbt project name nor a label can hold a
 * `:`, so two identities never derive one name).
 *
 * Rows written before ids (registry 1.1, named `owner/name:project:pr-7`,
 * no `repository_id`) are adopted once, by a run of the repository of that
 * name (compared without case) that knows both its id and when it was
 * created (registry.ts `adoptRows`): a row made before the repository
 * existed is another repository's that had the name, and is never adopted;
 * a row that records an id is only ever that id's. Until adopted they are
 * acted on by a scope without an id (`owner/name` alone: the CLI given
 * `--repository` of a registry that knows no id for it). Rows of a registry
 * written before 1.1 have no repository at all (legacy, named `pr-7`): they
 * are acted on only in the legacy scope (`--legacy`), which cleans them up
 * and never creates.
 */
import { UserError } from "../errors/user-error.js";

export interface EnvScope {
  /** `owner/name`, for display; null: the legacy scope (rows written before registry 1.1, which name no repository). */
  repository: string | null;
  /**
   * GitHub's id of the repository (decimal digits): the identity. null: a
   * scope by name alone (rows written before ids, or a CLI that knows no
   * id for the repository), or the legacy scope. Absent: the CLI's
   * `--repository` without `--repository-id`: environmentContext resolves it
   * from the registry (the one id its rows record for that name; several
   * are refused as ambiguous; none is null).
   */
  repositoryId?: string | null;
  /**
   * When GitHub created the repository (ISO 8601), from the event payload:
   * rows written before ids are adopted only by a run that knows it, and
   * only when made after it (a reused name's older rows are not this
   * repository's). Absent or null: nothing is adopted.
   */
  repositoryCreatedAt?: string | null;
  /** The dbt project's name (the manifest's `metadata.project_name`). */
  project: string;
}

/** A registry row's owner: its repository's name (display), id (identity) and dbt project. */
export interface RowOwner {
  repository: string | null;
  repository_id?: string | null;
  project: string;
}

const REPOSITORY = /^[A-Za-z0-9_.-]{1,100}\/[A-Za-z0-9_.-]{1,100}$/;
const REPOSITORY_ID = /^[1-9][0-9]{0,19}$/;
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

/** A repository id (GitHub's, decimal digits), or a UserError naming where it came from. */
export function checkRepositoryId(
  text: string,
  from: string,
  code: "usage" | "input_invalid" = "usage",
): string {
  const value = text.trim();
  if (!REPOSITORY_ID.test(value)) {
    throw new UserError(
      code,
      `${from} is \`${text.slice(0, 40)}\`, not a repository id (GitHub's id of the repository: decimal digits).`,
      {
        input: from,
        hint: "Give GitHub's id of the repository (GITHUB_REPOSITORY_ID in GitHub Actions; `gh api repos/OWNER/NAME --jq .id`).",
      },
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
  const id = scope.repositoryId ?? null;
  if (id !== null) return `repo-${id}:${scope.project}:${label}`;
  return scope.repository === null ? label : `${scope.repository}:${scope.project}:${label}`;
}

/** The label (`pr-7`) of a registry name of any form (`repo-1:shop:pr-7`, `acme/shop:shop:pr-7`, `pr-7`). */
export function labelOfName(name: string): string {
  return name.slice(name.lastIndexOf(":") + 1);
}

/** The registry name of pull request `prNumber`'s environment in `scope`. */
export function environmentName(scope: EnvScope, prNumber: number): string {
  return scopedName(scope, `pr-${prNumber}`);
}

/**
 * Whether a registry row (environment or promotion) belongs to `scope`: by
 * the repository's id when the scope has one (whatever the name the row
 * shows); by the name, exactly, for rows that record no id when it has none;
 * the legacy scope takes the rows that name no repository.
 */
export function inScope(row: RowOwner, scope: EnvScope): boolean {
  if (row.project !== scope.project) return false;
  const rowId = row.repository_id ?? null;
  const id = scope.repositoryId ?? null;
  if (id !== null) return rowId === id;
  if (rowId !== null) return false;
  return (row.repository ?? null) === scope.repository;
}

/** How a row's owner reads in a message. */
export function describeOwner(row: RowOwner & { name?: string }): string {
  const id = row.repository_id ?? null;
  const who =
    row.repository === null
      ? `a registry row written before isolation (no repository; dbt project ${row.project || "unknown"})`
      : `repository ${row.repository}${id !== null ? ` (id ${id})` : ""}, dbt project ${row.project}`;
  return row.name !== undefined ? `${row.name} (${who})` : who;
}

export function describeScope(scope: EnvScope): string {
  const id = scope.repositoryId ?? null;
  return scope.repository === null
    ? `the legacy environments of dbt project ${scope.project}`
    : `repository ${scope.repository}${id !== null ? ` (id ${id})` : ""}, dbt project ${scope.project}`;
}
