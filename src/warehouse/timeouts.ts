/**
 * How long ODS waits for the warehouse (docs/environments.md, "Timeouts,
 * concurrency and errors"). Three limits, each with a default, a CLI flag
 * and an action input; `0` means no limit.
 *
 * - connect (30 s): TCP connection and the server's handshake. A server that
 *   accepts and never answers must not hang the job; 30 s covers a cold
 *   cloud database and TLS, and is what libpq users usually set.
 * - statement (10 min): one statement. ODS's statements are DDL, registry
 *   rows and, on DuckDB, the copy of a promoted table: a slow statement is a
 *   stuck one long before 10 minutes, but a large copy can take minutes.
 *   PostgreSQL cancels it (`statement_timeout`); a server that stops
 *   answering altogether is given the same time again (at most 30 s more)
 *   before the connection is closed; DuckDB interrupts it.
 * - lock (60 s): waiting for a lock another session holds (PostgreSQL
 *   `lock_timeout`: a long BI query reading a prod table being replaced,
 *   another job; DuckDB: another process with the database file open).
 *   Renames of prod tables need an exclusive lock: waiting longer would queue
 *   every reader of the table behind ODS.
 */
import { UserError } from "../errors/user-error.js";

export interface WarehouseTimeouts {
  /** Milliseconds; 0: no limit. */
  connectMs: number;
  statementMs: number;
  lockMs: number;
}

export type TimeoutKind = "connect" | "statement" | "lock";

export const DEFAULT_TIMEOUTS: WarehouseTimeouts = {
  connectMs: 30_000,
  statementMs: 600_000,
  lockMs: 60_000,
};

/** The CLI flag and action input of each limit (messages name both). */
export const TIMEOUT_SETTINGS: Record<
  TimeoutKind,
  { flag: string; input: string; field: keyof WarehouseTimeouts }
> = {
  connect: { flag: "--connect-timeout", input: "connect-timeout", field: "connectMs" },
  statement: { flag: "--statement-timeout", input: "statement-timeout", field: "statementMs" },
  lock: { flag: "--lock-timeout", input: "lock-timeout", field: "lockMs" },
};

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
/** Longer than any job GitHub runs (6 h), and within a 32-bit timer. */
const MAX_MS = 24 * 3_600_000;

/**
 * `30` (seconds), `500ms`, `30s`, `10m`, `1h`; `0` for no limit. Anything
 * else is a UserError naming `name` (a flag or an input).
 */
export function parseTimeout(
  text: string,
  name: string,
  code: "usage" | "input_invalid",
  input: string = name,
): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h)?\s*$/.exec(text);
  const value = match ? Number(match[1]) * UNITS[match[2] ?? "s"]! : Number.NaN;
  if (!Number.isFinite(value) || value > MAX_MS || (value > 0 && value < 1)) {
    throw new UserError(
      code,
      `${name} is \`${text}\`; give a duration such as 30 (seconds), 500ms, 30s, 10m or 1h (at most 24h), or 0 for no limit.`,
      { input },
    );
  }
  return Math.round(value);
}

/** The timeouts from three optional texts (flags or inputs); missing ones keep their default. */
export function timeoutsFrom(
  read: (kind: TimeoutKind) => string | undefined,
  source: "flag" | "input",
): WarehouseTimeouts {
  const timeouts = { ...DEFAULT_TIMEOUTS };
  for (const kind of Object.keys(TIMEOUT_SETTINGS) as TimeoutKind[]) {
    const text = read(kind);
    if (text === undefined || text.trim() === "") continue;
    const setting = TIMEOUT_SETTINGS[kind];
    timeouts[setting.field] =
      source === "flag"
        ? parseTimeout(text, setting.flag, "usage")
        : parseTimeout(text, `Input \`${setting.input}\``, "input_invalid", setting.input);
  }
  return timeouts;
}

/** `30 s`, `10 min`, `500 ms`, `no limit`. */
export function showDuration(ms: number): string {
  if (ms <= 0) return "no limit";
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000} h`;
  if (ms % 60_000 === 0) return `${ms / 60_000} min`;
  if (ms % 1000 === 0) return `${ms / 1000} s`;
  return `${ms} ms`;
}
