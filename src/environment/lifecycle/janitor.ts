/**
 * The janitor (`ods-state env gc`): removes the environments of pull
 * requests closed (or merged) for longer than the retention, and drops the
 * prod tables promotions replaced (or, after a rollback, the promoted ones)
 * once their retention passed. It reports what it could not drop and goes
 * on: a janitor never fails the run for one stuck object. It acts only on the
 * environments and promotions of its scope (repository + dbt project): a
 * janitor of another repository or project sharing the warehouse never
 * closes, drops or expires them, and this one never touches theirs.
 */
import type { StateSnapshot } from "../../state/snapshot.js";
import { type IdentifierRules, qualifiedKey } from "../../warehouse/names.js";
import { StoredNames } from "../../warehouse/stored-names.js";
import { inScope } from "../environment-identity.js";
import { DEFAULT_RETENTION_DAYS } from "../promotion/promote.js";
import { recoverInterrupted } from "../promotion/recover.js";
import type { CleanupReport } from "./cleanup/cleanup-report.js";
import { cleanupUnrecovered } from "./cleanup.js";
import { type EnvContext, observe, step } from "./common.js";

export interface JanitorInput {
  /** Days an environment is kept after its PR closed (default 3). */
  retentionDays?: number;
  /** Pull requests still open, when known: an open environment of any other PR counts as closed now. */
  openPullRequests?: ReadonlySet<number>;
  prod?: StateSnapshot | null;
  dryRun?: boolean;
}

export interface JanitorReport {
  dry_run: boolean;
  environments: CleanupReport[];
  /** Open environments found closed (their PR is not open), marked closed now. */
  marked_closed: string[];
  /** Promotions past retention whose kept tables were dropped (or would be). */
  expired_promotions: { id: string; dropped: string[] }[];
  /** Everything that could not be dropped, with why. */
  problems: { object: string; error: string }[];
  /** Interrupted promotions and rollbacks it finished first (promotion/recover.ts). */
  recovered: { id: string; environment: string; outcome: "switched_back" | "rolled_back"; kept: string[] }[];
}

export async function runJanitor(ctx: EnvContext, input: JanitorInput = {}): Promise<JanitorReport> {
  const { warehouse, registry, now } = ctx;
  const retentionMs = (input.retentionDays ?? DEFAULT_RETENTION_DAYS) * 86_400_000;
  const report: JanitorReport = {
    dry_run: input.dryRun === true,
    environments: [],
    marked_closed: [],
    expired_promotions: [],
    problems: [],
    recovered: [],
  };
  const nowMs = Date.parse(now);

  // Promotions and rollbacks an interrupted job left unfinished, first: before an environment a promotion
  // moved tables out of is dropped, and before their kept tables are looked at.
  const recovery = await recoverInterrupted(ctx, { prod: input.prod ?? null, dryRun: input.dryRun === true });
  report.recovered.push(...recovery.recovered);
  for (const failed of recovery.failed)
    report.problems.push({ object: `promotion ${failed.id}`, error: failed.error });

  const environments = (await registry.environments()).filter((e) => inScope(e, ctx.scope));
  for (const environment of environments) {
    if (
      environment.status === "open" &&
      input.openPullRequests &&
      environment.pr_number !== null &&
      !input.openPullRequests.has(environment.pr_number)
    ) {
      report.marked_closed.push(environment.name);
      if (!input.dryRun) {
        await step(warehouse, `Closing the environment ${environment.name}`, () =>
          registry.putEnvironment({ ...environment, status: "closed", closed_at: now, updated_at: now }),
        );
      }
      continue;
    }
    if (environment.status !== "closed" && environment.status !== "merged") continue;
    const closedAt = Date.parse(environment.closed_at ?? environment.updated_at);
    if (Number.isNaN(closedAt) || nowMs - closedAt < retentionMs) continue;
    try {
      const cleaned = await cleanupUnrecovered(ctx, {
        name: environment.name,
        prod: input.prod ?? null,
        dryRun: input.dryRun === true,
      });
      report.environments.push(cleaned);
      for (const failure of cleaned.failed)
        report.problems.push({ object: failure.object, error: failure.error });
    } catch (error) {
      report.problems.push({
        object: environment.name,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }

  const rules = warehouse.capabilities.identifiers;
  // A kept table is found by its name (no identity is recorded for it): a relation prod's state records at
  // that name (a model named like it, built since) is prod's, never dropped as the promotion's.
  const prodAt = prodRelationsByKey(warehouse.capabilities.engine, input.prod ?? null, rules);
  const promotions = (await registry.promotions()).filter((p) => inScope(p, ctx.scope));
  for (const promotion of promotions) {
    if (promotion.status !== "committed" && promotion.status !== "rolled_back") continue;
    if (Date.parse(promotion.retain_until) > nowMs) continue;
    const steps = await registry.steps(promotion.id);
    const kept = steps.flatMap((s) => {
      if (promotion.status === "committed" && s.state === "switched" && s.retired_identifier) {
        return [{ schema: s.target.schema, identifier: s.retired_identifier }];
      }
      if (promotion.status === "rolled_back" && s.state === "rolled_back") {
        return [{ schema: s.target.schema, identifier: s.undone_identifier }];
      }
      // A name the rollback left to a later build: the table the promotion replaced is kept for nothing.
      if (promotion.status === "rolled_back" && s.state === "switched" && s.retired_identifier) {
        return [{ schema: s.target.schema, identifier: s.retired_identifier }];
      }
      return [];
    });
    const seen = await observe(warehouse, [...new Set(kept.map((k) => k.schema))]);
    const dropped: string[] = [];
    let stuck = false;
    for (const table of kept) {
      const found = seen.objects.get(qualifiedKey(table, rules));
      if (!found) continue;
      const prodNode = prodAt.get(qualifiedKey(table, rules));
      if (prodNode !== undefined) {
        report.problems.push({
          object: `${table.schema}.${table.identifier}`,
          error: `not dropped: prod's state records it as ${prodNode}'s relation, so it is prod's, not the table promotion ${promotion.id} kept`,
        });
        continue;
      }
      if (input.dryRun) {
        dropped.push(`${table.schema}.${table.identifier}`);
        continue;
      }
      try {
        await step(warehouse, `Dropping ${table.schema}.${table.identifier}`, () =>
          warehouse.dropObject(found),
        );
        dropped.push(`${table.schema}.${table.identifier}`);
      } catch (error) {
        stuck = true;
        report.problems.push({
          object: `${table.schema}.${table.identifier}`,
          error: error instanceof Error ? error.message : String(error),
        });
      }
    }
    report.expired_promotions.push({ id: promotion.id, dropped });
    if (!input.dryRun && !stuck) {
      await step(warehouse, `Expiring promotion ${promotion.id}`, () =>
        registry.putPromotion({ ...promotion, status: "expired", updated_at: now }),
      );
    }
  }
  return report;
}

/** The relations prod's state records (each form the warehouse may store one under), by key, with their node. */
function prodRelationsByKey(
  engine: string,
  prod: StateSnapshot | null,
  rules: IdentifierRules,
): Map<string, string> {
  const names = new StoredNames(engine).withProd(prod);
  const out = new Map<string, string>();
  for (const [id, state] of Object.entries(prod?.nodes ?? {})) {
    if (!state.relation) continue;
    for (const relation of names.possible(state.relation, id)) out.set(qualifiedKey(relation, rules), id);
  }
  return out;
}
