/**
 * How many times a step parsed a manifest, made a plan and connected to the
 * warehouse (issue 38: one of each per step). The use case counts through
 * its own ports: the artifact reader and the warehouse opener it is handed
 * are wrapped here, and every plan goes through `countedPlan`.
 */
import { makePlan, type PlanRequest } from "../plan/make-plan.js";
import type { Clock } from "../ports.js";
import type { EventPorts } from "./event-ports.js";

export interface StepCounts {
  /** Full manifest reads (parse and fingerprint). */
  manifestParses: number;
  plans: number;
  /** Warehouse connections opened. */
  warehouseConnections: number;
}

export function noCounts(): StepCounts {
  return { manifestParses: 0, plans: 0, warehouseConnections: 0 };
}

/** The ports a use case runs over once it counts (countingPorts). */
export type CountedPorts = EventPorts & { counts: StepCounts };

/** `ports` with the manifest reader and the warehouse opener counting into a fresh `counts`. */
export function countingPorts(ports: EventPorts): { ports: CountedPorts; counts: StepCounts } {
  const counts = noCounts();
  const { artifacts, openWarehouse } = ports;
  return {
    counts,
    ports: {
      ...ports,
      counts,
      artifacts: {
        ...artifacts,
        project: (file, projectDir, buildEnv) => {
          counts.manifestParses += 1;
          return artifacts.project(file, projectDir, buildEnv);
        },
      },
      openWarehouse: (spec, timeouts) => {
        counts.warehouseConnections += 1;
        return openWarehouse(spec, timeouts);
      },
    },
  };
}

/** The plan use case, counted. */
export function countedPlan(counts: StepCounts, request: PlanRequest, now: Clock) {
  counts.plans += 1;
  return makePlan(request, now);
}
