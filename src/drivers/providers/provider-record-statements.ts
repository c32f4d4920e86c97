/**
 * The record-table methods of a provider's statements (ProviderStatements'
 * createRecordTable … deleteRecords), built by the one module every driver
 * uses (src/drivers/record-statements.ts) in the provider's dialect for the
 * place the registry lives in.
 */
import {
  addRecordColumn,
  createRecordTable,
  deleteRecords,
  insertRecord,
  type RecordDialect,
  selectRecords,
  updateRecords,
  upsertRecord,
} from "../record-statements.js";
import type { Place, ProviderStatements } from "./provider-statements.js";

export type RecordMethods = Pick<
  ProviderStatements,
  | "createRecordTable"
  | "addRecordColumn"
  | "selectRecords"
  | "insertRecord"
  | "upsertRecord"
  | "updateRecords"
  | "deleteRecords"
>;

export function providerRecordStatements(dialect: (place: Place) => RecordDialect): RecordMethods {
  return {
    createRecordTable: (place, schema, table) => createRecordTable(dialect(place), schema, table),
    addRecordColumn: (place, schema, table, name) => addRecordColumn(dialect(place), schema, table, name),
    selectRecords: (place, schema, table, where) => selectRecords(dialect(place), schema, table, where),
    insertRecord: (place, schema, table, row) => insertRecord(dialect(place), schema, table, row),
    upsertRecord: (place, schema, table, row) => upsertRecord(dialect(place), schema, table, row),
    updateRecords: (place, schema, table, set, where) =>
      updateRecords(dialect(place), schema, table, set, where),
    deleteRecords: (place, schema, table, where) => deleteRecords(dialect(place), schema, table, where),
  };
}
