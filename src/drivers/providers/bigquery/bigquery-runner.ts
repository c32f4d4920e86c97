/**
 * The StatementRunner over `@google-cloud/bigquery` (docs/warehouses/bigquery.md,
 * "The client"): each statement a query job with its `@name` values as
 * `params`, in the URL's location, with the statement time-out as the job's
 * `jobTimeoutMs` (BigQuery cancels it); rows come back keyed by the
 * statement's column aliases, and a DML job says how many rows it changed.
 * The client is loaded only now (load-client.ts).
 *
 * BigQuery has no connection to open: the first request, a dry run of
 * `SELECT 1` (free; it checks the credentials and that the project can run
 * jobs, which ODS needs anyway), races the connect time-out. Credentials
 * are Application Default Credentials, found by the client itself.
 * BigQuery has no lock time-out of its own (DDL does not wait on readers).
 */
import type { BigQuery } from "@google-cloud/bigquery";
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
import type { BigQuerySpec } from "../provider-spec.js";
import type { Statement } from "../provider-statements.js";
import type { RunResult, StatementRunner } from "../statement-runner.js";

/** What a BigQuery error means: its HTTP status and reason, or its text. */
export function bigQueryFailureKind(error: unknown): ProviderFailureKind {
  const code = (error as { code?: unknown }).code;
  const reasons = ((error as { errors?: { reason?: string }[] }).errors ?? []).map((e) => e.reason ?? "");
  const message = error instanceof Error ? error.message : "";
  if (/Job timed out|exceeded the maximum execution time|jobTimeoutMs/i.test(message)) return "statement";
  if (
    code === 401 ||
    code === 403 ||
    reasons.includes("accessDenied") ||
    /Access Denied|Could not load the default credentials|permission/i.test(message)
  )
    return "permission";
  if (socketCodeOf(error) !== null) return "connection";
  return null;
}

/** A BigQuery value as a record value: timestamps and big numbers come as objects with a `value`. */
function recordValue(value: unknown): RecordValue | boolean {
  if (value === null || value === undefined) return null;
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return value;
  if (typeof value === "bigint") return Number(value);
  const inner = (value as { value?: unknown }).value;
  if (typeof inner === "string" || typeof inner === "number") return inner;
  return String(value);
}

/** The query job's options for one statement (exported for the tests: what reaches createQueryJob). */
export function bigQueryJob(spec: BigQuerySpec, timeouts: WarehouseTimeouts, statement: Statement) {
  if (Array.isArray(statement.params)) throw new Error("a BigQuery statement binds named values");
  const params = statement.params as Readonly<Record<string, RecordValue>>;
  return {
    query: statement.sql,
    location: spec.location,
    ...(Object.keys(params).length > 0 ? { params: { ...params } } : {}),
    ...(timeouts.statementMs > 0 ? { jobTimeoutMs: timeouts.statementMs } : {}),
  };
}

class BigQueryRunner implements StatementRunner {
  private readonly client: BigQuery;
  private readonly spec: BigQuerySpec;
  private readonly timeouts: WarehouseTimeouts;
  private readonly context: ProviderFailureContext;

  constructor(
    client: BigQuery,
    spec: BigQuerySpec,
    timeouts: WarehouseTimeouts,
    context: ProviderFailureContext,
  ) {
    this.client = client;
    this.spec = spec;
    this.timeouts = timeouts;
    this.context = context;
  }

  async run(_operation: unknown, statement: Statement): Promise<RunResult> {
    try {
      const [job] = await this.client.createQueryJob(bigQueryJob(this.spec, this.timeouts, statement));
      const [rows] = await job.getQueryResults();
      const changed = Number(job.metadata?.statistics?.query?.numDmlAffectedRows ?? 0);
      return {
        rows: (rows as Record<string, unknown>[]).map((row) =>
          Object.fromEntries(Object.entries(row).map(([name, value]) => [name, recordValue(value)])),
        ),
        changed: Number.isFinite(changed) ? changed : 0,
      };
    } catch (error) {
      throw statementFailure(error, this.context, statement.sql, bigQueryFailureKind(error));
    }
  }

  async close(): Promise<void> {}
}

/** A runner for `spec` whose credentials and project were checked within the connect time-out. */
export async function openBigQueryRunner(
  spec: BigQuerySpec,
  timeouts: WarehouseTimeouts,
): Promise<StatementRunner> {
  const context: ProviderFailureContext = { vendor: "BigQuery", label: spec.label, timeouts, secrets: [] };
  const { BigQuery } = await loadClient("bigquery");
  const client = new BigQuery({
    projectId: spec.project,
    location: spec.location,
    userAgent: "ods-state",
    ...(spec.apiEndpoint !== undefined ? { apiEndpoint: spec.apiEndpoint } : {}),
  });
  try {
    await withinConnectDeadline(
      timeouts.connectMs,
      () => client.createQueryJob({ query: "SELECT 1", dryRun: true, location: spec.location }),
      () => {},
    );
  } catch (error) {
    if (error instanceof ConnectDeadlineExpired) throw connectTimeout(context);
    throw connectFailure(error, context, bigQueryFailureKind(error) === "permission" ? "permission" : null);
  }
  return new BigQueryRunner(client, spec, timeouts, context);
}
