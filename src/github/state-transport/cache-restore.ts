/**
 * Restoring from the Actions cache: the newest entry under this scope's key
 * prefix (see cache-keys.ts), staged at CACHE_STAGING_PATH and used only when
 * its key is this scope's and it holds the file.
 */
import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import * as cache from "@actions/cache";
import { CACHE_STAGING_PATH, stateCacheKeyPrefix } from "./cache-keys.js";
import { callClient } from "./client-call.js";
import type { ClientOutputWatch } from "./client-output-watch.js";
import { seconds } from "./message-text.js";
import type { FoundState, RestoreStateParams } from "./restore-request.js";
import { DEFAULT_TRANSPORT_TIMEOUT_MS } from "./transport-options.js";
import { clientWarning, type TransportWarning } from "./transport-warning.js";

export async function restoreFromCache(
  params: RestoreStateParams,
  watch: ClientOutputWatch,
  warnings: TransportWarning[],
  notes: string[],
): Promise<FoundState | undefined> {
  if (params.cache === false) {
    notes.push("Actions cache: not tried (turned off).");
    return undefined;
  }
  if (!cache.isFeatureAvailable()) {
    warnings.push({
      transport: "cache",
      reason: "not_configured",
      message:
        "The Actions cache service is not available here (no ACTIONS_RESULTS_URL): state can't be restored from the cache. Is this running outside GitHub Actions?",
    });
    return undefined;
  }
  const prefix = stateCacheKeyPrefix(params);
  const staging = path.resolve(CACHE_STAGING_PATH);
  rmSync(path.dirname(staging), { recursive: true, force: true });
  const timeoutMs = params.timeoutMs ?? DEFAULT_TRANSPORT_TIMEOUT_MS;
  const call = await callClient(
    () =>
      cache.restoreCache([CACHE_STAGING_PATH], prefix, [], {
        timeoutInMs: timeoutMs,
        segmentTimeoutInMs: timeoutMs,
      }),
    timeoutMs,
    watch,
  );
  if (call.kind === "timeout") {
    warnings.push({
      transport: "cache",
      reason: "timeout",
      message: `The Actions cache did not answer within ${seconds(timeoutMs)}; state was looked for elsewhere.`,
    });
    return undefined;
  }
  if (call.kind === "error") {
    warnings.push(
      clientWarning("cache", `Restoring state from the Actions cache failed: ${call.message}`, call.message),
    );
    return undefined;
  }
  const key = call.value;
  if (key === undefined) {
    const reported = call.problems.join(" ");
    if (reported) {
      warnings.push(
        clientWarning(
          "cache",
          `Restoring state from the Actions cache failed: ${call.problems[0]}`,
          reported,
        ),
      );
    } else {
      notes.push(`Actions cache: no entry under ${prefix}.`);
    }
    return undefined;
  }
  if (!key.startsWith(prefix)) {
    rmSync(path.dirname(staging), { recursive: true, force: true });
    warnings.push({
      transport: "cache",
      reason: "invalid",
      message: `The Actions cache answered with entry \`${key}\`, which is not state of ${params.project}/${params.environment} (expected a key starting ${prefix}); it was not used.`,
    });
    return undefined;
  }
  if (!existsSync(staging)) {
    warnings.push({
      transport: "cache",
      reason: "invalid",
      message: `The Actions cache entry \`${key}\` did not contain ${CACHE_STAGING_PATH}; it was not used.`,
    });
    return undefined;
  }
  notes.push(`Actions cache: found ${key}.`);
  return { source: { kind: "cache", key }, file: staging };
}
