/**
 * Plan against a state database: read the scope's latest snapshot (never
 * creating the database), then make the plan over it, with column impact
 * when a SQL parser is given and there is a state to plan against (without
 * one every node is built anyway, so the parser is not loaded).
 */

import { planMayAnalyse } from "../../planner/column-facts-needed.js";
import type { Plan } from "../../state/plan.js";
import type { Clock, LoadSqlParser, Log, Phase, StateFile } from "../ports.js";
import { columnFactsOfLoad, PLAN_ANALYSIS_BUDGET } from "./column-facts-source.js";
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
  let columnFacts: PlanRequest["columnFacts"];
  // Loaded only when the plan may analyse something (a read model's SQL changed): it costs a second of CPU.
  if (latest && ports.loadSqlParser && planMayAnalyse(request.project, latest.snapshot, request.pointers)) {
    ports.phase?.("loading the SQL parser");
    columnFacts = columnFactsOfLoad(
      await ports.loadSqlParser(),
      request.project,
      { now: ports.now, log: ports.log ?? { warning: () => {} } },
      PLAN_ANALYSIS_BUDGET,
    );
  }
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
