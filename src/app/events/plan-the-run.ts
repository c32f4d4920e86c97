/**
 * The main step's plan, shared by the events that plan (a pull request
 * opened or pushed to, a push to the default branch, any other run): the
 * manifest read once, prod's state restored, prod's state as the warehouse
 * has it (a promotion rolled back there is no longer prod's build, whatever
 * the restored state says), then the plan over it; on a pull request with an
 * environment, the plan over prod plus the environment's own builds, and the
 * environment created (schemas and pointer views) before dbt builds the rest
 * into it; after a merge, the promotion. One manifest parse, one plan (a
 * second only for the data diff, see `dataDiffPlan`), one warehouse
 * connection (environment-steps.ts, `withWarehouseSession`).
 */
import type { SourcesFreshness } from "../../dbt/artifacts/sources.js";
import { type PlannedKeys, plannedKeysOf } from "../../dbt/fingerprint/planned-keys.js";
import type { LoadedProject } from "../../dbt/load-project.js";
import type { EnvironmentChange } from "../../environment/index.js";
import type { ActionInputs } from "../../github/action-inputs.js";
import type { RunEnvironment } from "../../github/event.js";
import { describeSource, type RestoreSource } from "../../github/state-transport/restore-source.js";
import { planMayAnalyse } from "../../planner/column-facts-needed.js";
import type { Plan } from "../../state/plan.js";
import type { Scope } from "../../state/scope.js";
import type { StateSnapshot } from "../../state/snapshot.js";
import { planColumnFacts } from "../plan/column-facts-source.js";
import type { PlanRequest } from "../plan/make-plan.js";
import type { LatestState } from "../plan/read-latest-state.js";
import type { SqlParserLoad } from "../ports.js";
import type { MergePromotion } from "../promotion/merge-promotion.js";
import { prodHeadAfterRollbacks } from "../promotion/prod-rollbacks.js";
import { scopeOf } from "../scope.js";
import {
  createPullRequestEnvironment,
  environmentRefusal,
  type WarehouseSession,
  withWarehouseSession,
} from "./environment-steps.js";
import type { EventPorts } from "./event-ports.js";
import { promoteOnMerge } from "./merge-steps.js";
import { openRestoredState } from "./restored-state.js";
import { type CountedPorts, countedPlan, countingPorts, type StepCounts } from "./step-counts.js";

/** Which planning event: a pull request's, the default branch's (after a merge: promotion), any other run's. */
export type PlanningMode = "pr_plan" | "default_branch" | "plan_only";

/** What the main step planned, for its outputs, comment and summary, and for the post step's hand-off. */
export interface PlannedRun {
  mode: PlanningMode;
  scope: Scope;
  plan: Plan;
  /** Whether a state was restored to plan against. */
  stateFound: boolean;
  /** Where the restored state came from (the comment's reference point). */
  restoredFrom: RestoreSource;
  /** The pull request's environment, when one was created or refreshed. */
  created: EnvironmentChange | null;
  /** After a merge: what was promoted (null when nothing was tried). */
  promotion: MergePromotion | null;
  /**
   * The pull request's plan over prod alone, for the post step's data diff
   * (the diff is the pull request against prod, not one push against the
   * last); null when there is no diff to make. The same object as `plan`
   * when the environment had no builds of its own to plan over.
   */
  dataDiffPlan: Plan | null;
  /** The invocation id of the run results that existed before dbt ran ("" when none). */
  resultsBefore: string;
  /** On a pull request, the planned manifest's keys, for the post step's record and data diff; null otherwise. */
  plannedKeys: PlannedKeys | null;
  counts: StepCounts;
}

/** A pull request opened, reopened or pushed to (`pull_request`; `command: env-create`). */
export function pullRequestOpened(
  inputs: ActionInputs,
  run: RunEnvironment,
  ports: EventPorts,
): Promise<PlannedRun> {
  return planTheRun(inputs, run, ports, "pr_plan");
}

/** A push (schedule, dispatch) on the default branch (`command: promote`): plan in place, promote after a merge. */
export function defaultBranchPushed(
  inputs: ActionInputs,
  run: RunEnvironment,
  ports: EventPorts,
): Promise<PlannedRun> {
  return planTheRun(inputs, run, ports, "default_branch");
}

/** Any other run (another branch, another event): plan, write nothing. */
export function planOnly(inputs: ActionInputs, run: RunEnvironment, ports: EventPorts): Promise<PlannedRun> {
  return planTheRun(inputs, run, ports, "plan_only");
}

async function planTheRun(
  inputs: ActionInputs,
  run: RunEnvironment,
  given: EventPorts,
  mode: PlanningMode,
): Promise<PlannedRun> {
  const { ports: counted, counts } = countingPorts(given);
  let ports: CountedPorts = counted;
  const { log } = ports;
  // Column impact: the SQL parser's process starts loading now, while the manifest is read and the state
  // restored; a step that turns out to have nothing to analyse leaves it unused (it exits with the step).
  const parser = inputs.columnImpact ? ports.loadSqlParser() : null;
  if (parser) ports = { ...ports, loadSqlParser: () => parser };
  const project = ports.artifacts.project(inputs.manifest, inputs.projectDir, inputs.buildEnv);
  const scope = scopeOf(project, inputs.environment, "manifest");
  const restored = await ports.restore(inputs.statePath, scope);
  for (const note of restored.notes) log.info(note);
  for (const warning of restored.warnings) log.warning(warning.message);
  const state = await openRestoredState(
    ports.stateFiles,
    inputs.statePath,
    scope,
    describeSource(restored.source),
  );
  const isPullRequest = mode === "pr_plan";
  const planning: RunToPlan = {
    mode,
    project,
    scope,
    state,
    sources: ports.artifacts.sources(inputs.sources),
    sqlParser: startLoadingSqlParser(inputs, ports, state, project, isPullRequest),
  };
  const resultsBefore = ports.artifacts.runResults(inputs.runResults)?.metadata.invocationId ?? "";
  const usesWarehouse =
    inputs.warehouse !== "" &&
    (mode === "default_branch" || (isPullRequest && environmentRefusal(inputs, run) === null));
  const planned = async (session: WarehouseSession | null) => {
    const prod = await prodAfterRollbacks(ports, planning, session);
    const { result, created, dataDiffPlan } = await planOrCreateEnvironment(
      inputs,
      run,
      ports,
      planning,
      prod,
      session,
    );
    // After a merge: promote what the merged pull request built, dbt builds the rest.
    const promotion =
      mode === "default_branch" && session !== null
        ? await promoteOnMerge(inputs, run, ports, session, {
            plan: result,
            project,
            prod,
            sources: planning.sources,
            required: inputs.command === "promote",
          })
        : null;
    return { result, created, dataDiffPlan, promotion };
  };
  const { result, created, dataDiffPlan, promotion } = usesWarehouse
    ? await withWarehouseSession(inputs, run, ports, scope.project, planned)
    : await planned(null);
  return {
    mode,
    scope,
    plan: result,
    stateFound: state.found,
    restoredFrom: restored.source,
    created,
    promotion,
    dataDiffPlan,
    resultsBefore,
    plannedKeys: isPullRequest ? plannedKeysOf(project) : null,
    counts,
  };
}

interface RunToPlan {
  mode: PlanningMode;
  project: LoadedProject;
  scope: Scope;
  state: LatestState;
  sources: SourcesFreshness | null;
  /**
   * The SQL parser of column impact, loading (started once the state is
   * known, so it overlaps what comes before the plan); null when the
   * `column-impact` input is false or there is no state to plan against.
   */
  sqlParser: Promise<SqlParserLoad> | null;
}

/** Starts loading the SQL parser when the plan can use it: `column-impact` on and a state to plan against. */
function startLoadingSqlParser(
  inputs: Pick<ActionInputs, "columnImpact">,
  ports: Pick<CountedPorts, "loadSqlParser">,
  state: LatestState,
  project: LoadedProject,
  pointers: boolean,
): Promise<SqlParserLoad> | null {
  if (!inputs.columnImpact || !state.latest) return null;
  // No model some model reads has other SQL than its recorded build: the plan would analyse nothing.
  if (!planMayAnalyse(project, state.latest.snapshot, pointers)) return null;
  return ports.loadSqlParser();
}

/**
 * Prod's latest snapshot as the warehouse has it (prod-rollbacks.ts): a run's first contact with the
 * warehouse recovers interrupted promotions, then applies the rollbacks. A warehouse that can't be read
 * fails the step (planning on state the warehouse contradicts would be a guess).
 */
async function prodAfterRollbacks(
  ports: CountedPorts,
  planning: RunToPlan,
  session: WarehouseSession | null,
): Promise<StateSnapshot | null> {
  const { latest } = planning.state;
  if (!latest) return null;
  if (!session) return latest.snapshot;
  const prod = await session.use((ctx) => prodHeadAfterRollbacks(ctx, latest, ports, { recover: true }));
  return prod?.snapshot ?? null;
}

/** The run's plan, and the pull request's environment when one was created or refreshed. */
async function planOrCreateEnvironment(
  inputs: ActionInputs,
  run: RunEnvironment,
  ports: CountedPorts,
  planning: RunToPlan,
  prod: StateSnapshot | null,
  session: WarehouseSession | null,
): Promise<{ result: Plan; created: EnvironmentChange | null; dataDiffPlan: Plan | null }> {
  const { mode, project, scope, state, sources } = planning;
  const isPullRequest = mode === "pr_plan";
  const loading = planning.sqlParser;
  const columnFacts = await planColumnFacts(
    loading ? () => loading : undefined,
    project,
    state.latest?.snapshot ?? null,
    [isPullRequest],
    ports,
  );
  const request = (baseline: StateSnapshot | null): PlanRequest => ({
    project,
    scope,
    state: baseline && state.latest ? { id: state.latest.id, snapshot: baseline } : null,
    sources,
    select: inputs.select,
    exclude: inputs.exclude,
    targetName: isPullRequest ? "ci" : scope.environment,
    pointers: isPullRequest,
  });
  const planWith = (baseline: StateSnapshot | null) =>
    countedPlan(ports.counts, { ...request(baseline), ...(columnFacts ? { columnFacts } : {}) }, ports.now);
  const refusal = isPullRequest ? environmentRefusal(inputs, run) : "not a pull request";
  if (isPullRequest && refusal === null && session !== null && run.event.kind === "pull_request") {
    const event = run.event;
    let overBaseline: StateSnapshot | null = null;
    const outcome = await session.use((ctx) =>
      createPullRequestEnvironment(
        ctx,
        {
          project,
          prNumber: event.number,
          headSha: event.headSha,
          prod,
          planOver: (baseline) => {
            overBaseline = baseline;
            return planWith(baseline);
          },
          incrementalStart: inputs.incrementalStart,
        },
        ports,
      ),
    );
    // The data diff compares the pull request with prod: its plan over prod alone, without column facts
    // (every change reaches every reader). The environment's plan is that plan when it was made over prod
    // itself (no builds of its own yet) without column facts; else it is made here, once.
    const dataDiffPlan =
      inputs.dataDiff === null
        ? null
        : overBaseline === prod && !columnFacts
          ? outcome.plan
          : countedPlan(ports.counts, request(prod), ports.now);
    return { result: outcome.plan, created: outcome.change, dataDiffPlan };
  }
  if (isPullRequest && inputs.warehouse !== "") ports.log.warning(`No environment: ${refusal}.`);
  return { result: planWith(prod), created: null, dataDiffPlan: null };
}
