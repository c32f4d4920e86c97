/**
 * Which warehouse drivers are verified against a live service and which are
 * tested only against a simulation (issue 38): the one list `ods-state
 * --help`, the README's warehouse table and docs/warehouses/ agree with
 * (test/drivers/driver-status.unit.test.ts).
 *
 * - DuckDB runs in process: every test of environments, promotion and the
 *   data diff runs real DuckDB files.
 * - PostgreSQL: the same tests run against a real PostgreSQL server the test
 *   support starts.
 * - Snowflake, BigQuery and Databricks: their statements are golden-tested
 *   and parsed in the vendor's dialect, and the lifecycle runs them against a
 *   simulation of the vendor's semantics on DuckDB; none has run against the
 *   vendor's service. They are experimental.
 */
export interface DriverStatus {
  /** The warehouse's name as users know it. */
  readonly name: string;
  /** The connection form `--warehouse` and the `warehouse` input take. */
  readonly connection: string;
  /** `live`: verified against the engine itself; `simulation`: only against a simulation of it (experimental). */
  readonly verified: "live" | "simulation";
  /** What the tests run it against, in words. */
  readonly against: string;
}

export const DRIVER_STATUS: readonly DriverStatus[] = [
  { name: "DuckDB", connection: "duckdb:PATH", verified: "live", against: "real DuckDB files, in process" },
  {
    name: "PostgreSQL",
    connection: "postgres://USER@HOST:PORT/DATABASE",
    verified: "live",
    against: "a real PostgreSQL server",
  },
  {
    name: "Snowflake",
    connection: "snowflake://USER@ACCOUNT/DATABASE",
    verified: "simulation",
    against: "a simulation on DuckDB only, never the service itself",
  },
  {
    name: "BigQuery",
    connection: "bigquery://PROJECT?location=LOC",
    verified: "simulation",
    against: "a simulation on DuckDB only, never the service itself",
  },
  {
    name: "Databricks",
    connection: "databricks://HOST/HTTP_PATH?catalog=CAT",
    verified: "simulation",
    against: "a simulation on DuckDB only, never the service itself",
  },
];

/** A driver tested only against a simulation. */
export function isExperimental(driver: DriverStatus): boolean {
  return driver.verified === "simulation";
}

/** How help text shows a driver's status: `verified live (tested against …)` or `experimental (tested against …)`. */
export function showDriverStatus(driver: DriverStatus): string {
  return `${isExperimental(driver) ? "experimental" : "verified live"} (tested against ${driver.against})`;
}
