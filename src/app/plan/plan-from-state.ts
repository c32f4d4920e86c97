/**
 * Plan against a state database: read the scope's latest snapshot (never
 * creating the database), then make the plan over it.
 */
import type { Plan } from "../../state/plan.js";
import type { Clock, Phase, StateFile } from "../ports.js";
import { makePlan, type PlanRequest } from "./make-plan.js";
import { readLatestState } from "./read-latest-state.js";

export interface PlanFromStatePorts {
  stateFile: Pick<StateFile, "openExisting">;
  now: Clock;
  /** Told when each phase starts (a terminal shows it as progress). */
  phase?: Phase;
}

export async function planFromState(
  ports: PlanFromStatePorts,
  request: Omit<PlanRequest, "state">,
): Promise<{ plan: Plan; stateFound: boolean }> {
  ports.phase?.("reading the state");
  const { found, latest } = await readLatestState(ports.stateFile, request.scope);
  ports.phase?.(`planning ${request.project.fingerprints.size} nodes`);
  const plan = makePlan(
    { ...request, state: latest ? { id: latest.id, snapshot: latest.snapshot } : null },
    ports.now,
  );
  return { plan, stateFound: found };
}
