/**
 * Saving to the Actions cache: the staged file at CACHE_STAGING_PATH under
 * this run attempt's own key (see cache-keys.ts).
 */
import * as cache from "@actions/cache";
import { CACHE_STAGING_PATH } from "./cache-keys.js";
import { callClient } from "./client-call.js";
import type { ClientOutputWatch } from "./client-output-watch.js";
import { seconds } from "./message-text.js";
import type { SavedCache } from "./save-request.js";
import { clientWarning, type TransportWarning } from "./transport-warning.js";

export async function saveToCache(
  key: string,
  timeoutMs: number,
  watch: ClientOutputWatch,
  warnings: TransportWarning[],
): Promise<SavedCache> {
  const call = await callClient(() => cache.saveCache([CACHE_STAGING_PATH], key), timeoutMs, watch);
  if (call.kind === "timeout") {
    const reason = `the Actions cache did not answer within ${seconds(timeoutMs)}`;
    warnings.push({
      transport: "cache",
      reason: "timeout",
      message: `State was not saved to the Actions cache: ${reason}.`,
    });
    return { saved: false, key, reason };
  }
  if (call.kind === "error") {
    warnings.push(
      clientWarning("cache", `State was not saved to the Actions cache: ${call.message}`, call.message),
    );
    return { saved: false, key, reason: call.message };
  }
  if (call.value > 0) return { saved: true, key, entryId: call.value };
  // A failed reservation is printed as "another job may be creating this cache"; the cause is in a debug line.
  const reason = call.causes[0] ?? call.problems[0] ?? "the cache client gave no reason";
  const evidence = [...call.causes, ...call.problems].join(" ");
  warnings.push(
    clientWarning("cache", `State was not saved to the Actions cache (key ${key}): ${reason}`, evidence),
  );
  return { saved: false, key, reason };
}
