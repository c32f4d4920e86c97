/**
 * Timestamps with microsecond precision, as dbt writes them. Held as integer
 * microseconds since the epoch (safe up to year 2255 in a double), so that
 * arithmetic on them is exact and output is byte-stable.
 */

const MICROS_PER_SECOND = 1_000_000;

/** Parses `2026-11-30T08:05:00Z`, `…00.123456Z` or `…+00:00` (UTC only). */
export function parseMicros(iso: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?(Z|\+00:00)?$/.exec(iso);
  if (!match) throw new Error(`not a UTC timestamp: ${iso}`);
  const [, year, month, day, hour, minute, second, fraction] = match;
  const millis = Date.UTC(
    Number(year),
    Number(month) - 1,
    Number(day),
    Number(hour),
    Number(minute),
    Number(second),
  );
  return millis * 1000 + Number((fraction ?? "").padEnd(6, "0"));
}

function parts(micros: number): { date: string; fraction: string } {
  const whole = Math.floor(micros / MICROS_PER_SECOND);
  const fraction = micros - whole * MICROS_PER_SECOND;
  const date = new Date(whole * 1000).toISOString().slice(0, 19);
  return { date, fraction: String(fraction).padStart(6, "0") };
}

/** `2026-11-30T08:05:00.123456Z` (run_results, catalog, generated_at). */
export function isoZ(micros: number): string {
  const { date, fraction } = parts(micros);
  return `${date}.${fraction}Z`;
}

/** `2026-11-30T08:05:00.123456+00:00` (Python's isoformat of an aware datetime; omits a zero fraction). */
export function isoOffset(micros: number): string {
  const { date, fraction } = parts(micros);
  return fraction === "000000" ? `${date}+00:00` : `${date}.${fraction}+00:00`;
}

/** Seconds since the epoch as a float with microseconds (dbt's `created_at`). */
export function epochSeconds(micros: number): number {
  return micros / MICROS_PER_SECOND;
}

export function fromSeconds(value: number): number {
  return Math.round(value * MICROS_PER_SECOND);
}
