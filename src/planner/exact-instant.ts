/**
 * Instants compared at the precision they were written with. dbt writes
 * `max_loaded_at`, `snapshotted_at` and run timings with microseconds
 * (`2024-01-01T00:00:00.123456+00:00`, `…Z`), and a warehouse may give
 * more; `Date.parse` keeps milliseconds, so two loads 300 µs apart would be
 * the same version. Here an instant is whole seconds since the epoch (UTC)
 * plus the fraction's digits as written, and two instants compare exactly.
 *
 * Accepted: `YYYY-MM-DD`, then optionally `T`/`t`/space and
 * `hh:mm[:ss[.fraction]]`, then optionally `Z`/`z` or an offset `±hh`,
 * `±hhmm`, `±hh:mm`. No offset means UTC: dbt makes a naive max_loaded_at
 * UTC (dbt-adapters, `dbt/adapters/base/impl.py`, `_utc`), and writes
 * snapshotted_at and timings in UTC. Anything else (and an impossible date
 * or time, e.g. February 30th, 24:00, second 60) is unparsable: not
 * evidence (the callers treat it as unknown, which builds).
 */
export interface ExactInstant {
  /** Whole seconds since 1970-01-01T00:00:00Z (UTC). */
  readonly seconds: number;
  /** The fraction of a second as written, trailing zeros removed ("" for none). */
  readonly fraction: string;
}

const PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?)?\s*(?:([Zz])|([+-])(\d{2})(?::?(\d{2}))?)?$/;

/**
 * Instants already parsed, by text (null: not an instant). A plan compares
 * the same few texts (each source's max_loaded_at, the run's start, the
 * snapshot times) once per node that reads them: parsed once each. Bounded,
 * so a long-lived process doesn't keep every text it ever saw.
 */
const parsed = new Map<string, ExactInstant | null>();
const PARSED_LIMIT = 4096;

/** Parses an instant exactly; undefined when it is not one (see the module's comment). Shared results: read only. */
export function parseInstant(text: string): ExactInstant | undefined {
  let result = parsed.get(text);
  if (result === undefined) {
    result = parseUncached(text) ?? null;
    if (parsed.size >= PARSED_LIMIT) parsed.clear();
    parsed.set(text, result);
  }
  return result ?? undefined;
}

function parseUncached(text: string): ExactInstant | undefined {
  const match = PATTERN.exec(text.trim());
  if (!match) return undefined;
  const [, y, mo, d, h = "00", mi = "00", s = "00", fraction = "", zulu, sign, oh, om = "00"] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s);
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return undefined;
  const ms = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(ms);
  // Date.UTC rolls February 30th over to March: refuse what rolled.
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day)
    return undefined;
  let offsetSeconds = 0;
  if (zulu === undefined && sign !== undefined) {
    const offsetHours = Number(oh);
    const offsetMinutes = Number(om);
    if (offsetHours > 23 || offsetMinutes > 59) return undefined;
    offsetSeconds = (sign === "-" ? -1 : 1) * (offsetHours * 3600 + offsetMinutes * 60);
  }
  return { seconds: ms / 1000 - offsetSeconds, fraction: fraction.replace(/0+$/, "") };
}

/** Negative, zero or positive as `a` is before, at or after `b`. */
export function compareExact(a: ExactInstant, b: ExactInstant): number {
  if (a.seconds !== b.seconds) return a.seconds < b.seconds ? -1 : 1;
  if (a.fraction === b.fraction) return 0;
  const width = Math.max(a.fraction.length, b.fraction.length);
  const x = a.fraction.padEnd(width, "0");
  const y = b.fraction.padEnd(width, "0");
  return x === y ? 0 : x < y ? -1 : 1;
}

/** Compares two instants exactly; undefined when either is unparsable (unknown, never "equal"). */
export function compareInstants(a: string, b: string): number | undefined {
  const x = parseInstant(a);
  const y = parseInstant(b);
  if (x === undefined || y === undefined) return undefined;
  return compareExact(x, y);
}

/** Of several instants as written, the latest (exactly), keeping its text; null when none parses. */
export function latestInstant(texts: Iterable<string | null | undefined>): string | null {
  let latest: { text: string; at: ExactInstant } | null = null;
  for (const text of texts) {
    if (!text) continue;
    const at = parseInstant(text);
    if (at !== undefined && (latest === null || compareExact(at, latest.at) > 0)) latest = { text, at };
  }
  return latest?.text ?? null;
}

/** Of several instants as written, the earliest (exactly), keeping its text; null when none parses. */
export function earliestInstant(texts: Iterable<string | null | undefined>): string | null {
  let earliest: { text: string; at: ExactInstant } | null = null;
  for (const text of texts) {
    if (!text) continue;
    const at = parseInstant(text);
    if (at !== undefined && (earliest === null || compareExact(at, earliest.at) < 0)) earliest = { text, at };
  }
  return earliest?.text ?? null;
}
