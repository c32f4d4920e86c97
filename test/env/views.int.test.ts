/**
 * What happens to views that read a table promotion replaces
 * (docs/environments.md, "Views that read a promoted table"), on each engine:
 *
 * - DuckDB binds a view by name each time it is queried: every view reading
 *   the name reads the promoted table, `select *` included (with the new
 *   table's columns); a view naming a column the new table lacks fails when
 *   queried.
 * - PostgreSQL binds a view to the table object: the adapter recreates each
 *   view that read the replaced table, in the same transaction, so it reads
 *   the promoted one (its columns as they were defined); a view whose columns
 *   are gone is left reading the replaced table, reported, and keeps that
 *   table from being dropped (the janitor reports it).
 *
 * Pointer views of other pull requests' environments are views like any
 * other: they read the promoted table too.
 */
import { describe, expect, it } from "vitest";
import { ENGINES, freshSession } from "../support/warehouse/engines.js";

describe.each(ENGINES)("views reading a promoted table on %s", (engine) => {
  it("read the promoted table under the name", async () => {
    const session = await freshSession(engine);
    const w = session.warehouse;
    try {
      await session.exec(`create schema "analytics"`);
      await session.exec(`create schema "pr_7"`);
      await session.exec(`create schema "pr_9"`);
      await session.exec(`create table "analytics"."t" as select 1 as a, 'old' as b`);
      await session.exec(`create table "pr_7"."t" as select 2 as a, 'new' as b, 'extra' as c`);
      await session.exec(`create view "analytics"."v_all" as select * from "analytics"."t"`);
      await session.exec(`create view "analytics"."v_b" as select b from "analytics"."t"`);
      await session.exec(`create view "analytics"."v_v" as select b from "analytics"."v_b"`);
      await w.createView(
        { schema: "pr_9", identifier: "t" },
        { schema: "analytics", identifier: "t" },
        { replace: false },
      );

      const outcome = await w.transaction(async () => {
        await w.stageTable(
          { schema: "pr_7", identifier: "t" },
          { schema: "analytics", identifier: "t__ods_s_1" },
        );
        return w.replaceTable({ schema: "analytics", identifier: "t" }, "t__ods_s_1", "t__ods_r_1");
      });
      expect(outcome.left).toEqual([]);
      expect(outcome.rebound.sort()).toEqual(
        engine === "postgres" ? ["analytics.v_all", "analytics.v_b", "pr_9.t"] : [],
      );
      expect(await session.rows(`select b from "analytics"."v_b"`)).toEqual([{ b: "new" }]);
      expect(await session.rows(`select b from "analytics"."v_v"`)).toEqual([{ b: "new" }]);
      expect(await session.rows(`select b from "pr_9"."t"`)).toEqual([{ b: "new" }]);
      // select *: DuckDB binds it again (new columns show); PostgreSQL keeps the columns the view was created with.
      expect(await session.rows(`select * from "analytics"."v_all"`)).toEqual(
        engine === "duckdb" ? [{ a: 2, b: "new", c: "extra" }] : [{ a: 2, b: "new" }],
      );
      expect(await session.rows(`select b from "analytics"."t__ods_r_1"`)).toEqual([{ b: "old" }]);
    } finally {
      await session.close();
    }
  });

  it("a view using a column the promoted table lacks", async () => {
    const session = await freshSession(engine);
    const w = session.warehouse;
    try {
      await session.exec(`create schema "analytics"`);
      await session.exec(`create schema "pr_7"`);
      await session.exec(`create table "analytics"."u" as select 1 as a, 'old' as b`);
      await session.exec(`create table "pr_7"."u" as select 2 as a`);
      await session.exec(`create view "analytics"."u_b" as select b from "analytics"."u"`);
      const outcome = await w.transaction(async () => {
        await w.stageTable(
          { schema: "pr_7", identifier: "u" },
          { schema: "analytics", identifier: "u__ods_s_1" },
        );
        return w.replaceTable({ schema: "analytics", identifier: "u" }, "u__ods_s_1", "u__ods_r_1");
      });
      expect(await session.rows(`select a from "analytics"."u"`)).toEqual([{ a: 2 }]);
      if (engine === "postgres") {
        expect(outcome.left.map((l) => l.view)).toEqual(["analytics.u_b"]);
        expect(outcome.left[0]!.error).toMatch(/column/);
        // Still reads the replaced table, which therefore can't be dropped.
        expect(await session.rows(`select b from "analytics"."u_b"`)).toEqual([{ b: "old" }]);
        await expect(
          w.dropObject({ schema: "analytics", identifier: "u__ods_r_1", kind: "table" }),
        ).rejects.toThrow(/depend/);
      } else {
        expect(outcome.left).toEqual([]);
        await expect(session.rows(`select b from "analytics"."u_b"`)).rejects.toThrow(/b/);
        await w.dropObject({ schema: "analytics", identifier: "u__ods_r_1", kind: "table" });
      }
    } finally {
      await session.close();
    }
  });
});
