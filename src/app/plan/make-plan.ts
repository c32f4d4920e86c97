/**
 * The one way a plan is made, for the action and the CLI alike: the
 * planner's rules over the project, the baseline state, the sources and the
 * selection, for a named target, at the clock's time.
 */
import type { SourcesFreshness } from "../../dbt/artifacts/sources.js";
import type { LoadedProject } from "../../dbt/load-project.js";
import { plan } from "../../planner/plan.js";
import type { ColumnFactsOf } from "../../planner/rules/context.js";
import type { Plan } from "../../state/plan.js";
import type { Scope } from "../../state/scope.js";
import type { StateSnapshot } from "../../state/snapshot.js";
import type { Clock } from "../ports.js";
import { targetIdentity } from "../scope.js";

export interface PlanRequest {
  project: LoadedProject;
  scope: Scope;
  /**
   * What the plan is made against: the id of the scope's latest snapshot and
   * the snapshot to compare with (the latest, or what the caller made of it:
   * rollbacks applied, a pull request environment's own builds added); null
   * when there is no state.
   */
  state: { id: string; snapshot: StateSnapshot } | null;
  sources: SourcesFreshness | null;
  select: readonly string[];
  exclude: readonly string[];
  /** The dbt target the plan builds into (a build is reused only in its target). */
  targetName: string;
  /** Plan a pull request's environment over the scope's state (REUSE served by pointer views). */
  pointers: boolean;
  /**
   * Column facts of the manifest's models (column-facts-source.ts): with
   * them, a reader of a changed model that reads none of its changed columns
   * is reused (issue 24); without, every change reaches every reader.
   */
  columnFacts?: ColumnFactsOf;
}

export function makePlan(request: PlanRequest, now: Clock): Plan {
  return plan({
    project: request.project,
    scope: request.scope,
    state: request.state,
    sources: request.sources,
    select: request.select,
    exclude: request.exclude,
    now: now().toISOString(),
    target: targetIdentity(request.project, request.targetName),
    pointers: request.pointers,
    ...(request.columnFacts ? { columnFacts: request.columnFacts } : {}),
  });
}

/** What a command plans over prod with: a manifest, its scope and sources, its dbt target, prod's head. */
export interface OverProdInputs {
  project: LoadedProject;
  scope: Scope;
  sources: SourcesFreshness | null;
  /** The dbt target the planned dbt run builds into. */
  targetName: string;
  /** Prod's head in the state database (its id and snapshot), or null when there is none. */
  head: { id: string; snapshot: StateSnapshot } | null;
}

/**
 * The plan over a baseline made of prod's head (rollbacks applied, a pull
 * request environment's own builds added): it names the head's snapshot id,
 * the state it was made against. What the environment and promotion use
 * cases plan with (`planOver`, `planMain`).
 */
export function planOverHead(
  request: Omit<PlanRequest, "state">,
  head: { id: string } | null,
  now: Clock,
): (baseline: StateSnapshot | null) => Plan {
  return (baseline) =>
    makePlan({ ...request, state: baseline && head ? { id: head.id, snapshot: baseline } : null }, now);
}
