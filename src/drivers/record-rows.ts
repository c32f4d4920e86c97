/** A record table's row as the registry reads it: each column as text or a number, or null, whatever the driver returned. */
import type { RecordRow, RecordTable } from "../warehouse/warehouse.js";

export function recordRowFrom(table: RecordTable, raw: Readonly<Record<string, unknown>>): RecordRow {
  const out: RecordRow = {};
  for (const [name, type] of Object.entries(table.columns)) {
    const value = raw[name];
    out[name] =
      value === null || value === undefined ? null : type === "integer" ? Number(value) : String(value);
  }
  return out;
}
