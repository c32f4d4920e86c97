/**
 * From `--warehouse` (or ODS_WAREHOUSE) to an adapter:
 *
 *   duckdb:PATH                          a DuckDB database file (created when absent)
 *   postgres://USER@HOST:PORT/DATABASE   PostgreSQL (also postgresql://)
 *
 * The value is a secret (it may hold a password): it is never echoed, logged
 * or stored; messages show the adapter's label (no credentials).
 */
import path from "node:path";
import { UserError } from "../errors/user-error.js";
import { DuckDbWarehouse } from "./duckdb/duckdb-warehouse.js";
import { PostgresWarehouse } from "./postgres/postgres-warehouse.js";
import { DEFAULT_TIMEOUTS, type WarehouseTimeouts } from "./timeouts.js";
import type { Warehouse } from "./warehouse.js";

export type WarehouseSpec = { engine: "duckdb"; file: string } | { engine: "postgres"; url: string };

export function parseWarehouseSpec(
  value: string | undefined,
  cwd: string,
  input = "--warehouse",
): WarehouseSpec {
  if (value === undefined || value.trim() === "") {
    throw new UserError("warehouse_invalid", `No warehouse was given (${input} or ODS_WAREHOUSE).`, {
      input,
    });
  }
  if (value.startsWith("duckdb:")) {
    const file = value.slice("duckdb:".length);
    if (file === "" || file.includes("\0")) {
      throw new UserError("warehouse_invalid", `${input} names no DuckDB file after \`duckdb:\`.`, { input });
    }
    return { engine: "duckdb", file: path.resolve(cwd, file) };
  }
  if (value.startsWith("postgres://") || value.startsWith("postgresql://")) {
    try {
      new URL(value);
    } catch {
      // Not echoed: it may hold a password.
      throw new UserError("warehouse_invalid", `${input} is not a valid postgres:// URL.`, { input });
    }
    return { engine: "postgres", url: value };
  }
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1];
  throw new UserError(
    "warehouse_invalid",
    `${input} ${scheme ? `uses \`${scheme}:\`, which ods-state doesn't support` : "is neither duckdb:PATH nor a postgres:// URL"}.`,
    { input },
  );
}

/**
 * Opens the warehouse with these timeouts (default: connect 30 s, statement
 * 10 min, lock 60 s; src/env/timeouts.ts). Timeouts come from flags and
 * inputs, not from the URL: the URL is a secret set once, and ODS sets the
 * session's statement_timeout and lock_timeout over whatever it says.
 */
export async function openWarehouse(
  spec: WarehouseSpec,
  timeouts: WarehouseTimeouts = DEFAULT_TIMEOUTS,
): Promise<Warehouse> {
  return spec.engine === "duckdb"
    ? DuckDbWarehouse.open(spec.file, timeouts)
    : PostgresWarehouse.connect(spec.url, timeouts);
}
