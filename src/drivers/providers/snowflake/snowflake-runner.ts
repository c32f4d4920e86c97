/**
 * The StatementRunner over `snowflake-sdk` (docs/warehouses/snowflake.md,
 * "The client"): one connection, logged in within the connect time-out, the
 * session set up (SNOWFLAKE_SESSION_SETUP, then the statement and lock
 * time-outs as STATEMENT_TIMEOUT_IN_SECONDS and LOCK_TIMEOUT), each
 * statement executed with its `?` values as `binds`. The client is loaded
 * only now (load-client.ts): it pulls in the AWS and Azure SDKs.
 *
 * The client logs through its own logger: it is set to OFF, with no log
 * file, so neither secrets nor noise reach the job's output. Login is tried
 * once (no login retries): within a CI job a failure is reported at once
 * and the job run again, and the connect time-out bounds the attempt.
 */
import type snowflake from "snowflake-sdk";
import type { WarehouseTimeouts } from "../../../warehouse/timeouts.js";
import type { RecordValue } from "../../../warehouse/warehouse.js";
import { ConnectDeadlineExpired, withinConnectDeadline } from "../connect-deadline.js";
import { loadClient } from "../load-client.js";
import {
  connectFailure,
  connectTimeout,
  type ProviderFailureContext,
  type ProviderFailureKind,
  socketCodeOf,
  statementFailure,
} from "../provider-errors.js";
import type { SnowflakeSpec } from "../provider-spec.js";
import type { Statement } from "../provider-statements.js";
import type { RunResult, StatementRunner } from "../statement-runner.js";
import { SNOWFLAKE_SESSION_SETUP } from "./snowflake-statements.js";

let configured = false;

/** The client's options for `spec` (exported for the tests: what reaches createConnection). */
export function snowflakeOptions(spec: SnowflakeSpec): snowflake.ConnectionOptions {
  const credential = spec.credential;
  return {
    account: spec.account,
    username: spec.user,
    database: spec.database,
    ...(spec.warehouse !== undefined ? { warehouse: spec.warehouse } : {}),
    ...(spec.role !== undefined ? { role: spec.role } : {}),
    ...(spec.endpoint !== undefined
      ? {
          host: spec.endpoint.host,
          ...(spec.endpoint.port !== undefined ? { port: spec.endpoint.port } : {}),
        }
      : {}),
    ...(credential.kind === "password"
      ? { password: credential.password }
      : {
          authenticator: "SNOWFLAKE_JWT",
          ...(credential.privateKeyPath !== undefined ? { privateKeyPath: credential.privateKeyPath } : {}),
          ...(credential.privateKey !== undefined ? { privateKey: credential.privateKey } : {}),
          ...(credential.passphrase !== undefined ? { privateKeyPass: credential.passphrase } : {}),
        }),
    application: "ods-state",
    sfRetryMaxLoginRetries: 0,
    // ODS's statements are DDL and registry rows: a result fits in one response.
    clientSessionKeepAlive: false,
  } as snowflake.ConnectionOptions;
}

function secretsOf(spec: SnowflakeSpec): string[] {
  const credential = spec.credential;
  return credential.kind === "password"
    ? [credential.password]
    : [credential.privateKey ?? "", credential.passphrase ?? ""].filter((secret) => secret !== "");
}

/** What a Snowflake error means: its code (a number for the client's own, a string for the server's) or its text. */
export function snowflakeFailureKind(error: unknown): ProviderFailureKind {
  const code = String((error as { code?: unknown }).code ?? "");
  const message = error instanceof Error ? error.message : "";
  if (code === "000630" || /reached its statement or warehouse timeout/i.test(message)) return "statement";
  if (/lock/i.test(message) && /timeout|timed out|waiters/i.test(message)) return "lock";
  if (
    code === "003001" ||
    /^3900(0[0-9]|1[0-9]|[4-9][0-9])$/.test(code) ||
    /insufficient privileges|Incorrect username or password|JWT token is invalid/i.test(message)
  )
    return "permission";
  if (/^4010\d\d$/.test(code) || socketCodeOf(error) !== null) return "connection";
  return null;
}

function connect(connection: snowflake.Connection): Promise<void> {
  return new Promise((resolve, reject) => {
    connection.connect((error) => (error ? reject(error) : resolve()));
  });
}

function destroy(connection: snowflake.Connection): Promise<void> {
  return new Promise((resolve) => {
    try {
      connection.destroy(() => resolve());
    } catch {
      resolve();
    }
  });
}

function execute(
  connection: snowflake.Connection,
  sql: string,
  binds: readonly RecordValue[],
): Promise<{ rows: Record<string, unknown>[]; changed: number }> {
  return new Promise((resolve, reject) => {
    connection.execute({
      sqlText: sql,
      binds: binds as snowflake.Binds,
      complete: (error, statement, rows) => {
        if (error) reject(error);
        else
          resolve({
            rows: (rows ?? []) as Record<string, unknown>[],
            changed: statement.getNumUpdatedRows() ?? 0,
          });
      },
    });
  });
}

/** A Snowflake value as a record value: numbers and strings as they are, anything else as text. */
function recordValue(value: unknown): RecordValue | boolean {
  if (value === null || value === undefined) return null;
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return value;
  if (typeof value === "bigint") return Number(value);
  return String(value);
}

class SnowflakeRunner implements StatementRunner {
  private readonly connection: snowflake.Connection;
  private readonly context: ProviderFailureContext;

  constructor(connection: snowflake.Connection, context: ProviderFailureContext) {
    this.connection = connection;
    this.context = context;
  }

  async run(_operation: unknown, statement: Statement): Promise<RunResult> {
    if (!Array.isArray(statement.params)) throw new Error("a Snowflake statement binds positional values");
    try {
      const result = await execute(
        this.connection,
        statement.sql,
        statement.params as readonly RecordValue[],
      );
      return {
        rows: result.rows.map((row) =>
          Object.fromEntries(Object.entries(row).map(([name, value]) => [name, recordValue(value)])),
        ),
        changed: result.changed,
      };
    } catch (error) {
      throw statementFailure(error, this.context, statement.sql, snowflakeFailureKind(error));
    }
  }

  async close(): Promise<void> {
    await destroy(this.connection);
  }
}

/** A logged-in runner for `spec`, its session set up; UserErrors for a refused, unreachable or silent account. */
export async function openSnowflakeRunner(
  spec: SnowflakeSpec,
  timeouts: WarehouseTimeouts,
): Promise<StatementRunner> {
  const snowflake = (await loadClient("snowflake")).default;
  if (!configured) {
    snowflake.configure({ logLevel: "OFF", additionalLogToConsole: false });
    configured = true;
  }
  const context: ProviderFailureContext = {
    vendor: "Snowflake",
    label: spec.label,
    timeouts,
    secrets: secretsOf(spec),
  };
  let connection: snowflake.Connection;
  try {
    connection = snowflake.createConnection(snowflakeOptions(spec));
  } catch (error) {
    throw connectFailure(error, context, null);
  }
  try {
    await withinConnectDeadline(
      timeouts.connectMs,
      () => connect(connection),
      () => destroy(connection),
    );
  } catch (error) {
    if (error instanceof ConnectDeadlineExpired) throw connectTimeout(context);
    throw connectFailure(error, context, snowflakeFailureKind(error) === "permission" ? "permission" : null);
  }
  const runner = new SnowflakeRunner(connection, context);
  const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
  // STATEMENT_TIMEOUT_IN_SECONDS 0 is no limit; LOCK_TIMEOUT 0 is no waiting at all, so no limit is its maximum (12 h).
  const setup: Statement[] = [
    ...SNOWFLAKE_SESSION_SETUP,
    {
      sql: `ALTER SESSION SET STATEMENT_TIMEOUT_IN_SECONDS = ${timeouts.statementMs <= 0 ? 0 : seconds(timeouts.statementMs)}, LOCK_TIMEOUT = ${timeouts.lockMs <= 0 ? 43_200 : Math.min(seconds(timeouts.lockMs), 43_200)}`,
      params: [],
    },
  ];
  try {
    for (const statement of setup) await runner.run(null, statement);
  } catch (error) {
    await destroy(connection);
    throw error;
  }
  return runner;
}
