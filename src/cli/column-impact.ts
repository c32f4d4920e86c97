/**
 * `--column-impact`, shared by plan, record and the env subcommands that
 * plan or record (issue 24): with it, the SQL parser is loaded from the
 * context (when the plan or record may analyse something) and a model
 * reading none of a change's columns is reused; without it (the default, as
 * the action's `column-impact` input), the parser is never loaded and every
 * change reaches every reader.
 */
import {
  type AnalysisBudget,
  columnFactsOfLoad,
  PLAN_ANALYSIS_BUDGET,
} from "../app/plan/column-facts-source.js";
import type { LoadSqlParser, Log } from "../app/ports.js";
import type { LoadedProject } from "../dbt/load-project.js";
import { planMayAnalyse } from "../planner/column-facts-needed.js";
import type { ColumnFactsOf } from "../planner/rules/context.js";
import type { StateSnapshot } from "../state/snapshot.js";
import type { CliContext, ParsedValues } from "./command.js";

export const COLUMN_IMPACT_OPTION = { "column-impact": { type: "boolean" } } as const;

export const COLUMN_IMPACT_HELP = {
  "column-impact":
    "column-level impact: reuse a model that reads none of the columns a change touches, and record builds with the columns they read (loads the SQL parser: about a second of CPU)",
};

/** The context's SQL parser with --column-impact, else undefined. */
export function sqlParserOf(values: ParsedValues, context: CliContext): LoadSqlParser | undefined {
  return values["column-impact"] === true ? context.loadSqlParser : undefined;
}

/** Warnings on stderr, as the CLI gives them. */
export function cliWarnings(context: CliContext): Pick<Log, "warning"> {
  return { warning: (message) => context.stderr(`warning: ${message}\n`) };
}

/**
 * Column facts of the project for a plan over `state` (none without a state:
 * everything is built anyway), or undefined without --column-impact or when
 * the parser can't be loaded (a warning).
 */
export async function cliColumnFacts(
  values: ParsedValues,
  context: CliContext,
  project: LoadedProject,
  state: StateSnapshot | null,
  budget: AnalysisBudget = PLAN_ANALYSIS_BUDGET,
): Promise<ColumnFactsOf | undefined> {
  const load = sqlParserOf(values, context);
  if (!load || state === null) return undefined;
  // Loaded only when a plan (of the environment, or prod's) may analyse something: it costs a second of CPU.
  if (!planMayAnalyse(project, state, true) && !planMayAnalyse(project, state, false)) return undefined;
  return columnFactsOfLoad(
    await load(),
    project,
    { now: () => new Date(), log: cliWarnings(context) },
    budget,
  );
}
