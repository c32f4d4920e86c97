/**
 * `ods-state env promote` as one use case: prod's head as the warehouse has
 * it (the registry's rollbacks applied, as the action's default-branch run
 * does), main's plan over it (plan/make-plan.ts, naming the head's
 * snapshot), the promotion flow the action runs on a merge
 * (promote-environment.ts), and, given a state database, the committed
 * promotion written into prod's state pending the record of the rest
 * (promotion-state.ts).
 */
import type { LoadedProject } from "../../dbt/load-project.js";
import type { EnvContext, PromotionResult } from "../../environment/index.js";
import { isUserError, UserError } from "../../errors/user-error.js";
import type { Scope } from "../../state/scope.js";
import type { StateSnapshot } from "../../state/snapshot.js";
import { planColumnFacts } from "../plan/column-facts-source.js";
import { type OverProdInputs, planOverHead } from "../plan/make-plan.js";
import type { Clock, LoadSqlParser, Log, Phase, StateFile } from "../ports.js";
import { prodHeadAfterRollbacks } from "./prod-rollbacks.js";
import { type EnvironmentPromotion, promoteEnvironment } from "./promote-environment.js";
import { commitPromotion, promotionRecorded } from "./promotion-state.js";

/** Main's manifest, its scope, its sources and the dbt target main builds into, prod's head. */
export interface PromoteOverProdConfig extends OverProdInputs {
  environment: string;
  promotedBy: string;
  retentionDays?: number | undefined;
  allowNonAtomic?: boolean;
  dryRun?: boolean;
  /** The state database to write a committed promotion into; none: the state is not written. */
  stateFile?: Pick<StateFile, "path" | "openForWriting">;
}

export interface PromoteOverProdPorts {
  now: Clock;
  log: Log;
  loadSqlParser?: LoadSqlParser;
  phase?: Phase;
}

/** What `env promote --state` did to prod's state. */
export interface StateUpdate {
  file: string;
  scope: string;
  /** The new head; null when the state already recorded this promotion. */
  snapshot_id: string | null;
  nodes: string[];
}

export type PromotionOverProd = EnvironmentPromotion & {
  /** The state written (a committed promotion, a state database given, prod's head in it); else null. */
  state?: StateUpdate | null;
};

export async function promoteOverProd(
  ctx: EnvContext,
  config: PromoteOverProdConfig,
  ports: PromoteOverProdPorts,
): Promise<PromotionOverProd> {
  const prod = await prodHeadAfterRollbacks(ctx, config.head, ports, {
    recover: true,
    dryRun: config.dryRun === true,
  });
  const columnFacts = await planColumnFacts(
    ports.loadSqlParser,
    config.project,
    prod?.snapshot ?? null,
    [false],
    ports,
  );
  const planMain = planOverHead(
    {
      project: config.project,
      scope: config.scope,
      sources: config.sources,
      select: [],
      exclude: [],
      targetName: config.targetName,
      pointers: false,
      ...(columnFacts ? { columnFacts } : {}),
    },
    prod,
    ports.now,
  );
  const outcome = await promoteEnvironment(
    ctx,
    {
      environment: config.environment,
      planMain: () => planMain(prod?.snapshot ?? null),
      mainProject: config.project,
      prod: prod?.snapshot ?? null,
      sources: config.sources,
      promotedBy: config.promotedBy,
      retentionDays: config.retentionDays,
      ...(config.allowNonAtomic !== undefined ? { allowNonAtomic: config.allowNonAtomic } : {}),
      ...(config.dryRun !== undefined ? { dryRun: config.dryRun } : {}),
    },
    ports.phase,
  );
  if (outcome.status !== "promoted") return outcome;
  const { result } = outcome;
  const committed = result.status === "committed" || result.status === "already_committed";
  if (!config.stateFile || !prod || config.dryRun === true || !committed || result.promoted.length === 0)
    return { ...outcome, state: null };
  ports.phase?.("writing the promotion into prod's state");
  const state = await writePromotion(config.stateFile, config.scope, prod, result, {
    by: config.promotedBy,
    now: ports.now().toISOString(),
    // With column impact, reads kept over a promoted parent's unread change are carried (issue 24).
    project: columnFacts ? config.project : null,
  });
  return { ...outcome, state };
}

/**
 * Writes a committed promotion into prod's state, so that `ods-state record`
 * of the rest of the run takes the promoted builds as the parents' runs and
 * the next plan reuses the promoted nodes. A rerun after the warehouse
 * committed but the state was not written finds the promotion
 * `already_committed` and writes it then; when the state already records it,
 * nothing is written.
 */
async function writePromotion(
  file: Pick<StateFile, "path" | "openForWriting">,
  scope: Scope,
  head: { id: string; snapshot: StateSnapshot },
  result: PromotionResult,
  promoted: { by: string; now: string; project: LoadedProject | null },
): Promise<StateUpdate> {
  const nodes = result.promoted.map((node) => node.unique_id);
  const key = `${scope.project}/${scope.environment}`;
  if (promotionRecorded(head.snapshot, result.promoted))
    return { file: file.path, scope: key, snapshot_id: null, nodes };
  const store = await file.openForWriting();
  try {
    // Nothing left for dbt to build: the promotion is the whole change to prod, recorded complete under the
    // promoting run (as the action records it). Otherwise the record of the rest settles it.
    const id = await commitPromotion(store, scope, head, result.promoted, {
      promotedBy: promoted.by,
      complete: result.select === "" ? { now: promoted.now } : null,
      ...(promoted.project ? { project: promoted.project } : {}),
    });
    return { file: file.path, scope: key, snapshot_id: id, nodes };
  } catch (error) {
    if (!isUserError(error)) throw error;
    throw new UserError(
      error.code,
      `Promotion ${result.id ?? ""} is committed in the warehouse, but prod's state in ${file.path} was not updated: ${error.message}`,
      {
        file: file.path,
        hint: "Run the same `ods-state env promote` again (with the same --promoted-by): the warehouse reports the promotion as already committed and the state is written then.",
      },
    );
  } finally {
    await store.close();
  }
}
