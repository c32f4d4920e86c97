/**
 * The StatementRunner over `@databricks/sql` (docs/warehouses/databricks.md,
 * "Client"): one client and one session on the SQL warehouse, opened within
 * the connect time-out (`connect()` only sets the client up: opening the
 * session is the first request), its catalog the URL's; each statement
 * executed with its `?` values as `ordinalParameters`. The statement
 * time-out is the session's STATEMENT_TIMEOUT (SQL warehouses) and each
 * statement's `queryTimeout` (clusters). The client is loaded only now
 * (load-client.ts).
 *
 * The driver's logger is replaced by a silent one and its telemetry is off
 * (no requests beyond the statements, nothing on the job's output).
 */
import type { DBSQLClient } from "@databricks/sql";
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
import type { DatabricksSpec } from "../provider-spec.js";
import type { Statement } from "../provider-statements.js";
import type { RunResult, StatementRunner } from "../statement-runner.js";

const SILENT = { log() {} };

type Session = Awaited<ReturnType<DBSQLClient["openSession"]>>;

/** The client's connect options for `spec` (exported for the tests: what reaches connect()). */
export function databricksConnectOptions(spec: DatabricksSpec) {
  const credential = spec.credential;
  return {
    host: spec.host,
    ...(spec.port !== undefined ? { port: spec.port } : {}),
    path: spec.path,
    userAgentEntry: "ods-state",
    telemetryEnabled: false,
    ...(credential.kind === "token"
      ? { authType: "access-token" as const, token: credential.token }
      : {
          authType: "databricks-oauth" as const,
          oauthClientId: credential.clientId,
          oauthClientSecret: credential.clientSecret,
        }),
  };
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** What a Databricks error means: its SQLSTATE or error class in the text. */
export function databricksFailureKind(error: unknown): ProviderFailureKind {
  const message = error instanceof Error ? error.message : "";
  const status = (error as { response?: { status?: number } }).response?.status;
  if (/QUERY_EXECUTION_TIMEOUT|STATEMENT_TIMEOUT|timed out after|Query execution timed out/i.test(message))
    return "statement";
  if (
    status === 401 ||
    status === 403 ||
    /PERMISSION_DENIED|INSUFFICIENT_PERMISSIONS|\b42501\b|Unauthorized|Forbidden|invalid access token/i.test(
      message,
    )
  )
    return "permission";
  if (socketCodeOf(error) !== null) return "connection";
  return null;
}

/** A Databricks value as a record value: big integers and dates as numbers and text. */
function recordValue(value: unknown): RecordValue | boolean {
  if (value === null || value === undefined) return null;
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return value;
  if (typeof value === "bigint") return Number(value);
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

/** The columns a DML statement answers with (Delta's counts): its rows are not data. */
const DML_COLUMNS = new Set([
  "num_affected_rows",
  "num_inserted_rows",
  "num_updated_rows",
  "num_deleted_rows",
]);

class DatabricksRunner implements StatementRunner {
  private readonly client: DBSQLClient;
  private readonly session: Session;
  private readonly timeouts: WarehouseTimeouts;
  private readonly context: ProviderFailureContext;

  constructor(
    client: DBSQLClient,
    session: Session,
    timeouts: WarehouseTimeouts,
    context: ProviderFailureContext,
  ) {
    this.client = client;
    this.session = session;
    this.timeouts = timeouts;
    this.context = context;
  }

  async run(_operation: unknown, statement: Statement): Promise<RunResult> {
    if (!Array.isArray(statement.params)) throw new Error("a Databricks statement binds positional values");
    try {
      const operation = await this.session.executeStatement(statement.sql, {
        ...(statement.params.length > 0
          ? { ordinalParameters: [...(statement.params as RecordValue[])] }
          : {}),
        ...(this.timeouts.statementMs > 0 ? { queryTimeout: seconds(this.timeouts.statementMs) } : {}),
      });
      try {
        const rows = (await operation.fetchAll()) as Record<string, unknown>[];
        const first = rows[0];
        if (
          rows.length === 1 &&
          first !== undefined &&
          Object.keys(first).some((name) => DML_COLUMNS.has(name))
        )
          return { rows: [], changed: Number(first.num_affected_rows ?? 0) || 0 };
        return {
          rows: rows.map((row) =>
            Object.fromEntries(Object.entries(row).map(([name, value]) => [name, recordValue(value)])),
          ),
          changed: 0,
        };
      } finally {
        await operation.close().catch(() => {});
      }
    } catch (error) {
      throw statementFailure(error, this.context, statement.sql, databricksFailureKind(error));
    }
  }

  async close(): Promise<void> {
    await this.session.close().catch(() => {});
    await this.client.close().catch(() => {});
  }
}

/** A runner with an open session on `spec`'s SQL warehouse; UserErrors for a refused, unreachable or silent workspace. */
export async function openDatabricksRunner(
  spec: DatabricksSpec,
  timeouts: WarehouseTimeouts,
): Promise<StatementRunner> {
  const credential = spec.credential;
  const context: ProviderFailureContext = {
    vendor: "Databricks",
    label: spec.label,
    timeouts,
    secrets: credential.kind === "token" ? [credential.token] : [credential.clientSecret],
  };
  const { DBSQLClient } = await loadClient("databricks");
  const client = new DBSQLClient({ logger: SILENT as never });
  client.on("error", () => {});
  let session: Session;
  try {
    session = await withinConnectDeadline(
      timeouts.connectMs,
      async () => {
        await client.connect(databricksConnectOptions(spec));
        return client.openSession({
          initialCatalog: spec.catalog,
          ...(timeouts.statementMs > 0
            ? { configuration: { STATEMENT_TIMEOUT: String(seconds(timeouts.statementMs)) } }
            : {}),
        });
      },
      () => client.close().catch(() => {}),
    );
  } catch (error) {
    if (error instanceof ConnectDeadlineExpired) throw connectTimeout(context);
    await client.close().catch(() => {});
    throw connectFailure(error, context, databricksFailureKind(error) === "permission" ? "permission" : null);
  }
  return new DatabricksRunner(client, session, timeouts, context);
}
