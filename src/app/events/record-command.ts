/**
 * `command: record` (dbt ran before this step): the job's run recorded in
 * prod's state and the state saved, in the main step. One manifest parse
 * (for the scope and the record), no plan, at most one warehouse connection
 * (the rollbacks the record applies).
 */
import type { ActionInputs } from "../../github/action-inputs.js";
import type { RunEnvironment } from "../../github/event.js";
import { describeSource } from "../../github/state-transport/restore-source.js";
import { scopeOf } from "../scope.js";
import { warehouseRollbacksForRecord, withWarehouseSession } from "./environment-steps.js";
import type { EventPorts } from "./event-ports.js";
import { recordAndSave } from "./record-and-save.js";
import { countingPorts, type StepCounts } from "./step-counts.js";

export async function recordCommand(
  inputs: ActionInputs,
  run: RunEnvironment,
  given: EventPorts,
): Promise<{ counts: StepCounts }> {
  const { ports: counted, counts } = countingPorts(given);
  let ports = counted;
  // Column impact: the SQL parser's process starts loading now, while the manifest is read and the state restored.
  const parser = inputs.columnImpact ? ports.loadSqlParser() : null;
  if (parser) ports = { ...ports, loadSqlParser: () => parser };
  const project = ports.artifacts.project(inputs.manifest, inputs.projectDir, inputs.buildEnv);
  const scope = scopeOf(project, inputs.environment, "manifest");
  const restored = await ports.restore(inputs.statePath, scope);
  for (const note of restored.notes) ports.log.info(note);
  for (const warning of restored.warnings) ports.log.warning(warning.message);
  const record = async (rollbacks: Awaited<ReturnType<typeof warehouseRollbacksForRecord>>) =>
    recordAndSave(inputs, run, ports, scope, describeSource(restored.source), "", {
      promotion: null,
      rollbacks,
      project,
    });
  if (inputs.warehouse === "") await record([]);
  else
    await withWarehouseSession(inputs, run, ports, scope.project, async (session) =>
      record(await warehouseRollbacksForRecord(session, ports)),
    );
  return { counts };
}
