/**
 * What the transport reports instead of throwing: one warning per service
 * failure, with the reason a workflow author acts on.
 */
import { oneLine } from "./message-text.js";

export type WarningReason =
  /** The service isn't there (connection refused, 5xx). */
  | "unavailable"
  /** It didn't answer within the time allowed. */
  | "timeout"
  /** It refused (401/403); `permission` says what to add when a workflow permission would fix it. */
  | "forbidden"
  /** It answered with something that is not this scope's state (foreign key, bad digest, missing file). */
  | "invalid"
  /** It isn't configured here (no cache service, no token): not on a GitHub runner, or turned off. */
  | "not_configured"
  /** Anything else. */
  | "failed";

export interface TransportWarning {
  transport: "cache" | "artifact" | "state";
  reason: WarningReason;
  /** One line, for `core.warning`. */
  message: string;
  /** The workflow permission to add, e.g. `actions: read`. */
  permission?: string;
}

export function clientWarning(
  transport: "cache" | "artifact",
  message: string,
  evidence: string,
): TransportWarning {
  return { transport, reason: classify(evidence), message: oneLine(message) };
}

/** The reason a failure's text (status, error code, client message) points to. */
export function classify(text: string): WarningReason {
  if (
    /\b40[13]\b|permission_denied|unauthenticated|cache (read|write) denied|Forbidden|AuthenticationFailed|AuthorizationPermissionMismatch|Bad credentials/i.test(
      text,
    )
  ) {
    return "forbidden";
  }
  if (
    /ECONNREFUSED|ECONNRESET|ENOTFOUND|EHOSTUNREACH|ETIMEDOUT|Unable to make request|socket hang up|fetch failed|\b50[0234]\b/i.test(
      text,
    )
  ) {
    return "unavailable";
  }
  return "failed";
}
