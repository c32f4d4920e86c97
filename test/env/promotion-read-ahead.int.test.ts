/**
 * A promotion reads the catalog for all of its tables at once
 * (`prepareReplacements`, PostgreSQL) instead of once per table: the outcome
 * must be exactly what reading per table gives. Each scenario runs twice on
 * a fresh warehouse, with and without reading ahead, and the two outcomes
 * (views recreated or left, what each view reads, identities, privileges)
 * must match, including where an earlier replacement changed what a later
 * one reads (a view reading two promoted tables; a materialized view over
 * two). And what was read ahead is checked at the end: a privilege changed
 * after it was read fails the promotion (PostgreSQL).
 */
import { describe, expect, it } from "vitest";
import type { QualifiedName } from "../../src/warehouse/names.js";
import type { ReplaceOutcome } from "../../src/warehouse/warehouse.js";
import { ENGINES, freshSession } from "../support/warehouse/engines.js";
import type { Engine } from "../support/warehouse/sessions.js";

const A = { schema: "analytics", identifier: "a" };
const B = { schema: "analytics", identifier: "b" };
const SOURCES: Record<string, QualifiedName> = {
  a: { schema: "pr_7", identifier: "a" },
  b: { schema: "pr_7", identifier: "b" },
};

async function promoteBoth(engine: Engine, readAhead: boolean) {
  const session = await freshSession(engine);
  const w = session.warehouse;
  try {
    await session.exec(`create schema "analytics"`);
    await session.exec(`create schema "pr_7"`);
    await session.exec(`create table "analytics"."a" as select 1 as id, 'old a' as x`);
    await session.exec(`create table "analytics"."b" as select 1 as id, 'old b' as y, 'gone' as z`);
    await session.exec(`create table "pr_7"."a" as select 1 as id, 'new a' as x`);
    await session.exec(`create table "pr_7"."b" as select 1 as id, 'new b' as y`);
    // Reads both: recreated when a is replaced; when b is, its column z is gone (left, or failing on DuckDB).
    await session.exec(
      `create view "analytics"."v_ab" as select a.x, b.z from "analytics"."a" a join "analytics"."b" b on a.id = b.id`,
    );
    // Reads both, columns kept: recreated twice, reading both promoted tables at the end.
    await session.exec(
      `create view "analytics"."v_xy" as select a.x, b.y from "analytics"."a" a join "analytics"."b" b on a.id = b.id`,
    );
    await session.exec(`create view "analytics"."v_b" as select y from "analytics"."b"`);
    if (engine === "postgres") {
      await session.exec(
        `create materialized view "analytics"."m_ab" as select a.x, b.y from "analytics"."a" a join "analytics"."b" b on a.id = b.id`,
      );
    }
    const outcomes: ReplaceOutcome[] = [];
    const identities: string[] = [];
    await w.transaction(async () => {
      if (readAhead)
        await w.prepareReplacements?.(
          [A, B].map((target) => ({ target, source: SOURCES[target.identifier]! })),
        );
      for (const target of [A, B]) {
        const staged = `${target.identifier}__s_1`;
        await w.stageTable(SOURCES[target.identifier]!, { schema: target.schema, identifier: staged });
        outcomes.push(await w.replaceTable(target, staged, `${target.identifier}__r_1`));
        identities.push(await w.markTable(target, `promotion:1:${target.identifier}`));
      }
      if (readAhead) await w.checkReplacements?.();
    });
    const now = [await w.tableIdentity(A), await w.tableIdentity(B)];
    const read = async (sql: string) => {
      try {
        return await session.rows(sql);
      } catch (error) {
        return String(error instanceof Error ? error.message : error)
          .replace(/\s+/g, " ")
          .slice(0, 40);
      }
    };
    return {
      outcomes,
      identitiesAreCurrent: identities.every((identity, i) => identity === now[i]),
      v_ab: await read(`select * from "analytics"."v_ab"`),
      v_xy: await read(`select * from "analytics"."v_xy"`),
      v_b: await read(`select * from "analytics"."v_b"`),
      m_ab: engine === "postgres" ? await read(`select * from "analytics"."m_ab"`) : null,
    };
  } finally {
    await session.close();
  }
}

describe.each(ENGINES)("reading a promotion's catalog ahead on %s", (engine: Engine) => {
  it("gives what reading it per table gives, where an earlier replacement changed what a later one reads", async () => {
    const perTable = await promoteBoth(engine, false);
    const ahead = await promoteBoth(engine, true);
    // Error texts name the session's own objects the same way; outcomes compare whole.
    expect(ahead).toEqual(perTable);
    expect(ahead.identitiesAreCurrent).toBe(true);
    expect(ahead.v_xy).toEqual([{ x: "new a", y: "new b" }]);
    if (engine === "postgres") {
      expect(ahead.outcomes.map((o) => o.left.map((l) => l.view))).toEqual([[], ["analytics.v_ab"]]);
      expect(ahead.outcomes[1]!.rebound.sort()).toEqual(["analytics.v_b", "analytics.v_xy"]);
      expect(ahead.m_ab).toEqual([{ x: "new a", y: "new b" }]);
      // Still reads the new a and the replaced b (its column z is gone from the new b).
      expect(ahead.v_ab).toEqual([{ x: "new a", z: "gone" }]);
    }
  }, 60_000);

  it("a privilege changed after it was read ahead fails the promotion, which changes nothing", async () => {
    const session = await freshSession(engine);
    const w = session.warehouse;
    try {
      await session.exec(`create schema "analytics"`);
      await session.exec(`create schema "pr_7"`);
      await session.exec(`create table "analytics"."a" as select 1 as id`);
      await session.exec(`create table "pr_7"."a" as select 2 as id`);
      const run = w.transaction(async () => {
        await w.prepareReplacements?.([{ target: A, source: SOURCES.a! }]);
        // After the read: the environment's table gains a privilege the prod table doesn't have.
        if (engine === "postgres") await session.exec(`grant select on "pr_7"."a" to public`);
        await w.stageTable(SOURCES.a!, { schema: "analytics", identifier: "a__s_1" });
        await w.replaceTable(A, "a__s_1", "a__r_1");
        await w.checkReplacements?.();
      });
      if (engine === "postgres") {
        await expect(run).rejects.toThrow(/could not be given the replaced relation's owner and privileges/);
        expect(await session.rows(`select id from "analytics"."a"`)).toEqual([{ id: 1 }]);
        expect(await session.rows(`select id from "pr_7"."a"`)).toEqual([{ id: 2 }]);
      } else {
        // No privileges on DuckDB: nothing read ahead, nothing to check.
        await run;
        expect(await session.rows(`select id from "analytics"."a"`)).toEqual([{ id: 2 }]);
      }
    } finally {
      await session.close();
    }
  }, 60_000);
});
