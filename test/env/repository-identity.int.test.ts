/**
 * Issue 37, class 6: an environment is keyed by its repository's id, which a
 * rename, a transfer or a change of case keeps and a new repository created
 * under a reused name does not get; `owner/name` is kept for display. A
 * registry written before ids (1.1) is migrated: its rows are adopted once,
 * by a run of the repository of that name that records its id and was
 * created before them; a row of another id, a row made before the
 * repository existed, and a legacy row are never adopted.
 *
 * On a real DuckDB file and a real PostgreSQL server, through the library
 * (what the action's steps call), the action's reading of the run (event.ts,
 * src/app/events/environment-steps.ts) and the CLI in process.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { environmentScope } from "../../src/app/events/environment-steps.js";
import { PostgresWarehouse } from "../../src/drivers/postgres/postgres-warehouse.js";
import {
  cleanupEnvironment,
  createEnvironment,
  type EnvContext,
  EnvironmentRegistry,
  type EnvScope,
  environmentContext,
  environmentName,
  planPromotion,
  promote,
  recordEnvironmentBuilds,
  runJanitor,
} from "../../src/environment/index.js";
import { isUserError, type UserError } from "../../src/errors/user-error.js";
import { readRunEnvironment } from "../../src/github/event.js";
import type { StateSnapshot } from "../../src/state/snapshot.js";
import { runCliIn } from "../support/cli-context.js";
import { thrownUserError } from "../support/thrown-user-error.js";
import { ENGINES, freshSession, postgresServer } from "../support/warehouse/engines.js";
import { duckdbSession, type Engine, type Session } from "../support/warehouse/sessions.js";
import { buildSet, loadShopRaw } from "../support/warehouse/shop.js";
import { buildTeam, contents, planFor, recordTeam, type Team, team } from "../support/warehouse/teams.js";

const dir = mkdtempSync(path.join(os.tmpdir(), "ods-identity-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const NOW = "2026-11-30T10:15:00.000Z";
const LATER = "2026-12-02T09:00:00.000Z";
/** When the repository was created (long before its environments). */
const CREATED = "2026-01-05T08:00:00.000Z";
const ID = "700100";
const OTHER_ID = "800200";

/** The shop as acme/shop's dbt project (prod schema analytics_x, CI schema analytics_x_pr_N). */
const shop = team("acme/shop", "shop", "x");
const scopeOf = (
  repository: string,
  repositoryId: string | null,
  createdAt: string | null = CREATED,
): EnvScope => ({
  repository,
  repositoryId,
  repositoryCreatedAt: createdAt,
  project: "shop",
});

async function failure(promise: Promise<unknown>): Promise<UserError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (isUserError(error)) return error;
  throw new Error(`expected a refusal, got ${error instanceof Error ? error.stack : String(error)}`);
}

async function contextOf(session: Session, scope: EnvScope, now = NOW): Promise<EnvContext> {
  return (await environmentContext(session.warehouse, { scope, now }))!;
}

async function prodOf(session: Session, t: Team): Promise<StateSnapshot> {
  const results = await buildTeam(session, t, {
    manifest: t.prod.manifest,
    target: "prod",
    invocationId: t.prod.manifest.metadata.invocation_id,
    startedAt: "2026-11-30T08:05:02.000Z",
  });
  return recordTeam(t, t.prod.project, results, null, t.sources.prod, "2026-11-30T08:06:00Z");
}

/** PR `pr` planned over prod and created (or refreshed) in `ctx`'s scope; with `build`, built by dbt and recorded. */
async function pushPr(session: Session, ctx: EnvContext, prod: StateSnapshot, pr = 7, build = true) {
  const name = environmentName(ctx.scope, pr);
  const { manifest, project } = shop.pr(pr);
  const planned = planFor(shop, project, prod, { sources: shop.sources.pr, now: ctx.now, pointers: true });
  const change = await createEnvironment(ctx, {
    name,
    project: "shop",
    prNumber: pr,
    headSha: null,
    plan: planned,
    prod,
  });
  if (build) {
    const results = await buildTeam(session, shop, {
      manifest,
      target: "ci",
      select: buildSet(planned),
      invocationId: `identity-pr${pr}-${ctx.now}`,
      startedAt: "2026-11-30T10:16:41.000Z",
    });
    await recordEnvironmentBuilds(ctx, { name, project, runResults: results, sources: shop.sources.pr });
  }
  return { name, change };
}

/** Every registry row of an environment, for before/after comparisons (the name replaced by a marker). */
async function rowsOf(ctx: EnvContext, name: string) {
  const strip = <T extends { environment: string }>(rows: T[]) =>
    rows.map((r) => ({ ...r, environment: "·" }));
  return {
    objects: strip(await ctx.registry.objects(name)),
    pointers: strip(await ctx.registry.pointers(name)),
    builds: strip(await ctx.registry.builds(name)),
  };
}

/** What a registry written by ods-state 1.1 holds: no repository_id column, schema_version 1.1. */
async function asRegistry11(session: Session): Promise<void> {
  await session.exec(`alter table "ods_meta"."environments" drop column "repository_id"`);
  await session.exec(`alter table "ods_meta"."promotions" drop column "repository_id"`);
  await session.exec(`update "ods_meta"."registry_info" set value = '1.1' where key = 'schema_version'`);
}

async function specOf(engine: Engine, session: Session): Promise<string> {
  if (engine === "postgres") return (await postgresServer()).urlFor("shop");
  const file = (await session.rows("select path from duckdb_databases() where database_name = 'shop'"))[0]!
    .path as string;
  return `duckdb:${file}`;
}

describe.each(ENGINES)("the repository's identity on %s (issue 37)", (engine) => {
  it("a rename, a transfer and a change of case keep the environment: the next push refreshes it, the janitor removes it", async () => {
    const session = await freshSession(engine);
    try {
      await loadShopRaw(session);
      const prod = await prodOf(session, shop);
      const first = await contextOf(session, scopeOf("acme/shop", ID));
      const { name } = await pushPr(session, first, prod);
      expect(name).toBe(`repo-${ID}:shop:pr-7`);
      const built = await rowsOf(first, name);
      expect(built.builds.length).toBeGreaterThan(0);

      for (const [what, repository] of [
        ["renamed", "acme/store"],
        ["transferred", "globex/store"],
        ["case changed", "Globex/Store"],
      ] as const) {
        const ctx = await contextOf(session, scopeOf(repository, ID), LATER);
        expect(environmentName(ctx.scope, 7), what).toBe(name);
        // The next push: a refresh of the same environment, its builds kept (nothing refused, nothing new).
        const { change } = await pushPr(session, ctx, prod, 7, false);
        expect(change.environment, what).toBe(name);
        expect((await ctx.registry.builds(name)).length, what).toBe(built.builds.length);
        // Shown under the name it has now.
        expect(await ctx.registry.environment(name), what).toMatchObject({
          repository,
          repository_id: ID,
          status: "open",
        });
        expect((await ctx.registry.environments()).map((e) => e.name)).toEqual([name]);
      }

      // The janitor of the repository under its latest name closes and removes it: nothing leaks.
      const last = await contextOf(session, scopeOf("Globex/Store", ID), LATER);
      const janitor = await runJanitor(last, { retentionDays: 0, openPullRequests: new Set() });
      expect(janitor.marked_closed).toEqual([name]);
      const after = await contextOf(session, scopeOf("Globex/Store", ID), "2026-12-03T09:00:00.000Z");
      expect((await runJanitor(after, { retentionDays: 0 })).environments.map((e) => e.environment)).toEqual([
        name,
      ]);
      expect((await after.registry.environment(name))?.status).toBe("removed");
      expect(await session.warehouse.listSchemas()).not.toContain(shop.ciSchema(7));
    } finally {
      await session.close();
    }
  });

  it("a new repository under a reused name gets none of the old one's environments", async () => {
    const session = await freshSession(engine);
    try {
      await loadShopRaw(session);
      const prod = await prodOf(session, shop);
      const old = await contextOf(session, scopeOf("acme/shop", ID));
      const { name: oldName } = await pushPr(session, old, prod);
      const before = await contents(session, [shop.ciSchema(7)]);

      // acme/shop is deleted (or renamed away) and a new repository is created under the name.
      const fresh = await contextOf(
        session,
        scopeOf("acme/shop", OTHER_ID, "2026-12-01T00:00:00.000Z"),
        LATER,
      );
      const name = environmentName(fresh.scope, 7);
      expect(name).toBe(`repo-${OTHER_ID}:shop:pr-7`);
      const refused = await failure(pushPr(session, fresh, prod, 7, false));
      expect(refused.code).toBe("environment_schema_taken");
      expect(refused.message).toContain(`${oldName} (repository acme/shop (id ${ID}), dbt project shop)`);
      expect(await fresh.registry.environment(name)).toBeNull();

      // Its janitor and its cleanup of PR 7 leave the old repository's environment alone.
      const janitor = await runJanitor(fresh, { retentionDays: 0, openPullRequests: new Set() });
      expect(janitor.marked_closed).toEqual([]);
      expect(janitor.environments).toEqual([]);
      expect((await cleanupEnvironment(fresh, { name })).found).toBe(false);
      // The old environment's name, asked for directly, is another repository's.
      expect((await failure(cleanupEnvironment(fresh, { name: oldName }))).code).toBe("environment_foreign");
      expect((await old.registry.environment(oldName))?.status).toBe("open");
      expect(await contents(session, [shop.ciSchema(7)])).toEqual(before);
    } finally {
      await session.close();
    }
  });

  it("a registry of 1.1 is migrated: its rows are adopted once, by the run that records the repository's id, across a change of case", async () => {
    const session = await freshSession(engine);
    try {
      await loadShopRaw(session);
      const prod = await prodOf(session, shop);
      // Written by name, as ods-state 1.1 wrote it: acme/shop:shop:pr-7, with a committed promotion.
      const byName = await contextOf(session, { repository: "acme/shop", project: "shop" });
      expect(byName.scope.repositoryId).toBeNull();
      const { name: oldName } = await pushPr(session, byName, prod);
      expect(oldName).toBe("acme/shop:shop:pr-7");
      const mainPlan = planFor(shop, shop.main.project, prod, { sources: shop.sources.main, now: NOW });
      const decided = await planPromotion(byName, {
        environment: oldName,
        plan: mainPlan,
        project: shop.main.project,
        prod,
        sources: shop.sources.main,
      });
      const promoted = await promote(byName, {
        plan: decided,
        mainPlan,
        mainProject: shop.main.project,
        promotedBy: "main-1",
      });
      expect(promoted.status).toBe("committed");
      const rows = await rowsOf(byName, oldName);
      await asRegistry11(session);

      // The repository's next run, now spelled Acme/Shop, knows its id and when it was created.
      const ctx = await contextOf(session, scopeOf("Acme/Shop", ID), LATER);
      const name = `repo-${ID}:shop:pr-7`;
      expect(await ctx.registry.environment(oldName)).toBeNull();
      expect(await ctx.registry.environment(name)).toMatchObject({
        repository: "Acme/Shop",
        repository_id: ID,
        pr_number: 7,
        status: "open",
      });
      expect(await rowsOf(ctx, name)).toEqual(rows);
      expect(await ctx.registry.promotions()).toMatchObject([
        { id: promoted.id, environment: name, repository: "Acme/Shop", repository_id: ID },
      ]);
      const version = await session.rows(
        `select value from "ods_meta"."registry_info" where key = 'schema_version'`,
      );
      expect(version).toEqual([{ value: "1.2" }]);

      // Exactly once: a second run finds nothing left to adopt.
      const again = await ctx.registry.adoptRows({
        repository: "Acme/Shop",
        repositoryId: ID,
        repositoryCreatedAt: CREATED,
        project: "shop",
      });
      expect(again).toEqual({ adopted: [], left: [] });
      // The adopted environment is the repository's: refreshed, then cleaned up whole.
      expect((await pushPr(session, ctx, prod, 7, false)).change.environment).toBe(name);
      const cleaned = await cleanupEnvironment(ctx, { name, prod });
      expect(cleaned.complete).toBe(true);
      expect(await session.warehouse.listSchemas()).not.toContain(shop.ciSchema(7));
    } finally {
      await session.close();
    }
  });

  it("never adopts a row made before the repository existed (a reused name), a legacy row, or a row of another id", async () => {
    const session = await freshSession(engine);
    try {
      await loadShopRaw(session);
      const prod = await prodOf(session, shop);
      const byName = await contextOf(session, { repository: "acme/shop", project: "shop" });
      const { name: oldName } = await pushPr(session, byName, prod, 7, false);
      await asRegistry11(session);
      // A legacy row (registry 1.0: no repository) of the same project.
      await session.exec(
        `insert into "ods_meta"."environments" (name, project, pr_number, status, prod_schemas, schemas, created_at, updated_at) values ('pr-9', 'shop', 9, 'open', '[]', '[]', '${NOW}', '${NOW}')`,
      );

      // A new acme/shop, created after those rows were made.
      const fresh = await contextOf(session, scopeOf("acme/shop", ID, "2026-12-01T00:00:00.000Z"), LATER);
      expect(await fresh.registry.environment(oldName)).toMatchObject({
        repository: "acme/shop",
        repository_id: null,
      });
      expect(await fresh.registry.environment("pr-9")).toMatchObject({
        repository: null,
        repository_id: null,
      });
      const refused = await failure(pushPr(session, fresh, prod, 7, false));
      expect(refused.code).toBe("environment_schema_taken");
      expect(refused.message).toContain(`${oldName} (repository acme/shop, dbt project shop)`);
      const left = await fresh.registry.adoptRows({
        repository: "acme/shop",
        repositoryId: ID,
        repositoryCreatedAt: "2026-12-01T00:00:00.000Z",
        project: "shop",
      });
      expect(left.adopted).toEqual([]);
      expect(left.left).toEqual([
        { name: oldName, why: "made before the repository was created: another repository's" },
      ]);

      // A row that records an id (written since 1.2) is only ever that id's: a repository later named like it
      // (acme/app renamed away, another renamed to acme/app) is never given it.
      const other = await contextOf(session, scopeOf("acme/app", OTHER_ID));
      const { name: otherName } = await pushPr(session, other, prod, 8, false);
      const renamedInto = await contextOf(session, scopeOf("acme/app", ID), LATER);
      expect(await renamedInto.registry.environment(otherName)).toMatchObject({ repository_id: OTHER_ID });
      expect((await failure(cleanupEnvironment(renamedInto, { name: otherName }))).code).toBe(
        "environment_foreign",
      );
      // Without its creation time (a scheduled run's payload has none), a run adopts nothing.
      const unknownAge = await contextOf(session, scopeOf("acme/shop", ID, null), LATER);
      expect(await unknownAge.registry.environment(oldName)).toMatchObject({ repository_id: null });
    } finally {
      await session.close();
    }
  });

  it("the CLI: --repository-id finds a renamed repository's environment; a name two repositories had is ambiguous", async () => {
    let session = await freshSession(engine);
    try {
      await loadShopRaw(session);
      const prod = await prodOf(session, shop);
      await pushPr(session, await contextOf(session, scopeOf("acme/shop", ID)), prod, 7, false);
      // A second repository that had the name acme/shop in turn, with its own PR 8.
      await pushPr(session, await contextOf(session, scopeOf("acme/shop", OTHER_ID)), prod, 8, false);
      const spec = await specOf(engine, session);
      if (engine === "duckdb") await session.close(); // the CLI opens the file itself
      const base = [
        "env",
        "cleanup",
        "--project",
        "shop",
        "--warehouse",
        spec,
        "--dry-run",
        "--format",
        "json",
      ];
      const renamed = await runCliIn(dir, [
        ...base,
        "--pr",
        "7",
        "--repository",
        "acme/store",
        "--repository-id",
        ID,
      ]);
      expect(renamed.code, renamed.err).toBe(0);
      expect(JSON.parse(renamed.out)).toMatchObject({ environment: `repo-${ID}:shop:pr-7`, found: true });
      // GITHUB_REPOSITORY_ID goes with GITHUB_REPOSITORY (the workflow's own repository).
      const fromEnv = await runCliIn(dir, [...base, "--pr", "8"], {
        repository: "acme/shop",
        repositoryId: OTHER_ID,
      });
      expect(fromEnv.code, fromEnv.err).toBe(0);
      expect(JSON.parse(fromEnv.out)).toMatchObject({
        environment: `repo-${OTHER_ID}:shop:pr-8`,
        found: true,
      });
      const ambiguous = await runCliIn(dir, [...base, "--pr", "7", "--repository", "acme/shop"]);
      expect(ambiguous.code).toBe(2);
      expect(ambiguous.err).toMatch(
        new RegExp(
          `^error\\[usage\\]: The registry holds environments of 2 repositories that were named acme/shop \\(ids ${ID}, ${OTHER_ID}\\)`,
        ),
      );
      const bad = await runCliIn(dir, [
        ...base,
        "--pr",
        "7",
        "--repository",
        "acme/shop",
        "--repository-id",
        "12ab",
      ]);
      expect(bad.code).toBe(2);
      expect(bad.err).toMatch(/^error\[usage\]: --repository-id is `12ab`, not a repository id/);
      if (engine === "duckdb") session = await duckdbSession(path.dirname(spec.slice("duckdb:".length)));
    } finally {
      await session.close();
    }
  });
});

describe.skipIf(!ENGINES.includes("postgres"))("adoption by two jobs at once (PostgreSQL)", () => {
  it("adopts each row exactly once", async () => {
    const session = await freshSession("postgres");
    const url = (await postgresServer()).urlFor("shop");
    const others: PostgresWarehouse[] = [];
    try {
      await loadShopRaw(session);
      const prod = await prodOf(session, shop);
      const byName = await contextOf(session, { repository: "acme/shop", project: "shop" });
      const { name: oldName } = await pushPr(session, byName, prod);
      const rows = await rowsOf(byName, oldName);
      await asRegistry11(session);
      for (let i = 0; i < 4; i++) others.push(await PostgresWarehouse.connect(url));
      // The upgrade to 1.2 first (each job's open does it; here once), then four adopters at once.
      await EnvironmentRegistry.open(others[0]!);
      const adoptions = await Promise.all(
        others.map(async (warehouse) =>
          (await EnvironmentRegistry.open(warehouse))!.adoptRows({
            repository: "acme/shop",
            repositoryId: ID,
            repositoryCreatedAt: CREATED,
            project: "shop",
          }),
        ),
      );
      expect(adoptions.flatMap((a) => a.adopted)).toEqual([{ from: oldName, to: `repo-${ID}:shop:pr-7` }]);
      const ctx = await contextOf(session, scopeOf("acme/shop", ID), LATER);
      expect((await ctx.registry.environments()).map((e) => [e.name, e.repository_id])).toEqual([
        [`repo-${ID}:shop:pr-7`, ID],
      ]);
      expect(await rowsOf(ctx, `repo-${ID}:shop:pr-7`)).toEqual(rows);
    } finally {
      for (const warehouse of others) await warehouse.close();
      await session.close();
    }
  });
});

describe("the action's repository id (issue 37)", () => {
  const pullRequest = (repository: Record<string, unknown>) => ({
    action: "synchronize",
    number: 7,
    repository: { default_branch: "main", full_name: "acme/shop", ...repository },
    pull_request: { number: 7, head: { sha: "c".repeat(40), ref: "x", repo: { full_name: "acme/shop" } } },
  });
  const vars = {
    GITHUB_EVENT_NAME: "pull_request",
    GITHUB_REPOSITORY: "acme/shop",
    GITHUB_REF: "refs/pull/7/merge",
  };

  it("comes from GITHUB_REPOSITORY_ID or the payload's repository.id, with the repository's creation time", () => {
    const both = readRunEnvironment(
      { ...vars, GITHUB_REPOSITORY_ID: ID },
      pullRequest({ id: Number(ID), created_at: "2026-01-05T08:00:00Z" }),
    );
    expect(both.repository).toEqual({ owner: "acme", repo: "shop", id: ID, createdAt: CREATED });
    expect(environmentScope(both, "shop")).toEqual({
      repository: "acme/shop",
      repositoryId: ID,
      repositoryCreatedAt: CREATED,
      project: "shop",
    });
    // A push's payload gives the creation time in Unix seconds.
    const push = readRunEnvironment(
      { GITHUB_EVENT_NAME: "push", GITHUB_REPOSITORY: "acme/shop", GITHUB_REF: "refs/heads/main" },
      { repository: { id: Number(ID), created_at: Date.parse(CREATED) / 1000 } },
    );
    expect(push.repository).toMatchObject({ id: ID, createdAt: CREATED });
  });

  it("is refused when the two disagree, is not an id, or is missing where an environment is named", () => {
    const disagree = thrownUserError(() =>
      readRunEnvironment({ ...vars, GITHUB_REPOSITORY_ID: OTHER_ID }, pullRequest({ id: Number(ID) })),
    );
    expect(disagree).toMatchObject({ code: "input_invalid", input: "GITHUB_REPOSITORY_ID" });
    expect(disagree.message).toContain(
      `GITHUB_REPOSITORY_ID (${OTHER_ID}) is not the event payload's repository id (${ID})`,
    );
    expect(
      thrownUserError(() => readRunEnvironment({ ...vars, GITHUB_REPOSITORY_ID: "acme" }, pullRequest({}))),
    ).toMatchObject({ code: "input_invalid", input: "GITHUB_REPOSITORY_ID" });
    const none = readRunEnvironment(vars, pullRequest({}));
    expect(none.repository.id).toBeNull();
    const unnamed = thrownUserError(() => environmentScope(none, "shop"));
    expect(unnamed).toMatchObject({ code: "input_invalid", input: "GITHUB_REPOSITORY_ID" });
    expect(unnamed.message).toContain("environments are keyed by the repository's id");
  });
});
