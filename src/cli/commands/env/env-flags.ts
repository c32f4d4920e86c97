/**
 * The flags every `ods-state env` subcommand shares: which subcommand, the
 * output format, the environment's label, and the scope (repository and
 * dbt project) the environments belong to. Checked before anything is read.
 */

import { scopeOf } from "../../../app/scope.js";
import type { LoadedProject } from "../../../dbt/load-project.js";
import { checkRepository, checkRepositoryId, type EnvScope, scopedName } from "../../../environment/index.js";
import { UserError } from "../../../errors/user-error.js";
import type { CliContext, ParsedValues } from "../../command.js";
import type { Progress } from "../../progress.js";
import { readProject } from "../../project-inputs.js";

export const ENV_SUBCOMMANDS = [
  "create",
  "refresh",
  "record",
  "cleanup",
  "promote",
  "rollback",
  "list",
  "gc",
  "repair",
  "diff",
] as const;
export type Subcommand = (typeof ENV_SUBCOMMANDS)[number];
const LEGACY_SUBCOMMANDS: readonly string[] = ["cleanup", "rollback", "gc"];

export const str = (values: ParsedValues, name: string): string | undefined =>
  values[name] as string | undefined;

export function formatOf(values: ParsedValues): "text" | "json" {
  const format = str(values, "format") ?? "text";
  if (format !== "text" && format !== "json") {
    throw new UserError("usage", `--format is \`${format}\`; allowed: text, json.`, { input: "--format" });
  }
  return format;
}

/**
 * The scope an env command acts for (docs/environments.md, Isolation): the repository (--repository, else
 * GITHUB_REPOSITORY) and the dbt project (the manifest's name, or --project; both given, they must agree).
 * --legacy: the environments and promotions a registry of before 1.1 recorded without a repository.
 */
export function envScopeOf(
  sub: Subcommand,
  values: ParsedValues,
  context: CliContext,
  manifestProject: string | null,
): EnvScope {
  const flagged = str(values, "project");
  if (flagged !== undefined && manifestProject !== null && flagged !== manifestProject) {
    throw new UserError(
      "usage",
      `--project is \`${flagged}\`, but the manifest's dbt project is \`${manifestProject}\`.`,
      { input: "--project" },
    );
  }
  const project = manifestProject ?? flagged;
  if (project === undefined || project === "") {
    throw new UserError(
      "usage",
      "Name the dbt project the environments belong to: --project NAME (or --manifest PATH, whose project it reads).",
      { input: "--project" },
    );
  }
  if (values.legacy === true) {
    if (!LEGACY_SUBCOMMANDS.includes(sub)) {
      throw new UserError(
        "usage",
        `--legacy is for ${LEGACY_SUBCOMMANDS.join(", ")} (of environments written before isolation), not for ${sub}.`,
        { input: "--legacy" },
      );
    }
    if (str(values, "repository") !== undefined || str(values, "repository-id") !== undefined) {
      throw new UserError(
        "usage",
        "--legacy acts on rows that name no repository: leave out --repository and --repository-id.",
        { input: "--legacy" },
      );
    }
    return { repository: null, repositoryId: null, project };
  }
  const given = str(values, "repository");
  const repository = given ?? context.repository;
  if (repository === undefined || repository === "") {
    throw new UserError(
      "usage",
      "Name the repository the environments belong to: --repository owner/name (GITHUB_REPOSITORY when it is set). An environment's identity is its repository, dbt project and pull request.",
      { input: "--repository" },
    );
  }
  // The id: --repository-id; else GITHUB_REPOSITORY_ID, only for GITHUB_REPOSITORY's own repository (not for
  // another one named by --repository); else left to the registry (environmentContext resolves it by name).
  const givenId = str(values, "repository-id");
  const repositoryId =
    givenId !== undefined
      ? checkRepositoryId(givenId, "--repository-id")
      : given === undefined && context.repositoryId
        ? checkRepositoryId(context.repositoryId, "GITHUB_REPOSITORY_ID")
        : undefined;
  return {
    repository: checkRepository(repository, given !== undefined ? "--repository" : "GITHUB_REPOSITORY"),
    ...(repositoryId !== undefined ? { repositoryId } : {}),
    project,
  };
}

/**
 * The manifest's project when `--manifest` is given (else null) and the scope
 * it belongs to, for the commands that may act without a manifest (cleanup,
 * rollback, gc, repair: `--project` names it then).
 */
export function optionalProjectScope(
  sub: Subcommand,
  values: ParsedValues,
  context: CliContext,
  progress?: Progress,
): { project: LoadedProject | null; envScope: EnvScope } {
  const project = str(values, "manifest")
    ? readProject(context, str(values, "manifest"), progress, str(values, "project-dir"))
    : null;
  return {
    project,
    envScope: envScopeOf(sub, values, context, project ? scopeOf(project, undefined).project : null),
  };
}

/** The environment's label: `pr-N` (--pr N) or --name; checked before anything is read. */
export function labelOf(values: ParsedValues, required = true): string | undefined {
  const name = str(values, "name");
  const pr = str(values, "pr");
  if (name !== undefined) return name;
  if (pr !== undefined) {
    if (!/^[1-9][0-9]{0,9}$/.test(pr)) {
      throw new UserError("usage", `--pr is \`${pr}\`, not a pull request number.`, { input: "--pr" });
    }
    return `pr-${Number(pr)}`;
  }
  if (required)
    throw new UserError("usage", "Name the environment with --pr NUMBER (or --name NAME).", {
      input: "--pr",
    });
  return undefined;
}

/** The environment's registry name in `scope` (environment-identity.ts). */
export function environmentOf(label: string, scope: EnvScope): string {
  return scopedName(scope, label);
}

export function positiveNumber(values: ParsedValues, name: string): number | undefined {
  const text = str(values, name);
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0) {
    throw new UserError("usage", `--${name} is \`${text}\`, not a number of days.`, { input: `--${name}` });
  }
  return value;
}

export function printJson(context: CliContext, value: unknown): void {
  context.stdout(`${JSON.stringify(value, null, 2)}\n`);
}
