/**
 * What the DuckDB and PostgreSQL adapters share: portable SQL over a
 * connection that runs one statement with `$n` parameters. Each adapter
 * supplies its statements where the engines differ (catalog queries, moving
 * and replacing tables, upserts); everything else is here, still inside the
 * adapter layer (lifecycle and registry code never build SQL). The data
 * diff's reads (data-diff/) run here too, each in a READ ONLY transaction
 * of its own (`readOnly`). The record tables' statements are the ones every
 * driver uses (record-statements.ts), in the `$n` dialect.
 */
import { UserError } from "../errors/user-error.js";
import { type QualifiedName, quoteIdentifier, sameName, showQualified } from "../warehouse/names.js";
import { showDuration } from "../warehouse/timeouts.js";
import type {
  DataDiffReads,
  RecordRow,
  RecordTable,
  RecordValue,
  ReplaceBlocker,
  ReplaceOutcome,
  Warehouse,
  WarehouseCapabilities,
  WarehouseObject,
} from "../warehouse/warehouse.js";
import { type DiffDialect, SqlDataDiff } from "./data-diff/sql-data-diff.js";
import { recordRowFrom } from "./record-rows.js";
import {
  addRecordColumn,
  createRecordTable,
  deleteRecords,
  insertRecord,
  type RecordDialect,
  type RecordStatement,
  selectRecords,
  updateRecords,
} from "./record-statements.js";

export interface StatementResult {
  rows: Record<string, unknown>[];
  changed: number;
}

export abstract class SqlWarehouse implements Warehouse {
  abstract readonly capabilities: WarehouseCapabilities;
  abstract readonly label: string;
  private depth = 0;

  /** Runs one statement. */
  protected abstract run(sql: string, params?: readonly RecordValue[]): Promise<StatementResult>;
  abstract close(): Promise<void>;
  abstract listSchemas(): Promise<string[]>;
  abstract listObjects(schemas: readonly string[]): Promise<WarehouseObject[]>;
  abstract stageTable(source: QualifiedName, target: QualifiedName): Promise<"moved" | "copied">;
  abstract cloneTable(source: QualifiedName, target: QualifiedName): Promise<"cloned" | "copied">;
  abstract replaceTable(
    target: QualifiedName,
    replacement: string,
    retired: string | null,
  ): Promise<ReplaceOutcome>;
  abstract replaceBlockers(targets: readonly QualifiedName[]): Promise<ReplaceBlocker[]>;
  abstract tableIdentity(name: QualifiedName): Promise<string | null>;
  abstract markTable(name: QualifiedName, mark: string): Promise<string>;
  abstract relationIdentity(object: WarehouseObject): Promise<string | null>;
  abstract claimRelation(object: WarehouseObject, mark: string): Promise<string>;
  abstract boundRelations(views: readonly QualifiedName[]): Promise<Map<string, QualifiedName[]> | null>;
  abstract hasRecordTable(schema: string, table: string): Promise<boolean>;
  abstract upsertRecord(schema: string, table: RecordTable, row: RecordRow): Promise<void>;
  /** Where the engines' record tables differ: a PRIMARY KEY, and a one-statement upsert (record-statements.ts). */
  protected abstract readonly recordSyntax: Pick<RecordDialect, "primaryKey" | "upsert">;
  private recordDialect: RecordDialect | null = null;
  /** The engine's part of the data diff's statements (catalog, comparable types, sampling). */
  protected abstract readonly diffDialect: DiffDialect;
  /** Starts a READ ONLY transaction and sets what holds in it (PostgreSQL: the statement timeout). */
  protected abstract beginReadOnly(timeoutMs: number): Promise<void>;
  /** Runs one statement, cancelled after `timeoutMs` (0: no limit; the engine's cancellation). */
  protected abstract runWithin(
    sql: string,
    params: readonly RecordValue[],
    timeoutMs: number,
  ): Promise<StatementResult>;
  private diffReads: SqlDataDiff | null = null;

  protected q(name: string, what = "name"): string {
    return quoteIdentifier(name, this.capabilities.identifiers, what);
  }

  protected qualified(name: QualifiedName): string {
    return `${this.q(name.schema, "schema")}.${this.q(name.identifier, "relation name")}`;
  }

  protected get inTransaction(): boolean {
    return this.depth > 0;
  }

  async transaction<T>(work: () => Promise<T>): Promise<T> {
    if (this.depth > 0) {
      this.depth += 1;
      try {
        return await work();
      } finally {
        this.depth -= 1;
      }
    }
    await this.run("BEGIN");
    this.depth = 1;
    let result: T;
    try {
      result = await work();
    } catch (error) {
      this.depth = 0;
      try {
        await this.run("ROLLBACK");
      } catch {
        // The connection may be gone; the engine rolls back an unfinished transaction itself.
      }
      throw error;
    }
    this.depth = 0;
    try {
      await this.run("COMMIT");
    } catch (error) {
      try {
        await this.run("ROLLBACK");
      } catch {
        // Already rolled back by the failed COMMIT.
      }
      throw error;
    }
    return result;
  }

  get dataDiff(): DataDiffReads {
    this.diffReads ??= new SqlDataDiff(
      {
        read: (sql, params, timeoutMs) => this.readOnly(sql, params, timeoutMs),
        relation: (name) => this.qualified(name),
      },
      this.diffDialect,
    );
    return this.diffReads;
  }

  /**
   * One statement of a data diff: in a READ ONLY transaction of its own
   * (the engine refuses any write in it), always rolled back, cancelled
   * after `timeoutMs` (a UserError `warehouse_statement_timeout` naming the
   * diff's limit).
   */
  protected async readOnly(
    sql: string,
    params: readonly RecordValue[],
    timeoutMs: number,
  ): Promise<Record<string, unknown>[]> {
    if (this.depth > 0) throw new Error("a data diff's read runs outside any other transaction");
    try {
      await this.beginReadOnly(timeoutMs);
      return (await this.runWithin(sql, params, timeoutMs)).rows;
    } catch (error) {
      if (error instanceof UserError && error.code === "warehouse_statement_timeout") {
        throw new UserError(
          "warehouse_statement_timeout",
          `A data diff query ran past its time limit (${showDuration(timeoutMs)}) in ${this.label} and was cancelled.`,
        );
      }
      throw error;
    } finally {
      try {
        await this.run("ROLLBACK");
      } catch {
        // No transaction was started, or the connection is gone (the engine rolls back itself).
      }
    }
  }

  async createSchema(schema: string): Promise<void> {
    await this.run(`CREATE SCHEMA IF NOT EXISTS ${this.q(schema, "schema")}`);
  }

  async dropSchema(schema: string): Promise<void> {
    await this.run(`DROP SCHEMA IF EXISTS ${this.q(schema, "schema")} RESTRICT`);
  }

  async createView(at: QualifiedName, reads: QualifiedName, options: { replace: boolean }): Promise<void> {
    if (
      sameName(at.schema, reads.schema, this.capabilities.identifiers) &&
      sameName(at.identifier, reads.identifier, this.capabilities.identifiers)
    ) {
      throw new UserError(
        "environment_overlaps_prod",
        `A pointer view at ${showQualified(at)} would read itself.`,
      );
    }
    const verb = options.replace ? "CREATE OR REPLACE VIEW" : "CREATE VIEW";
    await this.run(this.pointerViewSql(verb, at, reads));
  }

  /** The statement that makes a pointer view (the engine's part: PostgreSQL's checks its reader's rights). */
  protected pointerViewSql(verb: string, at: QualifiedName, reads: QualifiedName): string {
    return `${verb} ${this.qualified(at)} AS SELECT * FROM ${this.qualified(reads)}`;
  }

  async dropObject(object: WarehouseObject): Promise<void> {
    const kind = object.kind === "view" ? "VIEW" : "TABLE";
    await this.run(`DROP ${kind} IF EXISTS ${this.qualified(object)} RESTRICT`);
  }

  async renameTable(from: QualifiedName, to: string): Promise<void> {
    await this.run(`ALTER TABLE ${this.qualified(from)} RENAME TO ${this.q(to, "relation name")}`);
  }

  /** The record tables' dialect: `$n` placeholders, TEXT and INTEGER, the engine's key and upsert. */
  protected get records(): RecordDialect {
    this.recordDialect ??= {
      table: (schema, table) => this.tableName(schema, table),
      column: (name) => this.q(name, "column"),
      type: (type) => (type === "integer" ? "INTEGER" : "TEXT"),
      placeholders: "dollar",
      typedNulls: false,
      addColumn: "if-not-exists",
      whereTrue: false,
      ...this.recordSyntax,
    };
    return this.recordDialect;
  }

  /** Runs a record table's statement (`$n` placeholders: its values are a list). */
  protected runRecords(statement: RecordStatement): Promise<StatementResult> {
    return this.run(statement.sql, statement.params as readonly RecordValue[]);
  }

  async ensureRecordTables(
    schema: string,
    tables: readonly RecordTable[],
    options: { upgrade?: boolean } = {},
  ): Promise<void> {
    await this.transaction(async () => {
      await this.run(`CREATE SCHEMA IF NOT EXISTS ${this.q(schema, "metadata schema")}`);
      for (const table of tables) {
        await this.runRecords(createRecordTable(this.records, schema, table));
        // A registry of an older minor version gains the columns added since (additive upgrade).
        if (!options.upgrade) continue;
        for (const name of Object.keys(table.columns)) {
          await this.runRecords(addRecordColumn(this.records, schema, table, name));
        }
      }
    });
  }

  protected tableName(schema: string, table: RecordTable): string {
    return `${this.q(schema, "metadata schema")}.${this.q(table.name, "record table")}`;
  }

  async selectRecords(schema: string, table: RecordTable, where: RecordRow = {}): Promise<RecordRow[]> {
    const result = await this.runRecords(selectRecords(this.records, schema, table, where));
    return result.rows.map((row) => recordRowFrom(table, row));
  }

  async insertRecord(schema: string, table: RecordTable, row: RecordRow): Promise<void> {
    await this.runRecords(insertRecord(this.records, schema, table, row));
  }

  async updateRecords(schema: string, table: RecordTable, set: RecordRow, where: RecordRow): Promise<number> {
    if (Object.keys(set).length === 0) return 0;
    return (await this.runRecords(updateRecords(this.records, schema, table, set, where))).changed;
  }

  async deleteRecords(schema: string, table: RecordTable, where: RecordRow): Promise<number> {
    return (await this.runRecords(deleteRecords(this.records, schema, table, where))).changed;
  }

  /** The key part of a row, for upserts. */
  protected keyOf(table: RecordTable, row: RecordRow): RecordRow {
    const key: RecordRow = {};
    for (const name of table.key) key[name] = row[name] ?? null;
    return key;
  }
}
