/**
 * Isolation and prod protection (docs/environments.md, Isolation), on a real
 * DuckDB file and a real PostgreSQL server:
 *
 * - an environment is its repository's, dbt project's and pull request's:
 *   two repositories whose PR 7 would write one CI schema don't share it (the
 *   second is refused), a registry of before 1.1 is upgraded and its rows are
 *   left alone by every repository until `--legacy` cleans them up;
 * - an environment owns only what it created: it is not created in a schema
 *   holding relations it doesn't own (CI schema = prod schema, no prod state),
 *   its record never takes a relation outside its schemas, and cleanup (with
 *   or without prod's state) drops nothing of prod's;
 * - no silent successes: nothing to roll back (an expired promotion) is an
 *   error; `env promote` / `env refresh` of no environment, and a state file
 *   of another dbt project, are errors naming what is wrong.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { environmentScope } from "../../src/app/events/environment-steps.js";
import { runCli } from "../../src/cli/run-cli.js";
import {
  cleanupEnvironment,
  createEnvironment,
  type EnvContext,
  EnvironmentRegistry,
  environmentName,
  planPromotion,
  promote,
  REGISTRY_SCHEMA_VERSION,
  recordEnvironmentBuilds,
  rollbackPromotion,
  runJanitor,
} from "../../src/environment/index.js";
import { isUserError, type UserError } from "../../src/errors/user-error.js";
import type { RunEnvironment } from "../../src/github/event.js";
import type { StateSnapshot } from "../../src/state/snapshot.js";
import { SqliteStateStore } from "../../src/store/sqlite-store.js";
import { captureContext, cliIn } from "../support/cli-context.js";
import { ENGINES, freshSession, postgresServer } from "../support/warehouse/engines.js";
import { duckdbSession, type Engine, type Session } from "../support/warehouse/sessions.js";
import { buildSet, loadShopRaw, SHOP } from "../support/warehouse/shop.js";
import {
  buildTeam,
  contents,
  planFor,
  recordTeam,
  type Team,
  team,
  teamContext,
} from "../support/warehouse/teams.js";

const dir = mkdtempSync(path.join(os.tmpdir(), "ods-isolation-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function failure(promise: Promise<unknown>): Promise<UserError> {
  try {
    await promise;
  } catch (error) {
    if (isUserError(error)) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

const NOW = "2026-11-30T10:15:00.000Z";

async function prodOf(session: Session, t: Team): Promise<StateSnapshot> {
  const results = await buildTeam(session, t, {
    manifest: t.prod.manifest,
    target: "prod",
    invocationId: t.prod.manifest.metadata.invocation_id,
    startedAt: "2026-11-30T08:05:02.000Z",
  });
  return recordTeam(t, t.prod.project, results, null, t.sources.prod, "2026-11-30T08:06:00Z");
}

/** `t`'s PR `pr` created over prod, built by dbt into its CI schema and recorded. */
async function openPr(session: Session, ctx: EnvContext, t: Team, pr: number, prod: StateSnapshot | null) {
  const name = environmentName(t.scope, pr);
  const { manifest, project } = t.pr(pr);
  const planned = planFor(t, project, prod, { sources: t.sources.pr, now: ctx.now, pointers: true });
  await createEnvironment(ctx, {
    name,
    project: t.scope.project,
    prNumber: pr,
    headSha: null,
    plan: planned,
    prod,
  });
  const results = await buildTeam(session, t, {
    manifest,
    target: "ci",
    select: buildSet(planned),
    invocationId: `${t.tag}-pr${pr}`,
    startedAt: "2026-11-30T10:16:41.000Z",
  });
  await recordEnvironmentBuilds(ctx, { name, project, runResults: results, sources: t.sources.pr });
  return name;
}

describe.each(ENGINES)("isolation on %s", (engine) => {
  // Two repositories whose dbt projects share a name, prod schema and CI schema naming.
  const web = team("acme/web", "shop", "x");
  const app = team("acme/app", "shop", "x");

  it("two repositories' PR 7 never share an environment: the second is refused the CI schema the first created", async () => {
    const session = await freshSession(engine);
    try {
      await loadShopRaw(session);
      const S0 = await prodOf(session, web);
      const webCtx = await teamContext(session, web, NOW);
      const webName = await openPr(session, webCtx, web, 7, S0);
      expect(webName).toBe("acme/web:shop:pr-7");
      const before = await contents(session, ["analytics_x_pr_7"]);

      const appCtx = await teamContext(session, app, NOW);
      const planned = planFor(app, app.pr(7).project, S0, {
        sources: app.sources.pr,
        now: NOW,
        pointers: true,
      });
      const refused = await failure(
        createEnvironment(appCtx, {
          name: environmentName(app.scope, 7),
          project: "shop",
          prNumber: 7,
          headSha: null,
          plan: planned,
          prod: S0,
        }),
      );
      expect(refused.code).toBe("environment_schema_taken");
      expect(refused.message).toContain(
        '"analytics_x_pr_7" was created by acme/web:shop:pr-7 (repository acme/web, dbt project shop)',
      );
      expect(await appCtx.registry.environment(environmentName(app.scope, 7))).toBeNull();
      expect(await contents(session, ["analytics_x_pr_7"])).toEqual(before);

      // app's janitor (no open pull request of app's) and app's cleanup of its PR 7 leave web's alone.
      const janitor = await runJanitor(appCtx, { retentionDays: 0, openPullRequests: new Set() });
      expect(janitor.marked_closed).toEqual([]);
      expect(janitor.environments).toEqual([]);
      expect((await cleanupEnvironment(appCtx, { name: environmentName(app.scope, 7) })).found).toBe(false);
      expect((await webCtx.registry.environment(webName))?.status).toBe("open");
      expect(await contents(session, ["analytics_x_pr_7"])).toEqual(before);

      // A promotion is its repository's: app can't roll back web's, by id or as its latest.
      const mainPlan = planFor(web, web.main.project, S0, { sources: web.sources.main, now: NOW });
      const decided = await planPromotion(webCtx, {
        environment: webName,
        plan: mainPlan,
        project: web.main.project,
        prod: S0,
        sources: web.sources.main,
      });
      const promoted = await promote(webCtx, {
        plan: decided,
        mainPlan,
        mainProject: web.main.project,
        promotedBy: "web-main-1",
        retentionDays: 0,
      });
      expect(promoted.status).toBe("committed");
      const byId = await failure(rollbackPromotion(appCtx, { id: promoted.id! }));
      expect(byId.code).toBe("environment_foreign");
      expect(byId.message).toContain("repository acme/web, dbt project shop");
      expect((await failure(rollbackPromotion(appCtx, {}))).code).toBe("rollback_refused");
      // Nor does app's janitor expire it: its replaced table stays for web's rollback.
      expect((await runJanitor(appCtx, { retentionDays: 0 })).expired_promotions).toEqual([]);
      const retired = promoted.promoted[0]!.retired!;
      expect(Object.keys(await contents(session, ["analytics_x"]))).toContain(
        `analytics_x.${retired.identifier}:table`,
      );
      expect((await rollbackPromotion(webCtx, { environment: webName })).status).toBe("rolled_back");
    } finally {
      await session.close();
    }
  });

  it("a registry of before 1.1 is upgraded; its rows are no repository's until --legacy cleans them up", async () => {
    let session = await freshSession(engine);
    try {
      await loadShopRaw(session);
      const S0 = await prodOf(session, web);
      const webCtx = await teamContext(session, web, NOW);
      const name = await openPr(session, webCtx, web, 7, S0);
      // What a 1.0 registry holds: rows named pr-7, no repository, no schemas.
      for (const [table, column] of [
        ["environments", "name"],
        ["env_objects", "environment"],
        ["env_pointers", "environment"],
        ["env_builds", "environment"],
      ] as const) {
        await session.exec(
          `update "ods_meta"."${table}" set "${column}" = 'pr-7' where "${column}" = '${name}'`,
        );
      }
      await session.exec(`alter table "ods_meta"."environments" drop column "repository"`);
      await session.exec(`alter table "ods_meta"."environments" drop column "schemas"`);
      await session.exec(`alter table "ods_meta"."promotions" drop column "repository"`);
      await session.exec(`update "ods_meta"."registry_info" set value = '1.0' where key = 'schema_version'`);
      const before = await contents(session, ["analytics_x_pr_7"]);

      // Opened by this version, even read only: upgraded additively.
      expect(await EnvironmentRegistry.open(session.warehouse, { create: false })).not.toBeNull();
      const version = await session.rows(
        `select value from "ods_meta"."registry_info" where key = 'schema_version'`,
      );
      expect(version).toEqual([
        { value: `${REGISTRY_SCHEMA_VERSION.major}.${REGISTRY_SCHEMA_VERSION.minor}` },
      ]);
      const ctx = await teamContext(session, web, "2026-12-05T00:00:00.000Z");
      expect(await ctx.registry.environment("pr-7")).toMatchObject({
        repository: null,
        project: "shop",
        schemas: [],
      });

      // No repository's janitor acts on it, and its own name is not the repository's environment.
      const janitor = await runJanitor(ctx, { retentionDays: 0, openPullRequests: new Set() });
      expect(janitor.marked_closed).toEqual([]);
      expect(await contents(session, ["analytics_x_pr_7"])).toEqual(before);
      // Its CI schema is the legacy environment's: a new one is refused, naming the way out.
      const refused = await failure(
        createEnvironment(ctx, {
          name,
          project: "shop",
          prNumber: 7,
          headSha: null,
          plan: planFor(web, web.pr(7).project, S0, {
            sources: web.sources.pr,
            now: ctx.now,
            pointers: true,
          }),
          prod: S0,
        }),
      );
      expect(refused.code).toBe("environment_schema_taken");
      expect(refused.message).toContain("pr-7 (a registry row written before isolation");
      expect(refused.hint).toContain("--legacy");

      // --legacy, from the CLI: the legacy environment of dbt project shop is cleaned up, then PR 7 is made.
      const spec = await specOf(engine, session);
      if (engine === "duckdb") await session.close(); // the CLI opens the file itself
      const cleaned = await runCli(
        ["env", "cleanup", "--pr", "7", "--project", "shop", "--legacy", "--warehouse", spec],
        captureContext(dir),
      );
      if (engine === "duckdb") session = await duckdbSession(path.dirname(spec.slice("duckdb:".length)));
      expect(cleaned).toBe(0);
      expect(await session.warehouse.listSchemas()).not.toContain("analytics_x_pr_7");
      const again = await teamContext(session, web, "2026-12-05T00:00:00.000Z");
      expect(await openPr(session, again, web, 7, S0)).toBe(name);
    } finally {
      await session.close();
    }
  });

  it("CI schema = prod schema without prod's state: create is refused, record takes nothing of prod, cleanup drops nothing of prod", async () => {
    const session = await freshSession(engine);
    try {
      await loadShopRaw(session);
      const S0 = await prodOf(session, web);
      const prodRelations = await contents(session, ["analytics_x"]);
      const ctx = await teamContext(session, web, NOW);

      // The pull request compiled with prod's schema, and no prod state (first run, expired cache, wrong --state).
      const overProd = planFor(web, web.main.project, null, {
        sources: web.sources.pr,
        now: NOW,
        pointers: true,
      });
      const name = environmentName(web.scope, 7);
      const refused = await failure(
        createEnvironment(ctx, {
          name,
          project: "shop",
          prNumber: 7,
          headSha: null,
          plan: overProd,
          prod: null,
        }),
      );
      expect(refused.code).toBe("environment_schema_occupied");
      expect(refused.message).toContain("analytics_x.orders (table)");
      expect(refused.message).toContain("Prod's state is missing");
      expect(await ctx.registry.environment(name)).toBeNull();

      // An environment made properly, then a record of a run that wrote prod's relations: none is its own.
      await openPr(session, ctx, web, 7, S0);
      const prodRun = await buildTeam(session, web, {
        manifest: web.main.manifest,
        target: "prod",
        invocationId: web.main.manifest.metadata.invocation_id,
        startedAt: "2026-11-30T10:30:00.000Z",
      });
      const recorded = await failure(
        recordEnvironmentBuilds(ctx, { name, project: web.main.project, runResults: prodRun, sources: null }),
      );
      expect(recorded.code).toBe("record_refused");
      expect(recorded.message).toContain(
        "is in a schema that holds prod's relations; the environment never takes it as its own",
      );
      const owned = await ctx.registry.objects(name);
      expect(owned.filter((o) => o.schema === "analytics_x")).toEqual([]);
      const prodNow = await contents(session, ["analytics_x"]);

      // A row that says it built a prod relation (written by an older version) is not acted on.
      await ctx.registry.putObject({
        environment: name,
        schema: "analytics_x",
        identifier: "orders",
        kind: "table",
        role: "build",
        node_id: "model.shop.orders",
        state: "present",
        created_at: NOW,
        identity: null,
      });
      const report = await cleanupEnvironment(ctx, { name, prod: null });
      expect(report.complete).toBe(true);
      expect(report.dropped.map((d) => d.object)).not.toContain("analytics_x.orders");
      expect(report.kept).toContainEqual(expect.objectContaining({ schema: "analytics_x.orders" }));
      expect(await contents(session, ["analytics_x"])).toEqual(prodNow);
      expect(Object.keys(prodNow).length).toBe(Object.keys(prodRelations).length);
    } finally {
      await session.close();
    }
  });

  it.each([
    ["without", false],
    ["with", true],
  ])(
    "an environment made before prod in prod's schema: cleanup %s prod's state drops nothing of prod",
    async (_label, withState) => {
      const session = await freshSession(engine);
      try {
        await loadShopRaw(session);
        const ctx = await teamContext(session, web, NOW);
        const name = environmentName(web.scope, 7);
        // The first PR, before prod exists, compiled with prod's schema: the environment creates analytics_x.
        const first = planFor(web, web.prod.project, null, {
          sources: web.sources.pr,
          now: NOW,
          pointers: true,
        });
        const made = await createEnvironment(ctx, {
          name,
          project: "shop",
          prNumber: 7,
          headSha: null,
          plan: first,
          prod: null,
        });
        expect(made.actions).toEqual([{ action: "create_schema", object: "analytics_x" }]);
        // Then main's dbt build makes prod there.
        const S0 = await prodOf(session, web);
        const prod = await contents(session, ["analytics_x"]);
        expect(Object.keys(prod).length).toBeGreaterThan(5);
        const report = await cleanupEnvironment(ctx, { name, prod: withState ? S0 : null });
        expect(report.dropped).toEqual([]);
        expect(report.kept.map((k) => k.schema)).toEqual(["analytics_x"]);
        expect(await contents(session, ["analytics_x"])).toEqual(prod);
      } finally {
        await session.close();
      }
    },
  );

  it("a rollback of an expired promotion is an error naming the retention, not a quiet success", async () => {
    const session = await freshSession(engine);
    try {
      await loadShopRaw(session);
      const S0 = await prodOf(session, web);
      const ctx = await teamContext(session, web, NOW);
      const name = await openPr(session, ctx, web, 7, S0);
      const mainPlan = planFor(web, web.main.project, S0, { sources: web.sources.main, now: NOW });
      const decided = await planPromotion(ctx, {
        environment: name,
        plan: mainPlan,
        project: web.main.project,
        prod: S0,
        sources: web.sources.main,
      });
      const promoted = await promote(ctx, {
        plan: decided,
        mainPlan,
        mainProject: web.main.project,
        promotedBy: "m1",
        retentionDays: 0,
      });
      const later = await teamContext(session, web, "2026-12-01T00:00:00.000Z");
      expect((await runJanitor(later, { retentionDays: 0 })).expired_promotions.map((p) => p.id)).toEqual([
        promoted.id,
      ]);
      for (const input of [{}, { environment: name }]) {
        const refused = await failure(rollbackPromotion(later, input));
        expect(refused.code).toBe("rollback_refused");
        expect(refused.message).toContain(`its latest promotion ${promoted.id} is past its retention`);
      }
      const byId = await failure(rollbackPromotion(later, { id: promoted.id! }));
      expect(byId.code).toBe("rollback_refused");
      expect(byId.message).toContain("past its retention");
    } finally {
      await session.close();
    }
  });

  it("the CLI: promote or refresh of no environment, and a state file of another project, are errors", async () => {
    const session = await freshSession(engine);
    const spec = await specOf(engine, session);
    await session.close();
    const state = path.join(dir, `${engine}-other.db`);
    const store = await SqliteStateStore.open(state);
    await store.commit({ project: "billing", environment: "prod" }, null, {
      schema_version: "1.0",
      project: "billing",
      environment: "prod",
      run_id: "r1",
      created_at: NOW,
      nodes: {},
    } as unknown as StateSnapshot);
    await store.close();
    const cli = cliIn(dir, { repository: "acme/web" });
    const fixture = (relative: string) => path.join(SHOP, relative);

    const promoted = await cli([
      "env",
      "promote",
      "--pr",
      "99",
      "--manifest",
      fixture("prod-after-merge/manifest.json"),
      "--warehouse",
      spec,
    ]);
    expect(promoted.code).toBe(1);
    expect(promoted.err).toContain("error[environment_unknown]");
    expect(promoted.err).toContain("There is no environment acme/web:shop:pr-99");

    const refreshed = await cli([
      "env",
      "refresh",
      "--pr",
      "99",
      "--manifest",
      fixture("pr-7/manifest.json"),
      "--warehouse",
      spec,
    ]);
    expect(refreshed.code).toBe(1);
    expect(refreshed.err).toContain("error[environment_unknown]");

    const other = await cli([
      "env",
      "create",
      "--pr",
      "7",
      "--manifest",
      fixture("pr-7/manifest.json"),
      "--state",
      state,
      "--warehouse",
      spec,
    ]);
    expect(other.code).toBe(1);
    expect(other.err).toContain("error[state_other_project]");
    expect(other.err).toContain("holds dbt project billing, but the manifest's dbt project is shop");

    const legacyCreate = await cli([
      "env",
      "create",
      "--pr",
      "7",
      "--manifest",
      fixture("pr-7/manifest.json"),
      "--legacy",
      "--warehouse",
      spec,
    ]);
    expect(legacyCreate.code).toBe(2);
    expect(legacyCreate.err).toContain("--legacy is for cleanup, rollback, gc");

    const noRepository = await runCli(
      ["env", "cleanup", "--pr", "7", "--project", "shop", "--warehouse", spec],
      captureContext(dir),
    );
    expect(noRepository).toBe(2);
  });
});

/** The CLI's --warehouse for the session's database. */
async function specOf(engine: Engine, session: Session): Promise<string> {
  if (engine === "postgres") return (await postgresServer()).urlFor("shop");
  const file = (await session.rows("select path from duckdb_databases() where database_name = 'shop'"))[0]!
    .path as string;
  return `duckdb:${file}`;
}

describe("identity", () => {
  it("derives one registry name per repository, dbt project and pull request", () => {
    const names = [
      environmentName({ repository: "acme/web", project: "shop" }, 7),
      environmentName({ repository: "acme/app", project: "shop" }, 7),
      environmentName({ repository: "acme/mono", project: "shop_eu" }, 7),
      environmentName({ repository: "acme/mono", project: "shop_us" }, 7),
      environmentName({ repository: "acme/mono", project: "shop_us" }, 8),
    ];
    expect(new Set(names).size).toBe(5);
    expect(names[0]).toBe("acme/web:shop:pr-7");
    expect(environmentName({ repository: null, project: "shop" }, 7)).toBe("pr-7");
  });

  it("the action without GITHUB_REPOSITORY can't name an environment: input_invalid naming it", () => {
    const run = { repository: { owner: "", repo: "" } } as RunEnvironment;
    const error = (() => {
      try {
        environmentScope(run, "shop");
      } catch (e) {
        return e as UserError;
      }
      throw new Error("expected a refusal");
    })();
    expect(error.code).toBe("input_invalid");
    expect(error.input).toBe("GITHUB_REPOSITORY");
  });
});
