/**
 * The record tables' statements, written once (src/drivers/record-statements.ts):
 * the `$n` dialect DuckDB and PostgreSQL share, its numbering across SET and
 * WHERE, PostgreSQL's ON CONFLICT upsert, and the refusals every dialect
 * shares. The three providers' dialects are fixed by their golden files
 * (test/env/providers/golden/).
 */
import { describe, expect, it } from "vitest";
import {
  addRecordColumn,
  createRecordTable,
  deleteRecords,
  insertRecord,
  type RecordDialect,
  selectRecords,
  updateRecords,
  upsertRecord,
} from "../../src/drivers/record-statements.js";
import type { RecordTable } from "../../src/warehouse/warehouse.js";

const STEPS: RecordTable = {
  name: "steps",
  columns: { promotion_id: "text", position: "integer", state: "text" },
  key: ["promotion_id", "position"],
};

const postgres: RecordDialect = {
  table: (schema, table) => `"${schema}"."${table.name}"`,
  column: (name) => `"${name}"`,
  type: (type) => (type === "integer" ? "INTEGER" : "TEXT"),
  placeholders: "dollar",
  typedNulls: false,
  primaryKey: true,
  addColumn: "if-not-exists",
  whereTrue: false,
  upsert: { kind: "on-conflict" },
};
const duckdb: RecordDialect = { ...postgres, primaryKey: false, upsert: null };

describe("the record tables' statements", () => {
  it("create a table with its key where the dialect keeps one, and add a column", () => {
    expect(createRecordTable(postgres, "ods_meta", STEPS).sql).toBe(
      'CREATE TABLE IF NOT EXISTS "ods_meta"."steps" ("promotion_id" TEXT, "position" INTEGER, "state" TEXT, PRIMARY KEY ("promotion_id", "position"))',
    );
    expect(createRecordTable(duckdb, "ods_meta", STEPS).sql).toBe(
      'CREATE TABLE IF NOT EXISTS "ods_meta"."steps" ("promotion_id" TEXT, "position" INTEGER, "state" TEXT)',
    );
    expect(addRecordColumn(duckdb, "ods_meta", STEPS, "state").sql).toBe(
      'ALTER TABLE "ods_meta"."steps" ADD COLUMN IF NOT EXISTS "state" TEXT',
    );
  });

  it("number $n placeholders across SET and WHERE, and match a null with IS NULL, never bound", () => {
    expect(
      updateRecords(postgres, "m", STEPS, { state: "done" }, { promotion_id: "p1", state: null }),
    ).toEqual({
      sql: 'UPDATE "m"."steps" SET "state" = $1 WHERE "promotion_id" = $2 AND "state" IS NULL',
      params: ["done", "p1"],
    });
    expect(selectRecords(postgres, "m", STEPS, {})).toEqual({
      sql: 'SELECT "promotion_id", "position", "state" FROM "m"."steps" ORDER BY "promotion_id", "position"',
      params: [],
    });
    expect(deleteRecords(postgres, "m", STEPS, { position: 2 })).toEqual({
      sql: 'DELETE FROM "m"."steps" WHERE "position" = $1',
      params: [2],
    });
    expect(insertRecord(postgres, "m", STEPS, { promotion_id: "p1", position: 1, state: null })).toEqual({
      sql: 'INSERT INTO "m"."steps" ("promotion_id", "position", "state") VALUES ($1, $2, $3)',
      params: ["p1", 1, null],
    });
  });

  it("upsert with ON CONFLICT on PostgreSQL (DO NOTHING for a key-only row); DuckDB has no one-statement upsert", () => {
    expect(upsertRecord(postgres, "m", STEPS, { promotion_id: "p1", position: 1, state: "x" })).toEqual({
      sql: 'INSERT INTO "m"."steps" ("promotion_id", "position", "state") VALUES ($1, $2, $3) ON CONFLICT ("promotion_id", "position") DO UPDATE SET "state" = EXCLUDED."state"',
      params: ["p1", 1, "x"],
    });
    expect(upsertRecord(postgres, "m", STEPS, { promotion_id: "p1", position: 1 }).sql).toMatch(
      /DO NOTHING$/,
    );
    expect(() => upsertRecord(duckdb, "m", STEPS, { promotion_id: "p1", position: 1 })).toThrow(
      /no one-statement upsert/,
    );
  });

  it("refuse a column the table lacks, an upsert without its key and an update that sets nothing", () => {
    expect(() => insertRecord(postgres, "m", STEPS, { nope: 1 })).toThrow(
      "record table steps has no column nope",
    );
    expect(() => upsertRecord(postgres, "m", STEPS, { promotion_id: "p1" })).toThrow("without key position");
    expect(() => updateRecords(postgres, "m", STEPS, {}, {})).toThrow("sets no column");
  });
});
