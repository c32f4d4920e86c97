/**
 * A node's freshness policy, read from dbt's own config so users write
 * nothing new:
 * - `config.state.lag_tolerance`: a duration (`30m`, `4h`, `1d`, `2 hours`);
 *   new upstream data within it of the node's last build does not rebuild it.
 * - `config.state.require_fresh_data_from`: `any` (default) or `all`; with
 *   `all`, a node is rebuilt only once every input has new data.
 * - The older `config.freshness.build_after` (`count`, `period`,
 *   `updates_on: any | all`) means the same.
 * A policy that can't be read is not guessed at: it can't be honoured, and
 * the node is built (rule 8).
 */
export type PolicyReadResult = { ok: true; policy: FreshnessPolicy | null } | { ok: false; problem: string };

export interface FreshnessPolicy {
  /** Lag tolerance in seconds; 0 when none. */
  lagSeconds: number;
  /** The text the user wrote, for messages. */
  lagText: string | null;
  requireAll: boolean;
  /** Where it was read from, for messages. */
  source: "config.state" | "config.freshness.build_after";
}

const UNIT_SECONDS: Record<string, number> = {
  s: 1,
  sec: 1,
  second: 1,
  seconds: 1,
  m: 60,
  min: 60,
  minute: 60,
  minutes: 60,
  h: 3600,
  hour: 3600,
  hours: 3600,
  d: 86400,
  day: 86400,
  days: 86400,
};

export function parseDuration(text: string): number | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]+)\s*$/i.exec(text);
  if (!match) return undefined;
  const name = match[2]!.toLowerCase();
  const unit = Object.hasOwn(UNIT_SECONDS, name) ? UNIT_SECONDS[name] : undefined;
  if (unit === undefined) return undefined;
  return Number(match[1]) * unit;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function readFreshnessPolicy(config: Readonly<Record<string, unknown>> | null): PolicyReadResult {
  if (!config) return { ok: true, policy: null };
  const state = config.state;
  if (isRecord(state) && (state.lag_tolerance != null || state.require_fresh_data_from != null)) {
    let lagSeconds = 0;
    let lagText: string | null = null;
    if (state.lag_tolerance != null) {
      if (typeof state.lag_tolerance !== "string" && typeof state.lag_tolerance !== "number") {
        return { ok: false, problem: "`config.state.lag_tolerance` is not a duration such as `4h`" };
      }
      lagText = String(state.lag_tolerance);
      const seconds = typeof state.lag_tolerance === "number" ? state.lag_tolerance : parseDuration(lagText);
      if (seconds === undefined || !Number.isFinite(seconds) || seconds < 0) {
        return {
          ok: false,
          problem: `\`config.state.lag_tolerance\` is \`${lagText}\`, not a duration such as \`4h\``,
        };
      }
      lagSeconds = seconds;
    }
    const require = state.require_fresh_data_from ?? "any";
    if (require !== "any" && require !== "all") {
      return {
        ok: false,
        problem: `\`config.state.require_fresh_data_from\` is \`${String(require)}\`; allowed: any, all`,
      };
    }
    return {
      ok: true,
      policy: { lagSeconds, lagText, requireAll: require === "all", source: "config.state" },
    };
  }
  const freshness = config.freshness;
  if (isRecord(freshness) && freshness.build_after != null) {
    const buildAfter = freshness.build_after;
    if (!isRecord(buildAfter)) {
      return { ok: false, problem: "`config.freshness.build_after` is not an object with count and period" };
    }
    const { count, period } = buildAfter;
    const updatesOn = buildAfter.updates_on ?? "any";
    if (updatesOn !== "any" && updatesOn !== "all") {
      return {
        ok: false,
        problem: `\`config.freshness.build_after.updates_on\` is \`${String(updatesOn)}\`; allowed: any, all`,
      };
    }
    let lagSeconds = 0;
    let lagText: string | null = null;
    if (count != null || period != null) {
      const unit =
        typeof period === "string" && Object.hasOwn(UNIT_SECONDS, period) ? UNIT_SECONDS[period] : undefined;
      if (typeof count !== "number" || count < 0 || unit === undefined) {
        return {
          ok: false,
          problem:
            "`config.freshness.build_after` needs a non-negative `count` and a `period` of minute, hour or day",
        };
      }
      lagSeconds = count * unit;
      lagText = `${count} ${period}${count === 1 ? "" : "s"}`;
    }
    return {
      ok: true,
      policy: {
        lagSeconds,
        lagText,
        requireAll: updatesOn === "all",
        source: "config.freshness.build_after",
      },
    };
  }
  return { ok: true, policy: null };
}
