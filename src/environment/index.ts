/**
 * PR environments and promotion on merge (ADR-0028, phase 1): the API the
 * action's lifecycle and the `ods-state env` commands call. The environment
 * domain only: it talks to a warehouse through the contract in
 * src/warehouse/warehouse.ts, and never imports a driver (src/drivers/:
 * DuckDB, PostgreSQL, the cloud providers), which the caller opens.
 *
 *   const warehouse = await openWarehouse(parseWarehouseSpec(value, cwd));   // src/drivers/open.ts
 *   const ctx = await environmentContext(warehouse, { now, scope: { repository: "owner/name", repositoryId, repositoryCreatedAt, project } });
 *   const name = environmentName(ctx.scope, prNumber);   // acts only on its repository + project's rows
 *
 *   PR opened / pushed (main step, before dbt):
 *     baseline = await environmentBaseline(ctx, name, prod)      // prod + the PR's own builds
 *     plan = plan({ …, state: baseline, pointers: true })
 *     await createEnvironment(ctx, { name, project, prNumber, headSha, plan, prod })
 *   after `dbt build` (post step):
 *     await recordEnvironmentBuilds(ctx, { name, project, buildProject, runResults, sources })
 *   PR closed without merge:
 *     await closeEnvironment(ctx, { name, merged: false }); await cleanupEnvironment(ctx, { name, prod })
 *   default branch after a merge (main step, before dbt):
 *     const decided = await planPromotion(ctx, { environment, plan: mainPlan, project, prod, sources })
 *     const result = await promote(ctx, { plan: decided, mainPlan, mainProject, promotedBy })
 *     dbt runs result.build_command (select, exclude); the post step records that run, then
 *     snapshot = applyPromotion(recorded, result.promoted, { promotedBy, builtBy: runId })
 *     await closeEnvironment(ctx, { name, merged: true }); await cleanupEnvironment(ctx, { name, prod })
 *     await repairEnvironments(ctx, { prod })   // pointer views main's dbt run dropped (PostgreSQL CASCADE)
 *   scheduled: await runJanitor(ctx, { retentionDays, openPullRequests })
 */
import { UserError } from "../errors/user-error.js";
import type { Warehouse } from "../warehouse/warehouse.js";
import type { EnvScope } from "./environment-identity.js";
import type { EnvContext } from "./lifecycle/common.js";
import {
  type CreateEnvironmentInput,
  createEnvironment as createEnvironmentUnlocked,
  type EnvironmentChange,
} from "./lifecycle/create.js";
import { DEFAULT_META_SCHEMA, EnvironmentRegistry } from "./registry/registry.js";

export {
  checkRepository,
  checkRepositoryId,
  describeOwner,
  describeScope,
  type EnvScope,
  environmentName,
  inScope,
  labelOfName,
  scopedName,
} from "./environment-identity.js";
export {
  DEFAULT_INCREMENTAL_START,
  type IncrementalStart,
  parseIncrementalStart,
} from "./incremental-start-settings.js";
export {
  environmentBaseline,
  type RecordBuildsInput,
  type RecordBuildsOutcome,
  recordEnvironmentBuilds,
} from "./lifecycle/builds.js";
export type { CleanupReport } from "./lifecycle/cleanup/cleanup-report.js";
export { type CleanupInput, cleanupEnvironment, closeEnvironment } from "./lifecycle/cleanup.js";
export type { EnvContext } from "./lifecycle/common.js";
export type { StartDecision, StartOutcome } from "./lifecycle/create/incremental-starts.js";
export type {
  CreateEnvironmentInput,
  EnvAction,
  EnvironmentChange,
} from "./lifecycle/create.js";
export { type JanitorInput, type JanitorReport, runJanitor } from "./lifecycle/janitor.js";
export {
  type EnvironmentRepair,
  type RepairedPointer,
  type RepairInput,
  type RepairReport,
  repairEnvironments,
  type UnrepairablePointer,
} from "./lifecycle/repair.js";
export { decidePromotion } from "./promotion/decide.js";
export {
  DEFAULT_RETENTION_DAYS,
  type PlanPromotionInput,
  type PromoteInput,
  planPromotion,
  promote,
} from "./promotion/promote.js";
export {
  applyRecordedRollbacks,
  type RecordedRollback,
  recordedRollbacks,
} from "./promotion/reconcile.js";
export {
  PROMOTION_LEASE_MS,
  type RecoveryReport,
  recoverInterrupted,
  recoverPromotions,
} from "./promotion/recover.js";
export { type RollbackInput, rollbackPromotion } from "./promotion/rollback.js";
export { type ApplyPromotionOptions, applyPromotion, applyRollback } from "./promotion/state.js";
export {
  PROMOTION_REASONS,
  type PromotedNode,
  type PromotionCandidate,
  type PromotionDecision,
  type PromotionPlan,
  type PromotionReasonCode,
  type PromotionResult,
  type RollbackResult,
  type RolledBackNode,
} from "./promotion/types.js";
export type { EnvironmentRecord } from "./registry/records.js";
export { DEFAULT_META_SCHEMA, EnvironmentRegistry, REGISTRY_SCHEMA_VERSION } from "./registry/registry.js";

/**
 * Opens (creating unless `create` is false) the registry and binds the clock
 * and the scope it acts for. A scope named only by `owner/name` (no
 * `repositoryId`: the CLI's --repository alone) takes the one id the
 * registry's rows of that name record (none: the scope stays by name;
 * several: refused, as repositories that had the name in turn). A scope
 * with an id and its repository's creation time first adopts the rows its
 * repository wrote before ids (registry.ts `adoptRows`).
 */
export async function environmentContext(
  warehouse: Warehouse,
  options: {
    now: string;
    scope: EnvScope;
    metaSchema?: string;
    create?: boolean;
    overlapsPromotions?: boolean;
    log?: EnvContext["log"];
  },
): Promise<EnvContext | null> {
  const registry = await EnvironmentRegistry.open(warehouse, {
    schema: options.metaSchema ?? DEFAULT_META_SCHEMA,
    create: options.create ?? true,
  });
  if (!registry) return null;
  const scope = await resolvedScope(registry, options.scope);
  const { repository, repositoryId, repositoryCreatedAt } = scope;
  if (repository !== null && repositoryId && repositoryCreatedAt)
    await registry.adoptRows({ repository, repositoryId, repositoryCreatedAt, project: scope.project });
  return {
    warehouse,
    registry,
    now: options.now,
    scope,
    ...(options.overlapsPromotions !== undefined ? { overlapsPromotions: options.overlapsPromotions } : {}),
    ...(options.log ? { log: options.log } : {}),
  };
}

/** The scope with its repository id known (string) or known to be none (null). */
async function resolvedScope(registry: EnvironmentRegistry, scope: EnvScope): Promise<EnvScope> {
  if (scope.repositoryId !== undefined || scope.repository === null)
    return { ...scope, repositoryId: scope.repositoryId ?? null };
  const ids = await registry.repositoryIdsNamed(scope.repository);
  if (ids.length > 1) {
    throw new UserError(
      "usage",
      `The registry holds environments of ${ids.length} repositories that were named ${scope.repository} (ids ${ids.join(", ")}): say which with --repository-id.`,
      {
        input: "--repository-id",
        hint: "An environment belongs to the repository's id, which a rename or transfer keeps; a repository created later under the same name has another. `gh api repos/OWNER/NAME --jq .id` gives the id of the one that has the name now.",
      },
    );
  }
  return { ...scope, repositoryId: ids[0] ?? null };
}

/**
 * Creates or refreshes an environment (lifecycle/create.ts) while holding the
 * warehouse's lock on it: two jobs of one pull request at once (a push while
 * the previous run still creates it) take turns, and the second finds the
 * first one's objects instead of failing on them.
 */
export async function createEnvironment(
  ctx: EnvContext,
  input: CreateEnvironmentInput,
): Promise<EnvironmentChange> {
  const { warehouse } = ctx;
  if (!warehouse.exclusive) return createEnvironmentUnlocked(ctx, input);
  return warehouse.exclusive(`environment:${ctx.registry.schema}:${input.name}`, () =>
    createEnvironmentUnlocked(ctx, input),
  );
}
