/**
 * DuckDB through `@duckdb/node-api`: a database file, no server.
 *
 * Capabilities: transactional DDL, so a whole promotion commits at once
 * (`atomic_multi_pointer`). No `ALTER TABLE … SET SCHEMA` (DuckDB 1.5 says
 * "not implemented"), so a table is copied into another schema, inside the
 * same transaction. Views are stored as SQL and bound by name each time they
 * are queried, relative to the view's own database: a view reads whatever
 * table holds the name now, and keeps working when the file is attached
 * under another name (pointer views never name the database). Quoted names
 * are case-insensitive: `"T"` and `"t"` are one table. DuckDB has no length
 * limit on names; ODS keeps them to 255 characters. No owners, privileges
 * or materialized views (`grants: false`): nothing but the name moves. The
 * catalog's table OIDs are new each time the file is opened, so a promoted
 * table's identity is a mark ODS adds to its comment (`[ods:…]`).
 *
 * Timeouts (src/warehouse/timeouts.ts): no connection to wait for. One process at
 * a time may open a file for writing: while another holds it, opening is
 * retried until the lock timeout, then refused (`warehouse_lock_timeout`,
 * naming the process). A new file is created whole (createWhole: a
 * database made under another name, then linked to the file's name), so
 * processes creating it at once never see it empty; a file another program
 * is creating at the same moment (no header yet: "not a valid DuckDB
 * database file") is retried for up to 5 s, and an empty file that stays
 * empty for 1 s is replaced by a new database. A statement running longer than the statement
 * timeout is interrupted. Driver errors become user errors in
 * warehouse-errors.ts.
 */
import { closeSync, linkSync, openSync, readSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import type { DuckDBConnection, DuckDBInstance, DuckDBValue } from "@duckdb/node-api";
import { UserError } from "../../errors/user-error.js";
import { nameKey, type QualifiedName, showQualified } from "../../warehouse/names.js";
import { DEFAULT_TIMEOUTS, type WarehouseTimeouts } from "../../warehouse/timeouts.js";
import type {
  AccessRefusal,
  ObjectKind,
  RecordRow,
  RecordTable,
  RecordValue,
  ReplaceBlocker,
  ReplaceOutcome,
  TableSize,
  WarehouseCapabilities,
  WarehouseObject,
} from "../../warehouse/warehouse.js";
import { type FailureContext, warehouseFailure } from "../../warehouse/warehouse-errors.js";
import { SqlWarehouse, type StatementResult } from "../sql-warehouse.js";
import { commentWithMark, identityOfComment } from "../table-mark.js";
import { DUCKDB_DIFF_DIALECT } from "./duckdb-data-diff.js";

export const DUCKDB_CAPABILITIES: WarehouseCapabilities = {
  engine: "duckdb",
  transactional_ddl: true,
  atomic_multi_pointer: true,
  clone: false,
  rename_across_schemas: false,
  views_bind_by: "name",
  grants: false,
  identifiers: { case_sensitive: false, max_length: 255, length_unit: "characters" },
};

/** A DuckDB file starts with three 4 KiB header blocks. */
const DUCKDB_HEADER_BYTES = 3 * 4096;
/** How long a file too short to be a database is taken for one another process is creating. */
const NEW_FILE_WAIT_MS = 5000;
/**
 * How long an empty file must stay empty before ODS takes it for one a
 * creator left behind (below) and puts a new database in its place. A
 * process creating the database writes its header right after it locks the
 * file, in microseconds.
 */
const EMPTY_FILE_WAIT_MS = 1000;

function sizeOf(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

/** Whether the file starts with DuckDB's main header (its magic bytes `DUCK` at offset 8). */
function hasDuckDbHeader(file: string): boolean {
  try {
    const fd = openSync(file, "r");
    try {
      const bytes = Buffer.alloc(12);
      return readSync(fd, bytes, 0, 12, 0) === 12 && bytes.subarray(8, 12).toString("latin1") === "DUCK";
    } finally {
      closeSync(fd);
    }
  } catch {
    return false;
  }
}

function exists(file: string): boolean {
  try {
    statSync(file);
    return true;
  } catch {
    return false;
  }
}

/**
 * Why a new file is never left to DuckDB to create: DuckDB creates it
 * (`open(O_CREAT)`) and only then locks it and writes its header. Another
 * process that finds the file in between locks it first, reads 0 bytes and
 * fails ("not a valid DuckDB database file"); the creator, its lock refused,
 * fails too, and opening again finds an existing file, which DuckDB loads
 * instead of creating: every process refuses the empty file, and nobody
 * ever writes its header. So ODS creates the database under a name of its
 * own next to the file, closes it (header written, nothing else), and
 * hard-links it to the file's name, which succeeds only where no file is
 * there yet: the file appears whole or not at all. False where the
 * filesystem has no hard links (DuckDB then creates it).
 */
async function createWhole(module: DuckDbModule, file: string, replaceEmpty: boolean): Promise<boolean> {
  const fresh = path.join(
    path.dirname(file),
    `.${path.basename(file)}.ods-new-${process.pid}-${Math.random().toString(36).slice(2, 10)}`,
  );
  try {
    const instance = await module.DuckDBInstance.create(fresh);
    instance.closeSync();
    if (replaceEmpty) {
      // Still empty: put the new database in its place (one rename; nothing in an empty file is lost).
      if (sizeOf(file) !== 0 || !exists(file)) return false;
      renameSync(fresh, file);
      return true;
    }
    linkSync(fresh, file);
    return true;
  } catch {
    // Another process put the file there first (EEXIST), or no hard links: open whatever is there.
    return false;
  } finally {
    rmSync(fresh, { force: true });
    rmSync(`${fresh}.wal`, { force: true });
  }
}

interface DuckDbModule {
  DuckDBInstance: typeof DuckDBInstance;
}

export class DuckDbWarehouse extends SqlWarehouse {
  readonly capabilities = DUCKDB_CAPABILITIES;
  protected readonly diffDialect = DUCKDB_DIFF_DIALECT;
  readonly label: string;
  private readonly connection: DuckDBConnection;
  private readonly owned: DuckDBInstance | null;
  /** Null over a caller's connection: no statement is interrupted. */
  private readonly timeouts: WarehouseTimeouts | null;

  private constructor(
    connection: DuckDBConnection,
    label: string,
    owned: DuckDBInstance | null,
    timeouts: WarehouseTimeouts | null,
  ) {
    super();
    this.connection = connection;
    this.label = label;
    this.owned = owned;
    this.timeouts = timeouts;
  }

  /** Opens (or creates) the database file, waiting up to the lock timeout while another process holds it. */
  static async open(file: string, timeouts: WarehouseTimeouts = DEFAULT_TIMEOUTS): Promise<DuckDbWarehouse> {
    let module: DuckDbModule;
    try {
      // Not bundled (webpackIgnore): DuckDB's native library is 68 MB. The CLI,
      // installed with npm, loads it from node_modules; in the action's bundle
      // the import fails and says what to use instead.
      module = (await import(/* webpackIgnore: true */ "@duckdb/node-api")) as DuckDbModule;
    } catch (error) {
      throw new UserError(
        "warehouse_unavailable",
        `DuckDB can't be loaded (@duckdb/node-api): ${error instanceof Error ? error.message : String(error)}.`,
        {
          hint: "The action's bundle doesn't ship DuckDB's 68 MB native library: use a postgres:// warehouse in the action, or run `ods-state` from a checkout after `npm ci` on Node 24.",
        },
      );
    }
    const label = `duckdb:${file}`;
    const context: FailureContext = { engine: "duckdb", label, timeouts, sql: "opening the database file" };
    const started = Date.now();
    let instance: DuckDBInstance;
    if (file !== ":memory:" && !exists(file)) await createWhole(module, file, false);
    for (;;) {
      try {
        instance = await module.DuckDBInstance.create(file);
        break;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const waited = Date.now() - started;
        if (
          /Could not set lock on file/i.test(message) &&
          (timeouts.lockMs === 0 || waited < timeouts.lockMs)
        ) {
          const left = timeouts.lockMs === 0 ? 250 : Math.max(1, Math.min(250, timeouts.lockMs - waited));
          await new Promise((resolve) => setTimeout(resolve, left));
          continue;
        }
        // DuckDB read the file while another process was creating it. Its size is looked at only now,
        // after the failure: the creator may have written the whole header since (a 12 KiB file that
        // starts with DuckDB's header, which the next try opens). A file as long as the header that
        // doesn't start with it is not a database: refused at once.
        if (
          /not a valid DuckDB database file/i.test(message) &&
          waited < NEW_FILE_WAIT_MS &&
          (sizeOf(file) < DUCKDB_HEADER_BYTES || hasDuckDbHeader(file))
        ) {
          // Another process is creating the file right now and hasn't written its header yet. An empty
          // file that stays empty was left by a creator that lost the race for its lock (createWhole):
          // nobody will write its header, so a new database takes its place.
          if (sizeOf(file) === 0 && waited >= EMPTY_FILE_WAIT_MS) await createWhole(module, file, true);
          else await new Promise((resolve) => setTimeout(resolve, 100));
          continue;
        }
        const mapped = warehouseFailure(error, context);
        if (mapped) throw mapped;
        throw new UserError(
          "warehouse_unavailable",
          `The DuckDB database ${file} can't be opened: ${message}.`,
        );
      }
    }
    const connection = await instance.connect();
    return new DuckDbWarehouse(connection, label, instance, timeouts);
  }

  /** Over a connection the caller owns (tests that also run dbt's SQL on it); close() leaves it open. */
  static fromConnection(
    connection: DuckDBConnection,
    label = "duckdb",
    timeouts: WarehouseTimeouts | null = null,
  ): DuckDbWarehouse {
    return new DuckDbWarehouse(connection, label, null, timeouts);
  }

  protected async run(sql: string, params: readonly RecordValue[] = []): Promise<StatementResult> {
    return this.runWithin(sql, params, this.timeouts?.statementMs ?? 0);
  }

  protected async beginReadOnly(): Promise<void> {
    await this.run("BEGIN TRANSACTION READ ONLY");
  }

  /** Runs one statement, interrupted after `statementMs` (0: no limit). */
  protected async runWithin(
    sql: string,
    params: readonly RecordValue[],
    statementMs: number,
  ): Promise<StatementResult> {
    let timedOut = false;
    const timer =
      statementMs > 0
        ? setTimeout(() => {
            timedOut = true;
            this.connection.interrupt();
          }, statementMs)
        : undefined;
    try {
      const reader = await this.connection.runAndReadAll(
        sql,
        params.length > 0 ? (params as DuckDBValue[]) : undefined,
      );
      return { rows: reader.getRowObjectsJS() as Record<string, unknown>[], changed: reader.rowsChanged };
    } catch (error) {
      const interrupted = timedOut && error instanceof Error && /INTERRUPT/i.test(error.message);
      const context: FailureContext = {
        engine: "duckdb",
        label: this.label,
        timeouts: this.timeouts ?? DEFAULT_TIMEOUTS,
        sql,
      };
      throw warehouseFailure(error, context, { timedOut: interrupted }) ?? error;
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    if (this.owned) {
      this.connection.closeSync();
      this.owned.closeSync();
    }
  }

  async listSchemas(): Promise<string[]> {
    const result = await this.run(
      "SELECT schema_name FROM duckdb_schemas() WHERE database_name = current_database() ORDER BY 1",
    );
    return result.rows.map((row) => String(row.schema_name));
  }

  async listObjects(schemas: readonly string[]): Promise<WarehouseObject[]> {
    const wanted = new Set(schemas.map((schema) => nameKey(schema, this.capabilities.identifiers)));
    const result = await this.run(
      `SELECT schema_name, table_name AS name, 'table' AS kind FROM duckdb_tables() WHERE database_name = current_database() AND NOT internal AND NOT temporary
       UNION ALL
       SELECT schema_name, view_name AS name, 'view' AS kind FROM duckdb_views() WHERE database_name = current_database() AND NOT internal AND NOT temporary
       ORDER BY 1, 2`,
    );
    return result.rows
      .filter((row) => wanted.has(nameKey(String(row.schema_name), this.capabilities.identifiers)))
      .map((row) => ({
        schema: String(row.schema_name),
        identifier: String(row.name),
        kind: row.kind === "view" ? "view" : "table",
      }));
  }

  /** Copies the table: columns with types, NOT NULL, defaults, primary key, unique and check constraints, then its rows. */
  async stageTable(source: QualifiedName, target: QualifiedName): Promise<"moved" | "copied"> {
    if (
      nameKey(source.schema, this.capabilities.identifiers) ===
      nameKey(target.schema, this.capabilities.identifiers)
    ) {
      await this.renameTable(source, target.identifier);
      return "moved";
    }
    await this.copyTable(source, target);
    return "copied";
  }

  /**
   * A copy keeps its source's column defaults as written, so a default that
   * draws on a sequence (`nextval('analytics.s')`) would draw on prod's:
   * every row the pull request's dbt inserts would advance it, and prod's
   * sequence could not be dropped while the copy stands. DuckDB has no
   * sequence a table owns (one made for the copy would outlive its drop and
   * keep the schema), so such a table is not copied: dbt builds the model
   * from nothing. Changes nothing.
   */
  async startRefusals(
    starts: readonly { at: QualifiedName; reads: QualifiedName }[],
  ): Promise<AccessRefusal[]> {
    const out: AccessRefusal[] = [];
    for (const start of starts) {
      const result = await this.run(
        `SELECT column_name, column_default FROM duckdb_columns()
          WHERE database_name = current_database() AND schema_name = $1 AND table_name = $2
            AND (lower(column_default) LIKE '%nextval(%' OR lower(column_default) LIKE '%currval(%')
          ORDER BY column_index`,
        [start.reads.schema, start.reads.identifier],
      );
      if (result.rows.length === 0) continue;
      const columns = result.rows.map((row) => `${String(row.column_name)} (${String(row.column_default)})`);
      out.push({
        at: start.at,
        reads: start.reads,
        reason: `prod's ${showQualified(start.reads)} draws the default of ${columns.join(", ")} from a sequence of prod's, which a copy would draw on and advance`,
      });
    }
    return out;
  }

  /** DuckDB has no zero-copy clone: the table is copied as stageTable copies it. */
  async cloneTable(source: QualifiedName, target: QualifiedName): Promise<"cloned" | "copied"> {
    await this.copyTable(source, target);
    return "copied";
  }

  /** `estimated_size` of duckdb_tables(): DuckDB's row count estimate. It keeps no size in bytes for one table. */
  async tableSize(name: QualifiedName): Promise<TableSize | null> {
    const result = await this.run(
      `SELECT estimated_size FROM duckdb_tables()
       WHERE database_name = current_database() AND schema_name = $1 AND table_name = $2`,
      [name.schema, name.identifier],
    );
    const row = result.rows[0];
    if (!row) return null;
    return { rows: row.estimated_size === null ? null : Number(row.estimated_size), bytes: null };
  }

  /** A new table at `target` with the source's columns, types, NOT NULL, defaults, primary key, unique and check constraints, then its rows. */
  private async copyTable(source: QualifiedName, target: QualifiedName): Promise<void> {
    await this.transaction(async () => {
      const columns = await this.run(
        `SELECT column_name, data_type, is_nullable, column_default FROM duckdb_columns()
         WHERE database_name = current_database() AND schema_name = $1 AND table_name = $2 ORDER BY column_index`,
        [source.schema, source.identifier],
      );
      if (columns.rows.length === 0) {
        throw new UserError(
          "warehouse_error",
          `The table ${showQualified(source)} doesn't exist, so it can't be copied.`,
        );
      }
      const constraints = await this.run(
        `SELECT constraint_type, constraint_column_names, expression FROM duckdb_constraints()
         WHERE database_name = current_database() AND schema_name = $1 AND table_name = $2 ORDER BY constraint_index`,
        [source.schema, source.identifier],
      );
      const parts = columns.rows.map((row) => {
        let part = `${this.q(String(row.column_name), "column")} ${String(row.data_type)}`;
        if (row.column_default !== null && row.column_default !== undefined)
          part += ` DEFAULT (${String(row.column_default)})`;
        if (row.is_nullable === false) part += " NOT NULL";
        return part;
      });
      for (const row of constraints.rows) {
        const names = (row.constraint_column_names as unknown[] | null) ?? [];
        const list = names.map((name) => this.q(String(name), "column")).join(", ");
        if (row.constraint_type === "PRIMARY KEY") parts.push(`PRIMARY KEY (${list})`);
        else if (row.constraint_type === "UNIQUE") parts.push(`UNIQUE (${list})`);
        else if (row.constraint_type === "CHECK" && row.expression)
          parts.push(`CHECK (${String(row.expression)})`);
      }
      await this.run(`CREATE TABLE ${this.qualified(target)} (${parts.join(", ")})`);
      await this.run(`INSERT INTO ${this.qualified(target)} SELECT * FROM ${this.qualified(source)}`);
    });
  }

  /** Renames in one transaction; views read by name, so every reader of the name now reads the new table. */
  async replaceTable(
    target: QualifiedName,
    replacement: string,
    retired: string | null,
  ): Promise<ReplaceOutcome> {
    await this.transaction(async () => {
      if (retired !== null) await this.renameTable(target, retired);
      await this.renameTable({ schema: target.schema, identifier: replacement }, target.identifier);
    });
    return { rebound: [], left: [], materialized: [], kept: [] };
  }

  /** DuckDB has no owners, privileges or materialized views: nothing is in the way. */
  async replaceBlockers(_targets: readonly QualifiedName[]): Promise<ReplaceBlocker[]> {
    return [];
  }

  private async commentOf(
    name: QualifiedName,
    kind: ObjectKind = "table",
  ): Promise<{ found: boolean; comment: string | null }> {
    const catalog = kind === "view" ? "duckdb_views() WHERE NOT internal AND" : "duckdb_tables() WHERE";
    const column = kind === "view" ? "view_name" : "table_name";
    const result = await this.run(
      `SELECT comment FROM ${catalog} database_name = current_database() AND schema_name = $1 AND ${column} = $2`,
      [name.schema, name.identifier],
    );
    const row = result.rows[0];
    if (!row) return { found: false, comment: null };
    return {
      found: true,
      comment: row.comment === null || row.comment === undefined ? null : String(row.comment),
    };
  }

  async tableIdentity(name: QualifiedName): Promise<string | null> {
    return this.relationIdentity({ ...name, kind: "table" });
  }

  async markTable(name: QualifiedName, mark: string): Promise<string> {
    return this.claimRelation({ ...name, kind: "table" }, mark);
  }

  async relationIdentity(object: WarehouseObject): Promise<string | null> {
    const { found, comment } = await this.commentOf(object, object.kind);
    if (!found) return null;
    // A relation without a mark is one ODS did not put there: an identity nothing recorded.
    return identityOfComment(comment);
  }

  async claimRelation(object: WarehouseObject, mark: string): Promise<string> {
    const { found, comment } = await this.commentOf(object, object.kind);
    if (!found) {
      throw new UserError(
        "warehouse_error",
        `The ${object.kind} ${showQualified(object)} doesn't exist, so it can't be marked.`,
      );
    }
    const text = commentWithMark(comment, mark);
    // COMMENT ON takes no bound parameter: the text is a string literal, its quotes doubled
    // (DuckDB's literals have no backslash escapes).
    await this.run(
      `COMMENT ON ${object.kind === "view" ? "VIEW" : "TABLE"} ${this.qualified(object)} IS '${text.replaceAll("'", "''")}'`,
    );
    return `mark:${mark}`;
  }

  /** Views bind by name here: the catalog records no relation a view reads. */
  async boundRelations(): Promise<Map<string, QualifiedName[]> | null> {
    return null;
  }

  async hasRecordTable(schema: string, table: string): Promise<boolean> {
    const result = await this.run(
      "SELECT count(*) AS n FROM duckdb_tables() WHERE database_name = current_database() AND schema_name = $1 AND table_name = $2",
      [schema, table],
    );
    return Number(result.rows[0]?.n ?? 0) > 0;
  }

  /**
   * Without a PRIMARY KEY: DuckDB checks unique indexes eagerly within a
   * transaction (a row deleted and inserted again with the same key fails),
   * and registry transactions do exactly that. Keys are kept unique by
   * upsertRecord (update, else insert) within the caller's transaction; a
   * DuckDB file has one writer.
   */
  protected readonly recordSyntax = { primaryKey: false, upsert: null };

  async upsertRecord(schema: string, table: RecordTable, row: RecordRow): Promise<void> {
    await this.transaction(async () => {
      const changed = await this.updateRecords(schema, table, row, this.keyOf(table, row));
      if (changed === 0) await this.insertRecord(schema, table, row);
    });
  }
}
