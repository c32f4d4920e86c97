/**
 * Numbers of a data diff as a reviewer reads them: counts with thousands
 * separators, a signed change (`+12`, `−4`, with the minus sign), a share or
 * a change as a percentage, a row count from prod to the PR. Pure.
 */
import { formatCount } from "../words.js";

/** The minus sign (U+2212), as the diff writes negative changes. */
export const MINUS = "\u2212";

/** `+12`, `−4`, `0`. */
export function signedCount(n: number): string {
  if (n > 0) return `+${formatCount(n)}`;
  if (n < 0) return `${MINUS}${formatCount(-n)}`;
  return "0";
}

/**
 * A ratio as a percentage, without a sign: one decimal under 10% (`0.5%`,
 * `3%`), whole above (`12%`, `1,250%`); undefined under 0.1% (too small to
 * say more than the count does).
 */
export function percent(ratio: number): string | undefined {
  if (!Number.isFinite(ratio)) return undefined;
  const p = Math.abs(ratio) * 100;
  if (p < 0.1) return undefined;
  return p < 10 ? `${Math.round(p * 10) / 10}%` : `${formatCount(Math.round(p))}%`;
}

/** `12%` of `of`, or undefined when `of` is 0 or the share is under 0.1%. */
export function shareOf(n: number, of: number): string | undefined {
  return of > 0 ? percent(n / of) : undefined;
}

/** `1,204 → 1,198 rows (−6, −0.5%)`, `1,204 rows in both`, `0 → 5 rows (+5)`; `?` for an unknown side. */
export function rowChange(prod: number | null, pr: number | null): string {
  if (prod === null || pr === null)
    return `${prod === null ? "?" : formatCount(prod)} → ${pr === null ? "?" : formatCount(pr)} rows`;
  if (prod === pr) return `${formatCount(prod)} ${prod === 1 ? "row" : "rows"} in both`;
  const change = percent((pr - prod) / prod);
  const sign = pr > prod ? "+" : MINUS;
  return `${formatCount(prod)} → ${formatCount(pr)} rows (${signedCount(pr - prod)}${prod > 0 && change ? `, ${sign}${change}` : ""})`;
}

/** A sample fraction as a percentage of keys: `10%`, `0.5%`, `<0.1%`. */
export function sampleShare(fraction: number): string {
  return percent(fraction) ?? "<0.1%";
}
