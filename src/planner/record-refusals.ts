/**
 * What record() refuses before it writes anything (ADR-0013, "Commands"):
 * a manifest without a project name, a command that builds nothing, a run
 * without an id or from another invocation than the manifest, a run already
 * recorded, one without a start time, times after now, and a run that
 * started before the recorded state (superseded). Pure.
 */

import type { RunResults } from "../dbt/artifacts/run-results.js";
import type { LoadedProject } from "../dbt/load-project.js";
import { UserError } from "../errors/user-error.js";
import { type Scope, scopeKey } from "../state/scope.js";
import type { StateSnapshot, TargetIdentity } from "../state/snapshot.js";
import { parseInstant } from "./exact-instant.js";
import { BUILDING_COMMANDS, RELATION_WRITING_COMMANDS } from "./run-commands.js";
import { latestStatedTime, runStartedAt } from "./run-times.js";
import { compareInstants } from "./source-evidence.js";

export { BUILDING_COMMANDS } from "./run-commands.js";

/** Builds, and commands recorded only for the relations they wrote (run-commands.ts). */
const RECORDED_COMMANDS: readonly string[] = [...BUILDING_COMMANDS, ...RELATION_WRITING_COMMANDS];

/** How far after `now` a run's stated times may be (clocks of one runner agree closely). */
const CLOCK_TOLERANCE_MS = 10 * 60_000;

function refuse(
  message: string,
  file: string,
  code: "record_refused" | "record_superseded" = "record_refused",
): never {
  throw new UserError(code, message, { file });
}

/** The run as record() knows it once it is accepted. */
export interface AcceptedRun {
  runId: string;
  command: string;
  startedAt: string;
}

/** The run, when these results are a real build of this manifest not recorded yet; else refused. */
export function acceptedRun(
  project: LoadedProject,
  runResults: RunResults,
  scope: Scope,
  previous: StateSnapshot | null,
  recordedRunIds: ReadonlySet<string>,
): AcceptedRun {
  const file = runResults.file;
  const metadata = project.manifest.metadata;
  const command = runResults.args.which;
  if (!metadata.projectName) {
    refuse(
      `${project.manifest.file} has no project name: unrelated projects would share state.`,
      project.manifest.file,
    );
  }
  if (!command || !RECORDED_COMMANDS.includes(command)) {
    refuse(
      `${file} comes from \`dbt ${command ?? "(unknown command)"}\`, which builds nothing ODS can record (it reports nodes as successful without building them, or, \`run-operation\`, writes relations no result names); only ${BUILDING_COMMANDS.join(", ")} are recorded as builds, and \`clone\` for the relations it replaced.`,
      file,
    );
  }
  const runId = runResults.metadata.invocationId;
  if (!runId) refuse(`${file} has no invocation_id, so the run can't be identified.`, file);
  if (runId !== metadata.invocationId) {
    refuse(
      `${file} is from dbt invocation ${runId}, but ${project.manifest.file} is from ${metadata.invocationId ?? "no invocation"}: record the manifest the run wrote (target/manifest.json of the same \`dbt build\`).`,
      file,
    );
  }
  if (recordedRunIds.has(runId) || previous?.run_id === runId) {
    refuse(`Run ${runId} is already recorded in ${scopeKey(scope)}.`, file);
  }
  const startedAt = runStartedAt(runResults);
  if (!startedAt)
    refuse(`${file} records no start time, so ODS can't order it against the recorded state.`, file);
  return { runId, command, startedAt };
}

/** The previous snapshot, unless it was recorded for another target (then what it recorded is dropped). */
export function previousOfTarget(
  previous: StateSnapshot | null,
  target: TargetIdentity | undefined,
): StateSnapshot | null {
  const targetChanged =
    previous !== null &&
    target !== undefined &&
    previous.target !== undefined &&
    (previous.target.adapter_type !== target.adapter_type ||
      (previous.target.name ?? null) !== (target.name ?? null));
  return previous && !targetChanged ? previous : null;
}

/**
 * Times after now can't be trusted (a skewed clock, a changed file), and a
 * built_at in the future would make every later run look older: refused.
 */
export function refuseFutureTimes(runResults: RunResults, startedAt: string, now: string): void {
  const file = runResults.file;
  const latestStated = latestStatedTime(runResults, startedAt);
  const nowMs = Date.parse(now);
  if (!Number.isNaN(nowMs) && latestStated.at > nowMs + CLOCK_TOLERANCE_MS) {
    refuse(
      `${file} says ${latestStated.what} ${new Date(latestStated.at).toISOString()}, after now (${now}): its times can't be trusted, and recording them would make every later run look older. Nothing was written; check the clock of the machine that ran dbt.`,
      file,
    );
  }
}

/** A run that started before the latest recorded build is superseded: another run recorded newer builds meanwhile. */
export function refuseSuperseded(
  previous: StateSnapshot | null,
  run: AcceptedRun,
  scope: Scope,
  file: string,
): void {
  if (!previous) return;
  let latestBuild: string | null = null;
  for (const state of Object.values(previous.nodes)) {
    if (parseInstant(state.built_at) === undefined) continue;
    if (latestBuild === null || (compareInstants(state.built_at, latestBuild) ?? 0) > 0)
      latestBuild = state.built_at;
  }
  if (latestBuild && (compareInstants(run.startedAt, latestBuild) ?? 0) < 0) {
    refuse(
      `Run ${run.runId} started ${run.startedAt}, before the recorded state of ${scopeKey(scope)} (a build finished ${latestBuild}): another run recorded newer builds meanwhile. Nothing was written; the nodes of this run are built again next time.`,
      file,
      "record_superseded",
    );
  }
}
