/**
 * Prod's state as the `ods-state env` subcommands read it: the state
 * database (--state, default .ods/state.db) and the scope of the manifest
 * (--environment, default prod).
 */
import { existsSync } from "node:fs";
import { DEFAULT_ENVIRONMENT, DEFAULT_STATE_FILE, scopeOf } from "../../../app/scope.js";
import type { LoadedProject } from "../../../dbt/load-project.js";
import { UserError } from "../../../errors/user-error.js";
import type { StateSnapshot } from "../../../state/snapshot.js";
import type { CliContext, ParsedValues } from "../../command.js";
import type { Progress } from "../../progress.js";
import { openExistingState, readProject, readSourcesIfGiven, resolveFlagPath } from "../../project-inputs.js";
import { str } from "./env-flags.js";

/** What `env promote --state DB` (or `env rollback --state DB`) did to prod's state. */
export interface StateUpdate {
  file: string;
  scope: string;
  /** The new head; null when the state already recorded this promotion. */
  snapshot_id: string | null;
  nodes: string[];
}

export async function prodState(
  values: ParsedValues,
  context: CliContext,
  project: LoadedProject | null,
): Promise<StateSnapshot | null> {
  return (await prodHead(values, context, project))?.snapshot ?? null;
}

/**
 * Prod's state of the dbt project named `project` (cleanup and gc, which may act without a manifest:
 * `--project` names it): read from `--state` (default .ods/state.db, when it exists) like prodState, so
 * that the relations it records are never dropped.
 */
export async function prodStateOfProject(
  values: ParsedValues,
  context: CliContext,
  project: string,
): Promise<StateSnapshot | null> {
  const scope = { project, environment: str(values, "environment") ?? DEFAULT_ENVIRONMENT };
  return (await headOf(values, context, scope, "--project"))?.snapshot ?? null;
}

/** Prod's latest snapshot with its id (the head a commit of the promotion expects). */
export async function prodHead(
  values: ParsedValues,
  context: CliContext,
  project: LoadedProject | null,
): Promise<{ id: string; snapshot: StateSnapshot } | null> {
  const scope = project ? scopeOf(project, str(values, "environment")) : null;
  return headOf(values, context, scope, "the manifest");
}

async function headOf(
  values: ParsedValues,
  context: CliContext,
  scope: { project: string; environment: string } | null,
  projectFrom: "--project" | "the manifest",
): Promise<{ id: string; snapshot: StateSnapshot } | null> {
  const file = str(values, "state");
  if (file === undefined && scope === null) return null;
  const path = resolveFlagPath(context, file, DEFAULT_STATE_FILE);
  if (file !== undefined && !existsSync(path)) {
    // A --state that isn't there is a wrong path, not "no prod state yet": without prod's state nothing
    // can be reused, and an environment can't tell prod's relations from its own.
    throw new UserError("file_missing", `--state ${path} does not exist.`, { file: path, input: "--state" });
  }
  const store = await openExistingState(context, path);
  if (!store) return null;
  try {
    if (scope === null) return null;
    const latest = await store.latest(scope);
    if (!latest) {
      // A state file that holds only other dbt projects is the wrong file, not "no prod state yet".
      const projects = [...new Set((await store.scopes()).map((s) => s.scope.split("/")[0]!))];
      if (projects.length > 0 && !projects.includes(scope.project)) {
        throw new UserError(
          "state_other_project",
          `The state file ${path} holds dbt project${projects.length === 1 ? "" : "s"} ${projects.join(", ")}, but ${projectFrom === "--project" ? "--project names dbt project" : "the manifest's dbt project is"} ${scope.project}.`,
          { input: "--state" },
        );
      }
    }
    return latest ? { id: latest.id, snapshot: latest.snapshot } : null;
  } finally {
    await store.close();
  }
}

/** What create, refresh and promote read first: the manifest, its scope, sources.json, and prod's head. */
export async function planningInputs(values: ParsedValues, context: CliContext, progress: Progress) {
  const project = readProject(context, str(values, "manifest"), progress, str(values, "project-dir"));
  const scope = scopeOf(project, str(values, "environment"));
  const sources = readSourcesIfGiven(context, str(values, "sources"));
  progress.phase("reading prod's state");
  const head = await prodHead(values, context, project);
  return { project, scope, sources, head, prod: head?.snapshot ?? null };
}

/** The latest snapshot of `project` in the state file, or null when there is none. */
export async function latestState(
  context: CliContext,
  file: string,
  project: string,
  environment: string | undefined,
): Promise<StateSnapshot | null> {
  const store = await openExistingState(context, resolveFlagPath(context, file, DEFAULT_STATE_FILE));
  if (!store) return null;
  try {
    return (
      (await store.latest({ project, environment: environment ?? DEFAULT_ENVIRONMENT }))?.snapshot ?? null
    );
  } finally {
    await store.close();
  }
}
