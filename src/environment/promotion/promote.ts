/**
 * Promotion on merge: the tables the merged pull request built move into
 * prod under their usual names; the prod tables they replace are kept,
 * renamed, for rollback until the retention passes.
 *
 * Atomic (`atomic_multi_pointer`: DuckDB, PostgreSQL): one transaction holds
 * every move, every rename and the registry's journal; readers see the old
 * set of tables or the new one, and a failure anywhere leaves both the
 * warehouse and the registry as they were. A rerun starts again.
 *
 * Without it, refused unless allowed, and then ADR-0028's staged and
 * journaled protocol: (1) stage every table next to its target (readers see
 * nothing; a failure drops what was staged); (2) journal the planned switch;
 * (3) switch names one by one, parents first, each recorded; (4) on failure,
 * switch back from the journal and report which nodes readers saw in a mix,
 * and when; if switching back fails too, the journal says where each name
 * points and `rollback --resume` (or the next promotion of the environment)
 * finishes; (5) on success, commit.
 */
import { randomUUID } from "node:crypto";
import type { SourcesFreshness } from "../../dbt/artifacts/sources.js";
import type { LoadedProject } from "../../dbt/load-project.js";
import { UserError } from "../../errors/user-error.js";
import { buildCommand } from "../../planner/build-command.js";
import { compactSelection } from "../../planner/selection-output/compact-selection.js";
import type { Plan } from "../../state/plan.js";
import type { StateSnapshot } from "../../state/snapshot.js";
import { qualifiedKey, showQualified } from "../../warehouse/names.js";
import { derivedStoredName, StoredNames } from "../../warehouse/stored-names.js";
import type { ReplaceOutcome } from "../../warehouse/warehouse.js";
import { type EnvContext, observe, ownEnvironment, step } from "../lifecycle/common.js";
import type { PromotionRecord, StepRecord } from "../registry/records.js";
import { refuseRegistryInProd } from "../registry/registry-schema.js";
import { decidePromotion } from "./decide.js";
import { markOf, recoverInterrupted, revert } from "./recover.js";
import type { PromotionPlan, PromotionResult } from "./types.js";

export const DEFAULT_RETENTION_DAYS = 3;

export interface PlanPromotionInput {
  environment: string;
  plan: Plan;
  project: LoadedProject;
  prod: StateSnapshot | null;
  sources: SourcesFreshness | null;
}

/** Decides, per BUILD node of main's plan, whether it is promoted from the environment (reads the registry and the warehouse; changes nothing). */
export async function planPromotion(ctx: EnvContext, input: PlanPromotionInput): Promise<PromotionPlan> {
  if (input.plan.project !== ctx.scope.project) {
    throw new UserError(
      "environment_foreign",
      `Main's manifest is dbt project ${input.plan.project}, but the environment ${input.environment} is of dbt project ${ctx.scope.project}: nothing is promoted across projects.`,
    );
  }
  // Main's manifest names prod's schemas: the registry in one of them is refused before anything moves.
  refuseRegistryInProd(
    ctx.registry.schema,
    input.plan.entries.map((entry) => entry.relation.schema),
    ctx.warehouse.capabilities.identifiers,
  );
  const environment = await ownEnvironment(ctx, input.environment);
  const builds = environment ? await ctx.registry.builds(input.environment) : [];
  // Main's relations as the warehouse stores them (stored-names.ts): the tables promotion replaces are dbt's.
  const names = StoredNames.fromPlan(ctx.warehouse.capabilities.engine, input.plan);
  const schemas = new Set<string>();
  for (const build of builds) schemas.add(build.schema);
  for (const entry of input.plan.entries) schemas.add(names.schema(entry.relation.schema, entry.unique_id));
  const seen = await observe(ctx.warehouse, [...schemas]);
  const rules = ctx.warehouse.capabilities.identifiers;
  const targets = input.plan.entries
    .filter((entry) => entry.action === "BUILD")
    .map((entry) => names.qualified(entry.relation, entry.unique_id))
    .filter((target) => seen.objects.get(qualifiedKey(target, rules))?.kind !== "view");
  const blockers = ctx.warehouse.capabilities.grants ? await ctx.warehouse.replaceBlockers(targets) : [];
  return decidePromotion({
    environment: input.environment,
    plan: input.plan,
    project: input.project,
    prod: input.prod,
    sources: input.sources,
    builds,
    objects: [...seen.objects.values()],
    blockers,
    rules,
    names,
  });
}

export interface PromoteInput {
  plan: PromotionPlan;
  /** Main's plan and manifest: for the selector of what dbt still builds. */
  mainPlan: Plan;
  mainProject: LoadedProject;
  /** The default-branch run promoting (recorded as `promoted_by`). */
  promotedBy: string;
  retentionDays?: number;
  allowNonAtomic?: boolean;
  dryRun?: boolean;
}

function addDays(iso: string, days: number): string {
  return new Date(Date.parse(iso) + days * 86_400_000).toISOString();
}

type RemainingSelection = Pick<
  PromotionResult,
  "select" | "exclude" | "select_terms" | "select_exact" | "select_extra" | "build_command"
>;

/**
 * What dbt still builds after a promotion, selected as the plan's `select`
 * is (the same compactSelection, the same target) less the promoted nodes:
 * the BUILD entries not promoted, the checks REUSE entries run (class 12:
 * a promotion moves only BUILD tables, so those checks still have to run),
 * and the sources whose checks run. A test that reads only promoted nodes
 * passed in the pull request's build and is not run again (one that also
 * reads a node dbt builds now runs, as dbt's eager indirect selection has it).
 */
function remainingSelection(
  plan: Plan,
  project: LoadedProject,
  promoted: ReadonlySet<string>,
): RemainingSelection {
  const chosen = compactSelection(project.graph, {
    build: plan.entries
      .filter((entry) => entry.action === "BUILD" && !promoted.has(entry.unique_id))
      .map((entry) => entry.unique_id),
    checks: plan.entries.flatMap((entry) => entry.checks?.run ?? []),
    sources: (plan.source_checks ?? [])
      .filter((check) => check.action === "RUN")
      .map((check) => check.source_id),
  });
  return {
    select: chosen.select,
    exclude: chosen.exclude,
    select_terms: chosen.terms,
    select_exact: chosen.exact,
    ...(chosen.exact ? {} : { select_extra: chosen.extra }),
    build_command: buildCommand(chosen.select, chosen.exclude),
  };
}

export async function promote(ctx: EnvContext, input: PromoteInput): Promise<PromotionResult> {
  const { warehouse, registry, now } = ctx;
  const plan = input.plan;
  const atomic = warehouse.capabilities.atomic_multi_pointer && warehouse.capabilities.transactional_ddl;
  const retention = input.retentionDays ?? DEFAULT_RETENTION_DAYS;
  const nothingPromoted = new Set<string>();
  const base: PromotionResult = {
    id: null,
    environment: plan.environment,
    status: "nothing_to_promote",
    atomic,
    decisions: plan.decisions,
    promoted: [],
    views: emptyOutcome(),
    ...remainingSelection(input.mainPlan, input.mainProject, nothingPromoted),
    retain_until: null,
  };

  // The same default-branch run promoting again (a rerun of the job): report what it did.
  const earlier = (await registry.promotions({ environment: plan.environment })).find(
    (promotion) => promotion.promoted_by === input.promotedBy && promotion.status === "committed",
  );
  if (earlier) return { ...(await resultOf(ctx, earlier, input)), status: "already_committed" };

  if (plan.candidates.length === 0) return base;
  if (!atomic && !input.allowNonAtomic) {
    throw new UserError(
      "promotion_not_atomic",
      `${warehouse.label} (${warehouse.capabilities.engine}) can't switch the ${plan.candidates.length} table${plan.candidates.length === 1 ? "" : "s"} of this promotion at once: promotion is refused (ADR-0028, rule 5).`,
    );
  }
  if (input.dryRun) {
    const ids = new Set(plan.candidates.map((candidate) => candidate.unique_id));
    return {
      ...withoutSelection(base),
      status: "dry_run",
      ...remainingSelection(input.mainPlan, input.mainProject, ids),
    };
  }

  // Finish whatever interrupted promotions and rollbacks of the scope left, first (of any environment: a
  // promotion over a mix of two would record neither).
  await recoverInterrupted(ctx, { strict: true });

  const id = await freshId(ctx, plan);
  const tag = id.replaceAll("-", "").slice(0, 8);
  const rules = warehouse.capabilities.identifiers;
  const derived = (identifier: string, kind: string) =>
    derivedStoredName(warehouse.capabilities.engine, identifier, kind, rules);
  const steps: StepRecord[] = plan.candidates.map((candidate, seq) => ({
    promotion_id: id,
    seq,
    node_id: candidate.unique_id,
    target: candidate.to,
    source: candidate.from,
    staged_identifier: derived(candidate.to.identifier, `s_${tag}`),
    retired_identifier: candidate.replaces ? derived(candidate.to.identifier, `r_${tag}`) : null,
    undone_identifier: derived(candidate.to.identifier, `u_${tag}`),
    how: null,
    state: "planned",
    pr_run_id: candidate.pr_run_id,
    version_key: candidate.version_key,
    previous_state: candidate.previous_state,
    promoted_state: candidate.promoted_state,
    switched_at: null,
  }));
  const record: PromotionRecord = {
    id,
    environment: plan.environment,
    repository: ctx.scope.repository,
    repository_id: ctx.scope.repositoryId ?? null,
    project: plan.project,
    promoted_by: input.promotedBy,
    status: "staging",
    atomic,
    created_at: now,
    updated_at: now,
    retain_until: addDays(now, retention),
    detail: { nodes: steps.length },
  };
  const views = emptyOutcome();
  /** What each promoted table is (warehouse.tableIdentity), for rollback to tell it is still the one in prod. */
  const identities: Record<string, string> = {};
  const owned = new Set(
    (await registry.objects(plan.environment)).map((object) => qualifiedKey(object, rules)),
  );

  if (atomic) {
    await step(
      warehouse,
      `Promoting ${steps.length} table${steps.length === 1 ? "" : "s"} from ${plan.environment}`,
      async () => {
        await registry.putPromotion({ ...record, status: "switching" });
        // One read of the catalog for every replacement instead of several per table (PostgreSQL).
        await warehouse.prepareReplacements?.(
          steps.map((s) => ({ target: s.target, source: s.source, staged: s.staged_identifier })),
        );
        for (const s of steps) {
          s.how = await warehouse.stageTable(s.source, {
            schema: s.target.schema,
            identifier: s.staged_identifier,
          });
          const outcome = await warehouse.replaceTable(s.target, s.staged_identifier, s.retired_identifier);
          addOutcome(views, outcome);
          identities[s.node_id] = await warehouse.markTable(s.target, markOf(s));
          s.state = "switched";
          s.switched_at = now;
          await registry.putStep(s);
          if (s.how === "moved" && owned.has(qualifiedKey(s.source, rules))) {
            await registry.deleteObject(plan.environment, s.source.schema, s.source.identifier);
          }
        }
        // Every promoted table holds the replaced one's owner and privileges, or the transaction fails.
        await warehouse.checkReplacements?.();
        await registry.putPromotion({
          ...record,
          status: "committed",
          detail: { ...record.detail, views, identities },
        });
      },
    );
  } else {
    await stagedPromotion(ctx, record, steps, views, identities, owned);
  }
  return {
    ...(await resultOf(ctx, { ...record, status: "committed" }, input)),
    views,
  };
}

/** A result without its selection fields (select_extra is optional: a spread would keep a stale one). */
function withoutSelection(result: PromotionResult): Omit<PromotionResult, keyof RemainingSelection> {
  const { select, exclude, select_terms, select_exact, select_extra, build_command, ...rest } = result;
  return rest;
}

async function freshId(ctx: EnvContext, plan: PromotionPlan): Promise<string> {
  const rules = ctx.warehouse.capabilities.identifiers;
  const schemas = [...new Set(plan.candidates.map((candidate) => candidate.to.schema))];
  const seen = await observe(ctx.warehouse, schemas);
  for (;;) {
    const id = randomUUID();
    const tag = id.replaceAll("-", "").slice(0, 8);
    const clash = plan.candidates.some((candidate) =>
      ["s", "r", "u"].some((kind) =>
        seen.objects.has(
          qualifiedKey(
            {
              schema: candidate.to.schema,
              identifier: derivedStoredName(
                ctx.warehouse.capabilities.engine,
                candidate.to.identifier,
                `${kind}_${tag}`,
                rules,
              ),
            },
            rules,
          ),
        ),
      ),
    );
    if (!clash) return id;
  }
}

async function resultOf(
  ctx: EnvContext,
  promotion: PromotionRecord,
  input: PromoteInput,
): Promise<PromotionResult> {
  const steps = await ctx.registry.steps(promotion.id);
  const switched = steps.filter((s) => s.state === "switched");
  const ids = new Set(switched.map((s) => s.node_id));
  const remaining = remainingSelection(input.mainPlan, input.mainProject, ids);
  const decisions = input.plan.decisions.map((decision) =>
    decision.promotable && !ids.has(decision.unique_id)
      ? {
          ...decision,
          promotable: false,
          reason: {
            code: decision.reason.code,
            message: `${decision.reason.message} (not promoted: the promotion did not include it)`,
          },
        }
      : decision,
  );
  const views = {
    ...emptyOutcome(),
    ...((promotion.detail.views as Partial<ReplaceOutcome> | undefined) ?? {}),
  };
  return {
    id: promotion.id,
    environment: promotion.environment,
    status: "committed",
    atomic: promotion.atomic,
    decisions,
    promoted: switched.map((s) => ({
      unique_id: s.node_id,
      from: s.source,
      to: s.target,
      retired: s.retired_identifier ? { schema: s.target.schema, identifier: s.retired_identifier } : null,
      how: s.how ?? "moved",
      pr_run_id: s.pr_run_id,
      state: s.promoted_state,
    })),
    views,
    ...remaining,
    retain_until: promotion.retain_until,
  };
}

/* ------------------------------------------------------ staged and journaled */

async function stagedPromotion(
  ctx: EnvContext,
  record: PromotionRecord,
  steps: StepRecord[],
  views: ReplaceOutcome,
  identities: Record<string, string>,
  owned: ReadonlySet<string>,
): Promise<void> {
  const { warehouse, registry } = ctx;
  const rules = warehouse.capabilities.identifiers;
  // Journal first: the promotion and every step, planned.
  await step(warehouse, "Journaling the promotion", async () => {
    await registry.putPromotion(record);
    for (const s of steps) await registry.putStep(s);
  });

  // 1. Stage.
  try {
    for (const s of steps) {
      s.how = await step(warehouse, `Staging ${showQualified(s.source)}`, () =>
        warehouse.stageTable(s.source, { schema: s.target.schema, identifier: s.staged_identifier }),
      );
      s.state = "staged";
      await step(warehouse, "Journaling a staged table", () => registry.putStep(s));
    }
  } catch (error) {
    await revert(ctx, record, `staging failed: ${messageOf(error)}`);
    throw new UserError(
      "promotion_refused",
      `Promotion ${record.id} from ${record.environment} stopped while staging (${messageOf(error)}); prod was not touched and what was staged is dropped.`,
    );
  }

  // 2. The planned switch is journaled: switching.
  await step(warehouse, "Journaling the switch", () =>
    registry.putPromotion({ ...record, status: "switching", updated_at: ctx.now }),
  );

  // 3. Switch one by one, parents first (the plan's order).
  const started = new Date().toISOString();
  try {
    for (const s of steps) {
      s.state = "switching";
      await step(warehouse, "Journaling a switch", () => registry.putStep(s));
      const outcome = await step(warehouse, `Switching ${showQualified(s.target)}`, () =>
        warehouse.replaceTable(s.target, s.staged_identifier, s.retired_identifier),
      );
      addOutcome(views, outcome);
      identities[s.node_id] = await step(warehouse, `Marking ${showQualified(s.target)}`, () =>
        warehouse.markTable(s.target, markOf(s)),
      );
      s.state = "switched";
      s.switched_at = new Date().toISOString();
      await step(warehouse, "Journaling a switched table", async () => {
        await registry.putStep(s);
        if (s.how === "moved" && owned.has(qualifiedKey(s.source, rules))) {
          await registry.deleteObject(record.environment, s.source.schema, s.source.identifier);
        }
      });
    }
  } catch (error) {
    const ended = new Date().toISOString();
    const mixed = steps
      .filter((s) => s.state === "switched" || s.state === "switching")
      .map((s) => s.node_id);
    const reverted = (
      await revert(ctx, record, `switching failed: ${messageOf(error)}`, {
        window: { from: started, to: ended, nodes: mixed },
      })
    ).done;
    throw new UserError(
      "promotion_refused",
      reverted
        ? `Promotion ${record.id} from ${record.environment} failed while switching (${messageOf(error)}) and was switched back: between ${started} and ${ended} readers saw the promoted ${mixed.join(", ") || "(none)"} next to the old versions of the rest.`
        : `Promotion ${record.id} from ${record.environment} failed while switching (${messageOf(error)}), and switching back failed too: the registry's journal says which names point where. Run \`ods-state env rollback --resume\` to finish.`,
    );
  }

  // 5. Commit.
  await step(warehouse, "Committing the promotion", () =>
    registry.putPromotion({
      ...record,
      status: "committed",
      updated_at: ctx.now,
      detail: { ...record.detail, views, identities },
    }),
  );
}

function emptyOutcome(): ReplaceOutcome {
  return { rebound: [], left: [], materialized: [], kept: [] };
}

function addOutcome(into: ReplaceOutcome, outcome: ReplaceOutcome): void {
  into.rebound.push(...outcome.rebound);
  into.left.push(...outcome.left);
  into.materialized.push(...outcome.materialized);
  into.kept.push(...outcome.kept);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
