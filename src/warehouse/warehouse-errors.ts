/**
 * The one place where the drivers' errors (`pg`, `@duckdb/node-api`) become
 * errors a user can act on: an expired timeout (which one, its value, how to
 * change it), a missing privilege (which operation, what to grant), a
 * connection that went away (what to run). Anything else is returned as
 * null and left to the caller (a failed step is `warehouse_error`).
 *
 * PostgreSQL errors carry a SQLSTATE (`code`): 57014 with "statement
 * timeout", 55P03 lock_not_available, 42501 insufficient_privilege, 57P01-3
 * shutdown, class 08 connection exceptions; Node's socket errors carry
 * ECONNRESET, EPIPE…; `pg` itself says "Connection terminated unexpectedly".
 * DuckDB errors are text: "INTERRUPT Error" (ODS interrupted a statement),
 * "Could not set lock on file", "Permission denied", "read-only".
 */
import { UserError } from "../errors/user-error.js";
import { showDuration, TIMEOUT_SETTINGS, type TimeoutKind, type WarehouseTimeouts } from "./timeouts.js";

export interface FailureContext {
  engine: "postgres" | "duckdb";
  /** The warehouse's label (no credentials). */
  label: string;
  timeouts: WarehouseTimeouts;
  /** The statement that failed (identifiers only: values are bound parameters). */
  sql?: string;
}

const CONNECTION_LOST_STATES = new Set([
  "57P01",
  "57P02",
  "57P03",
  "08000",
  "08003",
  "08006",
  "08001",
  "08004",
]);
const SOCKET_CODES = new Set([
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "ENOTCONN",
  "ECONNABORTED",
  "EHOSTUNREACH",
]);
const CONNECTION_LOST_TEXT =
  /Connection terminated|Client was closed and is not queryable|Client has encountered a connection error|terminating connection|server closed the connection/i;
/** SQLSTATEs of a concurrent creator having made the same object first (PostgreSQL). */
const DUPLICATE_STATES = new Set(["23505", "42P06", "42P07", "42710"]);

interface DriverError {
  message: string;
  code?: string;
}

function driverError(error: unknown): DriverError | null {
  if (!(error instanceof Error)) return null;
  const code = (error as { code?: unknown }).code;
  return {
    message: error.message,
    ...(typeof code === "string" ? { code } : {}),
  };
}

/** Whether `error` says another session created the same object first (PostgreSQL 23505, 42P06, 42P07, 42710). */
export function isDuplicateObject(error: unknown): boolean {
  const code = driverError(error)?.code;
  return code !== undefined && DUPLICATE_STATES.has(code);
}

/** The statement's leading words, enough to say what ODS was doing (`CREATE SCHEMA "x"`). */
export function statementHead(sql: string | undefined): string {
  if (!sql) return "a statement";
  const flat = sql.replace(/\s+/g, " ").trim();
  return flat.length > 90 ? `${flat.slice(0, 87)}…` : flat;
}

export function timeoutError(kind: TimeoutKind, context: FailureContext, detail: string): UserError {
  const setting = TIMEOUT_SETTINGS[kind];
  const value = context.timeouts[setting.field];
  const code =
    kind === "connect"
      ? "warehouse_connect_timeout"
      : kind === "statement"
        ? "warehouse_statement_timeout"
        : "warehouse_lock_timeout";
  return new UserError(
    code,
    `The ${kind} timeout (${showDuration(value)}) expired in ${context.label}: ${detail}. Change it with ${setting.flag} (CLI) or the \`${setting.input}\` input (action).`,
  );
}

/** What to grant for the statement that was refused (PostgreSQL). */
function postgresGrant(sql: string | undefined, message: string): string {
  const head = (sql ?? "").replace(/\s+/g, " ").trim().toUpperCase();
  if (/^CREATE SCHEMA/.test(head) || /permission denied for database/i.test(message))
    return "CREATE on the database (GRANT CREATE ON DATABASE … TO the CI role), to create the environment's schemas and the registry's schema";
  if (/must be owner/i.test(message))
    return "ownership of the object (ALTER … OWNER TO the CI role, or membership in the owner's role): PostgreSQL lets only the owner rename, move or drop a table or view";
  if (/^(CREATE|ALTER TABLE .* SET SCHEMA)/.test(head) || /permission denied for schema/i.test(message))
    return "USAGE and CREATE on the schema (GRANT USAGE, CREATE ON SCHEMA … TO the CI role)";
  if (
    /^(SELECT|INSERT|UPDATE|DELETE)/.test(head) ||
    /permission denied for (table|relation|view)/i.test(message)
  )
    return "SELECT, INSERT, UPDATE and DELETE on the registry's tables, and SELECT on the prod tables pointer views read (GRANT … ON ALL TABLES IN SCHEMA … TO the CI role)";
  return "the privilege the message names";
}

/**
 * The user error `error` is, for the classes above; null for any other
 * error (the caller keeps it). `timedOut` says the caller's own timer
 * expired (a statement the server never answered, a DuckDB statement ODS
 * interrupted).
 */
export function warehouseFailure(
  error: unknown,
  context: FailureContext,
  options: { timedOut?: boolean } = {},
): UserError | null {
  if (error instanceof UserError) return error;
  const found = driverError(error);
  if (!found) return null;
  const { message, code } = found;
  const doing = statementHead(context.sql);
  if (options.timedOut) {
    return timeoutError(
      "statement",
      context,
      context.engine === "postgres"
        ? `the server did not answer ${doing} (the connection was closed)`
        : `${doing} was interrupted`,
    );
  }
  if (context.engine === "postgres") {
    if (code === "57014" && /statement timeout/i.test(message))
      return timeoutError("statement", context, `${doing} was cancelled`);
    if (code === "55P03") {
      const what = /pg_advisory/.test(context.sql ?? "")
        ? "waited for another job creating the same environment or registry"
        : `${doing} waited for a lock (${message})`;
      return timeoutError("lock", context, what);
    }
    if (code === "42501") {
      return new UserError(
        "warehouse_permission_denied",
        `Permission denied in ${context.label} for ${doing}: ${message}. The CI role needs ${postgresGrant(context.sql, message)}.`,
      );
    }
    if (
      (code !== undefined && (CONNECTION_LOST_STATES.has(code) || SOCKET_CODES.has(code))) ||
      CONNECTION_LOST_TEXT.test(message)
    ) {
      return new UserError(
        "warehouse_connection_lost",
        `The connection to ${context.label} was lost during ${doing}: ${message}.`,
      );
    }
    return null;
  }
  if (/Could not set lock on file/i.test(message)) {
    const holder = /Conflicting lock is held in (.*?)(?: \(PID (\d+)\))?\./.exec(message);
    return timeoutError(
      "lock",
      context,
      `the database file is open in another process${holder ? ` (${holder[1]}${holder[2] ? `, PID ${holder[2]}` : ""})` : ""}, and DuckDB allows one writing process per file`,
    );
  }
  if (/Permission denied|read-only|read only|Access is denied/i.test(message)) {
    return new UserError(
      "warehouse_permission_denied",
      `Permission denied in ${context.label} for ${doing}: ${message}. The job's user needs to read and write the database file and create files in its folder (DuckDB writes FILE.wal next to it), and the database must not be attached read-only.`,
    );
  }
  return null;
}

/**
 * For the last line of defence (the CLI's and the action's error printing):
 * a driver error that escaped without its adapter's context (which
 * warehouse, which statement) is still reported as what it is, not as a bug,
 * when it is a missing privilege or a lost connection.
 */
export function escapedWarehouseFailure(error: unknown): UserError | null {
  // Only what is surely PostgreSQL's: a server error (pg's DatabaseError has a severity and a SQLSTATE) or
  // pg's own words for a closed connection. A bare socket error (EPIPE on stdout, ECONNRESET from the
  // GitHub API) is not the warehouse's.
  const found = driverError(error);
  if (!found) return null;
  const serverError =
    typeof (error as { severity?: unknown }).severity === "string" &&
    found.code !== undefined &&
    /^[0-9A-Z]{5}$/.test(found.code);
  const pgClosed =
    found.code === undefined &&
    /^(Connection terminated|Client was closed|Client has encountered a connection error)/.test(
      found.message,
    );
  if (!serverError && !pgClosed) return null;
  const mapped = warehouseFailure(error, {
    engine: "postgres",
    label: "the warehouse",
    timeouts: { connectMs: 0, statementMs: 0, lockMs: 0 },
  });
  return mapped &&
    (mapped.code === "warehouse_permission_denied" || mapped.code === "warehouse_connection_lost")
    ? mapped
    : null;
}
