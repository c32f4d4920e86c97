/**
 * The vendors' client errors as errors a user can act on (the providers'
 * counterpart of warehouse-errors.ts): connecting (refused, unreachable,
 * refused credentials, the connect time-out) and running a statement
 * (a missing privilege, a lost connection, a statement or lock time-out;
 * anything else `warehouse_error` with the vendor's message). Every message
 * goes through `redact` first: no password, token or key ever reaches a
 * message, even when a client quotes it.
 */
import { UserError } from "../../errors/user-error.js";
import type { TimeoutKind, WarehouseTimeouts } from "../../warehouse/timeouts.js";
import { statementHead, timeoutError } from "../../warehouse/warehouse-errors.js";

export interface ProviderFailureContext {
  /** `Snowflake`, `BigQuery`, `Databricks`. */
  readonly vendor: string;
  /** The warehouse's label (no credentials). */
  readonly label: string;
  readonly timeouts: WarehouseTimeouts;
  /** Values that must never appear in a message (password, token, key). */
  readonly secrets: readonly string[];
}

/** What a vendor's error says, read by that vendor's runner. */
export type ProviderFailureKind = "permission" | "connection" | TimeoutKind | null;

/** `text` with every secret (and its percent-encoding) replaced by `***`. */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length < 4) continue;
    for (const form of new Set([secret, encodeURIComponent(secret)])) out = out.split(form).join("***");
  }
  return out;
}

/** The error's message, redacted and without a trailing period, or its text. */
export function messageOf(error: unknown, secrets: readonly string[]): string {
  const text = error instanceof Error ? error.message : String(error);
  return redact(text.replace(/\s+/g, " ").trim().replace(/\.$/, ""), secrets).slice(0, 600);
}

/** Node's socket error codes: the connection could not be made or went away. */
const SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ECONNABORTED",
  "UND_ERR_SOCKET",
  "UND_ERR_CONNECT_TIMEOUT",
]);

/** A Node socket code anywhere in the error or its causes (clients wrap them). */
export function socketCodeOf(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Object; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && SOCKET_CODES.has(code)) return code;
    const errno = (current as { errno?: unknown }).errno;
    if (typeof errno === "string" && SOCKET_CODES.has(errno)) return errno;
    current = (current as { cause?: unknown }).cause;
  }
  const text = error instanceof Error ? error.message : "";
  return (
    /\b(ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|ETIMEDOUT)\b/.exec(text)?.[1] ??
    null
  );
}

/** The connect time-out expired: the attempt was abandoned. */
export function connectTimeout(context: ProviderFailureContext): UserError {
  return timeoutError(
    "connect",
    { engine: "postgres", label: context.label, timeouts: context.timeouts },
    `${context.vendor} did not answer the login in time (the attempt was abandoned)`,
  );
}

/** Connecting failed within the time-out: refused credentials are a permission error, anything else unavailable. */
export function connectFailure(
  error: unknown,
  context: ProviderFailureContext,
  kind: ProviderFailureKind,
): UserError {
  if (error instanceof UserError) return error;
  const message = messageOf(error, context.secrets);
  if (kind === "permission")
    return new UserError(
      "warehouse_permission_denied",
      `${context.vendor} refused the login to ${context.label}: ${message}.`,
      {
        hint: "Check the credential (its environment variable or the URL's password) and that the user or service principal may use the account, warehouse and role the URL names; nothing was changed.",
      },
    );
  return new UserError("warehouse_unavailable", `Can't connect to ${context.label}: ${message}.`);
}

/** A statement's failure: the catalogue's error where its meaning is clear, else `warehouse_error` with the vendor's message. */
export function statementFailure(
  error: unknown,
  context: ProviderFailureContext,
  sql: string,
  kind: ProviderFailureKind,
): UserError {
  if (error instanceof UserError) return error;
  const message = messageOf(error, context.secrets);
  const doing = statementHead(sql);
  const failure = { engine: "postgres" as const, label: context.label, timeouts: context.timeouts };
  if (kind === "statement") return timeoutError("statement", failure, `${doing} was cancelled (${message})`);
  if (kind === "lock") return timeoutError("lock", failure, `${doing} waited for a lock (${message})`);
  if (kind === "permission")
    return new UserError(
      "warehouse_permission_denied",
      `Permission denied in ${context.label} for ${doing}: ${message}. The CI role needs the privilege the message names (docs/warehouses/ lists what ODS needs on ${context.vendor}).`,
    );
  if (kind === "connection")
    return new UserError(
      "warehouse_connection_lost",
      `The connection to ${context.label} was lost during ${doing}: ${message}.`,
    );
  return new UserError(
    "warehouse_error",
    `${context.vendor} refused ${doing} in ${context.label}: ${message}.`,
  );
}
