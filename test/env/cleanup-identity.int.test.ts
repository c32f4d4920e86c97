/**
 * Cleanup and the janitor drop only what the environment created and that
 * still is what it created (issue 37, class 1): adversarial cases on a real
 * DuckDB file and a real PostgreSQL server, PR 7 of the shop created, built
 * by dbt and recorded (scenario.ts), then something else takes a name the
 * registry says the environment owns:
 *
 * - someone drops the environment's table and makes their own under its name;
 * - someone puts a table where the environment's pointer view was;
 * - a table is replaced while the cleanup runs (between its look and its drop);
 * - the janitor meets rows written before the registry kept identities;
 * - cleanup runs again after all that.
 *
 * Each time the other relation and its schema are kept and reported, the
 * rest of the environment goes, and a second run changes nothing.
 */
import { describe, expect, it } from "vitest";
import {
  cleanupEnvironment,
  closeEnvironment,
  type EnvContext,
  environmentContext,
  runJanitor,
} from "../../src/environment/index.js";
import type { StateSnapshot } from "../../src/state/snapshot.js";
import type { Warehouse, WarehouseObject } from "../../src/warehouse/warehouse.js";
import { ENGINES, prepared } from "../support/warehouse/engines.js";
import { PR7, prBuilt, prodBuilt, shop } from "../support/warehouse/scenario.js";
import type { Engine, Session } from "../support/warehouse/sessions.js";
import { ENV_SCOPE } from "../support/warehouse/shop.js";

const CLOSE_NOW = "2026-12-04T00:00:00.000Z";
const PR_SCHEMA = "analytics_pr_7";

async function contextAt(warehouse: Warehouse, now = CLOSE_NOW): Promise<EnvContext> {
  return (await environmentContext(warehouse, { scope: ENV_SCOPE, now }))!;
}

async function rowsOf(session: Session, name: string): Promise<string> {
  return JSON.stringify(await session.rows(`select * from "${PR_SCHEMA}"."${name}" order by 1`));
}

async function objects(session: Session): Promise<string[]> {
  return (await session.warehouse.listObjects([PR_SCHEMA])).map((o) => `${o.identifier}:${o.kind}`).sort();
}

/** Someone else's table under `name`: the environment's relation there dropped, another made in its place. */
async function replaceByHand(session: Session, name: string, kind: "table" | "view"): Promise<void> {
  await session.exec(`drop ${kind} "${PR_SCHEMA}"."${name}" cascade`);
  await session.exec(`create table "${PR_SCHEMA}"."${name}" as select 42 as answer, 'not the PR''s' as note`);
}

describe.each(ENGINES)("cleanup checks what it drops is still the environment's (%s)", (engine: Engine) => {
  const s = shop();
  const built = prepared(engine, async (session) => {
    const S0 = await prodBuilt(session, s);
    await prBuilt(session, s, S0);
    return S0;
  });

  async function withBuilt(work: (session: Session, S0: StateSnapshot) => Promise<void>) {
    const { session, value } = await built();
    try {
      await work(session, value);
    } finally {
      await session.close();
    }
  }

  it("a table the environment built, dropped and made again by someone else: kept with its schema, the rest dropped", () =>
    withBuilt(async (session, S0) => {
      const owned = await (await contextAt(session.warehouse)).registry.objects(PR7);
      expect(owned).toContainEqual(
        expect.objectContaining({ identifier: "orders", role: "build", kind: "table" }),
      );
      expect(owned.filter((o) => o.kind !== "schema").every((o) => o.identity !== null)).toBe(true);
      await replaceByHand(session, "orders", "table");
      const theirs = await rowsOf(session, "orders");

      const ctx = await contextAt(session.warehouse);
      await closeEnvironment(ctx, { name: PR7, merged: false });
      const report = await cleanupEnvironment(ctx, { name: PR7, prod: S0 });
      expect(report.kept).toContainEqual({
        schema: `${PR_SCHEMA}.orders`,
        reason:
          "it is not the table the environment created (another build or someone else replaced it since)",
      });
      expect(report.kept.map((k) => k.schema)).toContain(PR_SCHEMA);
      expect(report.dropped.map((d) => d.object)).not.toContain(`${PR_SCHEMA}.orders`);
      expect(report.complete).toBe(true);
      expect(await objects(session)).toEqual(["orders:table"]);
      expect(await rowsOf(session, "orders")).toBe(theirs);
      expect((await ctx.registry.environment(PR7))?.status).toBe("removed");

      // Run again: nothing to do, nothing changed.
      const again = await cleanupEnvironment(ctx, { name: PR7, prod: null });
      expect(again).toMatchObject({ dropped: [], failed: [] });
      expect(await rowsOf(session, "orders")).toBe(theirs);
    }));

  it("a table put where the environment's pointer view was: kept (another kind), never dropped", () =>
    withBuilt(async (session) => {
      const ctx = await contextAt(session.warehouse);
      const pointer = (await ctx.registry.objects(PR7)).find((o) => o.role === "pointer")!;
      expect(pointer.kind).toBe("view");
      await replaceByHand(session, pointer.identifier, "view");
      const theirs = await rowsOf(session, pointer.identifier);

      await closeEnvironment(ctx, { name: PR7, merged: false });
      const report = await cleanupEnvironment(ctx, { name: PR7, prod: null });
      expect(report.kept).toContainEqual({
        schema: `${PR_SCHEMA}.${pointer.identifier}`,
        reason: "the environment created a view there, and a table is there now",
      });
      expect(report.complete).toBe(true);
      expect(await objects(session)).toEqual([`${pointer.identifier}:table`]);
      expect(await rowsOf(session, pointer.identifier)).toBe(theirs);
    }));

  it("a table replaced between the cleanup's look and its drop: kept, and its schema with it", () =>
    withBuilt(async (session, S0) => {
      // The first drop the cleanup makes is preceded by someone replacing `orders` (a dbt run, a person).
      let replaced = false;
      const racing: Warehouse = Object.create(session.warehouse, {
        dropObject: {
          value: async (object: WarehouseObject) => {
            if (!replaced) {
              replaced = true;
              await replaceByHand(session, "orders", "table");
            }
            return session.warehouse.dropObject(object);
          },
        },
      });
      const ctx = await contextAt(racing);
      await closeEnvironment(ctx, { name: PR7, merged: false });
      const report = await cleanupEnvironment(ctx, { name: PR7, prod: S0 });
      expect(replaced).toBe(true);
      expect(report.kept).toContainEqual(expect.objectContaining({ schema: `${PR_SCHEMA}.orders` }));
      expect(report.kept).toContainEqual({
        schema: PR_SCHEMA,
        reason: "it holds a relation the environment did not create",
      });
      expect(report.failed).toEqual([]);
      expect(report.complete).toBe(true);
      expect(await objects(session)).toEqual(["orders:table"]);
      expect(await rowsOf(session, "orders")).toContain("not the PR's");
    }));

  it("the janitor on an environment whose rows were written before registry 1.2 (no identity): drops none of them, says why", () =>
    withBuilt(async (session) => {
      const before = await objects(session);
      await session.exec(`update "ods_meta"."env_objects" set "object_identity" = null`);
      const ctx = await contextAt(session.warehouse);
      await closeEnvironment(ctx, { name: PR7, merged: false });
      const janitor = await runJanitor(ctx, { retentionDays: 0, prod: null });
      expect(janitor.problems).toEqual([]);
      const [report] = janitor.environments;
      expect(report!.dropped).toEqual([]);
      expect(report!.kept.filter((k) => k.schema.startsWith(`${PR_SCHEMA}.`)).length).toBe(before.length);
      expect(report!.kept).toContainEqual(
        expect.objectContaining({
          schema: `${PR_SCHEMA}.orders`,
          reason: expect.stringContaining("recorded no identity"),
        }),
      );
      expect(await objects(session)).toEqual(before);
    }));
});
