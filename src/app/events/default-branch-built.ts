/**
 * The default branch's job after dbt built (the action's post step): the
 * job's dbt run recorded in prod's state with what the main step promoted
 * (handed off), the state saved; then, with a warehouse, the merged pull
 * request's environment dropped, the janitor, and the repair of open
 * environments' pointer views the build dropped. One manifest parse (the
 * record's), no plan, one warehouse connection for all of it.
 */
import type { RepairReport } from "../../environment/index.js";
import type { ActionInputs } from "../../github/action-inputs.js";
import type { RunEnvironment } from "../../github/event.js";
import type { Scope } from "../../state/scope.js";
import type { MergePromotion } from "../promotion/merge-promotion.js";
import {
  type WarehouseSession,
  warehouseRollbacksForRecord,
  withWarehouseSession,
} from "./environment-steps.js";
import type { EventPorts } from "./event-ports.js";
import { cleanUpEnvironments } from "./merge-steps.js";
import { type RecordSummary, recordAndSave } from "./record-and-save.js";
import { repairOpenEnvironments } from "./repair-open-environments.js";
import { countingPorts, type StepCounts } from "./step-counts.js";

export interface DefaultBranchBuilt {
  record: RecordSummary;
  /** With a warehouse: the repair of open environments' pointer views (null when it could not run or there is no warehouse). */
  repair: RepairReport | null;
  counts: StepCounts;
}

export async function defaultBranchBuilt(
  inputs: ActionInputs,
  run: RunEnvironment,
  given: EventPorts,
  handedOff: { scope: Scope; promotion: MergePromotion | null; resultsBefore: string },
): Promise<DefaultBranchBuilt> {
  const { ports, counts } = countingPorts(given);
  const { scope, promotion, resultsBefore } = handedOff;
  const steps = async (session: WarehouseSession | null) => {
    // A promotion rolled back in the warehouse since the state was saved is not prod's build any more.
    const rollbacks = await warehouseRollbacksForRecord(session, ports);
    const record = await recordAndSave(inputs, run, ports, scope, "this job's restore", resultsBefore, {
      promotion,
      rollbacks,
    });
    let repair: RepairReport | null = null;
    if (session !== null) {
      await cleanUpEnvironments(inputs, ports, session, { promotion, prod: record.snapshot });
      repair = await repairOpenEnvironments(ports, session, record.snapshot);
    }
    return { record, repair };
  };
  const done =
    inputs.warehouse === ""
      ? await steps(null)
      : await withWarehouseSession(inputs, run, ports, scope.project, steps);
  return { ...done, counts };
}
