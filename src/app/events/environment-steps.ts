/**
 * The warehouse part of the lifecycle (ADR-0028, phase 1), used when the
 * `warehouse` input is set: a pull request gets a complete environment (its
 * schemas, and a pointer view for every reused node reading prod's build)
 * before dbt builds the rest into it; its builds are recorded after; it is
 * dropped when the pull request closes without merging. Forks and
 * pull_request_target never get one. The flows are the use cases of
 * src/app/environment/; these steps of the action's events read its inputs
 * and run, hold the step's one warehouse session (`withWarehouseSession`)
 * and log.
 */
import type { RunResults } from "../../dbt/artifacts/run-results.js";
import type { SourcesFreshness } from "../../dbt/artifacts/sources.js";
import type { LoadedProject } from "../../dbt/load-project.js";
import { parseWarehouseSpec } from "../../drivers/open.js";
import {
  checkRepository,
  type EnvContext,
  type EnvScope,
  environmentContext,
  environmentName,
  type IncrementalStart,
  type RecordedRollback,
} from "../../environment/index.js";
import { UserError } from "../../errors/user-error.js";
import type { ActionInputs } from "../../github/action-inputs.js";
import type { RunEnvironment } from "../../github/event.js";
import type { Plan } from "../../state/plan.js";
import type { StateSnapshot } from "../../state/snapshot.js";
import type { Warehouse } from "../../warehouse/warehouse.js";
import { closeAndDropEnvironment } from "../environment/clean-up-environment.js";
import { type CreatedEnvironment, createOrRefreshEnvironment } from "../environment/create-environment.js";
import { recordBuilds } from "../environment/record-builds.js";
import { warehouseRollbacksOf } from "../promotion/prod-rollbacks.js";
import type { CountedPorts } from "./step-counts.js";

type Ports = CountedPorts;

/** Why this run gets no environment, or null when it does. */
export function environmentRefusal(inputs: ActionInputs, run: RunEnvironment): string | null {
  if (inputs.warehouse === "") return "no `warehouse` input";
  const event = run.event;
  if (event.kind !== "pull_request") return null;
  if (event.fork)
    return `pull request #${event.number} comes from a fork: it gets no environment (its code must not reach the warehouse connection)`;
  if (event.target) return "pull_request_target runs get no environment";
  return null;
}

/**
 * The scope the action's environments live in: this repository (its id, GITHUB_REPOSITORY_ID or the
 * payload's `repository.id`; its name, GITHUB_REPOSITORY, for display) and the dbt project (the manifest's
 * name). Two repositories or projects sharing a warehouse never act on each other's; a renamed or
 * transferred repository keeps its environments, and one created later under a reused name gets none of
 * its predecessor's (issue 37).
 */
export function environmentScope(run: RunEnvironment, project: string): EnvScope {
  const repository = `${run.repository.owner}/${run.repository.repo}`;
  if (run.repository.owner === "" || run.repository.repo === "") {
    throw new UserError(
      "input_invalid",
      "GITHUB_REPOSITORY is not set: an environment's identity is its repository, dbt project and pull request, so no environment can be named.",
      { input: "GITHUB_REPOSITORY", hint: "Run the action in GitHub Actions, which sets GITHUB_REPOSITORY." },
    );
  }
  if (run.repository.id === null) {
    throw new UserError(
      "input_invalid",
      "GITHUB_REPOSITORY_ID is not set and the event payload names no repository id: environments are keyed by the repository's id (a rename or transfer keeps it), so no environment can be named.",
      {
        input: "GITHUB_REPOSITORY_ID",
        hint: "Run the action in GitHub Actions (github.com, or GitHub Enterprise Server 3.7 or later), which sets GITHUB_REPOSITORY_ID.",
      },
    );
  }
  return {
    repository: checkRepository(repository, "GITHUB_REPOSITORY"),
    repositoryId: run.repository.id,
    repositoryCreatedAt: run.repository.createdAt,
    project,
  };
}

/**
 * The rollbacks, for a step that records: a warehouse it can't read is a
 * warning, and the run is recorded on the state as restored (the next run
 * with the warehouse applies them; applying them is idempotent). Losing the
 * record of a finished dbt run would cost more than waiting one run. No
 * recovery here: the job's dbt run may have rebuilt what an interrupted
 * promotion switched, and only prod's state once this run is recorded tells
 * (the default branch's janitor, after the record, recovers with it).
 * Empty without a warehouse.
 */
export async function warehouseRollbacksForRecord(
  session: WarehouseSession | null,
  ports: Pick<Ports, "log">,
): Promise<RecordedRollback[]> {
  if (session === null) return [];
  return session
    .use((ctx) => warehouseRollbacksOf(ctx, { recover: false, prod: null }))
    .catch((error: unknown) => {
      ports.log.warning(
        `Can't read the warehouse's rollbacks (${error instanceof Error ? error.message : String(error)}): the run is recorded on the restored state, and the next run with the warehouse applies them.`,
      );
      return [];
    });
}

/**
 * Whether this run can't overlap a promotion: a run of the default branch (push, schedule,
 * workflow_dispatch), which the documented workflow's concurrency group (`ods-<ref>`) runs one at a time,
 * as the promotions themselves. A pull request's run may run beside one.
 */
export function runsWithPromotions(run: RunEnvironment): boolean {
  const event = run.event;
  return (
    (event.kind === "push" || event.kind === "schedule" || event.kind === "workflow_dispatch") &&
    event.branch === run.defaultBranch
  );
}

/**
 * A step's one warehouse connection (issue 38): opened at the first `use`,
 * with the registry (in the `meta-schema` input's schema) open for the
 * repository's and project's scope, and closed when the step's use case
 * ends. Each `use` sees the clock as it reads then. A connection that could
 * not be opened is not tried again: every later `use` gets the same error.
 */
export interface WarehouseSession {
  use<T>(work: (ctx: EnvContext) => Promise<T>): Promise<T>;
}

/**
 * Runs `work` with the step's warehouse session. The use cases that change the warehouse first recover
 * what an interrupted promotion left (src/environment/promotion/recover.ts): at once in a run of the default
 * branch, else only once the promotion's job can't be running any more; what they did is logged.
 */
export async function withWarehouseSession<T>(
  inputs: ActionInputs,
  run: RunEnvironment,
  ports: Ports,
  project: string,
  work: (session: WarehouseSession) => Promise<T>,
): Promise<T> {
  let opened: Promise<{ warehouse: Warehouse; ctx: EnvContext }> | null = null;
  const open = async () => {
    const scope = environmentScope(run, project);
    const spec = parseWarehouseSpec(
      inputs.warehouse,
      inputs.workspace,
      "input `warehouse`",
      inputs.warehouseEnv,
    );
    const warehouse = await ports.openWarehouse(spec, inputs.timeouts);
    try {
      const ctx = await environmentContext(warehouse, {
        now: ports.now().toISOString(),
        scope,
        ...(inputs.metaSchema ? { metaSchema: inputs.metaSchema } : {}),
        create: true,
        overlapsPromotions: !runsWithPromotions(run),
        log: {
          info: (message: string) => ports.log.info(message),
          warning: (message: string) => ports.log.warning(message),
        },
      });
      if (!ctx) throw new Error("the environment registry could not be opened");
      return { warehouse, ctx };
    } catch (error) {
      await warehouse.close();
      throw error;
    }
  };
  const session: WarehouseSession = {
    use: async (use) => {
      opened ??= open();
      const { ctx } = await opened;
      return use({ ...ctx, now: ports.now().toISOString() });
    },
  };
  try {
    return await work(session);
  } finally {
    const done = opened ? await (opened as Promise<{ warehouse: Warehouse }>).catch(() => null) : null;
    if (done) await done.warehouse.close();
  }
}

/** A pull request's environment, planned over prod plus its own builds, then created or refreshed. */
export async function createPullRequestEnvironment(
  ctx: EnvContext,
  input: {
    project: LoadedProject;
    prNumber: number;
    headSha: string;
    prod: StateSnapshot | null;
    planOver: (baseline: StateSnapshot | null) => Plan;
    /** The `incremental-start` input. */
    incrementalStart: IncrementalStart;
  },
  ports: Pick<Ports, "log">,
): Promise<CreatedEnvironment> {
  const created = await createOrRefreshEnvironment(ctx, {
    name: environmentName(ctx.scope, input.prNumber),
    project: ctx.scope.project,
    manifest: input.project,
    prNumber: input.prNumber,
    headSha: input.headSha,
    prod: input.prod,
    planOver: input.planOver,
    incrementalStart: input.incrementalStart,
  });
  const { change } = created;
  ports.log.info(
    `Environment ${change.environment}: ${change.actions.length} change${change.actions.length === 1 ? "" : "s"}, ${change.pointers} pointer view${change.pointers === 1 ? "" : "s"} to prod, ${change.in_place} of its own builds reused; schemas ${change.schemas.join(", ")}.`,
  );
  for (const start of change.starts) {
    if (start.outcome !== "not_incremental")
      ports.log.info(`  incremental start ${start.relation}: ${start.outcome} (${start.detail})`);
  }
  return created;
}

export async function recordPullRequestBuilds(
  ctx: EnvContext,
  input: {
    prNumber: number;
    /** The manifest the environment was planned from. */
    project: LoadedProject;
    /** The manifest dbt wrote with these run results. */
    buildProject: LoadedProject;
    runResults: RunResults;
    sources: SourcesFreshness | null;
    /** Record built models with their column facts (the `column-impact` input). */
    columnImpact: boolean;
  },
  ports: Ports,
): Promise<void> {
  const name = environmentName(ctx.scope, input.prNumber);
  const outcome = await recordBuilds(
    ctx,
    {
      name,
      project: input.project,
      buildProject: input.buildProject,
      runResults: input.runResults,
      sources: input.sources,
    },
    {
      now: ports.now,
      log: ports.log,
      ...(input.columnImpact ? { loadSqlParser: ports.loadSqlParser } : {}),
    },
  );
  ports.log.info(
    `Environment ${name}: recorded run ${outcome.run_id}: ${outcome.built.length} built, ${outcome.failed.length} failed.`,
  );
  for (const ignored of outcome.ignored)
    ports.log.info(`  not recorded: ${ignored.unique_id}: ${ignored.reason}`);
}

export async function closePullRequestEnvironment(
  ctx: EnvContext,
  input: { prNumber: number; merged: boolean; prod: StateSnapshot | null },
  ports: Ports,
): Promise<void> {
  const name = environmentName(ctx.scope, input.prNumber);
  const closed = await closeAndDropEnvironment(ctx, { name, merged: input.merged, prod: input.prod });
  if (closed.outcome === "not_open") ports.log.info(`No open environment ${name}.`);
  else if (closed.outcome === "kept")
    ports.log.info(`Environment ${name} is kept: the default branch's run may promote what it built.`);
  else ports.log.info(`Environment ${name} dropped: ${JSON.stringify(closed.report).slice(0, 300)}`);
}
