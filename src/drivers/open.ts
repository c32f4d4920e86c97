/**
 * From `--warehouse` (or ODS_WAREHOUSE) to an adapter:
 *
 *   duckdb:PATH                          a DuckDB database file (created when absent)
 *   postgres://USER@HOST:PORT/DATABASE   PostgreSQL (also postgresql://)
 *   snowflake://USER@ACCOUNT/DATABASE?warehouse=WH&role=ROLE
 *   bigquery://PROJECT?location=LOCATION
 *   databricks://HOST/HTTP_PATH?catalog=CATALOG
 *
 * The three vendors' URLs take their credentials from the URL or from the
 * vendor's usual environment variables, which the entry points pass in
 * (`env`: nothing here reads process.env); providers/<vendor>/<vendor>-url.ts
 * say which.
 *
 * The value is a secret (it may hold a password): it is never echoed, logged
 * or stored; messages show the adapter's label (no credentials).
 */
import path from "node:path";
import { UserError } from "../errors/user-error.js";
import { DEFAULT_TIMEOUTS, type WarehouseTimeouts } from "../warehouse/timeouts.js";
import type { Warehouse } from "../warehouse/warehouse.js";
import { DuckDbWarehouse } from "./duckdb/duckdb-warehouse.js";
import { checkPostgresUrl } from "./postgres/postgres-url.js";
import { PostgresWarehouse } from "./postgres/postgres-warehouse.js";
import { parseBigQueryUrl } from "./providers/bigquery/bigquery-url.js";
import { parseDatabricksUrl } from "./providers/databricks/databricks-url.js";
import { openProviderWarehouse } from "./providers/open-provider.js";
import type { ProviderSpec, WarehouseEnv } from "./providers/provider-spec.js";
import { parseSnowflakeUrl } from "./providers/snowflake/snowflake-url.js";

export type WarehouseSpec =
  | { engine: "duckdb"; file: string }
  | { engine: "postgres"; url: string }
  | ProviderSpec;

export function parseWarehouseSpec(
  value: string | undefined,
  cwd: string,
  input = "--warehouse",
  env: WarehouseEnv = {},
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
    // Its parameters and TLS files checked, never echoed: it may hold a password.
    checkPostgresUrl(value, cwd, input);
    return { engine: "postgres", url: value };
  }
  if (value.startsWith("snowflake://")) return parseSnowflakeUrl(value, env, input);
  if (value.startsWith("bigquery://")) return parseBigQueryUrl(value, input);
  if (value.startsWith("databricks://")) return parseDatabricksUrl(value, env, input);
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1];
  throw new UserError(
    "warehouse_invalid",
    `${input} ${scheme ? `uses \`${scheme}:\`, which ods-state doesn't support` : "is not duckdb:PATH or a postgres://, snowflake://, bigquery:// or databricks:// URL"}.`,
    { input },
  );
}

/**
 * Opens the warehouse with these timeouts (default: connect 30 s, statement
 * 10 min, lock 60 s; src/warehouse/timeouts.ts). Timeouts come from flags and
 * inputs, not from the URL: the URL is a secret set once, and ODS sets the
 * session's statement_timeout and lock_timeout over whatever it says.
 */
export async function openWarehouse(
  spec: WarehouseSpec,
  timeouts: WarehouseTimeouts = DEFAULT_TIMEOUTS,
): Promise<Warehouse> {
  switch (spec.engine) {
    case "duckdb":
      return DuckDbWarehouse.open(spec.file, timeouts);
    case "postgres":
      return PostgresWarehouse.connect(spec.url, timeouts);
    default:
      return openProviderWarehouse(spec, timeouts);
  }
}
