/**
 * `ods-state env …`: pull request environments and promotion on merge
 * (docs/environments.md). One command with a subcommand, so that the
 * registry of commands gains one line.
 */
import { existsSync } from "node:fs";
import { scopeOf } from "../../app/scope.js";
import type { LoadedProject } from "../../dbt/load-project.js";
import {
  applyPromotion,
  applyRecordedRollbacks,
  checkRepository,
  cleanupEnvironment,
  createEnvironment,
  type EnvContext,
  type EnvScope,
  environmentBaseline,
  environmentContext,
  openWarehouse,
  parseWarehouseSpec,
  planPromotion,
  promote,
  recordEnvironmentBuilds,
  recordedRollbacks,
  repairEnvironments,
  rollbackPromotion,
  runJanitor,
  scopedName,
  timeoutsFrom,
} from "../../env/index.js";
import type { PromotionResult } from "../../env/promotion/promote.js";
import type { Warehouse } from "../../env/warehouse.js";
import { isUserError, UserError } from "../../errors/user-error.js";
import { plan } from "../../planner/plan.js";
import type { Scope } from "../../state/scope.js";
import type { StateSnapshot } from "../../state/snapshot.js";
import { DEFAULT_STATE_FILE as DEFAULT_STATE } from "../../store/sqlite-store.js";
import type { CliContext, Command, ParsedValues } from "../command.js";
import { createProgress, type Progress } from "../progress.js";
import {
  openExistingState,
  openStateForWriting,
  PROJECT_DIR_HELP,
  PROJECT_DIR_OPTION,
  readProject,
  readRunResults,
  readSourcesIfGiven,
  resolveFlagPath,
  targetOf,
} from "../project-inputs.js";

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
] as const;
type Subcommand = (typeof ENV_SUBCOMMANDS)[number];
const LEGACY_SUBCOMMANDS: readonly string[] = ["cleanup", "rollback", "gc"];

const str = (values: ParsedValues, name: string): string | undefined => values[name] as string | undefined;

function formatOf(values: ParsedValues): "text" | "json" {
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
function envScopeOf(
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
    if (str(values, "repository") !== undefined) {
      throw new UserError("usage", "--legacy acts on rows that name no repository: leave out --repository.", {
        input: "--legacy",
      });
    }
    return { repository: null, project };
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
  return {
    repository: checkRepository(repository, given !== undefined ? "--repository" : "GITHUB_REPOSITORY"),
    project,
  };
}

/** The environment's label: `pr-N` (--pr N) or --name; checked before anything is read. */
/**
 * The manifest's project when `--manifest` is given (else null) and the scope
 * it belongs to, for the commands that may act without a manifest (cleanup,
 * rollback, gc, repair: `--project` names it then).
 */
function optionalProjectScope(
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

function labelOf(values: ParsedValues, required = true): string | undefined {
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
function environmentOf(label: string, scope: EnvScope): string {
  return scopedName(scope, label);
}

function positiveNumber(values: ParsedValues, name: string): number | undefined {
  const text = str(values, name);
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0) {
    throw new UserError("usage", `--${name} is \`${text}\`, not a number of days.`, { input: `--${name}` });
  }
  return value;
}

async function withWarehouse<T>(
  values: ParsedValues,
  context: CliContext,
  scope: EnvScope,
  work: (ctx: EnvContext, warehouse: Warehouse) => Promise<T>,
  options: { create?: boolean; progress?: Progress } = {},
): Promise<T | null> {
  const given = str(values, "warehouse");
  const spec = parseWarehouseSpec(
    given ?? context.warehouse,
    context.cwd,
    given !== undefined ? "--warehouse" : "ODS_WAREHOUSE",
  );
  const timeouts = timeoutsFrom((kind) => str(values, `${kind}-timeout`), "flag");
  options.progress?.phase("connecting to the warehouse");
  const warehouse = await openWarehouse(spec, timeouts);
  try {
    const ctx = await environmentContext(warehouse, {
      now: new Date().toISOString(),
      scope,
      ...(str(values, "meta-schema") ? { metaSchema: str(values, "meta-schema") } : {}),
      create: options.create ?? true,
    });
    if (!ctx) return null;
    return await work(ctx, warehouse);
  } finally {
    await warehouse.close();
  }
}

async function prodState(
  values: ParsedValues,
  context: CliContext,
  project: LoadedProject | null,
): Promise<StateSnapshot | null> {
  return (await prodHead(values, context, project))?.snapshot ?? null;
}

/** Prod's latest snapshot with its id (the head a commit of the promotion expects). */
async function prodHead(
  values: ParsedValues,
  context: CliContext,
  project: LoadedProject | null,
): Promise<{ id: string; snapshot: StateSnapshot } | null> {
  const file = str(values, "state");
  if (file === undefined && project === null) return null;
  const path = resolveFlagPath(context, file, DEFAULT_STATE);
  if (file !== undefined && !existsSync(path)) {
    // A --state that isn't there is a wrong path, not "no prod state yet": without prod's state nothing
    // can be reused, and an environment can't tell prod's relations from its own.
    throw new UserError("file_missing", `--state ${path} does not exist.`, { file: path, input: "--state" });
  }
  const store = await openExistingState(context, path);
  if (!store) return null;
  try {
    if (project === null) return null;
    const scope = scopeOf(project, str(values, "environment"));
    const latest = await store.latest(scope);
    if (!latest) {
      // A state file that holds only other dbt projects is the wrong file, not "no prod state yet".
      const projects = [...new Set((await store.scopes()).map((s) => s.scope.split("/")[0]!))];
      if (projects.length > 0 && !projects.includes(scope.project)) {
        throw new UserError(
          "state_other_project",
          `The state file ${path} holds dbt project${projects.length === 1 ? "" : "s"} ${projects.join(", ")}, but the manifest's dbt project is ${scope.project}.`,
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
async function planningInputs(values: ParsedValues, context: CliContext, progress: Progress) {
  const project = readProject(context, str(values, "manifest"), progress, str(values, "project-dir"));
  const scope = scopeOf(project, str(values, "environment"));
  const sources = readSourcesIfGiven(context, str(values, "sources"));
  progress.phase("reading prod's state");
  const head = await prodHead(values, context, project);
  return { project, scope, sources, head, prod: head?.snapshot ?? null };
}

function printJson(context: CliContext, value: unknown): void {
  context.stdout(`${JSON.stringify(value, null, 2)}\n`);
}

async function createOrRefresh(values: ParsedValues, context: CliContext, sub: Subcommand): Promise<number> {
  const label = labelOf(values)!;
  const format = formatOf(values);
  const progress = createProgress(context);
  const { project, scope, sources, prod } = await planningInputs(values, context, progress);
  const envScope = envScopeOf(sub, values, context, scope.project);
  const name = environmentOf(label, envScope);
  await withWarehouse(
    values,
    context,
    envScope,
    async (ctx) => {
      if (sub === "refresh" && !(await ctx.registry.environment(name))) {
        throw new UserError(
          "environment_unknown",
          `There is no environment ${name} in ${ctx.warehouse.label} to refresh.`,
          { hint: "Create it with `ods-state env create` (the same flags)." },
        );
      }
      progress.phase(`planning ${name} over prod and its own builds`);
      const baseline = await environmentBaseline(ctx, name, prod, project);
      const planned = plan({
        project,
        scope,
        state: baseline ? { id: "baseline", snapshot: baseline } : null,
        sources,
        select: [],
        now: ctx.now,
        target: targetOf(project, scope, str(values, "target")),
        pointers: true,
      });
      const pr = str(values, "pr");
      progress.phase(
        `${values["dry-run"] === true ? "checking" : sub === "create" ? "creating" : "refreshing"} environment ${name}`,
      );
      const change = await createEnvironment(ctx, {
        name,
        project: scope.project,
        prNumber: pr !== undefined ? Number(pr) : null,
        headSha: str(values, "head-sha") ?? null,
        plan: planned,
        prod,
        dryRun: values["dry-run"] === true,
      });
      progress.done();
      if (format === "json") {
        printJson(context, {
          ...change,
          select: planned.select,
          exclude: planned.exclude,
          select_terms: planned.select_terms,
          select_exact: planned.select_exact,
          build_command: planned.build_command,
        });
        return;
      }
      const verb = change.dry_run ? "would change" : sub === "create" ? "created" : "refreshed";
      context.stdout(
        `Environment ${name} (${ctx.warehouse.label}): ${verb}; ${change.pointers} pointer view${change.pointers === 1 ? "" : "s"} to prod, ${change.in_place} reused in place, ${planned.summary.build} to build.\n`,
      );
      for (const action of change.actions) {
        context.stdout(
          `  ${action.action.padEnd(20)} ${action.object}${action.reads ? ` → ${action.reads}` : ""}\n`,
        );
      }
      if (planned.build_command) context.stdout(`Then: ${planned.build_command}\n`);
    },
    { progress },
  ).finally(() => progress.done());
  return 0;
}

async function recordBuilds(values: ParsedValues, context: CliContext): Promise<number> {
  const label = labelOf(values)!;
  const progress = createProgress(context);
  const project = readProject(context, str(values, "manifest"), progress, str(values, "project-dir"));
  const envScope = envScopeOf("record", values, context, scopeOf(project, undefined).project);
  const name = environmentOf(label, envScope);
  const buildManifest = str(values, "build-manifest");
  const buildProject = buildManifest
    ? readProject(context, buildManifest, progress, str(values, "project-dir"))
    : null;
  const runResults = readRunResults(context, str(values, "run-results"));
  const sources = readSourcesIfGiven(context, str(values, "sources"));
  await withWarehouse(values, context, envScope, async (ctx) => {
    progress.phase(`recording the builds of ${name}`);
    const outcome = await recordEnvironmentBuilds(ctx, { name, project, buildProject, runResults, sources });
    progress.done();
    if (formatOf(values) === "json") printJson(context, outcome);
    else {
      context.stdout(
        `Recorded run ${outcome.run_id} in environment ${name}: ${outcome.built.length} built, ${outcome.failed.length} failed${outcome.ignored.length > 0 ? `, ${outcome.ignored.length} not recorded` : ""}.\n`,
      );
      for (const ignored of outcome.ignored)
        context.stdout(`  not recorded: ${ignored.unique_id}: ${ignored.reason}\n`);
    }
  });
  return 0;
}

async function cleanup(values: ParsedValues, context: CliContext): Promise<number> {
  const label = labelOf(values)!;
  const progress = createProgress(context);
  const { project, envScope } = optionalProjectScope("cleanup", values, context, progress);
  const name = environmentOf(label, envScope);
  const prod = await prodState(values, context, project);
  let code = 0;
  await withWarehouse(values, context, envScope, async (ctx) => {
    progress.phase(`${values["dry-run"] === true ? "listing" : "dropping"} what environment ${name} owns`);
    const report = await cleanupEnvironment(ctx, { name, prod, dryRun: values["dry-run"] === true });
    progress.done();
    if (!report.found) {
      throw new UserError(
        "environment_unknown",
        `There is no environment ${name} in ${ctx.warehouse.label}.`,
      );
    }
    if (formatOf(values) === "json") printJson(context, report);
    else {
      const verb = report.dry_run ? "would drop" : "dropped";
      context.stdout(
        `Environment ${name}: ${verb} ${report.dropped.length} object${report.dropped.length === 1 ? "" : "s"}.\n`,
      );
      for (const object of report.dropped)
        context.stdout(`  ${object.kind.padEnd(6)} ${object.object} (${object.why})\n`);
      for (const kept of report.kept) context.stdout(`  kept   ${kept.schema}: ${kept.reason}\n`);
      for (const failed of report.failed) context.stdout(`  failed ${failed.object}: ${failed.error}\n`);
    }
    if (!report.dry_run && !report.complete) code = 1;
  });
  return code;
}

/** What `env promote --state DB` did to prod's state. */
interface StateUpdate {
  file: string;
  scope: string;
  /** The new head; null when the state already recorded this promotion. */
  snapshot_id: string | null;
  nodes: string[];
}

/**
 * Writes a committed promotion into prod's state (applyPromotion), so that
 * `ods-state record` of the rest of the run takes the promoted builds as the
 * parents' runs and the next plan reuses the promoted nodes. Commits against
 * the head the promotion was planned on (a run that committed in between
 * makes it a conflict, not a silent overwrite). A rerun after the warehouse
 * committed but the state was not written finds the promotion
 * `already_committed` and writes it then; when the state already records it,
 * nothing is written.
 */
async function writePromotion(
  context: CliContext,
  file: string,
  scope: Scope,
  head: { id: string; snapshot: StateSnapshot },
  result: PromotionResult,
  promotedBy: string,
  now: string,
): Promise<StateUpdate> {
  const nodes = result.promoted.map((node) => node.unique_id);
  const recorded = result.promoted.every((node) => {
    const current = head.snapshot.nodes[node.unique_id];
    return current?.run_id === node.pr_run_id && current.promoted_by !== undefined;
  });
  const key = `${scope.project}/${scope.environment}`;
  if (recorded) return { file, scope: key, snapshot_id: null, nodes };
  const applied = applyPromotion(head.snapshot, result.promoted, { promotedBy });
  // Nothing left for dbt to build: the promotion is the whole change to prod, recorded complete under the
  // promoting run (as the action records it). Otherwise the record of the rest settles it (pending-promotion.ts).
  const snapshot = result.select === "" ? { ...applied, run_id: promotedBy, created_at: now } : applied;
  const store = await openStateForWriting(context, file);
  try {
    const committed = await store.commit(scope, head.id, snapshot);
    return { file, scope: key, snapshot_id: committed.id, nodes };
  } catch (error) {
    if (!isUserError(error)) throw error;
    throw new UserError(
      error.code,
      `Promotion ${result.id ?? ""} is committed in the warehouse, but prod's state in ${file} was not updated: ${error.message}`,
      {
        file,
        hint: "Run the same `ods-state env promote` again (with the same --promoted-by): the warehouse reports the promotion as already committed and the state is written then.",
      },
    );
  } finally {
    await store.close();
  }
}

async function promoteCommand(values: ParsedValues, context: CliContext): Promise<number> {
  const label = labelOf(values)!;
  const format = formatOf(values);
  const progress = createProgress(context);
  const { project, scope, sources, head, prod } = await planningInputs(values, context, progress);
  const envScope = envScopeOf("promote", values, context, scope.project);
  const name = environmentOf(label, envScope);
  const dryRun = values["dry-run"] === true;
  const stateFile = str(values, "state");
  await withWarehouse(
    values,
    context,
    envScope,
    async (ctx) => {
      // No such environment is an error, not "nothing to promote".
      const environment = await ctx.registry.environment(name);
      if (!environment || environment.status === "removed") {
        throw new UserError(
          "environment_unknown",
          `There is no environment ${name} in ${ctx.warehouse.label}${environment ? " any more (it was removed)" : ""}: nothing can be promoted from it.`,
        );
      }
      progress.phase(`planning main over prod (${project.fingerprints.size} nodes)`);
      const mainPlan = plan({
        project,
        scope,
        state: head ? { id: head.id, snapshot: head.snapshot } : null,
        sources,
        select: [],
        now: ctx.now,
        target: targetOf(project, scope, str(values, "target")),
      });
      progress.phase(`deciding what ${name} promotes`);
      const decided = await planPromotion(ctx, { environment: name, plan: mainPlan, project, prod, sources });
      const retentionDays = positiveNumber(values, "retention-days");
      const promotedBy = str(values, "promoted-by") ?? `ods-state-cli@${ctx.now}`;
      progress.phase(
        `${dryRun ? "checking" : "promoting"} ${decided.candidates.length} table${decided.candidates.length === 1 ? "" : "s"} from ${name}`,
      );
      const result = await promote(ctx, {
        plan: decided,
        mainPlan,
        mainProject: project,
        promotedBy,
        allowNonAtomic: values["allow-non-atomic"] === true,
        dryRun,
        ...(retentionDays !== undefined ? { retentionDays } : {}),
      });
      let state: StateUpdate | null = null;
      const committed = result.status === "committed" || result.status === "already_committed";
      if (stateFile !== undefined && head && !dryRun && committed && result.promoted.length > 0) {
        progress.phase("writing the promotion into prod's state");
        state = await writePromotion(
          context,
          resolveFlagPath(context, stateFile, DEFAULT_STATE),
          scope,
          head,
          result,
          promotedBy,
          ctx.now,
        );
      }
      progress.done();
      if (format === "json") {
        printJson(context, { ...result, state });
        return;
      }
      const promoted = result.decisions.filter((d) => d.promotable).length;
      context.stdout(
        `Promotion from ${name} (${result.status}${result.id ? ` ${result.id}` : ""}): ${promoted} of ${result.decisions.length} built node${result.decisions.length === 1 ? "" : "s"} ${result.status === "dry_run" ? "would be" : "are"} promoted.\n`,
      );
      for (const decision of result.decisions) {
        context.stdout(
          `  ${decision.promotable ? "PROMOTE" : "BUILD  "} ${decision.name}: ${decision.reason.message}\n`,
        );
      }
      for (const kept of result.views.kept)
        context.stdout(
          `  ${kept.table}: owner ${kept.owner} and ${kept.privileges} privilege${kept.privileges === 1 ? "" : "s"} kept from the replaced table\n`,
        );
      for (const view of result.views.materialized)
        context.stdout(`  materialized view ${view} recreated over the promoted table\n`);
      for (const left of result.views.left)
        context.stdout(`  warning: view ${left.view} still reads the replaced table: ${left.error}\n`);
      if (state?.snapshot_id) {
        context.stdout(
          `State updated: ${state.scope} in ${state.file} records ${state.nodes.length} promoted node${state.nodes.length === 1 ? "" : "s"} (snapshot ${state.snapshot_id}); record the rest of the run with \`ods-state record\`.\n`,
        );
      } else if (state) {
        context.stdout(`State: ${state.scope} in ${state.file} already records this promotion.\n`);
      } else if (committed && result.promoted.length > 0) {
        context.stdout(
          stateFile === undefined
            ? "State not updated (no --state): give --state DB to write the promotion into prod's state, or the next plan builds these nodes again.\n"
            : `State not updated: ${stateFile} has no state of ${scope.project}/${scope.environment} to record the promotion in.\n`,
        );
      }
      if (result.build_command) context.stdout(`Then: ${result.build_command}\n`);
      if (!result.select_exact) {
        const extra = result.select_extra?.length ?? 0;
        context.stdout(
          `warning: no exact dbt selection of the rest fits the bounds: the command runs ${extra} node${extra === 1 ? "" : "s"} and test${extra === 1 ? "" : "s"} beyond it (more, never less; \`--format json\` lists them under select_extra).\n`,
        );
      }
    },
    { progress },
  ).finally(() => progress.done());
  return 0;
}

async function rollback(values: ParsedValues, context: CliContext): Promise<number> {
  const label = labelOf(values, false);
  const { envScope } = optionalProjectScope("rollback", values, context);
  const environment = label !== undefined ? environmentOf(label, envScope) : undefined;
  const stateFile = str(values, "state");
  await withWarehouse(values, context, envScope, async (ctx) => {
    const result = await rollbackPromotion(ctx, {
      ...(str(values, "id") ? { id: str(values, "id") } : {}),
      ...(environment ? { environment } : {}),
      resume: values.resume === true,
      allowNonAtomic: values["allow-non-atomic"] === true,
      dryRun: values["dry-run"] === true,
      // With --state, a later run of a promoted node recorded there refuses the rollback too.
      ...(stateFile !== undefined
        ? {
            prodState: (project: string) =>
              latestState(context, stateFile, project, str(values, "environment")),
          }
        : {}),
    });
    // With --state (given explicitly), prod's state stops recording the rolled-back builds now; without it,
    // the next action run with the warehouse reconciles the state it restores (src/env/promotion/reconcile.ts).
    const state =
      stateFile !== undefined && values["dry-run"] !== true && result.id !== null
        ? await writeRollback(
            context,
            resolveFlagPath(context, stateFile, DEFAULT_STATE),
            ctx,
            result.id,
            str(values, "environment"),
          )
        : null;
    if (formatOf(values) === "json") {
      printJson(context, { ...result, ...(state ? { state } : {}) });
      return;
    }
    context.stdout(
      `Rollback${result.id ? ` of promotion ${result.id}` : ""}: ${result.status.replaceAll("_", " ")}.\n`,
    );
    for (const node of result.restored) {
      context.stdout(
        `  ${node.target.schema}.${node.target.identifier}: prod's previous table is back; the promoted one is kept as ${node.promoted_kept_as.identifier}\n`,
      );
    }
    for (const view of result.views?.materialized ?? [])
      context.stdout(`  materialized view ${view} recreated over the restored table\n`);
    for (const left of result.views?.left ?? [])
      context.stdout(`  warning: view ${left.view} still reads the promoted table: ${left.error}\n`);
    for (const id of result.resumed) context.stdout(`  finished interrupted promotion ${id}\n`);
    if (state) {
      context.stdout(
        state.snapshot_id
          ? `State updated: ${state.scope} in ${state.file} records ${state.nodes.length} node${state.nodes.length === 1 ? "" : "s"} as their previous builds again (snapshot ${state.snapshot_id}).\n`
          : `State: ${state.scope} in ${state.file} records no build of this promotion.\n`,
      );
    } else if (stateFile === undefined && result.status === "rolled_back") {
      context.stdout(
        "Prod's state was not given (--state): the next action run with this warehouse counts these nodes as their previous builds.\n",
      );
    }
  });
  return 0;
}

/** The latest snapshot of `project` in the state file, or null when there is none. */
async function latestState(
  context: CliContext,
  file: string,
  project: string,
  environment: string | undefined,
): Promise<StateSnapshot | null> {
  const store = await openExistingState(context, resolveFlagPath(context, file, DEFAULT_STATE));
  if (!store) return null;
  try {
    return (await store.latest({ project, environment: environment ?? "prod" }))?.snapshot ?? null;
  } finally {
    await store.close();
  }
}

/** Prod's state without the rolled-back promotion's builds (the same reconciliation the action applies). */
async function writeRollback(
  context: CliContext,
  file: string,
  ctx: EnvContext,
  promotionId: string,
  environment: string | undefined,
): Promise<StateUpdate> {
  const promotion = (await ctx.registry.promotions({ id: promotionId }))[0];
  const scope: Scope = { project: promotion?.project ?? "", environment: environment ?? "prod" };
  const key = `${scope.project}/${scope.environment}`;
  const none: StateUpdate = { file, scope: key, snapshot_id: null, nodes: [] };
  if (!promotion || !existsSync(file)) return none;
  const store = await openStateForWriting(context, file);
  try {
    const head = await store.latest(scope);
    if (!head) return none;
    const rollbacks = (await recordedRollbacks(ctx, scope.project)).filter(
      (r) => r.promotion_id === promotionId,
    );
    const { snapshot, reverted } = applyRecordedRollbacks(head.snapshot, rollbacks);
    if (reverted.length === 0) return none;
    const committed = await store.commit(scope, head.id, snapshot);
    return { file, scope: key, snapshot_id: committed.id, nodes: reverted };
  } finally {
    await store.close();
  }
}

async function list(values: ParsedValues, context: CliContext): Promise<number> {
  // Read only: every environment of the registry, with the repository and dbt project it belongs to.
  const everyone: EnvScope = { repository: null, project: "" };
  const found = await withWarehouse(
    values,
    context,
    everyone,
    async (ctx) => {
      const environments = [];
      for (const environment of await ctx.registry.environments()) {
        environments.push({
          ...environment,
          objects: (await ctx.registry.objects(environment.name)).length,
          pointers: (await ctx.registry.pointers(environment.name)).length,
          builds: (await ctx.registry.builds(environment.name)).length,
        });
      }
      const promotions = await ctx.registry.promotions();
      if (formatOf(values) === "json") {
        printJson(context, { environments, promotions });
        return true;
      }
      context.stdout(`Environments in ${ctx.warehouse.label}:\n`);
      if (environments.length === 0) context.stdout("  (none)\n");
      for (const e of environments) {
        const owner = e.repository === null ? `legacy (${e.project})` : `${e.repository} ${e.project}`;
        context.stdout(
          `  ${e.name.padEnd(12)} ${owner}: ${e.status.padEnd(8)} ${e.pointers} pointers, ${e.builds} builds, ${e.objects} objects; updated ${e.updated_at}${e.closed_at ? `, closed ${e.closed_at}` : ""}\n`,
        );
      }
      context.stdout("Promotions:\n");
      if (promotions.length === 0) context.stdout("  (none)\n");
      for (const p of promotions) {
        context.stdout(
          `  ${p.id} from ${p.environment}${p.repository === null ? " (legacy)" : ""}: ${p.status}, by ${p.promoted_by}, ${p.created_at}; kept until ${p.retain_until}\n`,
        );
      }
      return true;
    },
    { create: false },
  );
  if (found === null) {
    if (formatOf(values) === "json") printJson(context, { environments: [], promotions: [] });
    else context.stdout("No environment registry in this warehouse yet.\n");
  }
  return 0;
}

async function gc(values: ParsedValues, context: CliContext): Promise<number> {
  const retentionDays = positiveNumber(values, "retention-days");
  const { project, envScope } = optionalProjectScope("gc", values, context);
  const prod = await prodState(values, context, project);
  const open = str(values, "open-prs");
  let openPullRequests: Set<number> | undefined;
  if (open !== undefined) {
    const parts = open
      .split(",")
      .map((p) => p.trim())
      .filter((p) => p !== "");
    if (parts.some((p) => !/^[0-9]+$/.test(p))) {
      throw new UserError(
        "usage",
        `--open-prs is \`${open}\`: give pull request numbers separated by commas.`,
        { input: "--open-prs" },
      );
    }
    openPullRequests = new Set(parts.map(Number));
  }
  const done = await withWarehouse(
    values,
    context,
    envScope,
    async (ctx) => {
      const report = await runJanitor(ctx, {
        prod,
        dryRun: values["dry-run"] === true,
        ...(retentionDays !== undefined ? { retentionDays } : {}),
        ...(openPullRequests ? { openPullRequests } : {}),
      });
      if (formatOf(values) === "json") {
        printJson(context, report);
        return;
      }
      const verb = report.dry_run ? "would remove" : "removed";
      context.stdout(
        `Janitor: ${verb} ${report.environments.length} environment${report.environments.length === 1 ? "" : "s"}, ${report.expired_promotions.length} expired promotion${report.expired_promotions.length === 1 ? "" : "s"}.\n`,
      );
      for (const e of report.environments)
        context.stdout(`  environment ${e.environment}: ${e.dropped.length} objects\n`);
      for (const p of report.expired_promotions)
        context.stdout(`  promotion ${p.id}: ${p.dropped.join(", ") || "nothing left to drop"}\n`);
      for (const name of report.marked_closed)
        context.stdout(`  ${name}: its pull request is closed; removed after the retention\n`);
      for (const problem of report.problems)
        context.stdout(`  could not drop ${problem.object}: ${problem.error}\n`);
      return true;
    },
    { create: false },
  );
  if (done === null) {
    const empty = {
      dry_run: values["dry-run"] === true,
      environments: [],
      marked_closed: [],
      expired_promotions: [],
      problems: [],
    };
    if (formatOf(values) === "json") printJson(context, empty);
    else context.stdout("No environment registry in this warehouse yet: nothing to collect.\n");
  }
  return 0;
}

/**
 * `env repair`: recreates the pointer views of open environments (or the one
 * named) that a prod rebuild dropped (PostgreSQL's DROP … CASCADE); reports
 * those whose prod relation is gone. Exit 1 when an environment's repair
 * failed (it is left as it was).
 */
async function repair(values: ParsedValues, context: CliContext): Promise<number> {
  const label = labelOf(values, false);
  const { project, envScope } = optionalProjectScope("repair", values, context);
  const name = label !== undefined ? environmentOf(label, envScope) : undefined;
  const prod = await prodState(values, context, project);
  const dryRun = values["dry-run"] === true;
  const report = await withWarehouse(
    values,
    context,
    envScope,
    (ctx) => repairEnvironments(ctx, { ...(name !== undefined ? { name } : {}), prod, dryRun }),
    { create: false },
  );
  if (report === null) {
    if (name !== undefined) {
      throw new UserError(
        "environment_unknown",
        `There is no environment ${name}: this warehouse has no environment registry.`,
      );
    }
    if (formatOf(values) === "json")
      printJson(context, { dry_run: dryRun, environments: [], repaired: 0, unrepairable: 0, failed: 0 });
    else context.stdout("No environment registry in this warehouse yet: nothing to repair.\n");
    return 0;
  }
  if (formatOf(values) === "json") printJson(context, report);
  else {
    const verb = report.dry_run ? "would recreate" : "recreated";
    context.stdout(
      `Repair: ${verb} ${report.repaired} pointer view${report.repaired === 1 ? "" : "s"} in ${report.environments.length} environment${report.environments.length === 1 ? "" : "s"}; ${report.unrepairable} whose prod relation is gone; ${report.failed} failed.\n`,
    );
    for (const e of report.environments) {
      for (const r of e.repaired)
        context.stdout(`  ${e.environment}: ${r.pointer} → ${r.reads} (${r.was})\n`);
      for (const u of e.unrepairable) context.stdout(`  ${e.environment}: not repaired: ${u.reason}\n`);
      if (e.error !== null) context.stdout(`  ${e.environment}: failed, left as it was: ${e.error}\n`);
    }
  }
  return report.failed > 0 && !report.dry_run ? 1 : 0;
}

export const envCommand: Command = {
  name: "env",
  summary:
    "pull request environments in the warehouse: create, refresh, record, cleanup, promote, rollback, list, gc, repair",
  usage: [
    "env create|refresh --pr N --manifest PR_MANIFEST [--repository O/R] [--state DB] [--sources PATH] [--warehouse W] [--dry-run]",
    "env record --pr N --manifest PR_MANIFEST --run-results PATH [--repository O/R] [--build-manifest PATH] [--sources PATH] [--warehouse W]",
    "env cleanup --pr N (--project P | --manifest PATH) [--repository O/R | --legacy] [--state DB] [--warehouse W] [--dry-run]",
    "env promote --pr N --manifest MAIN_MANIFEST [--repository O/R] [--state DB] [--sources PATH] [--promoted-by RUN] [--allow-non-atomic] [--warehouse W] [--dry-run]",
    "env rollback [--id PROMOTION | --pr N] (--project P | --manifest PATH) [--repository O/R | --legacy] [--state DB] [--resume] [--allow-non-atomic] [--warehouse W] [--dry-run]",
    "env list [--warehouse W]",
    "env gc (--project P | --manifest PATH) [--repository O/R | --legacy] [--retention-days N] [--open-prs 1,2] [--state DB] [--warehouse W] [--dry-run]",
    "env repair (--project P | --manifest PATH) [--repository O/R] [--pr N] [--state DB] [--warehouse W] [--dry-run]",
  ],
  optionHelp: {
    warehouse:
      "duckdb:PATH or postgres://USER@HOST:PORT/DATABASE (default: ODS_WAREHOUSE); a secret: never printed or stored",
    "meta-schema": "the schema of the environment registry; default ods_meta",
    "connect-timeout":
      "how long to wait for the warehouse to accept the connection: 30 (seconds), 500ms, 2m…; default 30s; 0: no limit",
    "statement-timeout":
      "how long one statement may run before it is cancelled (PostgreSQL statement_timeout; DuckDB: interrupted); default 10m; 0: no limit",
    "lock-timeout":
      "how long to wait for a lock another session holds (PostgreSQL lock_timeout; DuckDB: the file another process has open); default 60s; 0: no limit",
    repository:
      "the repository the environments belong to, owner/name (default: GITHUB_REPOSITORY); an environment is its repository's, dbt project's and pull request's",
    project:
      "the dbt project the environments belong to, when no --manifest names it (cleanup, rollback, gc)",
    legacy:
      "cleanup/rollback/gc: act on the environments and promotions of --project that a registry before 1.1 recorded without a repository",
    pr: "the pull request number (the environment is owner/name:project:pr-N); repair: only that environment (default: every open one)",
    name: "the environment's label instead of pr-N (letters, digits, _ . -)",
    manifest:
      "create/refresh/record: the PR's manifest compiled with the CI target; promote, repair: main's manifest",
    state: `the state database (prod's state); default ${DEFAULT_STATE}. promote/rollback: given explicitly, a committed promotion (or its rollback) is written into it`,
    environment: "the state scope's environment (prod's); default prod",
    target: "the dbt target prod's state was recorded for; default: the environment",
    sources: "dbt's sources.json (`dbt source freshness`)",
    "head-sha": "create/refresh: the pull request's head commit, recorded with the environment",
    "run-results": "record: run_results.json of the PR's `dbt build`",
    "build-manifest":
      "record: the manifest that `dbt build` wrote (checks that the code built is the code planned)",
    "promoted-by": "promote: the default-branch run promoting (recorded as promoted_by)",
    "allow-non-atomic":
      "promote/rollback: use the staged and journaled protocol where the warehouse can't switch all tables at once",
    "retention-days":
      "promote: how long replaced prod tables are kept; gc: how long closed environments are kept (default 3)",
    id: "rollback: the promotion (default: the latest committed one)",
    resume: "rollback: finish an interrupted promotion or rollback from the registry's journal",
    "open-prs": "gc: the pull requests still open; other open environments are closed now",
    "dry-run": "list what would change, change nothing",
    format: "text (default) or json",
    ...PROJECT_DIR_HELP,
  },
  options: {
    warehouse: { type: "string" },
    "meta-schema": { type: "string" },
    "connect-timeout": { type: "string" },
    "statement-timeout": { type: "string" },
    "lock-timeout": { type: "string" },
    repository: { type: "string" },
    project: { type: "string" },
    legacy: { type: "boolean" },
    pr: { type: "string" },
    name: { type: "string" },
    manifest: { type: "string" },
    state: { type: "string" },
    environment: { type: "string" },
    target: { type: "string" },
    sources: { type: "string" },
    "head-sha": { type: "string" },
    "run-results": { type: "string" },
    "build-manifest": { type: "string" },
    "promoted-by": { type: "string" },
    "allow-non-atomic": { type: "boolean" },
    "retention-days": { type: "string" },
    id: { type: "string" },
    resume: { type: "boolean" },
    "open-prs": { type: "string" },
    "dry-run": { type: "boolean" },
    format: { type: "string" },
    ...PROJECT_DIR_OPTION,
  },
  positionals: {
    name: "SUBCOMMAND (create, refresh, record, cleanup, promote, rollback, list, gc, repair)",
    required: true,
  },
  examples: [
    "ods-state env create --pr 7 --manifest target/manifest.json --sources target/sources.json --warehouse duckdb:shop.duckdb",
    "ods-state env record --pr 7 --manifest pr/manifest.json --run-results target/run_results.json",
    "ods-state env promote --pr 7 --manifest target/manifest.json --sources target/sources.json --dry-run",
    "ods-state env promote --pr 7 --manifest target/manifest.json --sources target/sources.json --state .ods/state.db --promoted-by main-run-42",
    "ods-state env cleanup --pr 7 --dry-run",
    "ods-state env gc --retention-days 3",
    "ods-state env cleanup --pr 7 --project shop --repository acme/analytics --dry-run",
    "ods-state env cleanup --pr 7 --project shop --legacy",
    "ods-state env gc --project shop --retention-days 3",
    "ods-state env repair --state .ods/state.db --manifest target/manifest.json",
  ],
  async run(values, positionals, context) {
    const [sub, ...extra] = positionals;
    if (!(ENV_SUBCOMMANDS as readonly string[]).includes(sub ?? "") || extra.length > 0) {
      throw new UserError(
        "usage",
        `ods-state env: ${sub === undefined ? "missing subcommand" : extra.length > 0 ? `unexpected \`${extra[0]}\`` : `unknown subcommand \`${sub}\``}; one of ${ENV_SUBCOMMANDS.join(", ")}.`,
        { hint: "Run `ods-state env --help` for the usage." },
      );
    }
    switch (sub as Subcommand) {
      case "create":
      case "refresh":
        return createOrRefresh(values, context, sub as Subcommand);
      case "record":
        return recordBuilds(values, context);
      case "cleanup":
        return cleanup(values, context);
      case "promote":
        return promoteCommand(values, context);
      case "rollback":
        return rollback(values, context);
      case "list":
        return list(values, context);
      case "gc":
        return gc(values, context);
      case "repair":
        return repair(values, context);
    }
  },
};
