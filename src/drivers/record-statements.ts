/**
 * The statements of the registry's record tables (Warehouse's
 * ensureRecordTables, selectRecords, insertRecord, upsertRecord,
 * updateRecords, deleteRecords), written once for every driver and
 * parameterised by the vendor's dialect: how it quotes and qualifies a name,
 * its column types, its placeholders, whether it keeps a PRIMARY KEY, how it
 * adds a column and how it updates-or-inserts a row in one statement.
 *
 * Every value is bound, never spliced in; a null in a condition is matched
 * with IS NULL (never bound). A column the record table lacks is a
 * programming error (Error), as is an upsert without the key.
 */
import type { RecordRow, RecordTable, RecordValue } from "../warehouse/warehouse.js";

export type RecordColumnType = RecordTable["columns"][string];

/** One statement: its text and the values bound to its placeholders (positional, or by name). */
export interface RecordStatement {
  readonly sql: string;
  readonly params: readonly RecordValue[] | Readonly<Record<string, RecordValue>>;
}

/**
 * How a vendor updates a row with the same key or inserts it, in one statement:
 * - `on-conflict`: INSERT … ON CONFLICT (key) DO UPDATE (PostgreSQL; the key is a PRIMARY KEY);
 * - `merge`: a MERGE from a one-row source (Snowflake, BigQuery, Databricks).
 * A dialect without one (DuckDB) updates, then inserts, in its own transaction.
 */
export type UpsertSyntax =
  | { readonly kind: "on-conflict" }
  | {
      readonly kind: "merge";
      /** `MERGE INTO` (Snowflake, Databricks) or `MERGE` (BigQuery). */
      readonly verb: string;
      /** The aliases of the table and of the one-row source, as written (`"t"`, `target`). */
      readonly target: string;
      readonly source: string;
      /** The source's values cast to the column's type, so a bound null has one (Snowflake). */
      readonly castSource: boolean;
      /** How a key column matches: `is-null` (`=`, or IS NULL for a null value) or `null-safe` (Databricks' `<=>`). */
      readonly keyMatch: "is-null" | "null-safe";
      /** Whether the columns UPDATE SET assigns are qualified by the table's alias (Databricks). */
      readonly qualifySet: boolean;
    };

export interface RecordDialect {
  /** The record table's quoted name, qualified as the vendor does (database, project or catalog; the metadata schema). */
  table(schema: string, table: RecordTable): string;
  /** A column's quoted name. */
  column(name: string): string;
  type(type: RecordColumnType): string;
  /** Placeholders: `$1` (PostgreSQL, DuckDB), `?` (Snowflake, Databricks), `@p1` (BigQuery, named). */
  readonly placeholders: "dollar" | "question" | "named";
  /** A null value written as a typed NULL (`CAST(NULL AS type)`), not bound: the client can't type a null parameter (BigQuery). */
  readonly typedNulls: boolean;
  /** The record table has a PRIMARY KEY of its key (PostgreSQL enforces it; Snowflake keeps it as information). */
  readonly primaryKey: boolean;
  /** `if-not-exists`: ADD COLUMN IF NOT EXISTS c T; `add-columns`: ADD COLUMNS (c T) (Databricks). */
  readonly addColumn: "if-not-exists" | "add-columns";
  /** UPDATE and DELETE without a condition say WHERE TRUE (BigQuery needs a WHERE). */
  readonly whereTrue: boolean;
  readonly upsert: UpsertSyntax | null;
}

/** The values of one statement, bound in order of use. */
class Binder {
  private readonly list: RecordValue[] = [];
  private readonly named: Record<string, RecordValue> = {};
  // No parameter property: src/ runs under Node's type stripping too (the CLI's child processes in tests).
  private readonly dialect: RecordDialect;

  constructor(dialect: RecordDialect) {
    this.dialect = dialect;
  }

  bind(value: RecordValue): string {
    this.list.push(value);
    const n = this.list.length;
    if (this.dialect.placeholders === "named") {
      this.named[`p${n}`] = value;
      return `@p${n}`;
    }
    return this.dialect.placeholders === "dollar" ? `$${n}` : "?";
  }

  /** A column's value in VALUES, SET or a MERGE's source: bound, or a typed NULL where the dialect writes one. */
  value(table: RecordTable, name: string, value: RecordValue): string {
    if (value === null && this.dialect.typedNulls)
      return `CAST(NULL AS ${this.dialect.type(typeOf(table, name))})`;
    return this.bind(value);
  }

  get params(): RecordStatement["params"] {
    return this.dialect.placeholders === "named" ? this.named : this.list;
  }
}

function typeOf(table: RecordTable, name: string): RecordColumnType {
  const type = table.columns[name];
  if (type === undefined) throw new Error(`record table ${table.name} has no column ${name}`);
  return type;
}

/** The row's columns, each one the record table has (a programming error otherwise). */
function columnsOf(table: RecordTable, row: RecordRow): string[] {
  const names = Object.keys(row);
  for (const name of names) typeOf(table, name);
  return names;
}

/** ` WHERE a = ? AND b IS NULL`; nothing (or ` WHERE TRUE` when `always`) for an empty row. */
function whereClause(
  dialect: RecordDialect,
  binder: Binder,
  table: RecordTable,
  where: RecordRow,
  always = false,
): string {
  const parts = columnsOf(table, where).map((name) => {
    const value = where[name] ?? null;
    const column = dialect.column(name);
    return value === null ? `${column} IS NULL` : `${column} = ${binder.bind(value)}`;
  });
  if (parts.length === 0) return always ? " WHERE TRUE" : "";
  return ` WHERE ${parts.join(" AND ")}`;
}

export function createRecordTable(
  dialect: RecordDialect,
  schema: string,
  table: RecordTable,
): RecordStatement {
  const columns = Object.entries(table.columns)
    .map(([name, type]) => `${dialect.column(name)} ${dialect.type(type)}`)
    .join(", ");
  const key = dialect.primaryKey ? `, PRIMARY KEY (${table.key.map(dialect.column).join(", ")})` : "";
  return {
    sql: `CREATE TABLE IF NOT EXISTS ${dialect.table(schema, table)} (${columns}${key})`,
    params: new Binder(dialect).params,
  };
}

/** Adds a column the record table lacks (an upgrade). */
export function addRecordColumn(
  dialect: RecordDialect,
  schema: string,
  table: RecordTable,
  name: string,
): RecordStatement {
  const column = `${dialect.column(name)} ${dialect.type(typeOf(table, name))}`;
  const add =
    dialect.addColumn === "add-columns" ? `ADD COLUMNS (${column})` : `ADD COLUMN IF NOT EXISTS ${column}`;
  return { sql: `ALTER TABLE ${dialect.table(schema, table)} ${add}`, params: new Binder(dialect).params };
}

export function selectRecords(
  dialect: RecordDialect,
  schema: string,
  table: RecordTable,
  where: RecordRow,
): RecordStatement {
  const binder = new Binder(dialect);
  const columns = Object.keys(table.columns).map(dialect.column).join(", ");
  const filter = whereClause(dialect, binder, table, where);
  const order = table.key.map(dialect.column).join(", ");
  return {
    sql: `SELECT ${columns} FROM ${dialect.table(schema, table)}${filter} ORDER BY ${order}`,
    params: binder.params,
  };
}

export function insertRecord(
  dialect: RecordDialect,
  schema: string,
  table: RecordTable,
  row: RecordRow,
): RecordStatement {
  const names = columnsOf(table, row);
  if (names.length === 0) throw new Error(`insert into ${table.name} without a column`);
  const binder = new Binder(dialect);
  const values = names.map((name) => binder.value(table, name, row[name] ?? null)).join(", ");
  return {
    sql: `INSERT INTO ${dialect.table(schema, table)} (${names.map(dialect.column).join(", ")}) VALUES (${values})`,
    params: binder.params,
  };
}

export function updateRecords(
  dialect: RecordDialect,
  schema: string,
  table: RecordTable,
  set: RecordRow,
  where: RecordRow,
): RecordStatement {
  const names = columnsOf(table, set);
  if (names.length === 0) throw new Error(`an update of ${table.name} sets no column`);
  const binder = new Binder(dialect);
  const assignments = names
    .map((name) => `${dialect.column(name)} = ${binder.value(table, name, set[name] ?? null)}`)
    .join(", ");
  const filter = whereClause(dialect, binder, table, where, dialect.whereTrue);
  return { sql: `UPDATE ${dialect.table(schema, table)} SET ${assignments}${filter}`, params: binder.params };
}

export function deleteRecords(
  dialect: RecordDialect,
  schema: string,
  table: RecordTable,
  where: RecordRow,
): RecordStatement {
  const binder = new Binder(dialect);
  const filter = whereClause(dialect, binder, table, where, dialect.whereTrue);
  return { sql: `DELETE FROM ${dialect.table(schema, table)}${filter}`, params: binder.params };
}

/** Updates the row with the same key or inserts it, in one statement (the dialect's UpsertSyntax). */
export function upsertRecord(
  dialect: RecordDialect,
  schema: string,
  table: RecordTable,
  row: RecordRow,
): RecordStatement {
  const upsert = dialect.upsert;
  if (upsert === null) throw new Error("this dialect has no one-statement upsert");
  const names = columnsOf(table, row);
  for (const key of table.key) {
    if (!names.includes(key)) throw new Error(`upsert into ${table.name} without key ${key}`);
  }
  const binder = new Binder(dialect);
  const c = dialect.column;
  const rest = names.filter((name) => !table.key.includes(name));
  const target = dialect.table(schema, table);
  if (upsert.kind === "on-conflict") {
    const values = names.map((name) => binder.value(table, name, row[name] ?? null)).join(", ");
    const action =
      rest.length > 0
        ? `DO UPDATE SET ${rest.map((name) => `${c(name)} = EXCLUDED.${c(name)}`).join(", ")}`
        : "DO NOTHING";
    return {
      sql: `INSERT INTO ${target} (${names.map(c).join(", ")}) VALUES (${values}) ON CONFLICT (${table.key.map(c).join(", ")}) ${action}`,
      params: binder.params,
    };
  }
  const { target: t, source: s } = upsert;
  const source = names
    .map((name) => {
      const value = upsert.castSource
        ? `CAST(${binder.bind(row[name] ?? null)} AS ${dialect.type(typeOf(table, name))})`
        : binder.value(table, name, row[name] ?? null);
      return `${value} AS ${c(name)}`;
    })
    .join(", ");
  const on = table.key
    .map((name) =>
      upsert.keyMatch === "null-safe"
        ? `${t}.${c(name)} <=> ${s}.${c(name)}`
        : (row[name] ?? null) === null
          ? `${t}.${c(name)} IS NULL`
          : `${t}.${c(name)} = ${s}.${c(name)}`,
    )
    .join(" AND ");
  const set = rest.map((name) => `${upsert.qualifySet ? `${t}.` : ""}${c(name)} = ${s}.${c(name)}`);
  const matched = set.length === 0 ? "" : ` WHEN MATCHED THEN UPDATE SET ${set.join(", ")}`;
  const insert = ` WHEN NOT MATCHED THEN INSERT (${names.map(c).join(", ")}) VALUES (${names.map((name) => `${s}.${c(name)}`).join(", ")})`;
  return {
    sql: `${upsert.verb} ${target} AS ${t} USING (SELECT ${source}) AS ${s} ON ${on}${matched}${insert}`,
    params: binder.params,
  };
}
