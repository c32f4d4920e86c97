/**
 * The column facts a plan or a record reads compiled SQL with (issue 24):
 * the SQL parser over the project's manifest, each node analysed once, within
 * a budget of analysis time. Once the budget is spent, a node's facts are
 * unknown (`too_complex`): the planner then builds it and its readers, as it
 * does without column impact, so running out is slower, never wrong.
 */
import { type ColumnFacts, unknownFacts } from "../../dbt/column-facts/facts.js";
import { nodeColumnFacts } from "../../dbt/column-facts/node-facts.js";
import type { AnalyzeSql } from "../../dbt/column-facts/sql-analysis.js";
import type { LoadedProject } from "../../dbt/load-project.js";
import { planMayAnalyse } from "../../planner/column-facts-needed.js";
import type { ColumnFactsOf } from "../../planner/rules/context.js";
import type { StateSnapshot } from "../../state/snapshot.js";
import type { Clock, Log, SqlParserLoad } from "../ports.js";

/** Time for SQL analysis, for one plan or one record, and what the budget is called in an unknown fact. */
export interface AnalysisBudget {
  ms: number;
  /** "plan" or "record": the use case whose time ran out. */
  of: string;
}

/**
 * A plan analyses only changed models some reader may read fewer columns of,
 * and readers without recorded facts: a handful on a pull request. Measured
 * over the 579 models of 16 real projects (src/runtime/column-facts-analyzer.ts):
 * median 4 ms a model, p95 under 0.12 s, the slowest 1.1–4.5 s; the generated
 * 10,000-node project's 14 changed models take about 0.25 s in all in the
 * parser's own process (bench/COLUMN-IMPACT.md). Two seconds covers a typical
 * pull request many times over and keeps the main step of a 10,000-node
 * project within its 5 s target. An analysis already started runs to its
 * own time limit (10 s, src/runtime/sql-analysis-process/), so one
 * pathological model may overrun the budget by that much, no more.
 */
export const PLAN_ANALYSIS_BUDGET: AnalysisBudget = { ms: 2_000, of: "plan" };

/**
 * A record analyses every built model whose SQL changed since its last
 * build, so the first record of a project analyses all of them: the 579
 * models above took 12–17 s in all. A minute covers that with room on a
 * slower runner; models left when it runs out are recorded without facts and
 * analysed by a later record (their facts are computed while none are stored).
 */
export const RECORD_ANALYSIS_BUDGET: AnalysisBudget = { ms: 60_000, of: "record" };

/** A memoised ColumnFactsOf over the project's manifest, analysing within `budget` (timed with `now`). */
export function columnFactsSource(
  project: LoadedProject,
  analyze: AnalyzeSql,
  now: Clock,
  budget: AnalysisBudget,
): ColumnFactsOf {
  const known = new Map<string, ColumnFacts>();
  let spentMs = 0;
  return (nodeId, columnsOf) => {
    const memo = known.get(nodeId);
    if (memo !== undefined) return memo;
    let facts: ColumnFacts;
    if (spentMs >= budget.ms) {
      facts = unknownFacts(
        "too_complex",
        `the ${budget.of}'s time for SQL analysis (${budget.ms / 1000} s) ran out before this model`,
      );
    } else {
      const started = now().getTime();
      facts = nodeColumnFacts(project.manifest, nodeId, analyze, columnsOf);
      spentMs += Math.max(0, now().getTime() - started);
    }
    known.set(nodeId, facts);
    return facts;
  };
}

/**
 * The column facts of a loaded parser, or undefined when it could not be
 * loaded: then a warning, and the plan or record goes on without column
 * impact (every change reaches every reader, as before issue 24).
 */
export function columnFactsOfLoad(
  loaded: SqlParserLoad,
  project: LoadedProject,
  ports: { now: Clock; log: Pick<Log, "warning"> },
  budget: AnalysisBudget,
): ColumnFactsOf | undefined {
  if (loaded.ok) return columnFactsSource(project, loaded.analyze, ports.now, budget);
  ports.log.warning(
    `The SQL parser could not be loaded (${loaded.error}): this ${budget.of} goes on without column impact, so every change reaches every model that reads the changed model.`,
  );
  return undefined;
}

/**
 * The one way a plan gets its column facts (the action's steps, `ods-state
 * plan`, the env commands): none without a parser (column impact off) or
 * without a state to plan against (everything is built anyway); none when
 * no plan of the project over `state` may analyse anything (no model some
 * model reads has other SQL than its recorded build: the parser, a second
 * of CPU, is then never loaded); else the parser's facts within the plan's
 * budget, or a warning and none when it can't be loaded. `pointers`: the
 * plans to be made, a pull request environment's (true), prod's (false).
 */
export async function planColumnFacts(
  load: (() => Promise<SqlParserLoad>) | undefined,
  project: LoadedProject,
  state: StateSnapshot | null,
  pointers: readonly boolean[],
  ports: { now: Clock; log: Pick<Log, "warning">; phase?: (description: string) => void },
): Promise<ColumnFactsOf | undefined> {
  if (!load || state === null) return undefined;
  if (!pointers.some((each) => planMayAnalyse(project, state, each))) return undefined;
  ports.phase?.("loading the SQL parser");
  return columnFactsOfLoad(await load(), project, ports, PLAN_ANALYSIS_BUDGET);
}
