/**
 * `ods-state env create|refresh` as one use case: prod's head as the
 * warehouse has it (the registry's rollbacks applied, as the action's main
 * step does), the column facts (plan/column-facts-source.ts), then the
 * environment planned over prod plus its own builds and created or
 * refreshed (create-environment.ts, the flow the action runs too). The plan
 * names prod's head snapshot, as the action's does.
 */
import type { EnvContext } from "../../environment/index.js";
import { planColumnFacts } from "../plan/column-facts-source.js";
import { type OverProdInputs, planOverHead } from "../plan/make-plan.js";
import type { Clock, LoadSqlParser, Log, Phase } from "../ports.js";
import { prodHeadAfterRollbacks } from "../promotion/prod-rollbacks.js";
import {
  type CreatedEnvironment,
  type CreateEnvironmentConfig,
  createOrRefreshEnvironment,
} from "./create-environment.js";

/** `manifest` is the pull request's (`project` its dbt project's name, as the registry records it). */
export interface CreateOverProdConfig
  extends Omit<CreateEnvironmentConfig, "prod" | "planOver" | "project">,
    Omit<OverProdInputs, "project"> {
  project: string;
}

export interface CreateOverProdPorts {
  now: Clock;
  log: Log;
  /** The SQL parser of column impact; without it, the plan is made without column impact. */
  loadSqlParser?: LoadSqlParser;
  phase?: Phase;
}

export async function createEnvironmentOverProd(
  ctx: EnvContext,
  config: CreateOverProdConfig,
  ports: CreateOverProdPorts,
): Promise<CreatedEnvironment> {
  const { scope, head, sources, targetName, ...create } = config;
  const prod = await prodHeadAfterRollbacks(ctx, head, ports, {
    recover: true,
    dryRun: config.dryRun === true,
  });
  const columnFacts = await planColumnFacts(
    ports.loadSqlParser,
    config.manifest,
    prod?.snapshot ?? null,
    [true],
    ports,
  );
  return createOrRefreshEnvironment(
    ctx,
    {
      ...create,
      prod: prod?.snapshot ?? null,
      planOver: planOverHead(
        {
          project: config.manifest,
          scope,
          sources,
          select: [],
          exclude: [],
          targetName,
          pointers: true,
          ...(columnFacts ? { columnFacts } : {}),
        },
        prod,
        ports.now,
      ),
    },
    ports.phase,
  );
}
