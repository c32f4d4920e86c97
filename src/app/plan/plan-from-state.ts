/**
 * Plan against a state database: read the scope's latest snapshot (never
 * creating the database), then make the plan over it, with column impact
 * when a SQL parser is given and there is a state to plan against (without
 * one every node is built anyway, so the parser is not loaded).
 */

import type { Plan } from "../../state/plan.js";
import type { Clock, LoadSqlParser, Log, Phase, StateFile } from "../ports.js";
import { planColumnFacts } from "./column-facts-source.js";
import { makePlan, type PlanRequest } from "./make-plan.js";
import { readLatestState } from "./read-latest-state.js";

export interface PlanFromStatePorts {
  stateFile: Pick<StateFile, "openExisting">;
  now: Clock;
  /** Told when each phase starts (a terminal shows it as progress). */
  phase?: Phase;
  /** The SQL parser of column impact; without it, the plan is made without column impact. */
  loadSqlParser?: LoadSqlParser;
  /** Told when the parser could not be loaded (the plan goes on without column impact). */
  log?: Pick<Log, "warning">;
}

export async function planFromState(
  ports: PlanFromStatePorts,
  request: Omit<PlanRequest, "state" | "columnFacts">,
): Promise<{ plan: Plan; stateFound: boolean }> {
  ports.phase?.("reading the state");
  const { found, latest } = await readLatestState(ports.stateFile, request.scope);
  const columnFacts = await planColumnFacts(
    ports.loadSqlParser,
    request.project,
    latest?.snapshot ?? null,
    [request.pointers],
    {
      now: ports.now,
      log: ports.log ?? { warning: () => {} },
      ...(ports.phase ? { phase: ports.phase } : {}),
    },
  );
  ports.phase?.(`planning ${request.project.fingerprints.size} nodes`);
  const plan = makePlan(
    {
      ...request,
      state: latest ? { id: latest.id, snapshot: latest.snapshot } : null,
      ...(columnFacts ? { columnFacts } : {}),
    },
    ports.now,
  );
  return { plan, stateFound: found };
}
