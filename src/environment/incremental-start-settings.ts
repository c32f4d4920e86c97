/**
 * How an incremental model the pull request builds starts in its
 * environment (issue 25; docs/environments.md, "Incremental models start
 * from prod's table"), as the action input `incremental-start` and the flag
 * `--incremental-start` of `ods-state env create|refresh`:
 *
 * - `clone` (default): from a zero-copy clone of prod's table where the
 *   warehouse has one (Snowflake, BigQuery, Databricks); elsewhere dbt
 *   builds it in full, as without ODS. A clone costs no storage until
 *   either side changes, and takes about as long as a rename.
 * - `copy up to LIMIT`: as `clone`, and where there is no zero-copy clone
 *   (DuckDB, PostgreSQL), from a copy of prod's table when the engine's
 *   estimate of its size is within LIMIT (`5000000 rows`, `2GB`, `500 MB`).
 *   Off by default: a copy reads and writes the whole table, which on a big
 *   one is the cost the full refresh it replaces has.
 * - `none`: never; `full-refresh`: never, because the CI job runs dbt with
 *   `--full-refresh` (every incremental model is rebuilt from nothing).
 *
 * A wrong value is a UserError naming the input or flag.
 */
import { UserError } from "../errors/user-error.js";

export type IncrementalStartMode = "clone" | "copy" | "none" | "full-refresh";

/** The most a copied table may hold, by the engine's estimate. */
export type CopyLimit = { rows: number } | { bytes: number };

export interface IncrementalStart {
  mode: IncrementalStartMode;
  /** `copy` only. */
  copyLimit: CopyLimit | null;
}

export const DEFAULT_INCREMENTAL_START: IncrementalStart = { mode: "clone", copyLimit: null };

const UNITS: Record<string, number> = {
  b: 1,
  kb: 1e3,
  mb: 1e6,
  gb: 1e9,
  tb: 1e12,
  kib: 2 ** 10,
  mib: 2 ** 20,
  gib: 2 ** 30,
  tib: 2 ** 40,
};

/** The setting from its text; empty keeps the default. `source` says how messages name it. */
export function parseIncrementalStart(text: string | undefined, source: "flag" | "input"): IncrementalStart {
  const value = (text ?? "").trim();
  if (value === "") return DEFAULT_INCREMENTAL_START;
  const lower = value.toLowerCase();
  if (lower === "clone" || lower === "none" || lower === "full-refresh")
    return { mode: lower, copyLimit: null };
  const copy = /^copy\s+(?:up\s+to\s+)?([\d_]+(?:\.\d+)?)\s*(rows?|[kmgt]?i?b)$/.exec(lower);
  const amount = copy ? Number(copy[1]!.replaceAll("_", "")) : Number.NaN;
  if (copy && Number.isFinite(amount) && amount > 0) {
    const unit = copy[2]!;
    if (unit.startsWith("row")) {
      if (Number.isSafeInteger(amount)) return { mode: "copy", copyLimit: { rows: amount } };
    } else if (UNITS[unit] !== undefined) {
      return { mode: "copy", copyLimit: { bytes: Math.floor(amount * UNITS[unit]!) } };
    }
  }
  const name = source === "flag" ? "--incremental-start" : "Input `incremental-start`";
  throw new UserError(
    source === "flag" ? "usage" : "input_invalid",
    `${name} is \`${value}\`; allowed: clone, none, full-refresh, or copy up to a limit such as \`copy up to 5000000 rows\` or \`copy up to 2GB\` (kB, MB, GB, TB, or KiB, MiB, GiB, TiB).`,
    { input: source === "flag" ? "--incremental-start" : "incremental-start" },
  );
}

/** The limit as people read it: `5,000,000 rows`, `2,000,000,000 bytes`. */
export function showLimit(limit: CopyLimit): string {
  return "rows" in limit
    ? `${limit.rows.toLocaleString("en-US")} rows`
    : `${limit.bytes.toLocaleString("en-US")} bytes`;
}
