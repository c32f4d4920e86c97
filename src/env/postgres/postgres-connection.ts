/**
 * A PostgreSQL connection of ODS's own: opening it (`pg`, keepalive, the
 * connect timeout, failures mapped to the error catalogue), and the names of
 * the prepared statements it runs.
 */
import { createHash } from "node:crypto";
import type { Client, ClientConfig } from "pg";
import { UserError } from "../../errors/user-error.js";
import type { WarehouseTimeouts } from "../timeouts.js";
import { type FailureContext, timeoutError, warehouseFailure } from "../warehouse-errors.js";
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
    throw new UserError("warehouse_unavailable", `Can't connect to PostgreSQL at ${label}: ${message}.`);
  }
  return client;
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
