/**
 * A PostgreSQL connection of ODS's own: opening it (`pg`, keepalive, the
 * connect timeout, failures mapped to the error catalogue), and the names of
 * the prepared statements it runs.
 */
import { createHash } from "node:crypto";
import type { Client, ClientConfig } from "pg";
import { UserError } from "../../errors/user-error.js";
import type { WarehouseTimeouts } from "../../warehouse/timeouts.js";
import { type FailureContext, timeoutError, warehouseFailure } from "../../warehouse/warehouse-errors.js";
import { tlsFileError } from "./postgres-url.js";

/**
 * A connected client for `connectionString` (a secret: not kept; `label`,
 * its redacted form, names it in messages).
 *
 * Errors: `warehouse_connect_timeout` (no connection or handshake within the connect
 * timeout), `warehouse_permission_denied`, `warehouse_unavailable`.
 */
export async function openPostgresClient(
  connectionString: string,
  label: string,
  timeouts: WarehouseTimeouts,
): Promise<Client> {
  const pg = (await import("pg")).default;
  const config: ClientConfig = {
    connectionString,
    application_name: "ods-state",
    // A peer that vanished without closing the connection is found by TCP keepalive.
    keepAlive: true,
    keepAliveInitialDelayMillis: 30_000,
    ...(timeouts.connectMs > 0 ? { connectionTimeoutMillis: timeouts.connectMs } : {}),
  };
  let client: Client;
  try {
    // pg reads the URL's sslrootcert, sslcert and sslkey files here (parseWarehouseSpec checked them first).
    client = new pg.Client(config);
  } catch (error) {
    throw clientConfigError(error, connectionString, label);
  }
  // A failing connection must not surface as an unhandled 'error' event.
  client.on("error", () => {});
  const context: FailureContext = { engine: "postgres", label, timeouts, sql: "connecting" };
  const started = Date.now();
  try {
    await client.connect();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (
      timeouts.connectMs > 0 &&
      Date.now() - started >= timeouts.connectMs - 100 &&
      /timeout/i.test(message)
    )
      throw timeoutError(
        "connect",
        context,
        "the server did not accept the connection or answer its handshake",
      );
    const mapped = warehouseFailure(error, context);
    if (mapped?.code === "warehouse_permission_denied") throw mapped;
    throw connectFailure(error, label);
  }
  return client;
}

/** Server refusals at login, in words (by SQLSTATE). */
const LOGIN_REFUSALS: Readonly<Record<string, string>> = {
  "28P01": "the password was not accepted",
  "28000": "the role, or its access from this host (pg_hba.conf), was refused",
  "3D000": "the database does not exist",
  "53300": "the server has too many connections",
  "57P03": "the server is starting up or shutting down",
};
/** SQLSTATEs of a startup setting the server doesn't take: a setting of the URL (`options`, `statement_timeout`…). */
const SETTING_REFUSALS = new Set(["22023", "42704", "22P02", "0A000"]);
/** Client-side failures, in words (by Node's or TLS's error code). */
const CLIENT_FAILURES: Readonly<Record<string, string>> = {
  ECONNREFUSED: "nothing accepts connections at that host and port",
  ENOTFOUND: "the host name doesn't resolve",
  EAI_AGAIN: "the host name couldn't be resolved now",
  EHOSTUNREACH: "the host can't be reached",
  ENETUNREACH: "the network can't be reached",
  ECONNRESET: "the server closed the connection",
};
/** pg's own messages that quote nothing of the URL. */
const PLAIN_MESSAGES =
  /^(The server does not support SSL connections|Connection terminated unexpectedly|Connection terminated)$/;

/**
 * Why the connection failed, in ODS's words, never the driver's or the
 * server's (issue 37): they quote the URL's values (`role "…" does not
 * exist`, `invalid value for parameter "statement_timeout": "…"`,
 * `getaddrinfo ENOTFOUND …` of a `host` parameter), and the URL is a secret.
 * A setting the server refuses is a configuration error (`warehouse_invalid`).
 */
function connectFailure(error: unknown, label: string): UserError {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : "";
  const serverCode = typeof code === "string" && /^[0-9A-Z]{5}$/.test(code) ? code : null;
  if (serverCode !== null && SETTING_REFUSALS.has(serverCode)) {
    return new UserError(
      "warehouse_invalid",
      `PostgreSQL at ${label} refused a setting the warehouse URL gives (its \`options\`, \`statement_timeout\`, \`lock_timeout\`, \`idle_in_transaction_session_timeout\` or \`client_encoding\`; SQLSTATE ${serverCode}); nothing was changed.`,
      {
        hint: "Fix or remove the setting in the warehouse URL (its value is not shown: the URL may hold a password). ODS sets statement_timeout and lock_timeout itself (--statement-timeout, --lock-timeout).",
      },
    );
  }
  let why: string;
  if (serverCode !== null)
    why = `${LOGIN_REFUSALS[serverCode] ?? "the server refused the connection"} (SQLSTATE ${serverCode})`;
  else if (typeof code === "string" && /^[A-Z0-9_]{2,40}$/.test(code))
    why = `${CLIENT_FAILURES[code] ?? "the connection failed"} (${code})`;
  else if (PLAIN_MESSAGES.test(message)) why = message;
  else why = "the connection failed";
  return new UserError(
    "warehouse_unavailable",
    `Can't connect to PostgreSQL at ${label}: ${why}. The server's and the driver's own words are not shown: they can quote the URL's user, host or settings.`,
  );
}

/**
 * Why `pg` couldn't make a client of the URL, as a configuration error that
 * names the parameter at fault and never its value (a TLS file's path is a
 * value of the URL) nor the driver's words (they quote it).
 */
function clientConfigError(error: unknown, connectionString: string, label: string): UserError {
  const file = (error as { path?: unknown } | null)?.path;
  if (typeof file === "string") {
    let name = "a TLS file parameter";
    try {
      const params = new URL(connectionString).searchParams;
      name = ["sslrootcert", "sslcert", "sslkey"].find((p) => params.get(p) === file) ?? name;
    } catch {
      // Checked before: the URL parses.
    }
    const code = (error as { code?: unknown }).code;
    return tlsFileError(
      name,
      code === "ENOENT" ? "does not exist" : code === "EACCES" ? "can't be read by the job" : "can't be read",
      null,
    );
  }
  return new UserError(
    "warehouse_invalid",
    `The PostgreSQL client refused the warehouse URL of ${label} (a parameter with a value it can't take); nothing was connected to.`,
  );
}

/** `postgres://user:secret@host:5432/db?…` without user, password and parameters. */
export function redactPostgresUrl(url: string): string {
  try {
    const parsed = new URL(url);
    const port = parsed.port ? `:${parsed.port}` : "";
    return `postgres://${parsed.hostname}${port}${parsed.pathname}`;
  } catch {
    return "postgres://(unparsable)";
  }
}

/** The prepared statement's name for a statement text: `ods_` and 24 hex digits of its SHA-256. */
export function statementName(sql: string): string {
  return `ods_${createHash("sha256").update(sql).digest("hex").slice(0, 24)}`;
}
