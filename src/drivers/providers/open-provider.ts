/**
 * Opens a cloud provider's warehouse (open.ts): the vendor's runner over its
 * official client (the client itself loaded only now, load-client.ts), and
 * the warehouse class over the vendor's statements and that runner.
 */
import type { WarehouseTimeouts } from "../../warehouse/timeouts.js";
import { openBigQueryRunner } from "./bigquery/bigquery-runner.js";
import { BIGQUERY_STATEMENTS } from "./bigquery/bigquery-statements.js";
import { openDatabricksRunner } from "./databricks/databricks-runner.js";
import { DATABRICKS_STATEMENTS } from "./databricks/databricks-statements.js";
import type { ProviderSpec } from "./provider-spec.js";
import type { Place, ProviderStatements } from "./provider-statements.js";
import { ProviderWarehouse } from "./provider-warehouse.js";
import { openSnowflakeRunner } from "./snowflake/snowflake-runner.js";
import { SNOWFLAKE_STATEMENTS } from "./snowflake/snowflake-statements.js";
import type { StatementRunner } from "./statement-runner.js";

/** The database (project, catalog) and location the environments' schemas live in. */
export function placeOf(spec: ProviderSpec): Place {
  switch (spec.engine) {
    case "snowflake":
      return { database: spec.database };
    case "bigquery":
      return { database: spec.project, location: spec.location };
    case "databricks":
      return { database: spec.catalog };
  }
}

async function openRunner(spec: ProviderSpec, timeouts: WarehouseTimeouts): Promise<StatementRunner> {
  switch (spec.engine) {
    case "snowflake":
      return openSnowflakeRunner(spec, timeouts);
    case "bigquery":
      return openBigQueryRunner(spec, timeouts);
    case "databricks":
      return openDatabricksRunner(spec, timeouts);
  }
}

const STATEMENTS: Record<ProviderSpec["engine"], ProviderStatements> = {
  snowflake: SNOWFLAKE_STATEMENTS,
  bigquery: BIGQUERY_STATEMENTS,
  databricks: DATABRICKS_STATEMENTS,
};

/** The provider's warehouse, connected within `timeouts.connectMs` (UserErrors otherwise). */
export async function openProviderWarehouse(
  spec: ProviderSpec,
  timeouts: WarehouseTimeouts,
): Promise<ProviderWarehouse> {
  const runner = await openRunner(spec, timeouts);
  return new ProviderWarehouse(STATEMENTS[spec.engine], runner, placeOf(spec), spec.label);
}
