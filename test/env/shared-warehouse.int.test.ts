/**
 * Issue 19's scenario: one warehouse (DuckDB, then a real PostgreSQL), one
 * registry, four dbt projects: two repositories whose projects share a name
 * (acme/web and acme/app, both `shop`) and a monorepo with two projects
 * (acme/mono: shop_eu and shop_us). All four open pull request #7, push,
 * merge (promotion), and one rolls back; acme/web also opens and closes #8,
 * acme/app keeps #9 open; every team runs its janitor. Interleaved, and
 * after each team's step nothing of the other three changed (their prod and
 * CI relations, with their rows, and their registry rows). At the end, each
 * project's prod relations equal a fresh build of its main.
 */
import { describe, expect, it } from "vitest";
import {
  applyPromotion,
  applyRollback,
  cleanupEnvironment,
  closeEnvironment,
  createEnvironment,
  type EnvContext,
  environmentBaseline,
  environmentName,
  inScope,
  planPromotion,
  promote,
  recordEnvironmentBuilds,
  rollbackPromotion,
  runJanitor,
} from "../../src/environment/index.js";
import type { StateSnapshot } from "../../src/state/snapshot.js";
import { ENGINES, freshSession } from "../support/warehouse/engines.js";
import type { Session } from "../support/warehouse/sessions.js";
import { buildSet, loadShopRaw, projectOf } from "../support/warehouse/shop.js";
import {
  buildTeam,
  contents,
  planFor,
  recordTeam,
  type Team,
  team,
  teamContext,
} from "../support/warehouse/teams.js";

const TEAMS: Team[] = [
  team("acme/web", "shop", "web"),
  team("acme/app", "shop", "app"),
  team("acme/mono", "shop_eu", "eu"),
  team("acme/mono", "shop_us", "us"),
];
const [WEB, APP] = TEAMS as [Team, Team, Team, Team];

/** What another team's step must not change: its relations (with rows) and its registry rows. */
async function footprint(session: Session, ctx: EnvContext, t: Team) {
  const schemas = (await session.warehouse.listSchemas()).filter(
    (schema) => schema === t.schema || schema.startsWith(`${t.schema}_pr_`),
  );
  const environments = (await ctx.registry.environments()).filter((e) => inScope(e, t.scope));
  const promotions = (await ctx.registry.promotions()).filter((p) => inScope(p, t.scope));
  const objects = [];
  for (const e of environments) objects.push(...(await ctx.registry.objects(e.name)));
  return { relations: await contents(session, schemas), environments, promotions, objects };
}

describe.each(ENGINES)("four dbt projects of three repositories share one warehouse (%s)", (engine) => {
  it("open, push, merge, rollback, close and janitor of each never touch the others; prod equals a fresh build of main", async () => {
    const session = await freshSession(engine);
    try {
      /** Runs `step` for `t`, checking that the other teams' relations and registry rows did not change. */
      const alone = async <T>(t: Team, now: string, step: (ctx: EnvContext) => Promise<T>): Promise<T> => {
        const ctx = await teamContext(session, t, now);
        const others = TEAMS.filter((other) => other !== t);
        const before = await Promise.all(others.map((other) => footprint(session, ctx, other)));
        const result = await step(ctx);
        const after = await Promise.all(others.map((other) => footprint(session, ctx, other)));
        for (const [i, other] of others.entries()) {
          expect(after[i], `${other.scope.repository} ${other.scope.project} after ${t.tag}'s step`).toEqual(
            before[i],
          );
        }
        return result;
      };

      // Prod of each project, built by dbt and recorded.
      await loadShopRaw(session);
      const prod = new Map<Team, StateSnapshot>();
      for (const t of TEAMS) {
        const results = await buildTeam(session, t, {
          manifest: t.prod.manifest,
          target: "prod",
          invocationId: t.prod.manifest.metadata.invocation_id,
          startedAt: "2026-11-30T08:05:02.000Z",
        });
        prod.set(t, recordTeam(t, t.prod.project, results, null, t.sources.prod, "2026-11-30T08:06:00Z"));
      }

      // Pull requests opened: every team's #7 (same number everywhere), web's #8, app's #9.
      const open = async (t: Team, pr: number, now: string, sources = t.sources.pr) =>
        alone(t, now, async (ctx) => {
          const name = environmentName(t.scope, pr);
          const { manifest, project } = t.pr(pr);
          const S0 = prod.get(t)!;
          const planned = planFor(t, project, await environmentBaseline(ctx, name, S0, project), {
            sources,
            now,
            pointers: true,
          });
          const change = await createEnvironment(ctx, {
            name,
            project: t.scope.project,
            prNumber: pr,
            headSha: null,
            plan: planned,
            prod: S0,
          });
          const results = await buildTeam(session, t, {
            manifest,
            target: "ci",
            select: buildSet(planned),
            invocationId: `${t.tag}-pr${pr}-${now}`,
            startedAt: now,
          });
          await recordEnvironmentBuilds(ctx, { name, project, runResults: results, sources: t.sources.pr });
          return { change, planned };
        });
      for (const t of TEAMS) {
        const { change } = await open(t, 7, "2026-11-30T10:15:00.000Z");
        expect(change.schemas).toEqual([t.ciSchema(7)]);
        expect(change.pointers).toBe(4);
      }
      await open(WEB, 8, "2026-11-30T10:20:00.000Z");
      await open(APP, 9, "2026-11-30T10:25:00.000Z");

      // A push: each environment is planned over its own builds, nothing is left to build.
      for (const t of TEAMS) {
        const { change, planned } = await open(
          t,
          7,
          "2026-11-30T11:00:00.000Z",
          t.sources.at("2026-11-30T10:59:00Z"),
        );
        expect(change.actions).toEqual([]);
        // Only the model whose hook reads the target is built again.
        expect([...buildSet(planned)]).toEqual([`model.${t.scope.project}.customer_countries`]);
      }

      // The merges: orders is promoted from each project's own #7 into its own prod, dbt builds the rest.
      const promotions = new Map<Team, Awaited<ReturnType<typeof promote>>>();
      for (const t of TEAMS) {
        const now = "2026-11-30T12:02:00.000Z";
        await alone(t, now, async (ctx) => {
          const name = environmentName(t.scope, 7);
          const S0 = prod.get(t)!;
          const mainPlan = planFor(t, t.main.project, S0, { sources: t.sources.main, now });
          const decided = await planPromotion(ctx, {
            environment: name,
            plan: mainPlan,
            project: t.main.project,
            prod: S0,
            sources: t.sources.main,
          });
          const promoted = await promote(ctx, {
            plan: decided,
            mainPlan,
            mainProject: t.main.project,
            promotedBy: `${t.tag}-main-1`,
            retentionDays: 0,
          });
          expect(promoted.status).toBe("committed");
          expect(promoted.promoted.map((p) => `${p.from.schema}.${p.from.identifier}`)).toEqual([
            `${t.ciSchema(7)}.orders`,
          ]);
          expect(promoted.promoted.map((p) => p.to.schema)).toEqual([t.schema]);
          promotions.set(t, promoted);
          const promotedIds = new Set(promoted.promoted.map((p) => p.unique_id));
          const results = await buildTeam(session, t, {
            manifest: t.main.manifest,
            target: "prod",
            select: new Set([...buildSet(mainPlan)].filter((id) => !promotedIds.has(id))),
            invocationId: t.main.manifest.metadata.invocation_id,
            startedAt: "2026-11-30T12:03:00.000Z",
          });
          const S1 = recordTeam(t, t.main.project, results, S0, t.sources.main, "2026-11-30T12:05:00Z");
          prod.set(
            t,
            applyPromotion(S1, promoted.promoted, {
              promotedBy: `${t.tag}-main-1`,
              builtBy: results.metadata.invocationId,
            }),
          );
          await closeEnvironment(ctx, { name, merged: true });
          const cleaned = await cleanupEnvironment(ctx, { name, prod: prod.get(t)! });
          expect(cleaned.complete).toBe(true);
        });
      }

      // web's #8 closed without merging.
      await alone(WEB, "2026-11-30T12:10:00.000Z", async (ctx) => {
        const name = environmentName(WEB.scope, 8);
        await closeEnvironment(ctx, { name, merged: false });
        expect((await cleanupEnvironment(ctx, { name, prod: prod.get(WEB)! })).complete).toBe(true);
      });

      // web's janitor, knowing no open pull request of web's: it expires web's promotion only; app's #9
      // stays open and app's replaced table stays for its rollback.
      await alone(WEB, "2026-11-30T12:30:00.000Z", async (ctx) => {
        const report = await runJanitor(ctx, {
          retentionDays: 0,
          openPullRequests: new Set(),
          prod: prod.get(WEB)!,
        });
        expect(report.marked_closed).toEqual([]);
        expect(report.expired_promotions.map((p) => p.id)).toEqual([promotions.get(WEB)!.id]);
        expect(report.problems).toEqual([]);
      });

      // app rolls its promotion back; its next main run builds orders (and what read it) again.
      await alone(APP, "2026-11-30T13:00:00.000Z", async (ctx) => {
        const rolled = await rollbackPromotion(ctx, { environment: environmentName(APP.scope, 7) });
        expect(rolled.status).toBe("rolled_back");
        expect(rolled.id).toBe(promotions.get(APP)!.id);
        const S = applyRollback(prod.get(APP)!, rolled.restored);
        const now = "2026-11-30T13:05:00.000Z";
        const sources = APP.sources.at("2026-11-30T13:04:00Z");
        // The next default-branch run: main's manifest again, written by another dbt invocation.
        const manifest = {
          ...APP.main.manifest,
          metadata: { ...APP.main.manifest.metadata, invocation_id: "app-main-2" },
        };
        const project = projectOf(manifest, "app/main-2/manifest.json");
        const next = planFor(APP, project, S, { sources, now });
        expect(buildSet(next)).toContain("model.shop.orders");
        const results = await buildTeam(session, APP, {
          manifest,
          target: "prod",
          select: buildSet(next),
          invocationId: "app-main-2",
          startedAt: "2026-11-30T13:05:30.000Z",
        });
        prod.set(APP, recordTeam(APP, project, results, S, sources, "2026-11-30T13:06:00Z"));
      });

      // Every team's janitor: app's #9 is open for app, the rest is gone past the retention.
      for (const t of TEAMS) {
        await alone(t, "2026-11-30T14:00:00.000Z", async (ctx) => {
          const report = await runJanitor(ctx, {
            retentionDays: 0,
            openPullRequests: new Set(t === APP ? [9] : []),
            prod: prod.get(t)!,
          });
          expect(report.problems).toEqual([]);
          expect(report.marked_closed).toEqual([]);
        });
      }
      const last = await teamContext(session, APP, "2026-11-30T14:00:00.000Z");
      expect((await last.registry.environment(environmentName(APP.scope, 9)))?.status).toBe("open");

      // Each project's prod equals a fresh build of its main (into fresh_<tag>), relation by relation.
      for (const t of TEAMS) {
        const fresh = JSON.parse(
          JSON.stringify(t.main.manifest)
            .replaceAll(`"analytics_${t.tag}"`, `"fresh_${t.tag}"`)
            .replaceAll(`\\"analytics_${t.tag}\\"`, `\\"fresh_${t.tag}\\"`),
        );
        await buildTeam(session, t, {
          manifest: fresh,
          target: "prod",
          invocationId: `${t.tag}-fresh`,
          startedAt: "2026-11-30T14:10:00.000Z",
        });
        const strip = (rows: Record<string, string>, schema: string) =>
          Object.fromEntries(
            Object.entries(rows).map(([key, value]) => [key.slice(schema.length + 1), value]),
          );
        const inProd = strip(await contents(session, [t.schema]), t.schema);
        const built = strip(await contents(session, [`fresh_${t.tag}`]), `fresh_${t.tag}`);
        expect(Object.keys(inProd).sort(), t.tag).toEqual(Object.keys(built).sort());
        // An incremental model's rows depend on its history (dbt's delete+insert keeps days a full build
        // drops), in prod as after any dbt run: it is compared for presence only.
        const incremental = new Set(
          Object.values<{ config: { materialized: string }; alias: string }>(t.main.manifest.nodes)
            .filter((node) => node.config?.materialized === "incremental")
            .map((node) => `${node.alias}:table`),
        );
        expect(incremental.size).toBe(1);
        for (const key of Object.keys(built)) {
          if (!incremental.has(key)) expect(inProd[key], `${t.tag} ${key}`).toEqual(built[key]);
        }
      }
    } finally {
      await session.close();
    }
  }, 120_000);
});
