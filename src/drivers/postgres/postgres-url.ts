/**
 * A `postgres://` warehouse URL checked before anything connects (issue 37):
 * every fault in it is a configuration error naming the input it came from
 * (`--warehouse`, ODS_WAREHOUSE, the `warehouse` input) and the parameter at
 * fault, never a value (the URL is a secret: its password, and any parameter,
 * may hold one), never `internal`.
 *
 * node-postgres (`pg`, through pg-connection-string) takes every query
 * parameter of the URL as a client setting over ODS's own (`keepAlive`,
 * `connectionTimeoutMillis`, `replication`…), silently ignores the ones it
 * doesn't know (libpq's `channel_binding`, `gssencmode`, `connect_timeout`…:
 * a setting the user believes holds and doesn't), treats an unknown `sslmode`
 * as TLS on, and reads `sslrootcert`, `sslcert` and `sslkey` as files when the
 * client is made (a missing one threw Node's ENOENT, with its path, as a bug).
 * So only the parameters below are taken, each once, with a value it can
 * take, and the TLS files must be readable files.
 */
import { accessSync, constants, statSync } from "node:fs";
import path from "node:path";
import { UserError } from "../../errors/user-error.js";

/** The URL's form, for messages. */
const FORM = "`postgres://USER@HOST:PORT/DATABASE` (parameters such as `?sslmode=verify-full`)";

/** What each parameter node-postgres reads is, for the message that lists them. */
export const POSTGRES_URL_PARAMETERS = [
  "host",
  "port",
  "user",
  "password",
  "sslmode",
  "ssl",
  "sslrootcert",
  "sslcert",
  "sslkey",
  "sslnegotiation",
  "uselibpqcompat",
  "application_name",
  "fallback_application_name",
  "options",
  "client_encoding",
  "statement_timeout",
  "lock_timeout",
  "idle_in_transaction_session_timeout",
] as const;

/** Parameters libpq knows that node-postgres doesn't read, and what to do instead. */
const NOT_READ: Readonly<Record<string, string>> = {
  connect_timeout:
    "ODS takes its connect timeout from --connect-timeout (CLI) or the `connect-timeout` input (action)",
  keepalives: "ODS keeps the connection alive itself",
  keepalives_idle: "ODS keeps the connection alive itself",
  target_session_attrs: "give the host of the server to use",
  channel_binding: "node-postgres negotiates SCRAM channel binding by itself; it can't be required",
  gssencmode: "node-postgres has no GSSAPI encryption; use `sslmode`",
  sslpassword: "node-postgres can't decrypt a key; give an unencrypted `sslkey` file",
  sslcrl: "node-postgres reads no revocation list",
  dbname: "give the database as the URL's path (`postgres://HOST/DATABASE`)",
  database: "give the database as the URL's path (`postgres://HOST/DATABASE`)",
  service: "give the host, port and database in the URL",
  passfile: "put the password in PGPASSWORD or ~/.pgpass",
  hostaddr: "give the address as the URL's host",
};

const MILLISECONDS: readonly string[] = [
  "statement_timeout",
  "lock_timeout",
  "idle_in_transaction_session_timeout",
];
const SSL_MODES = ["disable", "prefer", "require", "verify-ca", "verify-full", "no-verify"];
const TLS_FILES = ["sslrootcert", "sslcert", "sslkey"] as const;

function invalid(input: string, problem: string, hint?: string): UserError {
  return new UserError("warehouse_invalid", `${input} ${problem}; give ${FORM}.`, {
    input,
    hint:
      hint ??
      "Fix the warehouse URL (docs/environments.md, Warehouses); put the password in PGPASSWORD or ~/.pgpass rather than in the URL. Its value is never shown: it may hold a password.",
  });
}

/** A parameter's name as a message may show it (an odd one is not echoed: it could be a pasted secret). */
function shownName(name: string): string {
  return /^[A-Za-z0-9_.-]{1,40}$/.test(name) ? `\`${name}\`` : "a parameter";
}

function decodes(text: string): boolean {
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Checks a `postgres://` (or `postgresql://`) URL; `cwd` resolves relative
 * TLS file paths (node-postgres reads them from the working directory).
 * Throws `warehouse_invalid` or `warehouse_tls_file_unreadable`; never echoes
 * a value of the URL.
 */
export function checkPostgresUrl(value: string, cwd: string, input: string): void {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalid(
      input,
      "is not a valid postgres:// URL (a malformed port, or a `#`, `/`, `?` or `@` in the password that is not percent-encoded)",
      "Percent-encode the password's special characters (`@` as `%40`, `#` as `%23`, `/` as `%2F`, `?` as `%3F`, `%` as `%25`), or better, leave the password out of the URL and put it in PGPASSWORD or ~/.pgpass.",
    );
  }
  if (url.hash !== "")
    throw invalid(
      input,
      "has a `#` (a fragment, or a `#` in the password that is not percent-encoded as `%23`)",
    );
  if (!decodes(url.username) || !decodes(url.password))
    throw invalid(
      input,
      "has a `%` in its user name or password that is not followed by two hex digits",
      "Write a `%` of the password as `%25` (percent-encode its special characters), or leave the password out of the URL and put it in PGPASSWORD or ~/.pgpass.",
    );
  if (url.port === "0") throw invalid(input, "has port 0");
  const seen = new Set<string>();
  const allowed: readonly string[] = POSTGRES_URL_PARAMETERS;
  for (const [name, given] of url.searchParams) {
    const shown = shownName(name);
    if (!allowed.includes(name)) {
      const instead = NOT_READ[name];
      throw invalid(
        input,
        instead
          ? `has ${shown} in its query, which ODS's PostgreSQL client doesn't read: ${instead}`
          : `has ${shown} in its query, which ODS's PostgreSQL client doesn't take (it takes ${allowed.map((a) => `\`${a}\``).join(", ")})`,
      );
    }
    if (seen.has(name)) throw invalid(input, `gives ${shown} twice`);
    seen.add(name);
    if (given === "") throw invalid(input, `gives ${shown} no value`);
    if (name === "sslmode" && !SSL_MODES.includes(given))
      throw invalid(
        input,
        `has an \`sslmode\` that is not one of ${SSL_MODES.map((m) => `\`${m}\``).join(", ")}`,
      );
    if (name === "ssl" && !["true", "false", "1", "0"].includes(given))
      throw invalid(input, "has an `ssl` that is not `true`, `false`, `1` or `0`");
    if (name === "port" && (!/^\d{1,5}$/.test(given) || Number(given) < 1 || Number(given) > 65535))
      throw invalid(input, "has a `port` parameter that is not a port number (1 to 65535)");
    if (MILLISECONDS.includes(name) && !/^\d{1,9}$/.test(given))
      throw invalid(input, `has a ${shown} that is not a whole number of milliseconds`);
    if (name === "uselibpqcompat" && !["true", "false"].includes(given))
      throw invalid(input, "has a `uselibpqcompat` that is not `true` or `false`");
  }
  for (const name of TLS_FILES) {
    const file = url.searchParams.get(name);
    if (file !== null) checkTlsFile(name, path.resolve(cwd, file), input);
  }
}

function checkTlsFile(name: (typeof TLS_FILES)[number], file: string, input: string): void {
  let problem: string | null = null;
  try {
    if (!statSync(file).isFile()) problem = "is not a file";
    else accessSync(file, constants.R_OK);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    problem =
      code === "ENOENT" || code === "ENOTDIR"
        ? "does not exist"
        : code === "EACCES" || code === "EPERM"
          ? "can't be read by the job"
          : "can't be read";
  }
  if (problem !== null) throw tlsFileError(name, problem, input);
}

/** The TLS file a URL's parameter names can't be read (its path, a value of the URL, is not shown). */
export function tlsFileError(name: string, problem: string, input: string | null): UserError {
  const what =
    name === "sslrootcert"
      ? "root certificate"
      : name === "sslcert"
        ? "client certificate"
        : name === "sslkey"
          ? "client key"
          : "TLS file";
  return new UserError(
    "warehouse_tls_file_unreadable",
    `The ${what} file named by the \`${name}\` parameter of ${input ?? "the warehouse URL"} ${problem}; nothing was connected to.`,
    input ? { input } : {},
  );
}
