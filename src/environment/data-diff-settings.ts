/**
 * How much a data diff may cost and show (issue 23), with its defaults, as
 * action inputs (`data-diff-*`) and as flags of `ods-state env diff`. Every
 * wrong value is a UserError naming the input or flag; nothing falls back
 * silently.
 *
 * Defaults:
 * - budget 2 min for all diffs of a run: a PR's post step should not add more
 *   to the job than a slow model; what is left out says so.
 * - 30 s per query: a diff query that takes longer is stuck on something
 *   (a lock, a huge view) long before the budget is spent.
 * - sampling above 1,000,000 rows: a full diff of a million rows takes a few
 *   seconds on PostgreSQL (bench/DATA-DIFF.md); above it, a deterministic
 *   sample of about a million keys is compared, and the output says so.
 * - no key values shown (0): a comment is read by everyone with access to the
 *   repository, who may not be allowed to read the warehouse's rows.
 */
import { UserError } from "../errors/user-error.js";
import type { DataDiffLimits } from "../state/data-diff.js";
import { parseTimeout } from "../warehouse/timeouts.js";

export const DEFAULT_DATA_DIFF_LIMITS: DataDiffLimits = {
  budget_ms: 120_000,
  statement_timeout_ms: 30_000,
  sample_above_rows: 1_000_000,
  show_keys: 0,
};

/** The most key values per category a comment may show. */
export const MAX_SHOW_KEYS = 100;

/** Each setting's action input and CLI flag (messages name the one given). */
export const DATA_DIFF_SETTINGS = {
  budget: { input: "data-diff-budget", flag: "--budget" },
  query: { input: "data-diff-query-timeout", flag: "--query-timeout" },
  sample: { input: "data-diff-sample-rows", flag: "--sample-rows" },
  keys: { input: "data-diff-show-keys", flag: "--show-keys" },
} as const;

type Setting = keyof typeof DATA_DIFF_SETTINGS;

function wholeNumber(
  text: string,
  name: string,
  code: "usage" | "input_invalid",
  input: string,
  range: { min: number; max: number; what: string },
): number {
  const clean = text.trim().replaceAll("_", "");
  const value = /^\d+$/.test(clean) ? Number(clean) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < range.min || value > range.max) {
    throw new UserError(
      code,
      `${name} is \`${text}\`; give ${range.what}, a whole number from ${range.min.toLocaleString("en-US")} to ${range.max.toLocaleString("en-US")}.`,
      { input },
    );
  }
  return value;
}

/**
 * The limits from optional texts (inputs or flags); missing or empty ones
 * keep their default. `source` says how messages name them.
 */
export function dataDiffLimitsFrom(
  read: (setting: Setting) => string | undefined,
  source: "flag" | "input",
): DataDiffLimits {
  const limits = { ...DEFAULT_DATA_DIFF_LIMITS };
  const code = source === "flag" ? "usage" : "input_invalid";
  const named = (setting: Setting) => {
    const { input, flag } = DATA_DIFF_SETTINGS[setting];
    return { name: source === "flag" ? flag : `Input \`${input}\``, input: source === "flag" ? flag : input };
  };
  const given = (setting: Setting) => {
    const text = read(setting);
    return text === undefined || text.trim() === "" ? null : text;
  };
  const budget = given("budget");
  if (budget !== null) {
    const { name, input } = named("budget");
    limits.budget_ms = parseTimeout(budget, name, code, input);
    if (limits.budget_ms === 0) {
      throw new UserError(
        code,
        `${name} is \`${budget}\`: a data diff needs a time budget (it reads whole tables); give one such as 2m, or turn the diff off.`,
        { input },
      );
    }
  }
  const query = given("query");
  if (query !== null) {
    const { name, input } = named("query");
    limits.statement_timeout_ms = parseTimeout(query, name, code, input);
  }
  const sample = given("sample");
  if (sample !== null) {
    const { name, input } = named("sample");
    limits.sample_above_rows = wholeNumber(sample, name, code, input, {
      min: 1000,
      max: 1_000_000_000,
      what: "the row count above which a table is compared on a sample",
    });
  }
  const keys = given("keys");
  if (keys !== null) {
    const { name, input } = named("keys");
    limits.show_keys = wholeNumber(keys, name, code, input, {
      min: 0,
      max: MAX_SHOW_KEYS,
      what: "how many key values to show per kind of difference (0 shows none)",
    });
  }
  return limits;
}

/**
 * The limits with each query kept within the warehouse's own statement
 * timeout (`statement-timeout`, `--statement-timeout`): past it, the adapter
 * gives up on the connection itself, and the diff's next queries would have
 * none. 0 there means no limit.
 */
export function withinStatementTimeout(limits: DataDiffLimits, statementMs: number): DataDiffLimits {
  if (statementMs <= 0) return limits;
  const query = limits.statement_timeout_ms;
  return query === 0 || query > statementMs ? { ...limits, statement_timeout_ms: statementMs } : limits;
}
