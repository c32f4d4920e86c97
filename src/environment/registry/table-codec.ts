/**
 * A registry table declared once: its columns (each with its SQL type and
 * how a cell is checked and read), its key, and how a record maps to the
 * columns and back. The registry reads and writes every table through
 * `encodeRow` and `decodeRow`; nothing else touches a row.
 *
 * Decoding is checked: a cell the writer would never have written (a null
 * where a value is due, a status outside its list, text that is not the JSON
 * expected) raises `registry_corrupt` naming the table, the row's key and the
 * column, instead of passing a value of the wrong type on to the caller.
 */
import { UserError } from "../../errors/user-error.js";
import type { RecordRow, RecordTable, RecordValue } from "../../warehouse/warehouse.js";

/** One column: its SQL type, how a cell is read (undefined: a valid value; a string: what is wrong with it) and written. */
export interface Column<T> {
  readonly type: "text" | "integer";
  read(cell: RecordValue): { value: T } | { problem: string };
  write(value: T): RecordValue;
}

export type Columns = Record<string, Column<never> | Column<unknown>>;

/** The typed values of a row, column by column. */
export type ColumnValues<C extends Columns> = { [K in keyof C]: C[K] extends Column<infer T> ? T : never };

export interface TableSpec<C extends Columns, R> {
  name: string;
  /** In the order of the table's DDL (CREATE TABLE lists them so). */
  columns: C;
  key: readonly (keyof C & string)[];
  /** The record's columns, in the order the upsert names them. */
  encode(record: R): ColumnValues<C>;
  decode(values: ColumnValues<C>): R;
}

export interface TableCodec<R> {
  /** What the warehouse's record-table API takes: name, SQL types, key. */
  readonly table: RecordTable;
  encodeRow(record: R): RecordRow;
  /** Checked: a bad cell is `registry_corrupt`. */
  decodeRow(row: RecordRow): R;
}

export function tableCodec<C extends Columns, R>(spec: TableSpec<C, R>): TableCodec<R> {
  const types: Record<string, "text" | "integer"> = {};
  for (const [name, column] of Object.entries(spec.columns)) types[name] = column.type;
  const table: RecordTable = { name: spec.name, columns: types, key: spec.key };
  return {
    table,
    encodeRow(record) {
      const values = spec.encode(record) as Record<string, unknown>;
      const row: RecordRow = {};
      for (const [name, value] of Object.entries(values)) {
        row[name] = (spec.columns[name] as Column<unknown>).write(value);
      }
      return row;
    },
    decodeRow(row) {
      const values: Record<string, unknown> = {};
      for (const [name, column] of Object.entries(spec.columns)) {
        const read = (column as Column<unknown>).read(row[name] ?? null);
        if ("problem" in read) {
          const key = spec.key.map((k) => `${k} ${JSON.stringify(row[k] ?? null)}`).join(", ");
          throw new UserError(
            "registry_corrupt",
            `The environment registry's table ${spec.name} has a bad row (${key}): column ${name} ${read.problem}.`,
          );
        }
        values[name] = read.value;
      }
      return spec.decode(values as ColumnValues<C>);
    },
  };
}

/* ----------------------------------------------------------------- columns */

const shown = (cell: RecordValue) =>
  typeof cell === "string" && cell.length > 80 ? `${cell.slice(0, 77)}...` : cell;

/** Text, always written: null is a bad row. */
export const text: Column<string> = {
  type: "text",
  read: (cell) => (typeof cell === "string" ? { value: cell } : { problem: "is empty (null)" }),
  write: (value) => value,
};

/** Text or nothing: null and "" read as null. */
export const optionalText: Column<string | null> = {
  type: "text",
  read: (cell) => ({ value: cell === null || cell === "" ? null : String(cell) }),
  write: (value) => value,
};

/** One of `values`. */
export function oneOf<const V extends string>(values: readonly V[]): Column<V> {
  const allowed = new Set<string>(values);
  return {
    type: "text",
    read: (cell) =>
      typeof cell === "string" && allowed.has(cell)
        ? { value: cell as V }
        : { problem: `is ${JSON.stringify(shown(cell))}, not one of ${values.join(", ")}` },
    write: (value) => value,
  };
}

/** One of `values` or nothing (null or ""). */
export function optionalOneOf<const V extends string>(values: readonly V[]): Column<V | null> {
  const some = oneOf(values);
  return {
    type: "text",
    read: (cell) => (cell === null || cell === "" ? { value: null } : some.read(cell)),
    write: (value) => value,
  };
}

export const integer: Column<number> = {
  type: "integer",
  read: (cell) =>
    typeof cell === "number" && Number.isInteger(cell)
      ? { value: cell }
      : { problem: `is ${JSON.stringify(shown(cell))}, not an integer` },
  write: (value) => value,
};

export const optionalInteger: Column<number | null> = {
  type: "integer",
  read: (cell) => (cell === null ? { value: null } : integer.read(cell)),
  write: (value) => value,
};

/** A boolean, stored as 1 or 0. */
export const flag: Column<boolean> = {
  type: "integer",
  read: (cell) =>
    cell === 1 || cell === 0
      ? { value: cell === 1 }
      : { problem: `is ${JSON.stringify(shown(cell))}, not 1 or 0` },
  write: (value) => (value ? 1 : 0),
};

/**
 * JSON text of a value `is` recognizes (what it checks is named by `what`);
 * null or "" read as `empty` when given, else they are a bad row. Written as
 * JSON, or null for a null value.
 */
export function json<T>(what: string, is: (value: unknown) => value is T, empty?: { value: T }): Column<T> {
  return {
    type: "text",
    read: (cell) => {
      if (cell === null || cell === "") return empty ?? { problem: "is empty (null)" };
      let value: unknown;
      try {
        value = JSON.parse(String(cell));
      } catch {
        return { problem: `is not JSON: ${JSON.stringify(shown(cell))}` };
      }
      return is(value) ? { value } : { problem: `is not ${what}: ${JSON.stringify(shown(cell))}` };
    },
    write: (value) => (value === null ? null : JSON.stringify(value)),
  };
}

/* ------------------------------------------------------ shapes of JSON cells */

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === "string");
}
