/**
 * What each runner hands its vendor's client (issue 25, layer 3), where no
 * local server speaks the vendor's protocol (Snowflake's login and query
 * REST calls, Databricks' Thrift over HTTP): the connection options built
 * from a parsed URL (credential, endpoint, quiet and single-try settings),
 * and how the vendors' errors are read (a missing privilege, a lost
 * connection, a statement time-out) and redacted. BigQuery's binding runs
 * through its real client in bigquery-runner.int.test.ts.
 */
import { describe, expect, it } from "vitest";
import { parseWarehouseSpec } from "../../../src/drivers/open.js";
import { bigQueryFailureKind, bigQueryJob } from "../../../src/drivers/providers/bigquery/bigquery-runner.js";
import {
  databricksConnectOptions,
  databricksFailureKind,
} from "../../../src/drivers/providers/databricks/databricks-runner.js";
import { redact, statementFailure } from "../../../src/drivers/providers/provider-errors.js";
import type {
  BigQuerySpec,
  DatabricksSpec,
  SnowflakeSpec,
} from "../../../src/drivers/providers/provider-spec.js";
import {
  snowflakeFailureKind,
  snowflakeOptions,
} from "../../../src/drivers/providers/snowflake/snowflake-runner.js";

const TIMEOUTS = { connectMs: 30_000, statementMs: 600_000, lockMs: 60_000 };

function withCode(message: string, fields: Record<string, unknown>): Error {
  return Object.assign(new Error(message), fields);
}

describe("Snowflake", () => {
  it("a password, the warehouse and role, another endpoint; login tried once", () => {
    const spec = parseWarehouseSpec(
      "snowflake://ci:pw0rd@myorg-ci/ANALYTICS?warehouse=WH&role=CI&host=proxy.internal:8443",
      "/",
    ) as SnowflakeSpec;
    expect(snowflakeOptions(spec)).toEqual({
      account: "myorg-ci",
      username: "ci",
      database: "ANALYTICS",
      warehouse: "WH",
      role: "CI",
      host: "proxy.internal",
      port: 8443,
      password: "pw0rd",
      application: "ods-state",
      sfRetryMaxLoginRetries: 0,
      clientSessionKeepAlive: false,
    });
  });

  it("a key pair is SNOWFLAKE_JWT with the key file and its passphrase", () => {
    const spec = parseWarehouseSpec("snowflake://ci@myorg-ci/ANALYTICS", "/", "--warehouse", {
      SNOWFLAKE_PRIVATE_KEY_PATH: "/keys/ci.p8",
      SNOWFLAKE_PRIVATE_KEY_PASSPHRASE: "phrase",
    }) as SnowflakeSpec;
    expect(snowflakeOptions(spec)).toMatchObject({
      authenticator: "SNOWFLAKE_JWT",
      privateKeyPath: "/keys/ci.p8",
      privateKeyPass: "phrase",
    });
    expect(snowflakeOptions(spec)).not.toHaveProperty("password");
  });

  it.each<[string, Error, string | null]>([
    [
      "a statement time-out",
      withCode("Statement reached its statement or warehouse timeout of 600 second(s) and was canceled.", {
        code: "000630",
      }),
      "statement",
    ],
    [
      "a lock wait",
      withCode(
        "Statement 'x' has locked table 'T' in transaction and this lock has not yet been released. Your statement was aborted because the number of waiters for this lock exceeds the 20 statements limit.",
        { code: "000625" },
      ),
      "lock",
    ],
    [
      "a missing privilege",
      withCode("SQL access control error: Insufficient privileges to operate on schema 'ODS_META'", {
        code: "003001",
      }),
      "permission",
    ],
    [
      "refused credentials",
      withCode("Incorrect username or password was specified.", { code: "390100" }),
      "permission",
    ],
    ["the network", withCode("Network error. Could not reach Snowflake.", { code: "401001" }), "connection"],
    ["a reset socket", withCode("socket hang up", { code: "ECONNRESET" }), "connection"],
    [
      "a missing object",
      withCode("SQL compilation error: Object 'X' does not exist or not authorized.", { code: "002003" }),
      null,
    ],
  ])("%s", (_name, error, kind) => {
    expect(snowflakeFailureKind(error)).toBe(kind);
  });
});

describe("BigQuery", () => {
  const spec = parseWarehouseSpec("bigquery://ods-ci-project?location=EU", "/") as BigQuerySpec;
  it("a job with named values, the location and the statement time-out; no params when there are none", () => {
    expect(bigQueryJob(spec, TIMEOUTS, { sql: "SELECT @p1", params: { p1: "x" } })).toEqual({
      query: "SELECT @p1",
      location: "EU",
      params: { p1: "x" },
      jobTimeoutMs: 600_000,
    });
    expect(bigQueryJob(spec, { ...TIMEOUTS, statementMs: 0 }, { sql: "SELECT 1", params: {} })).toEqual({
      query: "SELECT 1",
      location: "EU",
    });
    expect(() => bigQueryJob(spec, TIMEOUTS, { sql: "SELECT ?", params: ["x"] })).toThrow(/named/);
  });

  it.each<[string, Error, string | null]>([
    [
      "access denied",
      withCode("Access Denied: Table x: Permission bigquery.tables.delete denied", {
        code: 403,
        errors: [{ reason: "accessDenied" }],
      }),
      "permission",
    ],
    [
      "no credentials",
      new Error(
        "Could not load the default credentials. Browse to https://cloud.google.com/docs/authentication",
      ),
      "permission",
    ],
    ["a job time-out", withCode("Job timed out after 600 sec", { code: 400 }), "statement"],
    [
      "a refused socket",
      withCode("request to http://x failed, reason: connect ECONNREFUSED", { code: "ECONNREFUSED" }),
      "connection",
    ],
    [
      "a syntax error",
      withCode("Syntax error: Unexpected keyword", { code: 400, errors: [{ reason: "invalidQuery" }] }),
      null,
    ],
  ])("%s", (_name, error, kind) => {
    expect(bigQueryFailureKind(error)).toBe(kind);
  });
});

describe("Databricks", () => {
  it("a token, the host and port, the HTTP path; telemetry off", () => {
    const spec = parseWarehouseSpec(
      "databricks://token:dapi123@dbc-1.cloud.databricks.com:8443/sql/1.0/warehouses/abc?catalog=main",
      "/",
    ) as DatabricksSpec;
    expect(databricksConnectOptions(spec)).toEqual({
      host: "dbc-1.cloud.databricks.com",
      port: 8443,
      path: "/sql/1.0/warehouses/abc",
      userAgentEntry: "ods-state",
      telemetryEnabled: false,
      authType: "access-token",
      token: "dapi123",
    });
  });

  it("a service principal is databricks-oauth with its id and secret", () => {
    const spec = parseWarehouseSpec(
      "databricks://h.example.com/sql/1.0/warehouses/abc?catalog=main",
      "/",
      "--warehouse",
      {
        DATABRICKS_CLIENT_ID: "sp",
        DATABRICKS_CLIENT_SECRET: "sec",
      },
    ) as DatabricksSpec;
    expect(databricksConnectOptions(spec)).toMatchObject({
      authType: "databricks-oauth",
      oauthClientId: "sp",
      oauthClientSecret: "sec",
    });
  });

  it.each<[string, Error, string | null]>([
    [
      "a permission error",
      new Error(
        "[INSUFFICIENT_PERMISSIONS] Insufficient privileges: User does not have CREATE SCHEMA on Catalog 'main'.",
      ),
      "permission",
    ],
    ["a 403", withCode("Forbidden", { response: { status: 403 } }), "permission"],
    [
      "a statement time-out",
      new Error(
        "[QUERY_EXECUTION_TIMEOUT_EXCEEDED] Query execution was cancelled due to exceeding the timeout (600s).",
      ),
      "statement",
    ],
    [
      "a refused socket",
      withCode("request failed, reason: connect ECONNREFUSED 127.0.0.1:1", { code: "ECONNREFUSED" }),
      "connection",
    ],
    [
      "a missing table",
      new Error("[TABLE_OR_VIEW_NOT_FOUND] The table or view `main`.`x`.`y` cannot be found."),
      null,
    ],
  ])("%s", (_name, error, kind) => {
    expect(databricksFailureKind(error)).toBe(kind);
  });
});

describe("messages", () => {
  it("a secret a client quoted is redacted, plain or percent-encoded", () => {
    expect(redact("login failed for p@ss/w0rd and p%40ss%2Fw0rd", ["p@ss/w0rd"])).toBe(
      "login failed for *** and ***",
    );
  });

  it.each<[string | null, string]>([
    ["statement", "warehouse_statement_timeout"],
    ["lock", "warehouse_lock_timeout"],
    ["permission", "warehouse_permission_denied"],
    ["connection", "warehouse_connection_lost"],
    [null, "warehouse_error"],
  ])("a statement failure read as %s is %s, naming the statement, never the secret", (kind, code) => {
    const error = statementFailure(
      new Error("failed with token dapiSECRET123"),
      {
        vendor: "Databricks",
        label: "databricks://h/sql/1.0/warehouses/x",
        timeouts: TIMEOUTS,
        secrets: ["dapiSECRET123"],
      },
      "CREATE SCHEMA IF NOT EXISTS `main`.`pr_7`",
      kind as never,
    );
    expect(error.code).toBe(code);
    expect(error.message).toContain("CREATE SCHEMA IF NOT EXISTS `main`.`pr_7`");
    expect(error.message).toContain("databricks://h/sql/1.0/warehouses/x");
    expect(error.message).not.toContain("dapiSECRET123");
  });
});
