import type { FreshnessPolicy } from "../freshness-policy.js";

/** When a build made at `builtAt` stops being within the policy's lag tolerance; null without one (or an unreadable time). */
export function dueAt(policy: FreshnessPolicy | null, builtAt: string): Date | null {
  if (!policy || policy.lagSeconds <= 0) return null;
  const built = Date.parse(builtAt);
  return Number.isNaN(built) ? null : new Date(built + policy.lagSeconds * 1000);
}
