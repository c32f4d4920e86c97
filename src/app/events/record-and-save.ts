/**
 * Records the job's dbt run into the scope's state and saves the state for
 * the next run. Only default-branch runs write prod state; a refused run
 * writes nothing and says why.
 */

import { randomBytes } from "node:crypto";
import type { LoadedProject } from "../../dbt/load-project.js";
import type { RecordedRollback } from "../../environment/index.js";
import { UserError } from "../../errors/user-error.js";
import type { ActionInputs } from "../../github/action-inputs.js";
import { onDefaultBranch, type RunEnvironment } from "../../github/event.js";
import type { Scope } from "../../state/scope.js";
import type { StateSnapshot } from "../../state/snapshot.js";
import type { StateFile } from "../ports.js";
import type { MergePromotion } from "../promotion/merge-promotion.js";
import { reconcileWithRollbacks } from "../promotion/prod-rollbacks.js";
import { handedOffPromotion } from "../promotion/promotion-state.js";
import { recordPromotion } from "../record/record-promotion.js";
import { recordRun } from "../record/record-run.js";
import { openRestoredState } from "./restored-state.js";
import type { CountedPorts } from "./step-counts.js";

type Ports = CountedPorts;

export interface RecordSummary {
  recorded: boolean;
  message: string;
  /**
   * Prod's state after this step (what was committed, else what was restored, less the rollbacks); null when
   * there is none.
   */
  snapshot: StateSnapshot | null;
}

export async function recordAndSave(
  inputs: ActionInputs,
  run: RunEnvironment,
  ports: Ports,
  scope: Scope,
  source: string,
  resultsBefore = "",
  /** What the warehouse adds to the record: this run's promotion, and rollbacks the restored state may not reflect. */
  changes: {
    promotion: MergePromotion | null;
    rollbacks: readonly RecordedRollback[];
    /** The manifest at the `manifest` input, when the step read it already (read here otherwise). */
    project?: LoadedProject;
  } = {
    promotion: null,
    rollbacks: [],
  },
): Promise<RecordSummary> {
  const { promotion } = changes;
  const readProject = () =>
    changes.project ?? ports.artifacts.project(inputs.manifest, inputs.projectDir, inputs.buildEnv);
  const { log } = ports;
  if (!onDefaultBranch(run)) {
    const message = `Not recording: only runs on the default branch \`${run.defaultBranch}\` write prod state.`;
    log.info(message);
    return { recorded: false, message, snapshot: null };
  }
  const promoted = promotion?.promoted ?? [];
  let runResults = ports.artifacts.runResults(inputs.runResults);
  let nothingRan: string | null = null;
  if (!runResults) {
    nothingRan = `No ${inputs.runResults}: dbt did not run in this job`;
  } else if (resultsBefore !== "" && runResults.metadata.invocationId === resultsBefore) {
    nothingRan = `${inputs.runResults} is the one that existed before this job's dbt step (invocation ${resultsBefore}): nothing new ran`;
    runResults = null;
  }
  const reconcile = (snapshot: StateSnapshot) => reconcileWithRollbacks(snapshot, changes.rollbacks, ports);
  // When nothing is recorded, prod's state as restored: what the default branch's cleanup and janitor then
  // keep (none would let them drop a relation prod's state records).
  const restoredProd = async () => {
    const restored = (await openRestoredState(ports.stateFiles, inputs.statePath, scope, source)).latest;
    return restored ? reconcile(restored.snapshot) : null;
  };
  if (nothingRan !== null && promoted.length === 0) {
    const message = `${nothingRan}, so there is nothing to record.`;
    log.info(message);
    return { recorded: false, message, snapshot: await restoredProd() };
  }
  const stateFile = recordedStateFile(
    ports.stateFiles.at(inputs.statePath, (line) => log.info(line)),
    source,
  );
  let message: string;
  let snapshot: StateSnapshot | null = null;
  try {
    if (runResults === null) {
      // Everything the plan had to build was promoted: the promotion is the whole change to prod.
      const recorded = await recordPromotion(
        { stateFile, now: ports.now },
        {
          scope,
          promoted,
          promotedBy: promotion!.promotedBy,
          reconcile,
          ...(inputs.columnImpact ? { project: readProject() } : {}),
        },
      );
      if (recorded.committed === null) {
        message = `${nothingRan}, and there is no prod state to record the ${promoted.length} promoted node${promoted.length === 1 ? "" : "s"} in: the next run builds them.`;
        log.warning(message);
        return { recorded: false, message, snapshot: null };
      }
      snapshot = recorded.snapshot;
      message = `Recorded the promotion of ${promoted.length} node${promoted.length === 1 ? "" : "s"} from ${promotion!.environment} in ${recorded.committed.scope} (${nothingRan}).`;
      log.info(message);
    } else {
      const project = readProject();
      const recorded = await recordRun(
        {
          stateFile,
          now: ports.now,
          log,
          ...(inputs.columnImpact ? { loadSqlParser: ports.loadSqlParser } : {}),
          newValueKey,
        },
        {
          scope,
          project,
          runResults,
          sources: ports.artifacts.sources(inputs.sources),
          targetName: scope.environment,
          reconcile,
          promotions: { handedOff: promotion ? [handedOffPromotion(promotion)] : [], inState: false },
        },
      );
      const { outcome, committed } = recorded;
      snapshot = recorded.snapshot;
      message = `Recorded run ${outcome.run.run_id} (dbt ${outcome.run.command}, ${outcome.run.status}) in ${committed.scope}: ${outcome.built.length} built, ${outcome.failed.length} failed, ${outcome.skipped.length} skipped${promoted.length > 0 ? `; ${promoted.length} promoted from ${promotion!.environment}` : ""}.`;
      log.info(message);
    }
  } catch (error) {
    // Another run recorded first: prod is fine and nothing was written; failing the job would alarm for nothing.
    if (
      error instanceof UserError &&
      (error.code === "record_superseded" || error.code === "state_conflict")
    ) {
      const lost =
        promoted.length > 0
          ? ` The ${promoted.length} promoted node${promoted.length === 1 ? " is" : "s are"} not recorded either: the next run builds ${promoted.length === 1 ? "it" : "them"} again.`
          : "";
      const warning = `${error.message}${lost}`;
      log.warning(warning);
      return { recorded: false, message: warning, snapshot: await restoredProd() };
    }
    throw error;
  }
  const saved = await ports.save(inputs.statePath, scope);
  for (const note of saved.notes) log.info(note);
  for (const warning of saved.warnings) log.warning(warning.message);
  return { recorded: true, message, snapshot };
}

/** The state file as this job restored it: opening errors say where it came from. */
function recordedStateFile(file: StateFile, source: string): StateFile {
  const named = (error: unknown): never => {
    if (error instanceof UserError) {
      throw new UserError(error.code, `${error.message} (state restored from ${source})`, {
        file: error.file ?? file.path,
        hint: error.hint,
      });
    }
    throw error;
  };
  return {
    path: file.path,
    exists: () => file.exists(),
    openExisting: () => file.openExisting().catch(named),
    openForWriting: () => file.openForWriting().catch(named),
  };
}

/** A state's value key (issue 36): 32 random bytes as hex, made when a record starts a scope's state. */
function newValueKey(): string {
  return randomBytes(32).toString("hex");
}
