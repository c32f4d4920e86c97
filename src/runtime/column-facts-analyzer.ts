/**
 * The `AnalyzeSql` port (src/dbt/column-facts/sql-analysis.ts) that
 * `computeColumnFacts` is handed: @polyglot-sql/sdk loaded once per process
 * (polyglot-sdk.ts, shared with sql-analyzer.ts), behind the guards that keep
 * one node's facts from taking unbounded time. Each call:
 * - blanks comments first (the SDK drops a bare column that follows a `--`
 *   comment in a CTE);
 * - refuses SQL longer than MAX_COLUMN_FACTS_SQL_LENGTH characters and
 *   queries with more than MAX_SET_OPERATIONS set operations (the SDK's calls
 *   are synchronous and cannot be interrupted);
 * - never throws: anything else is `{ ok: false, error }`, which the facts
 *   record as unknown (`parse_failed`), so the planner keeps BUILD.
 */
import type { AnalyzeSql, SqlAnalysisResult } from "../dbt/column-facts/sql-analysis.js";
import { blankSqlComments } from "./blank-sql-comments.js";
import { columnFactsAnalysis } from "./column-facts-analysis.js";
import { loadPolyglotSdk, loadPolyglotSdkFrom, type PolyglotSdk } from "./polyglot-sdk.js";
import { MAX_SET_OPERATIONS, setOperationsIn } from "./sql-analyzer.js";

/**
 * Characters of SQL past which a statement is not analysed (its facts are
 * unknown). Measured with bench/column-facts-bench.ts on this 2-core machine,
 * `computeColumnFacts` per model, the set-operation guard on:
 * - every SQL model of the 16 real fixtures (579 models, 0.3–64k chars) with
 *   no size bound: all finish; median 5 ms, p95 97–167 ms, max 1.6–2.8 s
 *   (global-trade's 13k-char, 35-CTE mart_dataset_coverage_monthly and its
 *   24k-char stg_portwatch_daily); the largest (57–64k chars) take 0.2–0.9 s.
 *   Tuva's 52,946-char model, which never finished before the guards, has
 *   120 set operations: the set-operation guard refuses it at once.
 * - synthetic worst shape for its size, a chain of CTEs each reading the
 *   previous one (12 columns): 10k chars 0.6–2.3 s, 20k 5.9–6.1 s, 25k
 *   8.7–15.6 s, 30.5k 13.5–17.6 s, 41k 52 s. Wide projections grow gently
 *   (112k chars 1.7 s).
 * 20,000 keeps that worst shape near 6 s; it refuses 17 real models (15 of
 * global-trade, 2 of tuva; 11 of them have known facts unbounded, 6 would
 * still have them at 30,000). With it, over the 579 models: median
 * 4 ms, p95 63–116 ms, max 1.1–4.5 s (the 13k-char model above), total
 * 12–17 s; 333 known facts (344 unbounded). The ranges are runs on a
 * machine shared with other work. Length does not bound every shape:
 * CTEs that each join the two before them cost the SDK's analyzeQuery
 * exponential time (24 CTEs, 1.7k chars: 4 s; 26: 8.7 s): the action and
 * the CLI run this port in a process of their own that stops an analysis
 * past its time limit (sql-analysis-process/analysis-process.ts).
 */
export const MAX_COLUMN_FACTS_SQL_LENGTH = 20_000;

export type LoadAnalyzeSqlResult = { ok: true; analyze: AnalyzeSql } | { ok: false; error: string };

/** The port over the SDK from polyglotWasmFile(), loaded once per process; never rejects. */
export async function loadAnalyzeSql(): Promise<LoadAnalyzeSqlResult> {
  return analyzeSqlOf(await loadPolyglotSdk());
}

/** The port over the SDK loaded from `wasmFile` (default polyglotWasmFile()); never rejects. */
export async function loadAnalyzeSqlFrom(wasmFile: string | undefined): Promise<LoadAnalyzeSqlResult> {
  return analyzeSqlOf(await loadPolyglotSdkFrom(wasmFile));
}

function analyzeSqlOf(loaded: Awaited<ReturnType<typeof loadPolyglotSdk>>): LoadAnalyzeSqlResult {
  if (!loaded.ok) return loaded;
  return { ok: true, analyze: analyzeSqlOver(loaded.sdk) };
}

/** The guarded port over a loaded SDK; `maxLength` is for measuring (bench/column-facts-bench.ts). */
export function analyzeSqlOver(sdk: PolyglotSdk, maxLength = MAX_COLUMN_FACTS_SQL_LENGTH): AnalyzeSql {
  return (sql, dialect) => guardedAnalysis(sdk, sql, dialect, maxLength);
}

function guardedAnalysis(
  sdk: PolyglotSdk,
  sql: string,
  dialect: string,
  maxLength: number,
): SqlAnalysisResult {
  try {
    if (!(sql.length <= maxLength)) {
      return {
        ok: false,
        error: `${sql.length} characters of SQL (more than ${maxLength}): not analysed`,
      };
    }
    const text = blankSqlComments(sql);
    const setOperations = setOperationsIn(text);
    if (setOperations > MAX_SET_OPERATIONS) {
      return {
        ok: false,
        error: `${setOperations} set operations (more than ${MAX_SET_OPERATIONS}): not analysed`,
      };
    }
    return columnFactsAnalysis(sdk, text, dialect);
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}
